"""The TD pages' big tables (tournaments/tables.py): the same queries for any number of players,
every value from the database escaped, and the rows' details (titles, byes, withdrawals, errors)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.builders import section_build, tournament_build
from tournaments import services
from tournaments.forms.rounds import BoardFormSet
from tournaments.models import Player, ResultChange, Round, Section, Tournament

pytestmark = pytest.mark.django_db

HOSTILE = '<b>Bold</b> & "Co"'


def big_section(tournament: Tournament, players: int, name: str = "Open") -> Section:
    """``players`` players (an even number), round 1 played, round 2 paired and posted with no
    result yet, a requested bye and a withdrawal after round 2, check-ins for round 3."""
    n = players
    section = section_build(
        tournament=tournament,
        ratings=[2400 - k for k in range(n)],
        rounds=[
            ", ".join(f"{2 * k + 1}-{2 * k + 2} 1-0" for k in range(n // 2)),
            ", ".join(f"{2 * k + 1}-{2 * k + 2} ?" for k in range(n // 2)),
        ],
        rounds_total=4,
        name=name,
    )
    Round.objects.filter(section=section, number=1).update(status=Round.Status.COMPLETE)
    Round.objects.filter(section=section, number=2).update(status=Round.Status.PAIRED)
    Player.objects.filter(section=section, start_number=1).update(
        name=HOSTILE, club=HOSTILE, title="GM"
    )
    players_by_number = {p.start_number: p for p in section.players.all()}
    services.player_byes_request(player=players_by_number[3], byes={3: "half"})
    services.player_withdraw(player=players_by_number[4], after_round=2)
    for number in (1, 2, 5):
        services.checkin_set(
            player=players_by_number[number], round_number=3, present=True, user=None
        )
    first = section.rounds.get(number=1).pairings.get(board=1)
    services.result_check_record(pairing=first, result="draw", user=None)
    services.result_record(
        pairing=first,
        result="black_win",
        based_on="white_win",
        user=None,
        source=ResultChange.Source.ENTRY,
        confirm_later=True,
    )
    return section


def page_urls(section: Section) -> dict[str, str]:
    kw = {"slug": section.tournament.slug, "section": section.pk}
    return {
        "round": reverse("tournaments:round_detail", kwargs={**kw, "number": 2}),
        "pairings (edit)": reverse(
            "tournaments:round_pairings", kwargs={**kw, "number": 2}
        ),
        "pairings (by hand)": reverse(
            "tournaments:round_pairings", kwargs={**kw, "number": 3}
        ),
        "check mode": reverse("tournaments:round_check", kwargs={**kw, "number": 1}),
        "history": reverse("tournaments:round_history", kwargs={**kw, "number": 1}),
        "players": reverse("tournaments:section_detail", kwargs=kw),
        "check-in": reverse("tournaments:checkin", kwargs={**kw, "number": 3}),
        # Every player lacks a US Chess ID: a problem (and a link) per player.
        "rating report": reverse("tournaments:section_rating_report", kwargs=kw),
        "rating report (event)": reverse(
            "tournaments:rating_report", kwargs={"slug": section.tournament.slug}
        ),
    }


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def test_the_big_td_pages_read_the_same_queries_for_8_and_80_players(
    td_client: Client, tournament: Tournament
) -> None:
    small = page_urls(big_section(tournament, 8))
    large = page_urls(big_section(tournament, 80, name="Large"))

    for page in small:
        assert _queries(td_client, small[page]) == _queries(td_client, large[page]), (
            page
        )


def test_the_rating_report_download_reads_the_same_queries_for_8_and_80_players(
    td_client: Client, tournament: Tournament, td: User
) -> None:
    other_tournament = tournament_build(name="Summer Open")
    other_tournament.directors.add(td)
    big_section(tournament, 8)
    big_section(other_tournament, 80, name="Large")

    counts = [
        _queries(
            td_client,
            reverse("tournaments:rating_report_download", kwargs={"slug": t.slug})
            + "?force=1",
        )
        for t in (tournament, other_tournament)
    ]

    assert counts[0] == counts[1]


def test_the_round_page_has_result_buttons_on_every_posted_board(
    td_client: Client, tournament: Tournament
) -> None:
    section = big_section(tournament, 8)
    board = section.rounds.get(number=2).pairings.get(board=2)
    result_url = reverse(
        "tournaments:result_record",
        kwargs={
            "slug": tournament.slug,
            "section": section.pk,
            "number": 2,
            "pairing": board.pk,
        },
    )

    html = td_client.get(page_urls(section)["round"]).content.decode()

    assert html.count('class="pairing-row is-pending"') == 4
    assert (
        f'<form method="post" action="{result_url}" data-queue class="result-form">'
        in html
    )
    assert 'aria-label="More results for board 2">More</summary>' in html


def test_names_and_clubs_are_escaped_in_every_big_table(
    td_client: Client, tournament: Tournament
) -> None:
    section = big_section(tournament, 8)

    for page, url in page_urls(section).items():
        html = td_client.get(url).content.decode()
        assert "&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Co&quot;" in html, page
        assert "<b>Bold</b>" not in html, page


def test_the_players_table_shows_title_bye_withdrawal_and_a_link_to_edit(
    td_client: Client, tournament: Tournament
) -> None:
    section = big_section(tournament, 8)
    kw = {"slug": tournament.slug, "section": section.pk}

    html = td_client.get(page_urls(section)["players"]).content.decode()

    edit = reverse("tournaments:player_edit", kwargs={**kw, "number": 7})
    assert f'<a href="{edit}">Player 7</a>' in html
    assert '<span class="badge text-bg-light border">GM</span>' in html
    assert (
        '<abbr title="Round 3: half-point bye" class="text-decoration-none text-nowrap">R3\u00a0H</abbr>'
        in html
    )
    assert '<span class="badge text-bg-secondary">wd after R2</span>' in html


def test_the_players_table_says_a_withdrawal_before_round_one_so(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=[], rounds_total=3
    )
    services.player_withdraw(player=section.players.get(start_number=2), after_round=0)

    html = td_client.get(page_urls(section)["players"]).content.decode()

    assert '<span class="badge text-bg-secondary">wd before R1</span>' in html
    assert "wd after R0" not in html


def test_check_in_rows_say_who_is_here_with_a_button_each(
    td_client: Client, tournament: Tournament
) -> None:
    section = big_section(tournament, 8)
    toggle = reverse(
        "tournaments:checkin_toggle",
        kwargs={"slug": tournament.slug, "section": section.pk, "number": 3},
    )

    html = td_client.get(page_urls(section)["check-in"]).content.decode()

    # Players 1, 2 and 5 are here; 3 asked for a bye and 4 withdrew: not expected.
    assert '<tr id="checkin-2" class="table-success">' in html
    assert '<tr id="checkin-6" class="">' in html
    assert 'id="checkin-3"' not in html and 'id="checkin-4"' not in html
    assert html.count(f'hx-post="{toggle}"') == 6
    assert 'aria-label="Undo check-in of Player 5"' in html
    assert 'aria-label="Check in Player 6"' in html
    assert "3 still missing" in html


def test_the_pairings_form_shows_each_board_and_the_players_notes(
    td_client: Client, tournament: Tournament
) -> None:
    section = big_section(tournament, 8)

    html = td_client.get(page_urls(section)["pairings (edit)"]).content.decode()

    assert (
        '<input type="number" inputmode="numeric" min="1" name="boards-3-black" '
        'id="id_boards-3-black" value="8"'
    ) in html
    assert (
        '<label class="visually-hidden" for="id_boards-0-white">Board 1 white</label>'
        in html
    )
    by_hand = td_client.get(page_urls(section)["pairings (by hand)"]).content.decode()
    assert "Half-point bye requested" in by_hand
    assert "withdrew after round 2" in by_hand


def test_a_refused_pairing_shows_the_typed_numbers_and_the_sentence_on_its_row(
    td_client: Client, tournament: Tournament
) -> None:
    section = big_section(tournament, 8)
    url = page_urls(section)["pairings (by hand)"]
    data = {
        "boards-TOTAL_FORMS": "2",
        "boards-INITIAL_FORMS": "0",
        "boards-0-white": "1",
        "boards-0-black": "99",
        "boards-1-white": "2",
        "boards-1-black": "",
        "byes-TOTAL_FORMS": "0",
        "byes-INITIAL_FORMS": "0",
    }

    html = td_client.post(url, data).content.decode()

    assert 'name="boards-0-black" id="id_boards-0-black" value="99"' in html
    assert "There is no player number 99 in Open." in html
    assert "Give both players" in html
    assert section.rounds.filter(number=3).count() == 0


def test_a_formset_looked_up_by_name_builds_no_form() -> None:
    formset = BoardFormSet(  # type: ignore[call-arg]
        initial=[{"white": 1, "black": 2}] * 3,
        prefix="boards",
        players={},
        section_name="Open",
    )

    with pytest.raises(TypeError):
        formset["management_form"]  # type: ignore[index]

    assert "forms" not in formset.__dict__
    assert formset[0].initial == {"white": 1, "black": 2}


def test_check_mode_rows_show_each_boards_check_entry(
    td_client: Client, tournament: Tournament
) -> None:
    section = big_section(tournament, 8)
    first = section.rounds.get(number=1).pairings.get(board=1)

    html = td_client.get(page_urls(section)["check mode"]).content.decode()

    row = html[html.index(f'<tr id="check-{first.pk}"') :]
    row = row[: row.index("</tr>")]
    assert "is-done" in row
    assert (
        'value="draw" data-key="=" data-label="½-½" class="btn btn-touch result-btn btn-dark active"'
        in row
    )
    assert 'value="pending"' not in row
    assert html.count('class="pairing-row is-pending"') == 3


def test_the_history_lists_the_change_with_its_board_players_and_results(
    td_client: Client, tournament: Tournament
) -> None:
    section = big_section(tournament, 8)

    html = td_client.get(page_urls(section)["history"]).content.decode()

    assert '<td class="num fw-semibold">1</td>' in html
    assert "<div>2 Player 2</div>" in html
    assert '<span class="was text-body-secondary">1-0</span>' in html
    assert '<strong class="now">0-1</strong>' in html
