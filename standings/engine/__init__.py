"""Tiebreak engine: pure Python, exact arithmetic, plain data in and values out.

Entry point: ``compute_standings(snapshot, parse_order("uschess"), lots_seed=None)``.
The full description of every system, option and variant is in docs/tiebreaks.md.

Sources, by published title: US Chess = US Chess Federation, Official Rules of Chess, 7th ed.,
rule 34 (34E1-34E3, 34E9); Rozycki 1997 = R. Rozycki, "Tie-Breaks in Swiss Tournaments" (1997);
SCA posting = the SCA's posted tiebreak order; SwissSys list = the list of systems the SwissSys
pairing program supports, posted with it; MCA 2001 = Michigan Chess Association tiebreak rules
(amended 2001).

Implemented tiebreak systems (higher value ranks first for every one of them)

| id | name | source | options (default first) | group | status |
| --- | --- | --- | --- | --- | --- |
| modified_median | Modified Median | US Chess 34E1; SCA posting; SwissSys list; MCA 2001 | even=half_max\\|wins_equal_losses, minus=drop_highest\\|drop_lowest, adjust=uschess\\|none, nine_rounds=drop_two\\|drop_one | no | done |
| median | Median (Harkness, Basic Median, Median-Buchholz) | US Chess 34E1; Rozycki 1997; SCA posting; SwissSys list | adjust, nine_rounds | no | done |
| solkoff | Solkoff (Buchholz) | US Chess 34E2; Rozycki 1997; SCA posting; MCA 2001 | adjust | no | done |
| cumulative | Cumulative (Progress) | US Chess 34E3; Rozycki 1997; SCA posting; MCA 2001 | deduct=uschess\\|mca\\|none | no | done |
| cumulative_opposition | Cumulative of Opposition | US Chess 34E9; SwissSys list | opponents=played\\|paired, deduct | no | done |
| cumulative_cut | Cumulative cut X | SwissSys list | cut=X (required, may repeat), deduct, in_cut=deduct\\|keep | no | done |
| sonneborn_berger | Sonneborn-Berger (Berger) | Rozycki 1997; SwissSys list; MCA 2001 | scores=final\\|adjusted | no | done |
| kashdan | Kashdan | Rozycki 1997; SwissSys list; MCA 2001 | unplayed=0\\|2 | no | done |
| wins | Number of Wins | Rozycki 1997 (FIDE) | unplayed=exclude\\|include | no | done |
| most_blacks | Most Blacks | Rozycki 1997; SwissSys list; MCA 2001 | - | no | done |
| black_win_points | Black-win points 3/2/1 | SwissSys list | - | no | done |
| result_between_tied | Result between tied players | Rozycki 1997 (US Chess); MCA 2001 | forfeits=exclude\\|include, passes=repeat\\|once | yes | done |
| head_to_head | Head-to-head (100 basis) | SwissSys list | forfeits, passes | yes | done |
| average_opposition | Average Opposition | Rozycki 1997; SwissSys list | opponents | no | done |
| average_opposition_cut1 | Average Opposition cut 1 | SwissSys list | opponents | no | done |
| opposition_rating_sum | Opposition's Rating Sum | Rozycki 1997 (FIDE) | opponents | no | done |
| opposition_performance | Opposition's Performance | Rozycki 1997; SCA posting; SwissSys list | opponents | no | done |
| actual_play_first | Scored in actual play | MCA 2001 | - | no | done |
| coin_flip | Coin flip / drawing of lots | MCA 2001 | - (needs lots_seed) | no | done |

Aliases (Rozycki's FIDE names and others): buchholz -> solkoff, median_buchholz / harkness /
basic_median -> median, progress -> cumulative, berger -> sonneborn_berger,
performance_of_opposition -> opposition_performance, lots -> coin_flip.
Presets (posted orders, read literally): uschess, sca, mca (``PRESETS``). Catalogue (what a
program supports, not an order): swisssys (``CATALOGUES``). ``default_order(round_robin)`` is the
order offered when a section is set up.

Team events live in ``standings.engine.teams`` (docs/teams.md): teams inside individual sections
(top-N team scores, the counting players' tiebreaks summed, MCA 2001's team points) and
fixed-roster team sections with their own registry ``TEAM_SYSTEMS`` (game points, SwissSys
list's opposing score x points scored, the opposing teams' scores, head-to-head).

Known gaps: FIDE's 2023 tie-break regulations (virtual opponents for unplayed rounds) are not
among the texts and are not implemented.
"""

from __future__ import annotations

from .entities import (
    Colour,
    GameRecord,
    Outcome,
    PlayerId,
    PlayerRef,
    ScoringSystem,
    Snapshot,
)
from .explanations import (
    Contribution,
    Deduction,
    Discard,
    Explanation,
    Neighbour,
    RowExplanation,
    TiebreakLine,
    explain_row,
)
from .formatting import format_decimal
from .order import (
    CATALOGUES,
    PRESETS,
    SYSTEMS,
    DuplicateTiebreak,
    InvalidTiebreakOption,
    TiebreakSpec,
    UnknownTiebreak,
    default_order,
    format_order,
    parse_order,
)
from .ranking import (
    ScoreGroup,
    StandingRow,
    Standings,
    TiebreakValue,
    compute_standings,
)

__all__ = [
    "CATALOGUES",
    "PRESETS",
    "SYSTEMS",
    "Colour",
    "Contribution",
    "Deduction",
    "Discard",
    "DuplicateTiebreak",
    "Explanation",
    "GameRecord",
    "InvalidTiebreakOption",
    "Neighbour",
    "Outcome",
    "PlayerId",
    "PlayerRef",
    "RowExplanation",
    "ScoreGroup",
    "ScoringSystem",
    "Snapshot",
    "StandingRow",
    "Standings",
    "TiebreakLine",
    "TiebreakSpec",
    "TiebreakValue",
    "UnknownTiebreak",
    "compute_standings",
    "default_order",
    "explain_row",
    "format_decimal",
    "format_order",
    "parse_order",
]
