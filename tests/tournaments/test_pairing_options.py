"""The pairing options page and service: the variants a TD posts before the event."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Pairing, Player, Section, Tournament

pytestmark = pytest.mark.django_db

RATINGS = [2200, 2100, 2000, 1900, 1800, 1700]


def _url(section: Section) -> str:
    return reverse(
        "tournaments:section_pairing_options",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _form(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "accelerated_rounds": "0",
        "accelerated_points": "1",
        "board_one_colour": "lot",
        "unrated_rating": "",
        "equalise_limit": "200",
        "alternate_limit": "80",
    }
    data.update(changes)
    return data


def _pair(section: Section) -> Any:
    """Round 1 paired as a TD whose players all came, with the section's default order."""
    return services.round_pair(
        section=section, absent=services.ABSENT_PAIR, post_default_order=True
    )


def _swiss(tournament: Tournament) -> Section:
    """A Swiss section of six players before round 1."""
    return section_build(
        ratings=RATINGS, rounds=[], rounds_total=5, tournament=tournament
    )


def _fresh(section: Section) -> Section:
    return Section.objects.get(pk=section.pk)


# ---- the service


def test_the_service_saves_the_options(tournament: Tournament) -> None:
    section = _swiss(tournament)
    options = {"accelerated_rounds": 2, "board_one_colour": "white"}
    services.section_pairing_options_set(section=section, options=options)
    assert _fresh(section).pairing_options == options


@pytest.mark.parametrize(
    ("options", "parser_says"),
    [
        ({"board_one_colour": "green"}, "board_one_colour must be one of"),
        ({"accelerated_points": "0"}, "accelerated_points must be more than 0"),
        ({"equalise_limit": -5}, "equalise_limit must be a whole number"),
        ({"colours": "white"}, "unknown pairing option 'colours'"),
    ],
)
def test_the_service_refuses_what_the_parser_refuses_and_changes_nothing(
    tournament: Tournament, options: dict[str, Any], parser_says: str
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=[],
        rounds_total=5,
        tournament=tournament,
        pairing_options={"board_one_colour": "black"},
    )
    with pytest.raises(ValidationError) as raised:
        services.section_pairing_options_set(section=section, options=options)
    (message,) = raised.value.messages
    assert message.startswith("These pairing options cannot be used: ")
    assert parser_says in message
    assert _fresh(section).pairing_options == {"board_one_colour": "black"}


def test_the_service_refuses_a_change_once_round_one_is_paired(
    tournament: Tournament,
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=["1-4 ?, 2-5 ?, 3-6 ?"],
        rounds_total=5,
        tournament=tournament,
        pairing_options={"board_one_colour": "black"},
    )
    with pytest.raises(ValidationError) as raised:
        services.section_pairing_options_set(
            section=section, options={"board_one_colour": "white"}
        )
    assert raised.value.messages == [
        services.PAIRING_OPTIONS_LOCKED.format(section=section.name)
    ]
    assert _fresh(section).pairing_options == {"board_one_colour": "black"}


def test_a_draft_round_one_locks_the_options_too(tournament: Tournament) -> None:
    section = _swiss(tournament)
    _pair(section=section)  # a draft, not posted
    with pytest.raises(ValidationError):
        services.section_pairing_options_set(
            section=section, options={"accelerated_rounds": 2}
        )


# ---- the page


def test_the_page_shows_the_current_values(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=[],
        rounds_total=5,
        tournament=tournament,
        pairing_options={
            "accelerated_rounds": 2,
            "accelerated_points": "0.5",
            "board_one_colour": "black",
            "unrated_rating": 1234,
            "equalise_limit": 150,
        },
    )
    response = td_client.get(_url(section))
    assert response.status_code == 200
    form = response.context["form"]
    assert {field.name: field.value() for field in form.visible_fields()} == {
        "accelerated_rounds": 2,
        "accelerated_points": pytest.approx(0.5),
        "board_one_colour": "black",
        "unrated_rating": 1234,
        "equalise_limit": 150,
        "alternate_limit": 80,
        "avoid_same_club": False,
        "do_not_pair": "",
        "bye_for_colours": False,
        "colour_look_back": True,
    }
    page = response.content.decode()
    assert 'aria-current="page" href="' + _url(section) in page
    assert 'value="1234"' in page
    assert (
        "tables" not in form.fields
    )  # a Swiss section has no round-robin table numbers


def test_posting_black_for_board_one_gives_the_top_seed_black_in_round_one(
    td_client: Client, tournament: Tournament
) -> None:
    section = _swiss(tournament)
    response = td_client.post(_url(section), _form(board_one_colour="black"))
    assert response.status_code == 302
    assert _fresh(section).pairing_options["board_one_colour"] == "black"

    round_ = _pair(section=_fresh(section))
    board_one = Pairing.objects.filter(round=round_, board=1).values_list(
        "white__start_number", "black__start_number"
    )
    assert list(board_one) == [(4, 1)]


def test_posting_white_for_board_one_gives_the_top_seed_white(
    td_client: Client, tournament: Tournament
) -> None:
    section = _swiss(tournament)
    td_client.post(_url(section), _form(board_one_colour="white"))
    round_ = _pair(section=_fresh(section))
    board_one = Pairing.objects.select_related("white").get(round=round_, board=1)
    assert board_one.white.start_number == 1


def test_a_rating_for_unrated_players_places_them_by_it(
    td_client: Client, tournament: Tournament
) -> None:
    # Unrated player 6 given 2150 ranks second, so meets the first of the lower half (player 3's
    # place): top half 1, 6, 2 against 3, 4, 5.
    section = section_build(
        ratings=[2200, 2100, 2000, 1900, 1800, None],
        rounds=[],
        rounds_total=5,
        tournament=tournament,
    )
    td_client.post(
        _url(section), _form(board_one_colour="white", unrated_rating="2150")
    )
    assert _fresh(section).pairing_options["unrated_rating"] == 2150
    round_ = _pair(section=_fresh(section))
    games = {
        frozenset(pair)
        for pair in Pairing.objects.filter(round=round_).values_list(
            "white__start_number", "black__start_number"
        )
    }
    assert frozenset((6, 4)) in games


def test_an_empty_unrated_rating_leaves_the_option_out(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=[],
        rounds_total=5,
        tournament=tournament,
        pairing_options={"unrated_rating": 1500},
    )
    td_client.post(_url(section), _form(unrated_rating=""))
    assert "unrated_rating" not in _fresh(section).pairing_options


def test_the_yes_no_options_are_stored_as_posted_and_the_do_not_pair_list_is_shown(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=[],
        rounds_total=5,
        tournament=tournament,
        pairing_options={"do_not_pair": [[4, 1], [2, 6]]},
    )
    page = td_client.get(_url(section))
    assert 'name="colour_look_back"' in page.content.decode()
    assert page.context["form"]["do_not_pair"].value() == "1-4, 2-6"

    td_client.post(
        _url(section),
        _form(avoid_same_club="on", bye_for_colours="on", do_not_pair="1-4, 2-6"),
    )

    stored = _fresh(section).pairing_options
    assert stored["avoid_same_club"] is True
    assert stored["bye_for_colours"] is True
    assert stored["colour_look_back"] is False
    assert stored["do_not_pair"] == [[1, 4], [2, 6]]


def test_the_td_types_the_do_not_pair_list_and_the_pairing_keeps_them_apart(
    td_client: Client, tournament: Tournament
) -> None:
    section = _swiss(tournament)

    td_client.post(_url(section), _form(do_not_pair="1-2"))
    td_client.post(_url(section), _form(do_not_pair=""))  # an empty field: no list
    assert "do_not_pair" not in _fresh(section).pairing_options

    td_client.post(_url(section), _form(do_not_pair="4-1; 6 3,\n 2/5, 1-4"))

    assert _fresh(section).pairing_options["do_not_pair"] == [[1, 4], [2, 5], [3, 6]]
    # Top half against bottom half would be 1-4, 2-5, 3-6: every one of them is kept apart.
    games = {
        frozenset((p.white.start_number, p.black.start_number))
        for p in _pair(_fresh(section)).pairings.select_related("white", "black")
    }
    assert not games & {frozenset(p) for p in ((1, 4), (2, 5), (3, 6))}


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("3-3", "'3-3' is not a pair of two different start numbers"),
        ("1-4, 2", "'2' is not a pair of two different start numbers"),
        ("1-4, 2-99", "2-99: no player of Open has start number 99."),
    ],
)
def test_a_bad_do_not_pair_list_is_refused_and_changes_nothing(
    td_client: Client, tournament: Tournament, typed: str, message: str
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=[],
        rounds_total=5,
        tournament=tournament,
        name="Open",
        pairing_options={"do_not_pair": [[1, 2]]},
    )

    response = td_client.post(_url(section), _form(do_not_pair=typed))

    assert response.status_code == 200
    assert message in response.context["form"].errors["do_not_pair"][0]
    assert _fresh(section).pairing_options == {"do_not_pair": [[1, 2]]}


def test_half_a_point_of_acceleration_is_stored_as_the_parser_reads_it(
    td_client: Client, tournament: Tournament
) -> None:
    section = _swiss(tournament)
    td_client.post(
        _url(section), _form(accelerated_rounds="2", accelerated_points="0.5")
    )
    stored = _fresh(section).pairing_options
    assert stored["accelerated_rounds"] == 2
    assert stored["accelerated_points"] == "0.5"


def test_a_round_robin_shows_only_its_table_numbers_and_keeps_the_rest(
    td_client: Client, tournament: Tournament
) -> None:
    tables = {"1": 3, "2": 1, "3": 2, "4": 4}
    stored = {"lots_seed": "abc123", "tables": tables, "board_one_colour": "white"}
    section = section_build(
        ratings=RATINGS[:4],
        rounds=[],
        rounds_total=3,
        tournament=tournament,
        kind=Section.Kind.ROUND_ROBIN,
        pairing_options=stored,
    )
    page = td_client.get(_url(section))
    form = page.context["form"]
    # The Berger table gives round robins their colours: only table numbers are chosen.
    assert [field.name for field in form.visible_fields()] == ["tables"]
    assert form["tables"].value() == "custom"
    td_client.post(_url(section), {"tables": "custom"})
    assert _fresh(section).pairing_options == stored
    td_client.post(_url(section), {"tables": "start_numbers"})
    assert _fresh(section).pairing_options == {**stored, "tables": "start_numbers"}


def test_a_swiss_section_keeps_the_recorded_lots_seed_and_tables(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=[],
        rounds_total=5,
        tournament=tournament,
        pairing_options={"lots_seed": "abc123", "tables": "start_numbers"},
    )
    td_client.post(_url(section), _form(board_one_colour="white"))
    stored = _fresh(section).pairing_options
    assert stored["lots_seed"] == "abc123"
    assert stored["tables"] == "start_numbers"
    assert stored["board_one_colour"] == "white"


def test_round_robin_table_numbers_by_start_number(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=RATINGS[:4],
        rounds=[],
        rounds_total=3,
        tournament=tournament,
        kind=Section.Kind.ROUND_ROBIN,
    )
    td_client.post(_url(section), {"tables": "start_numbers"})
    assert _fresh(section).pairing_options == {"tables": "start_numbers"}
    round_ = _pair(section=_fresh(section))
    # Berger round 1 for 4: 1-4, 2-3.
    games = set(
        Pairing.objects.filter(round=round_).values_list(
            "white__start_number", "black__start_number"
        )
    )
    assert games == {(1, 4), (2, 3)}


def test_a_bad_value_on_the_page_is_refused_and_changes_nothing(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=[],
        rounds_total=5,
        tournament=tournament,
        pairing_options={"equalise_limit": 150},
    )
    response = td_client.post(_url(section), _form(equalise_limit="-3"))
    assert response.status_code == 200
    assert response.context["form"].errors["equalise_limit"]
    assert _fresh(section).pairing_options == {"equalise_limit": 150}


def test_after_round_one_the_page_is_locked_and_a_post_changes_nothing(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=RATINGS,
        rounds=["1-4 ?, 2-5 ?, 3-6 ?"],
        rounds_total=5,
        tournament=tournament,
        pairing_options={"board_one_colour": "black"},
    )
    page = td_client.get(_url(section))
    assert page.context["locked"]
    assert all(field.disabled for field in page.context["form"].fields.values())
    response = td_client.post(_url(section), _form(board_one_colour="white"))
    assert response.status_code == 200
    assert (
        services.PAIRING_OPTIONS_LOCKED.format(section=section.name)
        in response.context["form"].non_field_errors()
    )
    assert _fresh(section).pairing_options == {"board_one_colour": "black"}


def _version(page: Any) -> str:
    found = re.search(r'name="based_on" value="([0-9a-f]+)"', page.content.decode())
    assert found is not None, "the options form carries the version it was drawn from"
    return found[1]


def test_options_saved_from_a_page_older_than_a_renumbering_are_refused(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=[],
        rounds_total=5,
        tournament=tournament,
    )
    # Numbers 1 and 2 (2000 and 1900) are kept apart; the page shows "1-2".
    services.section_pairing_options_set(
        section=section, options={"do_not_pair": [[1, 2]]}
    )
    version = _version(td_client.get(_url(section)))
    # Another TD corrects a rating: the 1800 player is number 1 now; the pair follows its
    # players to numbers 2 and 3.
    third = Player.objects.get(section=section, start_number=3)
    services.player_update(player=third, rating=2100)
    assert _fresh(section).pairing_options["do_not_pair"] == [[2, 3]]

    response = td_client.post(
        _url(section),
        _form(do_not_pair="1-2", board_one_colour="white", based_on=version),
        follow=True,
    )

    assert services.PAIRING_OPTIONS_STALE.format(section=section.name) in (
        response.content.decode().replace("&#x27;", "'")
    )
    assert _fresh(section).pairing_options == {"do_not_pair": [[2, 3]]}


def test_round_one_is_paired_by_the_options_stored_not_by_the_ones_the_page_read(
    tournament: Tournament,
) -> None:
    # The pairing page was opened when board 1 was to be white; another TD posted "black"
    # before the pairing landed. The round is paired by the options that stand.
    section = _swiss(tournament)
    services.section_pairing_options_set(
        section=section, options={"board_one_colour": "white"}
    )
    services.section_tiebreaks_post(section=section, order="uschess", user=None)
    page = _fresh(section)
    services.section_pairing_options_set(
        section=_fresh(section), options={"board_one_colour": "black"}
    )

    services.round_pair(section=page, number=1, absent="pair")

    board_one = Pairing.objects.get(round__section=section, round__number=1, board=1)
    assert board_one.black == Player.objects.get(section=section, start_number=1)
