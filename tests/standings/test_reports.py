"""The standings use case (standings/reports.py): one player's row explained, and its renderings
(standings/text.py, standings/downloads.py)."""

from __future__ import annotations

import pytest

from standings.downloads import explanation_document
from standings.reports import ReportError, report_explain, section_report
from standings.text import explanation_text, standings_text
from tests.tournaments.builders import section_build
from tournaments.models import Section

pytestmark = pytest.mark.django_db

# Four players on 2 of 4 and four others. Among the four: 1 beat 2, 2 beat 3, 3 beat 4, so result
# between tied players gives 1 +1, 2 and 3 0, 4 -1; applied again to 2 and 3, 2 beat 3.
# Scores: 7 has 3.5; 1-4 have 2; 5, 6 and 8 have 1.5 (their games among them are draws).
ROUNDS = [
    "1-2 1-0, 3-5 1-0, 4-6 1-0, 7-8 =",
    "2-3 1-0, 1-5 0-1, 4-7 0-1, 6-8 =",
    "3-4 1-0, 1-6 1-0, 2-7 0-1, 5-8 =",
    "1-7 0-1, 2-8 1-0, 3-6 0-1, 4-5 1-0",
]


@pytest.fixture
def section() -> Section:
    return section_build(
        ratings=[1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100],
        names=["Ann", "Ben", "Cid", "Dee", "Eli", "Fay", "Gus", "Hal"],
        rounds=ROUNDS,
        tiebreaks="result_between_tied",
    )


def test_the_tie_left_by_the_first_pass_is_decided_by_the_second(
    section: Section,
) -> None:
    report = section_report(section=section)

    rows = [(r.rank, r.shared, r.player.start_number) for r in report.standings.rows]
    assert rows == [
        (1, False, 7),
        (2, False, 1),
        (3, False, 2),
        (4, False, 3),
        (5, False, 4),
        (6, True, 5),
        (6, True, 6),
        (6, True, 8),
    ]
    assert [g.places for g in report.standings.score_groups()] == ["1", "2-5", "6-8"]


def test_explanation_text_names_each_neighbour_and_the_pass_that_decided(
    section: Section,
) -> None:
    report = section_report(section=section)
    text = explanation_text(report, report_explain(report, 3))

    assert "#3 Cid: rank 4 with 2 points; the players on 2 occupy places 2-5." in text
    assert (
        "  #1 Ann (above, rank 2): decided by Result between tied players: 0 against 1"
        in text
    )
    assert (
        "  #2 Ben (above, rank 3): decided by Result between tied players (applied again to "
        "the players left tied, pass 2): -1 against 1" in text
    )
    assert (
        "  #4 Dee (below, rank 5): decided by Result between tied players: 0 against -1"
        in text
    )
    assert "  applied again to the players left tied, pass 2: -1" in text


def test_shared_place_and_a_player_alone_on_a_score(section: Section) -> None:
    report = section_report(section=section)

    shared = explanation_text(report, report_explain(report, 6))
    assert (
        "#6 Fay: rank T6 with 1.5 points; the players on 1.5 occupy places 6-8."
        in shared
    )
    assert "#5 Eli (above, rank 6): still tied after every tiebreak" in shared
    alone = explanation_document(report, report_explain(report, 7))
    assert (alone["rank"], alone["places"], alone["neighbours"]) == (1, [1, 1], [])
    assert "the score alone decides" in explanation_text(
        report, report_explain(report, 7)
    )


def test_unknown_start_number_is_a_report_error(section: Section) -> None:
    report = section_report(section=section)

    with pytest.raises(ReportError, match="Open has no player number 12"):
        report_explain(report, 12)


def test_round_0_is_the_starting_list(section: Section) -> None:
    report = section_report(section=section, through_round=0)

    assert report.standings.through_round == 0
    assert [r.player.start_number for r in report.standings.rows] == list(range(1, 9))
    assert "starting list before round 1 of 4" in standings_text(report).splitlines()[0]
