"""The TD's setup pages: dashboard, tournament and section forms, publishing, the section page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import Section, Tournament

pytestmark = pytest.mark.django_db


def test_creating_a_tournament_makes_the_td_its_director_and_a_draft(
    td: User, td_client: Client, anonymous: Client
) -> None:
    response = td_client.post(
        reverse("tournaments:tournament_create"),
        {"name": "Harvest Open", "rating_system": "uschess", "time_control": "G/60;d5"},
    )

    tournament = Tournament.objects.get(name="Harvest Open")
    assert response["Location"] == reverse(
        "tournaments:section_create", kwargs={"slug": tournament.slug}
    )
    assert list(tournament.directors.all()) == [td]
    assert b"Harvest Open" not in anonymous.get(reverse("standings:home")).content


def test_the_create_form_sent_twice_asks_before_a_second_tournament(
    td_client: Client,
) -> None:
    data = {"name": "Harvest Open", "rating_system": "uschess"}
    create = reverse("tournaments:tournament_create")
    assert 'name="confirm_same_name"' not in td_client.get(create).content.decode()

    first = td_client.post(create, data)
    second = td_client.post(create, data)

    assert first.status_code == 302
    page = second.content.decode()
    assert "You already direct a tournament named Harvest Open" in page
    assert 'name="confirm_same_name"' in page
    assert Tournament.objects.filter(name="Harvest Open").count() == 1
    confirmed = td_client.post(create, {**data, "confirm_same_name": "on"})
    assert confirmed.status_code == 302
    assert Tournament.objects.filter(name="Harvest Open").count() == 2


def test_an_end_before_the_start_is_a_sentence_next_to_the_field(
    td_client: Client,
) -> None:
    response = td_client.post(
        reverse("tournaments:tournament_create"),
        {
            "name": "Backwards",
            "rating_system": "uschess",
            "start_date": "2025-05-02",
            "end_date": "2025-05-01",
        },
    )

    assert response.status_code == 200
    assert "The last day cannot be before the first day." in response.content.decode()
    assert not Tournament.objects.filter(name="Backwards").exists()


def test_publishing_puts_the_tournament_on_the_public_home_page(
    td: User, td_client: Client, anonymous: Client
) -> None:
    tournament = tournament_build(name="Quiet Draft")
    tournament.directors.add(td)
    url = reverse("tournaments:tournament_publish", kwargs={"slug": tournament.slug})

    td_client.post(url, {"published": "1"})
    assert b"Quiet Draft" in anonymous.get(reverse("standings:home")).content

    td_client.post(url, {"published": "0"})
    assert b"Quiet Draft" not in anonymous.get(reverse("standings:home")).content


def test_dashboard_shows_each_section_state_for_the_tds_tournaments_only(
    td_client: Client, tournament: Tournament, other_td: User
) -> None:
    section_build(
        tournament=tournament,
        name="Premier",
        ratings=[2000, 1900, 1800, 1700, 1600, 1500],
        rounds=["1-2 1-0, 3-4 =, 5-6 0-1", "1-3 ?, 2-5 1-0, 4-6 ?"],
        rounds_total=4,
    )

    page = td_client.get(reverse("tournaments:dashboard")).content.decode()

    assert "Premier" in page
    assert "2 of 4" in page  # the current round
    assert "1/3" in page  # results in
    assert "Other Open" not in page


def test_section_form_refuses_zero_rounds_with_a_sentence(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:section_create", kwargs={"slug": tournament.slug}),
        {
            "name": "Open",
            "rounds_total": "0",
            "kind": "swiss",
            "win_points": "1",
            "draw_points": "0.5",
            "loss_points": "0",
        },
    )

    page = response.content.decode()
    assert "A section has from 1 to 99 rounds." in page
    assert "section_has_rounds" not in page
    assert not Section.objects.filter(tournament=tournament).exists()


def test_section_create_then_its_page(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:section_create", kwargs={"slug": tournament.slug}),
        {
            "name": "Quad A",
            "rounds_total": "3",
            "kind": "round_robin",
            "win_points": "1",
            "draw_points": "0.5",
            "loss_points": "0",
        },
    )
    section = Section.objects.get(tournament=tournament, name="Quad A")
    assert response.status_code == 302

    page = td_client.get(response["Location"]).content.decode()

    assert "Round robin · 3 rounds" in page
    assert "Sonneborn-Berger" in page
    assert "Not posted yet" in page
    assert section.tiebreaks.startswith("sonneborn_berger")


def test_section_page_lists_players_with_byes_and_withdrawals(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[2000, None],
        names=["Ana Ortiz", "Ben Ode"],
        rounds=["1-2 1-0"],
        rounds_total=3,
    )
    from tournaments import services

    ben = section.players.get(start_number=2)
    services.player_byes_request(player=ben, byes={3: "half"})
    services.player_withdraw(player=section.players.get(start_number=1), after_round=1)

    page = td_client.get(
        reverse(
            "tournaments:section_detail",
            kwargs={"slug": tournament.slug, "section": section.pk},
        )
    ).content.decode()

    assert "Ana Ortiz" in page and "wd after R1" in page
    assert "R3\u00a0H" in page
    assert "unr." in page
    assert "Late entry" in page  # round 1 is paired: new players are late entries


def test_editing_a_section_below_its_paired_rounds_is_a_sentence(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900],
        rounds=["1-2 1-0", "2-1 ?"],
        rounds_total=5,
    )

    response = td_client.post(
        reverse(
            "tournaments:section_edit",
            kwargs={"slug": tournament.slug, "section": section.pk},
        ),
        {
            "name": "Open",
            "rounds_total": "1",
            "kind": "swiss",
            "win_points": "1",
            "draw_points": "0.5",
            "loss_points": "0",
        },
    )

    page = response.content.decode()
    assert "The section cannot have fewer than 2 rounds: there is a round 2." in page
    assert '<h1 class="h3 mb-0">Open</h1>' in page
    assert Section.objects.get(pk=section.pk).rounds_total == 5


def test_editing_the_tournament_keeps_its_slug(
    td_client: Client, tournament: Tournament
) -> None:
    slug = tournament.slug
    response = td_client.post(
        reverse("tournaments:tournament_edit", kwargs={"slug": slug}),
        {"name": "Spring Open (renamed)", "rating_system": "fide"},
    )

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.slug, tournament.rating_system) == (
        "Spring Open (renamed)",
        slug,
        "fide",
    )


def test_the_section_page_links_each_round_with_its_state(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 ?"]
    )

    section.rounds.update(status="paired")

    page = td_client.get(
        reverse(
            "tournaments:section_detail",
            kwargs={"slug": tournament.slug, "section": section.pk},
        )
    ).content.decode()

    round_page = reverse(
        "tournaments:round_detail",
        kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
    )
    assert f'href="{round_page}"' in page
    assert 'title="Pairings posted' in page


def test_the_section_form_sent_twice_is_answered_as_created_and_makes_one(
    td_client: Client, tournament: Tournament
) -> None:
    url = reverse("tournaments:section_create", kwargs={"slug": tournament.slug})
    sent = {
        "name": "Open",
        "rounds_total": "5",
        "kind": "swiss",
        "win_points": "1",
        "draw_points": "0.5",
        "loss_points": "0",
    }

    first = td_client.post(url, sent)
    second = td_client.post(url, sent)  # the first answer lost

    assert (first.status_code, second.status_code) == (302, 302)
    assert first["Location"] == second["Location"]
    assert tournament.sections.count() == 1


def new_section_page(client: Client, tournament: Tournament, time_control: str) -> str:
    """The new section form of ``tournament``, its time control set to ``time_control``."""
    Tournament.objects.filter(pk=tournament.pk).update(time_control=time_control)
    url = reverse("tournaments:section_create", kwargs={"slug": tournament.slug})
    return str(client.get(url).content.decode())


def test_a_new_section_starts_with_the_tournaments_time_control_for_the_rating_report(
    td_client: Client, tournament: Tournament
) -> None:
    page = new_section_page(td_client, tournament, "g/60; D5")
    # In US Chess's spelling, as the report takes it: a section left without one was refused
    # by the report ("the time control is missing") beside a tournament that had it.
    assert 'name="time_control" value="G/60;d5"' in page
    assert "This section's, for the rating report" in page
    # The page no longer says the time control belongs to the tournament alone.
    assert "Rating system and time control belong to the tournament" not in page
    assert "the rating report takes each section's own time control" in page


def test_a_tournament_time_control_not_in_us_chess_spelling_is_not_copied(
    td_client: Client, tournament: Tournament
) -> None:
    page = new_section_page(td_client, tournament, "Game in 90")
    assert 'name="time_control"' in page
    assert "Game in 90" not in page.split('name="time_control"')[1].split(">")[0]


@pytest.mark.parametrize(
    ("name", "data", "sentence"),
    [
        (
            "tournament_create",
            {"name": " ", "rating_system": "uschess"},
            "Name the tournament as players will see it, e.g. Riverside Spring Open.",
        ),
        (
            "section_create",
            {
                "name": "",
                "rounds_total": "4",
                "kind": "swiss",
                "win_points": "1",
                "draw_points": "0.5",
                "loss_points": "0",
            },
            "Name the section as players know it: Open, U1600 ...",
        ),
        ("player_add", {"name": ""}, "Enter the player&#x27;s name, e.g. Ana Ortiz."),
    ],
)
def test_a_form_sent_without_a_name_says_what_name_to_give(
    td_client: Client,
    tournament: Tournament,
    name: str,
    data: dict[str, str],
    sentence: str,
) -> None:
    section = section_build(tournament=tournament, ratings=[2000], rounds=[])
    every: dict[str, dict[str, Any]] = {
        "tournament_create": {},
        "section_create": {"slug": tournament.slug},
        "player_add": {"slug": tournament.slug, "section": section.pk},
    }
    kwargs = every[name]
    response = td_client.post(reverse(f"tournaments:{name}", kwargs=kwargs), data)
    assert response.status_code == 200
    page = response.content.decode()
    # Django's "This field is required." said nothing of what the name is for.
    assert sentence in page
    assert "This field is required." not in page
