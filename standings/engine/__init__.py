"""Tiebreak engine: pure Python, exact arithmetic, plain data in and values out.

Entry point: ``compute_standings(snapshot, parse_order("uschess"), lots_seed=None)``.
The full description of every system, option and variant is in docs/tiebreaks.md.

Implemented tiebreak systems (higher value ranks first for every one of them)

| id | name | source | options (default first) | group | status |
| --- | --- | --- | --- | --- | --- |
| modified_median | Modified Median | US Chess 34E1 (000, 003); 002; 004 | even=half_max\\|wins_equal_losses, minus=drop_highest\\|drop_lowest, adjust=uschess\\|none, nine_rounds=drop_two\\|drop_one | no | done |
| median | Median (Harkness, Basic Median, Median-Buchholz) | 34E1; 001; 002 | adjust, nine_rounds | no | done |
| solkoff | Solkoff (Buchholz) | 34E2; 001 | adjust | no | done |
| cumulative | Cumulative (Progress) | 34E3; 001; 004 | deduct=uschess\\|mca\\|none | no | done |
| cumulative_opposition | Cumulative of Opposition | 34E9; 002 | opponents=played\\|paired, deduct | no | done |
| cumulative_cut | Cumulative cut X | 002 (SwissSys) | cut=X (required, may repeat), deduct | no | done |
| sonneborn_berger | Sonneborn-Berger (Berger) | 001; 002; 004 | scores=final\\|adjusted | no | done |
| kashdan | Kashdan | 001; 002; 004 | unplayed=0\\|2 | no | done |
| wins | Number of Wins | 001 (FIDE) | unplayed=exclude\\|include | no | done |
| most_blacks | Most Blacks | 001; 002; 004 | - | no | done |
| black_win_points | Black-win points 3/2/1 | 002 (SwissSys) | - | no | done |
| result_between_tied | Result between tied players | 001 (US Chess); 004 | forfeits=exclude\\|include | yes | done |
| head_to_head | Head-to-head (100 basis) | 002 (SwissSys) | forfeits | yes | done |
| average_opposition | Average Opposition | 001; 002 | opponents | no | done |
| average_opposition_cut1 | Average Opposition cut 1 | 002 (SwissSys) | opponents | no | done |
| opposition_rating_sum | Opposition's Rating Sum | 001 (FIDE) | opponents | no | done |
| opposition_performance | Opposition's Performance | 001; 002 (SCA, SwissSys) | opponents | no | done |
| actual_play_first | Scored in actual play | 004 (MCA note) | - | no | done |
| coin_flip | Coin flip / drawing of lots | 004 | - (needs lots_seed) | no | done |
| (team) | team game points; opponents' score x points | 002, 004 | | | not yet: needs team data in Snapshot |

Aliases (seed 001's FIDE names and others): buchholz -> solkoff, median_buchholz / harkness /
basic_median -> median, progress -> cumulative, berger -> sonneborn_berger,
performance_of_opposition -> opposition_performance, lots -> coin_flip.
Presets: uschess, sca, mca, swisssys (see ``PRESETS`` and docs/tiebreaks.md).

Known gaps: FIDE's 2023 tie-break regulations (virtual opponents for unplayed rounds) are not
among the texts and are not implemented; team tiebreaks wait for team data in the Snapshot.
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
from .explanations import Contribution, Deduction, Discard, Explanation
from .formatting import format_decimal
from .order import (
    PRESETS,
    SYSTEMS,
    DuplicateTiebreak,
    InvalidTiebreakOption,
    TiebreakSpec,
    UnknownTiebreak,
    format_order,
    parse_order,
)
from .ranking import StandingRow, Standings, TiebreakValue, compute_standings

__all__ = [
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
    "Outcome",
    "PlayerId",
    "PlayerRef",
    "ScoringSystem",
    "Snapshot",
    "StandingRow",
    "Standings",
    "TiebreakSpec",
    "TiebreakValue",
    "UnknownTiebreak",
    "compute_standings",
    "format_decimal",
    "format_order",
    "parse_order",
]
