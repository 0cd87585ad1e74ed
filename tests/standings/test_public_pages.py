"""The public pages of a published tournament: what a player and an organizer read on each."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from standings.reports import section_report
from tests.tournaments.builders import section_build
from tournaments.models import (
    HallScreen,
    Player,
    Round,
    Section,
    TiebreakChange,
    Tournament,
)

pytestmark = pytest.mark.django_db

NAMES = [
    "Herrera, Tomas",
    "Okafor, Daniel",
    "Raman, Priya",
    "Sokolova, Elena",
    "Kowalski, Jan",
    "Patel, Noah",
]


@pytest.fixture
def section(tournament: Tournament) -> Section:
    """Six players; after round 2: 1, 2 and 6 on 1½, 4 on 1, 3 and 5 on ½; round 3 is being played.

    Round 2 has a forfeit (6 wins against 3), a pairing bye (4) and a half-point bye (5);
    5 withdraws after round 2 and is not paired in round 3.
    """
    section = section_build(
        tournament=tournament,
        ratings=[2200, 2100, 2000, 1900, 1800, None],
        names=NAMES,
        rounds=[
            "1-4 1-0, 2-5 1-0, 3-6 =",
            "1-2 =, 6-3 +-, 5 H, 4 U",
            "3-1 ?, 2-6 ?, 4 H",
        ],
        rounds_total=4,
    )
    Player.objects.filter(section=section, start_number=5).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=2
    )
    return section


def _url(name: str, section: Section, **kwargs: object) -> str:
    return reverse(
        f"standings:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kwargs},
    )


def _text(response: object) -> str:
    """The page as text, tags removed and spaces collapsed."""
    html = response.content.decode()  # type: ignore[attr-defined]
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_tournament_page_shows_sections_tiebreak_order_changes_and_a_qr_code(
    anonymous: Client, section: Section
) -> None:
    TiebreakChange.objects.create(
        section=section,
        old_order="solkoff,modified_median",
        new_order=section.tiebreaks,
        reason="The posted order was typed in the wrong sequence.",
    )
    url = reverse("standings:tournament", kwargs={"slug": section.tournament.slug})

    response = anonymous.get(url)

    assert response.status_code == 200
    html = response.content.decode()
    text = _text(response)
    assert "Spring Open" in text and "Open" in text
    assert "Round 3 of 4" in text
    assert (
        text.index("Modified Median")
        < text.index("Solkoff")
        < text.index("Cumulative of Opposition")
    )
    assert "The posted order was typed in the wrong sequence." in text
    # The QR code is inline SVG of the page's own absolute address.
    assert "<svg" in html and f"http://testserver{url}" in html
    for name in ("standings", "crosstable", "pairings_current"):
        assert _url(name, section) in html


def test_home_page_links_each_tournament_to_its_page(
    anonymous: Client, section: Section
) -> None:
    html = anonymous.get(reverse("standings:home")).content.decode()
    assert reverse("standings:tournament", args=[section.tournament.slug]) in html


def test_standings_group_players_on_the_same_score_with_their_places(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(_url("standings", section))

    assert response.status_code == 200
    text = _text(response)
    assert "Standings after round 2 of 4" in text
    body = response.content.decode()
    body = body[body.index("<tbody") : body.index("</tbody>")]
    rows = re.findall(r"<tr id=\"n\d+\"(?: class=\"([^\"]*)\")?>(.*?)</tr>", body, re.S)
    places = [re.findall(r'class="place">([^<]*)<', row)[0] for _cls, row in rows]
    assert places == ["1-3", "1-3", "1-3", "4", "5-6", "5-6"]
    starts = [cls for cls, _row in rows if "group-start" in cls]
    assert len(starts) == 3  # three score groups
    # Withdrawn players are marked, not hidden.
    assert "withdrew rd 2" in text
    # Within the 1½ group each player below the first carries the mark of what separated them.
    assert len(re.findall(r'class="decided(?: w)?"', body)) >= 2
    # A whole value's cell keeps a "½"'s room ("w"), so that the digits line up; a half's not.
    values = re.findall(r'<td class="score( w)?">([^<]*)<', body)
    assert values and all((room == " w") == ("½" not in v) for room, v in values)


def test_standings_header_explains_each_tiebreak(
    anonymous: Client, section: Section
) -> None:
    html = anonymous.get(_url("standings", section)).content.decode()
    assert 'title="Modified Median: Sum of the opponents' in html
    assert 'id="tb-1"' in html and 'href="#tb-1"' in html


@pytest.mark.parametrize(
    ("posted", "label"),
    [
        # The Median drops at both ends whatever the score: at nine rounds two at each end
        # (it said "one dropped at 9+ rounds", as if one score in all).
        ("median", "Median"),
        (
            "median:nine_rounds=drop_one",
            "Median (one dropped at each end at 9+ rounds)",
        ),
        # The Modified Median drops at one end or both by the player's score (34E1): the
        # nine-round rule doubles each drop, and without it nothing changes at 9 rounds.
        (
            "modified_median:adjust=none:nine_rounds=drop_one",
            "Modified Median (plain scores, no extra drop at 9+ rounds)",
        ),
    ],
    ids=["median", "median-drop-one", "modified-median-drop-one"],
)
def test_the_legend_names_a_median_tiebreaks_nine_round_rule_as_the_rule_reads(
    anonymous: Client, section: Section, posted: str, label: str
) -> None:
    Section.objects.filter(pk=section.pk).update(tiebreaks=posted)
    text = _text(anonymous.get(_url("standings", section)))
    assert f"– {label} " in text


@pytest.mark.parametrize(
    ("posted", "hint"),
    [
        # Rozycki 1997, MCA 2001: "plus or minus, not percentage"; the engine counts wins
        # minus losses. "Points scored" would put 2-2 above 1-0.
        (
            "result_between_tied",
            "Wins minus losses in games among the players still tied",
        ),
        # MCA 2001: scored in actual play beats a score made wholly of unplayed games; the
        # value is not a count of points played.
        (
            "actual_play_first",
            "A player who scored over the board ranks above a tied player whose whole "
            "score came from unplayed games",
        ),
        ("head_to_head", "100, less one for each game lost to another of the players"),
        ("black_win_points", "Win with Black 3, win with White 2, draw with Black 1"),
    ],
    ids=[
        "result-between-tied",
        "actual-play-first",
        "head-to-head",
        "black-win-points",
    ],
)
def test_each_tiebreaks_hint_says_what_the_engine_counts(
    anonymous: Client, section: Section, posted: str, hint: str
) -> None:
    Section.objects.filter(pk=section.pk).update(tiebreaks=posted)
    assert hint in _text(anonymous.get(_url("standings", section)))


def test_standings_after_an_earlier_round_from_the_picker(
    anonymous: Client, section: Section
) -> None:
    text = _text(anonymous.get(_url("standings", section) + "?round=1"))
    assert "Standings after round 1 of 4" in text


def test_standings_for_a_round_still_being_played_say_why_not(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(_url("standings", section) + "?round=3")
    assert response.status_code == 200
    assert "no result yet" in _text(response)


def test_a_bad_round_in_the_address_is_a_clear_error(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(_url("standings", section) + "?round=abc")
    assert response.status_code == 400
    assert "Bad address" in _text(response)


def test_live_standings_poll_a_fragment_until_the_section_is_final(
    anonymous: Client, section: Section
) -> None:
    html = anonymous.get(_url("standings", section)).content.decode()
    assert 'data-live-seconds="30"' in html and "js/live.js" in html

    fragment = anonymous.get(_url("standings", section), HTTP_HX_REQUEST="true")
    body = fragment.content.decode()
    assert body.lstrip().startswith('<div id="live"')
    assert "<html" not in body and "Herrera, Tomas" in body
    assert "HX-Request" in fragment["Vary"]

    section.is_final = True
    section.save()
    html = anonymous.get(_url("standings", section)).content.decode()
    assert "data-live-url" not in html
    assert "Final results as files" in html
    assert _url("standings_csv", section) in html


def test_a_poll_with_the_shown_version_gets_204_and_a_stale_one_the_new_body(
    anonymous: Client, section: Section
) -> None:
    """live.js sends the version its page shows: unchanged, nothing is sent or re-rendered."""
    url = _url("standings", section)
    html = anonymous.get(url).content.decode()
    version = html.split('data-version="', 1)[1].split('"', 1)[0]

    same = anonymous.get(url, HTTP_HX_REQUEST="true", HTTP_X_LIVE_VERSION=version)
    assert same.status_code == 204 and same.content == b""
    assert "X-Live-Version" in same["Vary"]

    stale = anonymous.get(url, HTTP_HX_REQUEST="true", HTTP_X_LIVE_VERSION="old")
    assert stale.status_code == 200
    assert f'data-version="{version}"' in stale.content.decode()


def test_public_pages_load_no_bootstrap_javascript_and_no_htmx(
    anonymous: Client, section: Section
) -> None:
    """No page uses Bootstrap's JavaScript; the public pages refresh with live.js alone."""
    for page in ("standings", "crosstable", "pairings_current"):
        html = anonymous.get(_url(page, section)).content.decode()
        assert "bootstrap-5.3.9.bundle" not in html and "htmx" not in html, page


def test_print_stylesheet_is_linked_on_the_public_pages(
    anonymous: Client, section: Section
) -> None:
    for url in (
        _url("standings", section),
        _url("crosstable", section),
        _url("pairings", section, number=3),
    ):
        html = anonymous.get(url).content.decode()
        assert re.search(r'href="/static/css/print.css" media="print"', html), url


def test_wall_chart_has_each_result_with_the_opponent_and_the_running_score(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(_url("crosstable", section))

    assert response.status_code == 200
    html = response.content.decode()
    row = {
        int(m.group(1)): m.group(2)
        for m in re.finditer(r'<tr id="n(\d+)"[^>]*>(.*?)</tr>', html, re.S)
    }
    cells = {
        n: re.findall(r'<td class="rd">(?:<a href="#n\d+">)?([^<]*)', r)
        for n, r in row.items()
    }
    running = {
        n: re.findall(r'<td class="num cum(?: w)?">([^<]*)<', r) for n, r in row.items()
    }
    assert cells[1] == ["W4", "D2"] and running[1] == ["1", "1½"]
    assert cells[3] == ["D6", "F6"] and running[3] == ["½", "½"]
    assert cells[6] == ["D3", "X3"] and running[6] == ["½", "1½"]
    assert cells[4] == ["L1", "B"] and running[4] == ["0", "1"]
    assert cells[5] == ["L2", "H"] and running[5] == ["0", "½"]
    # Opponent numbers link to the opponent's row; the name column is pinned.
    assert '<a href="#n4">W4</a>' in row[1]
    assert 'class="name sticky-col"' in row[1]
    assert "Σ1" in html and "Σ2" in html


def test_wall_chart_by_start_number(anonymous: Client, section: Section) -> None:
    html = anonymous.get(_url("crosstable", section) + "?order=number").content.decode()
    assert re.findall(r'<tr id="n(\d+)"', html) == ["1", "2", "3", "4", "5", "6"]
    by_rank = anonymous.get(_url("crosstable", section)).content.decode()
    ranked = section_report(section=section).standings.rows
    assert re.findall(r'<tr id="n(\d+)"', by_rank) == [
        str(row.player.start_number) for row in ranked
    ]


def test_pairings_by_board_and_by_name_with_byes_and_absences(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(_url("pairings", section, number=3))

    assert response.status_code == 200
    text = _text(response)
    assert "Round 3 of 4" in text
    # Board 1: Raman (3, ½ point before the round) has White against Herrera (1, 1½).
    assert "1 Raman, Priya (3, 2000, ½) – Herrera, Tomas (1, 2200, 1½)" in text
    assert "Sokolova, Elena (4, 1900, 1) : Half-point bye" in text
    assert "Kowalski, Jan (5, 1800, ½) : withdrawn" in text
    listed = re.findall(
        r'<td class="name"><a [^>]*>([^<]*)</a>', response.content.decode()
    )
    assert listed == sorted(set(NAMES) - {"Kowalski, Jan"})
    by_name = text[text.index("By name") :]
    assert "Herrera, Tomas (1) 1 Black Raman, Priya (3)" in by_name
    assert "Sokolova, Elena (4) Half-point bye" in by_name


def test_current_pairings_follow_the_last_posted_round(
    anonymous: Client, section: Section
) -> None:
    assert "Round 3 of 4" in _text(anonymous.get(_url("pairings_current", section)))
    Round.objects.create(section=section, number=4, status=Round.Status.DRAFT)
    assert "Round 3 of 4" in _text(anonymous.get(_url("pairings_current", section)))


def test_draft_pairings_are_not_shown(anonymous: Client, section: Section) -> None:
    Round.objects.filter(section=section, number=3).update(status=Round.Status.DRAFT)
    response = anonymous.get(_url("pairings", section, number=3))
    assert response.status_code == 200
    assert "Pairings for round 3 are not posted yet." in _text(response)
    assert "Raman, Priya" not in _text(response)


def test_pairings_of_a_round_that_does_not_exist_are_not_found(
    anonymous: Client, section: Section
) -> None:
    assert anonymous.get(_url("pairings", section, number=4)).status_code == 404


def test_player_page_explains_each_tiebreak_and_who_is_tied(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(_url("player", section, number=2))

    assert response.status_code == 200
    text = _text(response)
    assert "Okafor, Daniel" in text and "place 1-3" in text
    # Every round: opponent, colour, result, running score.
    assert "1 2 White Kowalski, Jan (5, 1800) W won 1" in text
    assert "2 1 Black Herrera, Tomas (1, 2200) D drew 1½" in text
    # Each tiebreak's breakdown comes from the engine's explanation.
    assert "1. Modified Median:" in text and "Left out:" in text
    assert "running score after round 1" in text
    # Every number written as the page writes scores: "3½", never "3.5" (the summaries under
    # each heading said "Solkoff 3.5" under "Solkoff: 3½").
    explained = text[text.index("Tiebreaks explained") :]
    assert "½" in explained and not re.search(r"\d\.5(?!\d)", explained)
    # Tied on 1½ with Herrera and Patel, and the tiebreak that separated them.
    tied = text[text.index("On the same score") : text.index("Tiebreaks explained")]
    assert "Herrera, Tomas" in tied and "Patel, Noah" in tied
    assert " on Modified Median" in tied or " on Solkoff" in tied


def test_player_page_names_the_five_nearest_above_and_below_on_a_crowded_score(
    anonymous: Client, tournament: Tournament
) -> None:
    # 40 players, every game drawn: all 40 on ½, ranked by rating (the tiebreaks all tie).
    section = section_build(
        tournament=tournament,
        ratings=[2400 - 10 * n for n in range(40)],
        rounds=[", ".join(f"{2 * k + 1}-{2 * k + 2} =" for k in range(20))],
        rounds_total=3,
    )
    report = section_report(section=section)
    ranked = [row.player.start_number for row in report.standings.rows]
    me = ranked[20]
    response = anonymous.get(_url("player", section, number=me))

    text = _text(response)
    tied = text[text.index("On the same score") : text.index("Tiebreaks explained")]
    named = [int(n) for n in re.findall(r"Player (\d+) \(rank", tied)]
    assert named == ranked[15:20] + ranked[21:26]
    assert "The 10 nearest in rank of the 39 other players on ½ point" in tied
    link = reverse(
        "standings:standings",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )
    assert f'href="{link}?player={me}"' in response.content.decode()


def test_player_page_of_a_missing_number_is_not_found(
    anonymous: Client, section: Section
) -> None:
    assert anonymous.get(_url("player", section, number=99)).status_code == 404


def test_my_page_puts_this_rounds_board_first(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(_url("me", section, number=1))

    text = _text(response)
    assert response.status_code == 200
    assert text.index("Board 1 · Black") < text.index("Results so far")
    assert "against Raman, Priya (3, 2000)" in text
    assert "place 1-3" in text


def test_find_me_by_part_of_the_name(anonymous: Client, section: Section) -> None:
    url = reverse("standings:me_search", kwargs={"slug": section.tournament.slug})

    response = anonymous.get(url, {"q": "raman"})

    assert response.status_code == 200
    assert _url("me", section, number=3) in response.content.decode()
    assert "Herrera" not in _text(response)
    nobody = anonymous.get(url, {"q": "Carlsen"})
    assert "No player matches “Carlsen”" in _text(nobody)
    too_short = anonymous.get(url, {"q": "r"})
    assert too_short.status_code == 400


def test_hall_screen_shows_what_the_td_picked(
    anonymous: Client, section: Section
) -> None:
    screen = HallScreen.objects.create(
        tournament=section.tournament,
        name="Hall",
        section=section,
        content=HallScreen.Content.PAIRINGS_BY_BOARD,
        seconds_per_page=9,
    )
    url = reverse(
        "standings:hall_screen",
        kwargs={"slug": section.tournament.slug, "screen": screen.pk},
    )

    html = anonymous.get(url).content.decode()

    assert 'data-seconds-per-page="9"' in html
    assert "Round 3 · Pairings by board" in _text(anonymous.get(url))
    assert 'hx-trigger="every 60s"' in html and "hall_screen.js" in html

    screen.content = HallScreen.Content.STANDINGS
    screen.save()
    text = _text(anonymous.get(url))
    assert "Standings after round 2" in text and "Herrera, Tomas" in text

    fragment = anonymous.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<div id="screen-body"')


def test_hall_screens_share_a_long_list_in_parts_with_nothing_missing(
    anonymous: Client, tournament: Tournament
) -> None:
    """Three screens each show a third of the 40 names, end to end; the pages are cut by the
    screen itself (static/js/hall_screen.js), so the server sends the whole part."""
    ratings = [2000 - n for n in range(40)]
    pairs = ", ".join(f"{2 * k + 1}-{2 * k + 2} ?" for k in range(20))
    section = section_build(tournament=tournament, ratings=ratings, rounds=[pairs])
    shown = []
    for part in (1, 2, 3):
        screen = HallScreen.objects.create(
            tournament=tournament,
            name=f"Door {part}",
            section=section,
            content=HallScreen.Content.PAIRINGS_BY_NAME,
            part=part,
            parts=3,
        )
        html = anonymous.get(
            reverse(
                "standings:hall_screen",
                kwargs={"slug": tournament.slug, "screen": screen.pk},
            )
        ).content.decode()
        names = re.findall(r'<span class="who">([^<]*)</span>', html)
        assert len(names) in (13, 14)
        assert f"{names[0]} – {names[-1]}" in html
        shown += names
    assert sorted(shown) == sorted(f"Player {n}" for n in range(1, 41))


def test_names_are_escaped_in_the_tables(anonymous: Client, section: Section) -> None:
    Player.objects.filter(section=section, start_number=1).update(
        name="O'Brien <b>Tom</b>"
    )
    for name in ("standings", "crosstable"):
        html = anonymous.get(_url(name, section)).content.decode()
        assert "O&#x27;Brien &lt;b&gt;Tom&lt;/b&gt;" in html, name
        assert "<b>Tom</b>" not in html, name
