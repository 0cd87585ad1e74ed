"""The posted tiebreaks as table columns: short headers, and what each means (hover, legend)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from standings.engine import TiebreakSpec

# One line each, in the words of the texts the engine cites (US Chess 34E; Rozycki 1997; the
# SwissSys list; MCA 2001). The engine's explanations give the worked figures per player.
TIEBREAK_HINTS: dict[str, str] = {
    "modified_median": "Sum of the opponents' scores, leaving out the highest and/or lowest "
    "depending on the player's own score (US Chess 34E1).",
    "median": "Sum of the opponents' scores without the highest and the lowest (Harkness).",
    "solkoff": "Sum of all the opponents' scores (US Chess 34E2).",
    "cumulative": "Sum of the player's running score after each round: winning early counts "
    "more (US Chess 34E3).",
    "cumulative_opposition": "Sum of the opponents' cumulative tiebreaks (US Chess 34E9).",
    "cumulative_cut": "Cumulative without the first rounds' running scores (SwissSys).",
    "sonneborn_berger": "Scores of the opponents the player beat, plus half the scores of "
    "those they drew with.",
    # The posted value, not the default: MCA 2001 counts 2 per unplayed round.
    "kashdan": "Wins 4, draws 2, losses 1, unplayed rounds {unplayed}: rewards playing for a "
    "win.",
    "wins": "Number of games won.",
    "most_blacks": "Number of games played with Black.",
    "black_win_points": "Win with Black 3, win with White 2, draw with Black 1, anything else "
    "0 (SwissSys).",
    # Rozycki 1997 and MCA 2001: "rank according to plus or minus, not percentage" (3-1 beats
    # 1-0); the points scored would put 2-2 above 1-0.
    "result_between_tied": "Wins minus losses in games among the players still tied: plus or "
    "minus, not percentage (3-1 beats 1-0).",
    "head_to_head": "100, less one for each game lost to another of the players still tied "
    "(SwissSys).",
    "average_opposition": "Average rating of the opponents.",
    "average_opposition_cut1": "Average rating of the opponents without the lowest.",
    "opposition_rating_sum": "Sum of the opponents' ratings.",
    "opposition_performance": "The opponents' average performance rating.",
    # MCA 2001: a player who scored in actual play ranks above one "whose entire point total
    # is due to unplayed games"; it is not a count of the points played.
    "actual_play_first": "A player who scored over the board ranks above a tied player whose "
    "whole score came from unplayed games (byes, forfeits).",
    "coin_flip": "Drawing of lots, reproducible from the recorded seed.",
}


def tiebreak_hint(spec: TiebreakSpec) -> str:
    """What the tiebreak means, with its posted options filled in ("{unplayed}")."""
    hint = TIEBREAK_HINTS.get(spec.id)
    return hint.format_map(spec.resolved_options()) if hint else spec.system.name


# Short column headers; the full name is in the hint and the legend.
TIEBREAK_ABBREVIATIONS: dict[str, str] = {
    "modified_median": "MM",
    "median": "Med",
    "solkoff": "Solk",
    "cumulative": "Cum",
    "cumulative_opposition": "CumOpp",
    "cumulative_cut": "CumCut",
    "sonneborn_berger": "SB",
    "kashdan": "Kash",
    "wins": "Wins",
    "most_blacks": "Blk",
    "black_win_points": "BWP",
    "result_between_tied": "Res",
    "head_to_head": "H2H",
    "average_opposition": "AvgOpp",
    "average_opposition_cut1": "AvgOpp1",
    "opposition_rating_sum": "OppRtg",
    "opposition_performance": "OppPerf",
    "actual_play_first": "Played",
    "coin_flip": "Lots",
}


@dataclass(frozen=True, slots=True)
class Column:
    """A posted tiebreak as a table column."""

    position: int  # 1-based place in the order
    key: str
    label: str
    short: str
    hint: str


def tiebreak_columns(order: Sequence[TiebreakSpec]) -> list[Column]:
    return [
        Column(
            n,
            spec.key,
            spec.label,
            TIEBREAK_ABBREVIATIONS.get(spec.id, spec.id),
            tiebreak_hint(spec),
        )
        for n, spec in enumerate(order, start=1)
    ]
