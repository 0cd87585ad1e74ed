"""The registry: every system's stable id, name, source citation, options and aliases."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .base import OptionDef, SystemDef
from .cumulative import cumulative, cumulative_cut, cumulative_opposition
from .head_to_head import head_to_head, result_between_tied
from .lots import coin_flip
from .opposition import median, modified_median, solkoff
from .ratings import (
    average_opposition,
    average_opposition_cut1,
    opposition_performance,
    opposition_rating_sum,
)
from .results import (
    actual_play_first,
    black_win_points,
    kashdan,
    most_blacks,
    sonneborn_berger,
    wins,
)

# Options several systems share.
_ADJUST = OptionDef(
    "adjust",
    ("uschess", "none"),
    "uschess",
    "uschess: 34E1 adjusted scores (unplayed rounds count 1/2; own unplayed rounds are opponents with 0); "
    "none: plain scores, own unplayed rounds left out",
    ("US Chess adjusted scores", "plain scores"),
)
# Nine or more rounds. 34E1 for Modified Median: "the top two and bottom two scores are
# discarded for even-score ties, the bottom two scores for plus-score ties, and the top two
# scores for minus-score ties": two where one was, at whichever end the score drops. The
# Median drops at both ends whatever the score (34E1, Rozycki 1997), and the SwissSys list's
# Basic Median "works just like the modified median": at nine rounds, two at each end.
_NINE_MODIFIED = OptionDef(
    "nine_rounds",
    ("drop_two", "drop_one"),
    "drop_two",
    "events of nine or more rounds drop two scores wherever a shorter event drops one: top two "
    "and bottom two on an even score, bottom two on a plus score, top two on a minus score "
    "(34E1); or still one",
    ("two dropped in place of one at 9+ rounds", "no extra drop at 9+ rounds"),
)
_NINE_MEDIAN = OptionDef(
    "nine_rounds",
    ("drop_two", "drop_one"),
    "drop_two",
    "events of nine or more rounds drop two at each end, the top two and the bottom two (as "
    "34E1 does for an even score; SwissSys list); or one at each end",
    ("two dropped at each end at 9+ rounds", "one dropped at each end at 9+ rounds"),
)
_DEDUCT = OptionDef(
    "deduct",
    ("uschess", "mca", "none"),
    "uschess",
    "uschess: subtract forfeit wins, full- and half-point byes (34E3); mca: only forfeit wins and "
    "one-point byes (MCA 2001); none: nothing",
    (
        "forfeit wins and byes deducted",
        "forfeit wins and one-point byes deducted",
        "nothing deducted",
    ),
)
_OPPONENTS = OptionDef(
    "opponents",
    ("played", "paired"),
    "played",
    "played: opponents met over the board; paired: also forfeit opponents",
    ("opponents met over the board", "forfeit opponents counted too"),
)
_FORFEITS = OptionDef(
    "forfeits",
    ("exclude", "include"),
    "exclude",
    "exclude: only games played over the board; include: forfeits count as wins and losses",
    ("games played over the board only", "forfeits counted as wins and losses"),
)
_PASSES = OptionDef(
    "passes",
    ("repeat", "once"),
    "repeat",
    "repeat: applied again to the players a pass left tied, until a pass separates no one; "
    "once: a single pass over the whole tied group",
    ("repeated for those still tied", "a single pass"),
)

_S34 = "US Chess 34E"
_SYSTEM_LIST = (
    SystemDef(
        "modified_median",
        "Modified Median",
        f"{_S34}1; SCA posting; SwissSys list; MCA 2001",
        modified_median,
        (
            OptionDef(
                "even",
                ("half_max", "wins_equal_losses"),
                "half_max",
                "half_max: even = half the maximum possible score (34E1); wins_equal_losses: as many "
                "wins as losses (SwissSys list)",
                ("even score: half the maximum", "even score: as many wins as losses"),
            ),
            OptionDef(
                "minus",
                ("drop_highest", "drop_lowest"),
                "drop_highest",
                "which opponent a minus score drops: highest (34E1) or lowest (MCA 2001 as written)",
                (
                    "highest opponent dropped on a minus score",
                    "lowest opponent dropped on a minus score",
                ),
            ),
            _ADJUST,
            _NINE_MODIFIED,
        ),
    ),
    SystemDef(
        "median",
        "Median",
        f"{_S34}1 (Harkness); Median-Buchholz (Rozycki 1997); Basic Median (SwissSys list)",
        median,
        (_ADJUST, _NINE_MEDIAN),
        aliases=("median_buchholz", "harkness", "basic_median"),
    ),
    SystemDef(
        "solkoff",
        "Solkoff",
        f"{_S34}2; Buchholz (Rozycki 1997)",
        solkoff,
        (_ADJUST,),
        aliases=("buchholz",),
    ),
    SystemDef(
        "cumulative",
        "Cumulative",
        f"{_S34}3; Progress (Rozycki 1997); MCA 2001",
        cumulative,
        (_DEDUCT,),
        aliases=("progress",),
    ),
    SystemDef(
        "cumulative_opposition",
        "Cumulative of Opposition",
        f"{_S34}9; SwissSys list",
        cumulative_opposition,
        (_OPPONENTS, _DEDUCT),
    ),
    SystemDef(
        "cumulative_cut",
        "Cumulative cut",
        "SwissSys list",
        cumulative_cut,
        (
            OptionDef(
                "cut",
                (),
                None,
                "number of first rounds to discard (required, 1 or more)",
                ("first round cut", "first {} rounds cut"),
            ),
            _DEDUCT,
            OptionDef(
                "in_cut",
                ("deduct", "keep"),
                "deduct",
                "an unplayed win or bye inside the discarded rounds: deduct its points, since they "
                "still lift every later running score (34E3's reasoning), or keep them",
                (
                    "unplayed wins and byes in the cut rounds deducted",
                    "unplayed wins and byes in the cut rounds kept",
                ),
            ),
        ),
    ),
    SystemDef(
        "sonneborn_berger",
        "Sonneborn-Berger",
        "Rozycki 1997; SwissSys list; MCA 2001 on adjusted scores",
        sonneborn_berger,
        (
            OptionDef(
                "scores",
                ("final", "adjusted"),
                "final",
                "final: opponents' scores (Rozycki 1997, SwissSys list); adjusted: 34E1 adjusted scores (MCA 2001)",
                ("opponents' final scores", "US Chess adjusted scores"),
            ),
        ),
        aliases=("berger",),
    ),
    SystemDef(
        "kashdan",
        "Kashdan",
        "Rozycki 1997; SwissSys list; MCA 2001",
        kashdan,
        (
            OptionDef(
                "unplayed",
                ("0", "2"),
                "0",
                "points per unplayed round: 0 (Rozycki 1997, SwissSys list) or 2 (MCA 2001)",
                ("unplayed rounds 0", "unplayed rounds 2"),
            ),
        ),
    ),
    SystemDef(
        "wins",
        "Number of Wins",
        "Rozycki 1997 (FIDE); SwissSys list",
        wins,
        (
            OptionDef(
                "unplayed",
                ("exclude", "include"),
                "exclude",
                "exclude: games won over the board; include: also forfeit wins and full-point byes",
                (
                    "games won over the board",
                    "forfeit wins and full-point byes counted",
                ),
            ),
        ),
    ),
    SystemDef(
        "most_blacks",
        "Most Blacks",
        "Rozycki 1997 (US Chess); SwissSys list; MCA 2001",
        most_blacks,
    ),
    SystemDef(
        "black_win_points", "Black-win points", "SwissSys list", black_win_points
    ),
    SystemDef(
        "result_between_tied",
        "Result between tied players",
        "Rozycki 1997 (US Chess); MCA 2001",
        result_between_tied,
        (_FORFEITS, _PASSES),
        group_dependent=True,
    ),
    SystemDef(
        "head_to_head",
        "Head-to-head",
        "SwissSys list",
        head_to_head,
        (_FORFEITS, _PASSES),
        group_dependent=True,
    ),
    SystemDef(
        "average_opposition",
        "Average Opposition",
        "Rozycki 1997 (US Chess); SwissSys list",
        average_opposition,
        (_OPPONENTS,),
    ),
    SystemDef(
        "average_opposition_cut1",
        "Average Opposition cut 1",
        "SwissSys list",
        average_opposition_cut1,
        (_OPPONENTS,),
    ),
    SystemDef(
        "opposition_rating_sum",
        "Opposition's Rating Sum",
        "Rozycki 1997 (FIDE)",
        opposition_rating_sum,
        (_OPPONENTS,),
    ),
    SystemDef(
        "opposition_performance",
        "Opposition's Performance",
        "Rozycki 1997 (US Chess); SCA posting and SwissSys list: Performance of Opposition",
        opposition_performance,
        (_OPPONENTS,),
        aliases=("performance_of_opposition",),
    ),
    SystemDef(
        "actual_play_first", "Scored in actual play", "MCA 2001", actual_play_first
    ),
    SystemDef(
        "coin_flip",
        "Coin flip (drawing of lots)",
        "MCA 2001",
        coin_flip,
        needs_lots=True,
        aliases=("lots",),
    ),
)

SYSTEMS: Mapping[str, SystemDef] = MappingProxyType({s.id: s for s in _SYSTEM_LIST})
ALIASES: Mapping[str, str] = MappingProxyType(
    {a: s.id for s in _SYSTEM_LIST for a in s.aliases}
)
