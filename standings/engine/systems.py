"""One function per tiebreak system, and the registry ``SYSTEMS`` keyed by stable ids.

Every system has the same signature, ``(table, options, group_of) -> Column``: the shared
precomputation, the spec's options with defaults filled in, and for each player the id of the
group of players still tied with them. Only group-dependent systems read ``group_of``, so the
ranking loop needs no special cases (a team system would fit the same shape). A ``Column`` holds
one integer or Fraction key per player (higher is better), the scale that turns a key into
points, and a function that builds the explanation of one player's value on demand.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from .entities import Colour
from .explanations import Contribution, Deduction, Discard, Explanation
from .formatting import format_decimal
from .table import (
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LAST_PLAYED,
    LOSS,
    OUTCOME_TEXT,
    WIN,
    Table,
)

Options = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Column:
    """One system's values for every player: ``Fraction(keys[i], scale)``, higher ranks first."""

    keys: Sequence[int | Fraction]
    scale: int
    explain: Callable[[int], Explanation]


SystemFn = Callable[[Table, Options, Sequence[int]], Column]


@dataclass(frozen=True, slots=True)
class OptionDef:
    """A named option: its allowed values (empty: any whole number >= 1) and default (None: required)."""

    name: str
    values: tuple[str, ...]
    default: str | None
    help: str


@dataclass(frozen=True, slots=True)
class SystemDef:
    """A registry entry: stable id, human name, source citation, options, and how it is computed."""

    id: str
    name: str
    source: str
    compute: SystemFn
    options: tuple[OptionDef, ...] = ()
    group_dependent: bool = False
    needs_lots: bool = False
    aliases: tuple[str, ...] = ()

    def option(self, name: str) -> OptionDef | None:
        return next((o for o in self.options if o.name == name), None)


def _pts(t: Table, units: int) -> str:
    return format_decimal(t.fraction(units))


def _opp_id(t: Table, j: int) -> int | None:
    return t.player_id(j) if j >= 0 else None


def _rounds_text(rounds: Sequence[int]) -> str:
    return ", ".join(str(r) for r in rounds)


def _adjustment_text(t: Table, unplayed: Sequence[int]) -> str:
    """ "round 3 unplayed counted ½" (34E1's words: unplayed games "count a half point each")."""
    half = t.fraction(t.unplayed_units)
    value = "½" if half == Fraction(1, 2) else format_decimal(half)
    rounds = "round" if len(unplayed) == 1 else "rounds"
    each = "" if len(unplayed) == 1 else " each"
    return f"{rounds} {_rounds_text(unplayed)} unplayed counted {value}{each}"


# --- Opponents' scores: Modified Median, Median, Solkoff (US Chess 34E1, 34E2) -----------------


def _opposition(t: Table, adjust: str) -> list[list[int]]:
    """Per player, the opponents' scores the median family sums, in units, one per counted round.

    ``adjust=uschess`` (34E1): every round counts; a played round gives the opponent's adjusted
    score, an unplayed round of the player's own gives 0. ``adjust=none``: only rounds played over
    the board count, each with the opponent's plain score.
    """
    got = t.opposition_cache.get(adjust)
    if got is None:
        if adjust == "uschess":
            adj = t.adjusted
            got = [
                [
                    adj[j] if c <= LAST_PLAYED else 0
                    for c, j in zip(crow, orow, strict=True)
                ]
                for crow, orow in zip(t.outcomes, t.opponents, strict=True)
            ]
        else:
            sc = t.score
            got = [
                [sc[j] for c, j in zip(crow, orow, strict=True) if c <= LAST_PLAYED]
                for crow, orow in zip(t.outcomes, t.opponents, strict=True)
            ]
        t.opposition_cache[adjust] = got
    return got


def _sorted_opposition(t: Table, adjust: str) -> list[list[int]]:
    key = "sorted:" + adjust
    got = t.opposition_cache.get(key)
    if got is None:
        got = [sorted(row) for row in _opposition(t, adjust)]
        t.opposition_cache[key] = got
    return got


def _trimmed_sum(values: list[int], low: int, high: int) -> int:
    """Sum of a sorted list without its ``low`` lowest and ``high`` highest entries."""
    m = len(values)
    if low + high >= m:
        return 0
    return sum(values[low : m - high])


def _opposition_contributions(
    t: Table, i: int, adjust: str
) -> tuple[list[Contribution], list[Discard]]:
    """The terms of a median-family sum for player i, with notes, plus the rounds adjust=none leaves out."""
    terms: list[Contribution] = []
    left_out: list[Discard] = []
    for r, (c, j) in enumerate(
        zip(t.outcomes[i], t.opponents[i], strict=True), start=1
    ):
        if c <= LAST_PLAYED:
            if adjust == "uschess":
                unplayed = [
                    q for q, oc in enumerate(t.outcomes[j], start=1) if oc > LAST_PLAYED
                ]
                actual: Fraction | None = None
                adjustment = ""
                if unplayed:
                    note = (
                        f"opponent's adjusted score: unplayed rounds {_rounds_text(unplayed)} counted "
                        f"{_pts(t, t.unplayed_units)} each (34E1)"
                    )
                    if t.adjusted[j] != t.score[j]:
                        # The real score and the adjustment are shown beside the value.
                        note = "opponent's adjusted score (34E1)"
                        actual = t.fraction(t.score[j])
                        adjustment = _adjustment_text(t, unplayed)
                else:
                    note = "opponent's score (no unplayed rounds)"
                terms.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(t.adjusted[j]),
                        note,
                        actual=actual,
                        adjustment=adjustment,
                    )
                )
            else:
                terms.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(t.score[j]),
                        "opponent's score, not adjusted",
                    )
                )
        elif adjust == "uschess":
            terms.append(
                Contribution(
                    r,
                    _opp_id(t, j),
                    Fraction(0),
                    f"own unplayed round ({OUTCOME_TEXT[c]}) counts as an opponent with 0 (34E1)",
                )
            )
        else:
            own = Contribution(r, _opp_id(t, j), Fraction(0), OUTCOME_TEXT[c])
            left_out.append(
                Discard(own, "adjust=none: own unplayed rounds are left out")
            )
    return terms, left_out


_COUNT_TEXT = {1: "", 2: "two "}


def _explain_trimmed(
    t: Table, i: int, adjust: str, low: int, high: int, name: str, why: str
) -> Explanation:
    """Breakdown of a median-family value: the kept terms, and the dropped ones with the reason."""
    terms, left_out = _opposition_contributions(t, i, adjust)
    ordered = sorted(terms, key=lambda c: (c.value, c.round or 0))
    parts = []
    if high:
        parts.append(f"{_COUNT_TEXT[high]}highest")
    if low:
        parts.append(f"{_COUNT_TEXT[low]}lowest")
    rule = f"{why}: {' and '.join(parts)} dropped" if parts else ""
    if 2 in (low, high):
        rule += " (9+ rounds: two dropped)"
    m = len(ordered)
    cut_low = min(low, m)
    cut_high = min(high, m - cut_low)
    dropped = [Discard(c, rule) for c in ordered[:cut_low] + ordered[m - cut_high :]]
    kept_ids = {id(c) for c in ordered[cut_low : m - cut_high]}
    kept = tuple(c for c in terms if id(c) in kept_ids)
    total = sum((c.value for c in kept), Fraction(0))
    scores = "adjusted scores" if adjust == "uschess" else "scores"
    summary = (
        f"{name} {format_decimal(total)}: sum of {len(kept)} of {m} opponents' {scores}"
    )
    if rule:
        summary += f" ({rule})"
    if left_out:
        summary += f"; {len(left_out)} own unplayed rounds left out (adjust=none)"
    return Explanation(summary, kept, tuple(left_out + dropped))


def _drop_count(t: Table, opts: Options) -> int:
    # US Chess 34E1: "For tournaments of nine or more rounds" two are discarded at each end.
    return 2 if t.rounds_total >= 9 and opts["nine_rounds"] == "drop_two" else 1


def _score_class(t: Table, i: int, even: str) -> int:
    """-1 minus, 0 even, +1 plus score."""
    if even == "half_max":
        # US Chess 34E1: "an even score is equal to exactly one half of the maximum possible score".
        diff = 2 * t.score[i] - t.rounds * t.win_units
    else:
        # SwissSys list: even when "their number of wins and losses is the same". Forfeits are
        # wins and losses on the wall chart; byes and unpaired rounds are neither.
        row = t.outcomes[i]
        diff = sum(1 for c in row if c in (WIN, FORFEIT_WIN)) - sum(
            1 for c in row if c in (LOSS, FORFEIT_LOSS)
        )
    return (diff > 0) - (diff < 0)


_CLASS_TEXT = {-1: "minus", 0: "even", 1: "plus"}


def _modified_median_drops(
    t: Table, i: int, opts: Options, k: int
) -> tuple[int, int, int]:
    cls = _score_class(t, i, opts["even"])
    if cls == 0:
        return cls, k, k
    if cls > 0:
        return cls, k, 0
    # US Chess 34E1 drops the highest for minus scores; MCA 2001 as written drops the lowest.
    return (cls, 0, k) if opts["minus"] == "drop_highest" else (cls, k, 0)


def modified_median(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Opponents' (adjusted) scores, dropping by the player's own score: US Chess 34E1."""
    lists = _sorted_opposition(t, opts["adjust"])
    k = _drop_count(t, opts)
    keys: list[int | Fraction] = []
    for i, values in enumerate(lists):
        _, low, high = _modified_median_drops(t, i, opts, k)
        keys.append(_trimmed_sum(values, low, high))

    def explain(i: int) -> Explanation:
        cls, low, high = _modified_median_drops(t, i, opts, k)
        why = f"{_CLASS_TEXT[cls]} score"
        return _explain_trimmed(t, i, opts["adjust"], low, high, "Modified Median", why)

    return Column(keys, t.unit, explain)


def median(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Opponents' (adjusted) scores without the highest and lowest: US Chess 34E1 (Harkness); SwissSys list (Basic Median)."""
    lists = _sorted_opposition(t, opts["adjust"])
    k = _drop_count(t, opts)
    keys: list[int | Fraction] = [_trimmed_sum(v, k, k) for v in lists]
    why = "median"
    return Column(
        keys,
        t.unit,
        lambda i: _explain_trimmed(t, i, opts["adjust"], k, k, "Median", why),
    )


def solkoff(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Sum of all opponents' (adjusted) scores: US Chess 34E2 (FIDE: Buchholz)."""
    keys: list[int | Fraction] = [sum(v) for v in _opposition(t, opts["adjust"])]
    return Column(
        keys,
        t.unit,
        lambda i: _explain_trimmed(t, i, opts["adjust"], 0, 0, "Solkoff", "solkoff"),
    )


# --- Running scores: Cumulative, Cumulative cut, Cumulative of Opposition (34E3, 34E9, SwissSys list) -----

# Rounds whose points 34E3 (or MCA) takes back from the cumulative sum.
_DEDUCTED: dict[str, frozenset[int]] = {
    # 34E3: "One point is subtracted ... for each unplayed win or full-point bye (22B); likewise,
    # one-half point ... for each unplayed draw or half-point bye."
    "uschess": frozenset({FORFEIT_WIN, BYE_PAIRING, BYE_FULL, BYE_HALF}),
    # MCA 2001: "subtract one point for each one-point bye or forfeit win" (nothing for half byes).
    "mca": frozenset({FORFEIT_WIN, BYE_PAIRING, BYE_FULL}),
    "none": frozenset(),
}


def _deducted_rounds(t: Table, i: int, deduct: str, cut: int, in_cut: str) -> list[int]:
    """Rounds (0-based) whose points come off the sum: unplayed wins and byes the sum still holds.

    A round after the cut is in the sum itself. A round inside the cut is discarded, but its
    points still lift every running score after the cut; with ``in_cut=deduct`` it comes off
    too, as 34E3 takes an unplayed point off once whatever number of running scores it lifts.
    With nothing left after the cut the sum is 0 and nothing is taken off.
    """
    codes = _DEDUCTED[deduct]
    first = 0 if in_cut == "deduct" and t.rounds > cut else cut
    return [r for r, c in enumerate(t.outcomes[i]) if r >= first and c in codes]


def _cumulative_units(
    t: Table, i: int, deduct: str, cut: int, in_cut: str = "deduct"
) -> int:
    prow = t.points[i]
    taken = sum(prow[r] for r in _deducted_rounds(t, i, deduct, cut, in_cut))
    return sum(t.running[i][cut:]) - taken


def _cumulatives(t: Table, deduct: str) -> list[int]:
    got = t.cumulative_cache.get(deduct)
    if got is None:
        got = [_cumulative_units(t, i, deduct, 0) for i in range(len(t.players))]
        t.cumulative_cache[deduct] = got
    return got


_DEDUCTION_REASON = {
    "uschess": "34E3: the points of an unplayed win or bye are subtracted",
    "mca": "MCA: one point subtracted for each one-point bye or forfeit win",
}


def _explain_cumulative(
    t: Table, i: int, deduct: str, cut: int, name: str, in_cut: str = "deduct"
) -> Explanation:
    kept: list[Contribution] = []
    dropped: list[Discard] = []
    for r, (c, run) in enumerate(
        zip(t.outcomes[i], t.running[i], strict=True), start=1
    ):
        # A running score belongs to a round, not to an opponent: the term names the round.
        term = Contribution(
            r,
            None,
            t.fraction(run),
            f"running score after round {r} ({OUTCOME_TEXT[c]})",
            label=f"after round {r}",
        )
        if r <= cut:
            dropped.append(
                Discard(
                    term,
                    f"cut={cut}: the first {cut} rounds are discarded (SwissSys list)",
                )
            )
        else:
            kept.append(term)
    deductions: list[Deduction] = []
    for r in _deducted_rounds(t, i, deduct, cut, in_cut):
        points = t.points[i][r]
        if not points:
            continue
        reason = f"{OUTCOME_TEXT[t.outcomes[i][r]]}: {_DEDUCTION_REASON[deduct]}"
        if r < cut:
            reason += f"; its point still lifts the running scores after round {cut}"
        deductions.append(Deduction(r + 1, t.fraction(points), reason))
    total = t.fraction(_cumulative_units(t, i, deduct, cut, in_cut))
    summary = f"{name} {format_decimal(total)}: sum of running scores"
    if cut:
        summary += f" after round {cut}"
    if deductions:
        summary += f", less {format_decimal(sum((d.amount for d in deductions), Fraction(0)))} for unplayed rounds"
    return Explanation(summary, tuple(kept), tuple(dropped), tuple(deductions))


def cumulative(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Sum of the running scores, less unplayed wins and byes: US Chess 34E3 (FIDE: Progress)."""
    deduct = opts["deduct"]
    keys: list[int | Fraction] = list(_cumulatives(t, deduct))
    return Column(
        keys, t.unit, lambda i: _explain_cumulative(t, i, deduct, 0, "Cumulative")
    )


def cumulative_cut(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Cumulative without the first X rounds' running scores: SwissSys list."""
    deduct = opts["deduct"]
    cut = int(opts["cut"])
    in_cut = opts["in_cut"]
    keys: list[int | Fraction] = [
        _cumulative_units(t, i, deduct, cut, in_cut) for i in range(len(t.players))
    ]
    return Column(
        keys,
        t.unit,
        lambda i: _explain_cumulative(
            t, i, deduct, cut, f"Cumulative cut {cut}", in_cut
        ),
    )


def _counts_as_opponent(c: int, j: int, which: str) -> bool:
    """``opponents=played``: met over the board; ``paired``: also a forfeit against a named opponent."""
    return j >= 0 and (c <= LAST_PLAYED or which == "paired")


def _explain_not_met(r: int, c: int, opp: int | None) -> Discard:
    return Discard(
        Contribution(r, opp, Fraction(0), OUTCOME_TEXT[c]),
        "not an opponent met over the board (opponents=played)"
        if opp is not None
        else "no opponent",
    )


def cumulative_opposition(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Sum of the opponents' cumulative tiebreaks: US Chess 34E9."""
    cums = _cumulatives(t, opts["deduct"])
    which = opts["opponents"]
    # The test of _counts_as_opponent, inlined: this runs once per game of the section.
    paired = which == "paired"
    keys: list[int | Fraction] = [
        sum(
            cums[j]
            for c, j in zip(crow, orow, strict=True)
            if c <= LAST_PLAYED or (paired and j >= 0)
        )
        for crow, orow in zip(t.outcomes, t.opponents, strict=True)
    ]

    def explain(i: int) -> Explanation:
        kept: list[Contribution] = []
        dropped: list[Discard] = []
        for r, (c, j) in enumerate(
            zip(t.outcomes[i], t.opponents[i], strict=True), start=1
        ):
            if _counts_as_opponent(c, j, which):
                kept.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(cums[j]),
                        "opponent's cumulative tiebreak (34E3)",
                    )
                )
            else:
                dropped.append(_explain_not_met(r, c, _opp_id(t, j)))
        total = t.fraction(int(keys[i]))
        summary = f"Cumulative of Opposition {format_decimal(total)}: sum of {len(kept)} opponents' cumulative tiebreaks"
        return Explanation(summary, tuple(kept), tuple(dropped))

    return Column(keys, t.unit, explain)


# --- Opponents' scores weighted by result: Sonneborn-Berger ------------------------------------


def sonneborn_berger(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Scores of beaten opponents plus half those of drawn opponents: Rozycki 1997, SwissSys list; adjusted scores per MCA 2001."""
    scores = t.adjusted if opts["scores"] == "adjusted" else t.score
    keys: list[int | Fraction] = []
    # Twice the value, so that half an opponent's score stays a whole number of units.
    for crow, orow in zip(t.outcomes, t.opponents, strict=True):
        total = 0
        for c, j in zip(crow, orow, strict=True):
            if c == WIN:
                total += 2 * scores[j]
            elif c == DRAW:
                total += scores[j]
        keys.append(total)

    def explain(i: int) -> Explanation:
        terms: list[Contribution] = []
        what = "adjusted score" if opts["scores"] == "adjusted" else "score"
        for r, (c, j) in enumerate(
            zip(t.outcomes[i], t.opponents[i], strict=True), start=1
        ):
            if c == WIN:
                terms.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(scores[j]),
                        f"beaten opponent's {what}",
                    )
                )
            elif c == DRAW:
                terms.append(
                    Contribution(
                        r,
                        t.player_id(j),
                        t.fraction(scores[j]) / 2,
                        f"half the drawn opponent's {what}",
                    )
                )
            elif c == LOSS:
                terms.append(
                    Contribution(r, t.player_id(j), Fraction(0), "loss: adds nothing")
                )
            else:
                # No game was played, so there is no beaten or drawn opponent; 34E1 likewise counts a
                # player's own unplayed rounds as opponents worth 0.
                terms.append(
                    Contribution(
                        r,
                        _opp_id(t, j),
                        Fraction(0),
                        f"{OUTCOME_TEXT[c]}: unplayed, adds nothing",
                    )
                )
        total = Fraction(keys[i], 2 * t.unit)
        return Explanation(
            f"Sonneborn-Berger {format_decimal(total)} ({what}s of beaten and half of drawn opponents)",
            tuple(terms),
        )

    return Column(keys, 2 * t.unit, explain)


# --- Counting results: Kashdan, wins, blacks, black-win points ---------------------------------


def _counted(
    t: Table, name: str, points_for: Callable[[int, Colour | None], int], what: str
) -> Column:
    """A system that adds a fixed number per round from the outcome and colour alone."""
    keys: list[int | Fraction] = [
        sum(points_for(c, col) for c, col in zip(crow, colrow, strict=True))
        for crow, colrow in zip(t.outcomes, t.colours, strict=True)
    ]

    def explain(i: int) -> Explanation:
        terms = []
        for r, (c, col, j) in enumerate(
            zip(t.outcomes[i], t.colours[i], t.opponents[i], strict=True), start=1
        ):
            played_as = (
                f" as {col.name.lower()}"
                if col is not None and c <= LAST_PLAYED
                else ""
            )
            terms.append(
                Contribution(
                    r,
                    _opp_id(t, j),
                    Fraction(points_for(c, col)),
                    f"{OUTCOME_TEXT[c]}{played_as}",
                )
            )
        return Explanation(f"{name} {keys[i]}: {what}", tuple(terms))

    return Column(keys, 1, explain)


def kashdan(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """4 per win, 2 per draw, 1 per loss, 0 (MCA: 2) per unplayed game: Rozycki 1997, SwissSys list, MCA 2001."""
    unplayed = int(opts["unplayed"])
    table = (4, 2, 1)

    def points_for(c: int, col: Colour | None) -> int:
        return table[c] if c <= LAST_PLAYED else unplayed

    return _counted(
        t,
        "Kashdan",
        points_for,
        f"4 per win, 2 per draw, 1 per loss, {unplayed} per unplayed round",
    )


def wins(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Number of wins (Rozycki 1997): games won over the board, or with unplayed=include also forfeit wins and full-point byes."""
    counted = (
        {WIN, FORFEIT_WIN, BYE_PAIRING, BYE_FULL}
        if opts["unplayed"] == "include"
        else {WIN}
    )

    def points_for(c: int, col: Colour | None) -> int:
        return 1 if c in counted else 0

    what = (
        "wins incl. forfeit wins and full-point byes"
        if opts["unplayed"] == "include"
        else "games won over the board"
    )
    return _counted(t, "Wins", points_for, what)


def most_blacks(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Number of games played with Black: Rozycki 1997, SwissSys list, MCA 2001."""

    def points_for(c: int, col: Colour | None) -> int:
        return 1 if c <= LAST_PLAYED and col is Colour.BLACK else 0

    return _counted(t, "Most Blacks", points_for, "games played with Black")


def black_win_points(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Win as Black 3, win as White 2, draw as Black 1, anything else 0: SwissSys list."""

    def points_for(c: int, col: Colour | None) -> int:
        if c == WIN:
            return 3 if col is Colour.BLACK else 2 if col is Colour.WHITE else 0
        return 1 if c == DRAW and col is Colour.BLACK else 0

    return _counted(
        t,
        "Black-win points",
        points_for,
        "win as Black 3, win as White 2, draw as Black 1",
    )


# --- Games among the tied players: Result between tied players, Head-to-head -------------------


def _group_results(
    t: Table, i: int, group_of: Sequence[int], forfeits: str
) -> list[tuple[int, int, int]]:
    """(round, opponent index, +1 win / 0 draw / -1 loss) for player i's games inside their tied group."""
    wins_ = (WIN, FORFEIT_WIN) if forfeits == "include" else (WIN,)
    losses = (LOSS, FORFEIT_LOSS) if forfeits == "include" else (LOSS,)
    g = group_of[i]
    out = []
    for r, (c, j) in enumerate(
        zip(t.outcomes[i], t.opponents[i], strict=True), start=1
    ):
        if j >= 0 and group_of[j] == g:
            if c in wins_:
                out.append((r, j, 1))
            elif c in losses:
                out.append((r, j, -1))
            elif c == DRAW:
                out.append((r, j, 0))
    return out


def _group_note(t: Table, i: int, group_of: Sequence[int]) -> str:
    g = group_of[i]
    # Start numbers, not ids: this text is read out to players, who know each other by number.
    others = [
        f"#{p.start_number}"
        for j, p in enumerate(t.players)
        if group_of[j] == g and j != i
    ]
    return f"tied group: {', '.join(others)}" if others else "no other player tied"


def result_between_tied(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Wins minus losses in games among the tied players, not percentage: Rozycki 1997 (US Chess), MCA 2001."""
    keys: list[int | Fraction] = [
        sum(s for _, _, s in _group_results(t, i, group_of, opts["forfeits"]))
        for i in range(len(t.players))
    ]

    def explain(i: int) -> Explanation:
        res = _group_results(t, i, group_of, opts["forfeits"])
        text = {1: "win", 0: "draw", -1: "loss"}
        terms = tuple(
            Contribution(
                r, t.player_id(j), Fraction(s), f"{text[s]} against a tied player"
            )
            for r, j, s in res
        )
        return Explanation(
            f"Result between tied players {keys[i]:+d} (wins minus losses; {_group_note(t, i, group_of)})",
            terms,
        )

    return Column(keys, 1, explain)


def head_to_head(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """100 less one per game lost to another tied player: SwissSys list."""
    keys: list[int | Fraction] = [
        100
        - sum(
            1 for _, _, s in _group_results(t, i, group_of, opts["forfeits"]) if s < 0
        )
        for i in range(len(t.players))
    ]

    def explain(i: int) -> Explanation:
        lost = [
            (r, j)
            for r, j, s in _group_results(t, i, group_of, opts["forfeits"])
            if s < 0
        ]
        terms = (
            Contribution(
                None,
                None,
                Fraction(100),
                "SwissSys list: an arbitrary 100 point basis",
                label="starting value",
            ),
        )
        deductions = tuple(
            Deduction(
                r, Fraction(1), f"lost to tied player #{t.players[j].start_number}"
            )
            for r, j in lost
        )
        return Explanation(
            f"Head-to-head {keys[i]} ({_group_note(t, i, group_of)})",
            terms,
            (),
            deductions,
        )

    return Column(keys, 1, explain)


# --- Opponents' ratings: Average Opposition, cut 1, Rating Sum, Performance --------------------


def _rated_opponents(t: Table, i: int, which: str) -> list[int]:
    """Ratings of player i's opponents that count (unrated opponents have none and are left out)."""
    players = t.players
    out = []
    for c, j in zip(t.outcomes[i], t.opponents[i], strict=True):
        if _counts_as_opponent(c, j, which):
            rating = players[j].rating
            if rating is not None:
                out.append(rating)
    return out


def _explain_ratings(
    t: Table, i: int, which: str, value_of: Callable[[int], Fraction | None], what: str
) -> tuple[list[Contribution], list[Discard]]:
    kept: list[Contribution] = []
    dropped: list[Discard] = []
    for r, (c, j) in enumerate(
        zip(t.outcomes[i], t.opponents[i], strict=True), start=1
    ):
        if not _counts_as_opponent(c, j, which):
            dropped.append(_explain_not_met(r, c, _opp_id(t, j)))
            continue
        v = value_of(j)
        if v is None:
            dropped.append(
                Discard(
                    Contribution(r, t.player_id(j), Fraction(0), OUTCOME_TEXT[c]),
                    f"opponent has no {what}",
                )
            )
        else:
            kept.append(Contribution(r, t.player_id(j), v, f"opponent's {what}"))
    return kept, dropped


def _rating_of(t: Table, j: int) -> Fraction | None:
    rating = t.players[j].rating
    return None if rating is None else Fraction(rating)


def _average(values: Sequence[int | Fraction]) -> Fraction:
    # No counted opponent at all gives 0, the lowest value, rather than an undefined average.
    return Fraction(sum(values), len(values)) if values else Fraction(0)


def average_opposition(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Average rating of the opponents: Rozycki 1997 (US Chess); SwissSys list."""
    which = opts["opponents"]
    keys: list[int | Fraction] = [
        _average(_rated_opponents(t, i, which)) for i in range(len(t.players))
    ]

    def explain(i: int) -> Explanation:
        kept, dropped = _explain_ratings(
            t, i, which, lambda j: _rating_of(t, j), "rating"
        )
        return Explanation(
            f"Average Opposition {format_decimal(Fraction(keys[i]))}: average of {len(kept)} opponents' ratings",
            tuple(kept),
            tuple(dropped),
        )

    return Column(keys, 1, explain)


def average_opposition_cut1(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Average rating of the opponents without the lowest: SwissSys list."""
    which = opts["opponents"]
    keys: list[int | Fraction] = []
    for i in range(len(t.players)):
        ratings = sorted(_rated_opponents(t, i, which))
        # With a single rated opponent there is nothing left to average after a cut: keep it.
        keys.append(_average(ratings[1:] if len(ratings) >= 2 else ratings))

    def explain(i: int) -> Explanation:
        kept, dropped = _explain_ratings(
            t, i, which, lambda j: _rating_of(t, j), "rating"
        )
        if len(kept) >= 2:
            lowest = min(kept, key=lambda c: (c.value, c.round or 0))
            kept.remove(lowest)
            dropped.append(Discard(lowest, "cut 1: the lowest rating is dropped"))
        return Explanation(
            f"Average Opposition cut 1 {format_decimal(Fraction(keys[i]))}: average of {len(kept)} opponents' ratings",
            tuple(kept),
            tuple(dropped),
        )

    return Column(keys, 1, explain)


def opposition_rating_sum(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Sum of the opponents' ratings: Rozycki 1997 (FIDE)."""
    which = opts["opponents"]
    keys: list[int | Fraction] = [
        sum(_rated_opponents(t, i, which)) for i in range(len(t.players))
    ]

    def explain(i: int) -> Explanation:
        kept, dropped = _explain_ratings(
            t, i, which, lambda j: _rating_of(t, j), "rating"
        )
        return Explanation(
            f"Opposition's Rating Sum {keys[i]}: sum of {len(kept)} opponents' ratings",
            tuple(kept),
            tuple(dropped),
        )

    return Column(keys, 1, explain)


def _performances(t: Table) -> list[Fraction | None]:
    """Each player's performance rating (SCA posting): their opponents' ratings +400 per win, -400 per loss, averaged.

    Only games played over the board against a rated opponent count; a player without one has none.
    """
    if t.performance_cache is None:
        players = t.players
        bonus = (400, 0, -400)
        perf: list[Fraction | None] = []
        for crow, orow in zip(t.outcomes, t.opponents, strict=True):
            total = count = 0
            for c, j in zip(crow, orow, strict=True):
                if c <= LAST_PLAYED:
                    rating = players[j].rating
                    if rating is not None:
                        total += rating + bonus[c]
                        count += 1
            perf.append(Fraction(total, count) if count else None)
        t.performance_cache = perf
    return t.performance_cache


def opposition_performance(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """Average of the opponents' performance ratings: Rozycki 1997 (US Chess), SCA posting, SwissSys list."""
    which = opts["opponents"]
    perf = _performances(t)
    keys: list[int | Fraction] = []
    for crow, orow in zip(t.outcomes, t.opponents, strict=True):
        values = [
            p
            for c, j in zip(crow, orow, strict=True)
            if _counts_as_opponent(c, j, which) and (p := perf[j]) is not None
        ]
        keys.append(_average(values))

    def explain(i: int) -> Explanation:
        kept, dropped = _explain_ratings(
            t, i, which, lambda j: perf[j], "performance rating"
        )
        return Explanation(
            f"Opposition's Performance {format_decimal(Fraction(keys[i]))}: average of {len(kept)} opponents' performance ratings",
            tuple(kept),
            tuple(dropped),
        )

    return Column(keys, 1, explain)


# --- Other: scored in actual play, drawing of lots ---------------------------------------------


def actual_play_first(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """1 if any of the player's points came from games played over the board, else 0: MCA 2001."""
    over_board = [
        sum(p for c, p in zip(crow, prow, strict=True) if c <= LAST_PLAYED)
        for crow, prow in zip(t.outcomes, t.points, strict=True)
    ]
    keys: list[int | Fraction] = [1 if p > 0 else 0 for p in over_board]

    def explain(i: int) -> Explanation:
        terms = tuple(
            Contribution(
                r,
                _opp_id(t, j),
                t.fraction(p),
                OUTCOME_TEXT[c]
                + ("" if c <= LAST_PLAYED else ": unplayed, not counted"),
            )
            for r, (c, j, p) in enumerate(
                zip(t.outcomes[i], t.opponents[i], t.points[i], strict=True), start=1
            )
            if p
        )
        if keys[i]:
            summary = f"Scored in actual play: 1 ({_pts(t, over_board[i])} of {_pts(t, t.score[i])} points over the board)"
        elif t.score[i]:
            summary = "Scored in actual play: 0 (every point came from unplayed rounds)"
        else:
            summary = "Scored in actual play: 0 (no points)"
        return Explanation(summary, terms)

    return Column(keys, 1, explain)


def lot(seed: str, start_number: int) -> int:
    """A player's lot: the first 8 bytes of SHA-256 over the seed and the start number."""
    digest = hashlib.sha256(f"{seed}\x1f{start_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def coin_flip(t: Table, opts: Options, group_of: Sequence[int]) -> Column:
    """A drawing of lots from the recorded seed, the same seed giving the same order: MCA 2001."""
    seed = t.lots_seed
    if seed is None:
        raise ValueError("coin_flip needs a lots_seed")
    n = len(t.players)
    # The hashes fix the order of the draw; the value shown is the player's place in it counted
    # from the bottom (n for the first lot drawn), so the wall chart shows a small number.
    drawn = sorted(
        range(n), key=lambda i: lot(seed, t.players[i].start_number), reverse=True
    )
    keys: list[int | Fraction] = [0] * n
    for place, i in enumerate(drawn):
        keys[i] = n - place

    def explain(i: int) -> Explanation:
        p = t.players[i]
        return Explanation(
            f"Lot {keys[i]} of {n} (drawn by SHA-256 of seed {seed!r} and start number "
            f"{p.start_number}; higher wins)"
        )

    return Column(keys, 1, explain)


# --- Registry ----------------------------------------------------------------------------------

_ADJUST = OptionDef(
    "adjust",
    ("uschess", "none"),
    "uschess",
    "uschess: 34E1 adjusted scores (unplayed rounds count 1/2; own unplayed rounds are opponents with 0); "
    "none: plain scores, own unplayed rounds left out",
)
_NINE = OptionDef(
    "nine_rounds",
    ("drop_two", "drop_one"),
    "drop_two",
    "events of nine or more rounds drop two at each end (34E1) or one",
)
_DEDUCT = OptionDef(
    "deduct",
    ("uschess", "mca", "none"),
    "uschess",
    "uschess: subtract forfeit wins, full- and half-point byes (34E3); mca: only forfeit wins and "
    "one-point byes (MCA 2001); none: nothing",
)
_OPPONENTS = OptionDef(
    "opponents",
    ("played", "paired"),
    "played",
    "played: opponents met over the board; paired: also forfeit opponents",
)
_FORFEITS = OptionDef(
    "forfeits",
    ("exclude", "include"),
    "exclude",
    "exclude: only games played over the board; include: forfeits count as wins and losses",
)
_PASSES = OptionDef(
    "passes",
    ("repeat", "once"),
    "repeat",
    "repeat: applied again to the players a pass left tied, until a pass separates no one; "
    "once: a single pass over the whole tied group",
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
            ),
            OptionDef(
                "minus",
                ("drop_highest", "drop_lowest"),
                "drop_highest",
                "which opponent a minus score drops: highest (34E1) or lowest (MCA 2001 as written)",
            ),
            _ADJUST,
            _NINE,
        ),
    ),
    SystemDef(
        "median",
        "Median",
        f"{_S34}1 (Harkness); Median-Buchholz (Rozycki 1997); Basic Median (SwissSys list)",
        median,
        (_ADJUST, _NINE),
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
            ),
            _DEDUCT,
            OptionDef(
                "in_cut",
                ("deduct", "keep"),
                "deduct",
                "an unplayed win or bye inside the discarded rounds: deduct its points, since they "
                "still lift every later running score (34E3's reasoning), or keep them",
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
