"""Due colours missed: Tiebreak against a FIDE Dutch engine on the same generated states.

    .venv/bin/python bench/pairing_compare.py [--sizes 9,40,151,400] [--rounds 7] [--seeds 19,20,21,22]
    .venv/bin/python bench/pairing_compare.py --sizes 1001,5000 --speed-only

Each event comes from ``pairing_events.py`` (withdrawals, requested byes, forfeits, late
entries); every round's state (the players as they stand before it) is paired by Tiebreak and,
when the environment variable ``TIEBREAK_REFERENCE_ENGINE`` names a bbpPairings executable
(built by the reader: it is not part of this project), by that engine with ``--dutch`` on the
same state written as a TRF file. Without it, each score group of up to 12 players that
Tiebreak paired within itself is searched exhaustively for the fewest due colours missed
without a rematch, and that minimum is the reference.

Counted per engine over all rounds: players not given their due colour, boards across score
groups, and (Tiebreak only) rules broken as ``pairing_problems`` finds them, and the slowest
round's ``pair_swiss`` time in process (the speed targets: 1,001 players under 1 s, 5,000 under
5 s). With or without an engine, ``limits_minimum`` searches every score group Tiebreak
paired within itself for its best arrangement within the US rating limits
(``limits_search.py``): the best possible under the same rules, and the groups where it beats
Tiebreak (printed with both arrangements).
``--speed-only`` skips the references. The Markdown
table printed at the end is the one in docs/pairing.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import cast

from limits_search import best_within_limits, clashes_forced
from pairing_events import (
    Player,
    State,
    colour_gains,
    colour_misses,
    cross_boards,
    event_rounds,
    rank_deviation,
    score_gap,
)

from tournaments.pairing import (
    Board,
    ByeKind,
    Entrant,
    PairingOptions,
    RoundPairing,
    options_parse,
    pair_swiss,
    pairing_problems,
)

ENGINE = "TIEBREAK_REFERENCE_ENGINE"
# A rating limit no two players' ratings are apart by: no limit.
_LIFTED = 10_000
# How many boards the search within the rating limits may try per number of clashes in one
# group before it leaves the group unsettled.
_ALLOWANCE = 20_000
_REQUESTED = {ByeKind.FULL: "F", ByeKind.HALF: "H", ByeKind.ZERO: "Z"}


def trf_text(state: State, rounds: int) -> str:
    """The state as TRF: every round played so far, and who is not paired in the round asked."""
    present = {e.id: e for e in state.entrants}
    lines = [f"012 Generated event, round {state.round_number}", f"XXR {rounds}"]
    lines.append("XXC white1")
    for player in sorted(state.players, key=lambda p: p.id):
        if player.first_round > state.round_number:
            # Not entered yet: listed (the engine wants every number) but not paired.
            lines.append(_player_line(player, [(0, "-", "Z")] * state.round_number))
            continue
        games = list(player.games)
        entrant = present[player.id]
        if entrant.withdrawn:
            games.append((0, "-", "Z"))
        elif entrant.requested_bye is not None:
            games.append((0, "-", _REQUESTED[entrant.requested_bye]))
        lines.append(_player_line(player, games))
    return "\n".join(lines) + "\n"


def _player_line(player: Player, games: Sequence[tuple[int, str, str]]) -> str:
    points = float(player.score)
    rating = f"{player.rating:4d}" if player.rating else "    "
    head = (
        f"001 {player.id:4d} {'':1}{'':3} {f'Player {player.id}':<33} {rating} "
        f"{'':3} {'':11} {'':10} {points:4.1f} {player.id:4d}"
    )
    return head + "".join(f"  {opp:04d} {c} {r}" for opp, c, r in games)


def reference_boards(
    engine: str, state: State, rounds: int
) -> tuple[list[Board], float]:
    """The reference engine's boards for the state, and its time in seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp, "in.trf"), Path(tmp, "out.txt")
        source.write_text(trf_text(state, rounds))
        start = time.perf_counter()
        done = subprocess.run(
            [engine, "--dutch", str(source), "-p", str(out)],
            capture_output=True,
            text=True,
            check=False,
        )
        took = time.perf_counter() - start
        if done.returncode != 0:
            raise RuntimeError(f"reference engine failed: {done.stderr.strip()}")
        rows = out.read_text().split()[1:]
    pairs = zip(rows[::2], rows[1::2], strict=True)
    return [Board(int(w), int(b)) for w, b in pairs if int(b) != 0], took


def _score_groups(
    entrants: Sequence[Entrant], boards: Sequence[Board]
) -> tuple[dict[Fraction, list[Board]], int]:
    """The boards of players with the same score, by score; and the due colours missed on the
    boards across score groups."""
    by_id = {e.id: e for e in entrants}
    groups: dict[Fraction, list[Board]] = {}
    across = 0
    for board in boards:
        white, black = by_id[board.white], by_id[board.black]
        if white.score == black.score:
            groups.setdefault(white.score, []).append(board)
        else:
            across += colour_misses(entrants, [board])
    return groups, across


def exhaustive_minimum(entrants: Sequence[Entrant], boards: Sequence[Board]) -> int:
    """Fewest due colours missed: each score group Tiebreak paired within itself (up to 12
    players) re-paired every way without a rematch; other boards counted as paired."""
    by_id = {e.id: e for e in entrants}
    groups, total = _score_groups(entrants, boards)
    for group in groups.values():
        players = [by_id[p] for b in group for p in (b.white, b.black)]
        if len(players) > 12:
            total += colour_misses(entrants, group)
            continue
        best = _fewest(players)
        total += min(best, colour_misses(entrants, group))
    return total


@dataclass
class Within:
    """The best possible within the US limits over a round's score groups: due colours missed
    (each group the fewest of the search and Tiebreak's own boards), the groups where the
    search found fewer than Tiebreak, and the groups it could not settle in its allowance."""

    missed: int = 0
    beaten: list[tuple[Fraction, int, int, tuple[tuple[int, int], ...]]] = field(
        default_factory=list
    )
    unsettled: int = 0


def limits_minimum(
    entrants: Sequence[Entrant], boards: Sequence[Board], options: PairingOptions
) -> tuple[Within, Within]:
    """Fewest due colours missed within the US rating limits: each score group Tiebreak paired
    within itself searched exhaustively (``limits_search.best_within_limits``: transpositions,
    interchanges across the halves and chains, every player within the limit of the one whose
    place they take, 29E5), the rest as Tiebreak paired them. Only the groups where Tiebreak
    misses more than the group's due colours force are searched (no arrangement misses fewer).
    Twice: with the limits measured strictly from top against bottom, and with a move that
    repairs a rematch of top against bottom free of any limit (a wider search: it starts below
    what the strict one found)."""
    by_id = {e.id: e for e in entrants}
    groups, across = _score_groups(entrants, boards)
    strict, free = Within(missed=across), Within(missed=across)
    for score, group in groups.items():
        ours = colour_misses(entrants, group)
        players = [by_id[p] for b in group for p in (b.white, b.black)]
        if ours <= clashes_forced(players):
            strict.missed += ours
            free.missed += ours
            continue
        found, arranged = ours, tuple[tuple[int, int], ...]()
        for within, repairs in ((strict, False), (free, True)):
            best = best_within_limits(
                players, options, below=found, repairs=repairs, allowance=_ALLOWANCE
            )
            if best.clashes is not None and best.clashes < found:
                found, arranged = best.clashes, best.boards
            if found < ours:
                within.beaten.append((score, ours, found, arranged))
            within.missed += found
            if best.at_least < found:
                within.unsettled += 1
    return strict, free


def _group_boards(
    entrants: Sequence[Entrant], boards: Sequence[Board], score: Fraction
) -> list[tuple[int, int]]:
    """The boards (White, Black) of the players of one score group paired within it."""
    groups, _across = _score_groups(entrants, boards)
    return [(b.white, b.black) for b in groups[score]]


def _fewest(players: list[Entrant]) -> int:
    if not players:
        return 0
    first, rest = players[0], players[1:]
    best = len(players)
    for k, other in enumerate(rest):
        if other.id in first.opponents:
            continue
        clash = 1 if first.due is not None and first.due is other.due else 0
        if clash >= best:
            continue
        best = min(best, clash + _fewest(rest[:k] + rest[k + 1 :]))
    return best


def _rounds(
    size: int, rounds: int, seeds: Sequence[int], options: PairingOptions
) -> Iterator[tuple[int, State, RoundPairing]]:
    """Every round of one event per seed (the seed plus the size draws the event)."""
    for seed in seeds:
        for state, pairing in event_rounds(size, rounds, seed + size, options=options):
            yield seed, state, pairing


def _paired_out(entrants: Sequence[Entrant], boards: Sequence[Board]) -> set[int]:
    """The players present (not withdrawn, no requested bye) left off the boards: the
    pairing bye."""
    on = {p for b in boards for p in (b.white, b.black)}
    return {
        e.id
        for e in entrants
        if not e.withdrawn and e.requested_bye is None and e.id not in on
    }


def compare(
    sizes: Sequence[int],
    rounds: int,
    seeds: Sequence[int],
    speed_only: bool = False,
    options: PairingOptions | None = None,
) -> list[dict[str, object]]:
    engine = None if speed_only else os.environ.get(ENGINE)
    options = options or PairingOptions()
    # The same states paired again with no rating limit: how much of the difference is the
    # limits (the FIDE Dutch system has none).
    lifted_options = dataclasses.replace(
        options, alternate_limit=_LIFTED, equalise_limit=_LIFTED
    )
    # And with the bye for colours posted (28L2a): the FIDE Dutch system gives the pairing bye
    # to whichever player of the lowest group pairs best, colours included.
    bye_options = dataclasses.replace(lifted_options, bye_for_colours=True)
    limits = (options.alternate_limit, options.equalise_limit)
    rows: list[dict[str, object]] = []
    for size in sizes:
        ours = theirs = ours_cross = theirs_cross = broken = lifted = lifted_bye = 0
        # The fewest the search within the limits finds (from top against bottom strictly,
        # and with rematch repairs free), the groups where it beats Tiebreak, the groups it
        # left unsettled.
        within = [0, 0]
        beaten = [0, 0]
        unsettled = [0, 0]
        # Limits lifted minus the reference: rounds where the reference gives the pairing bye
        # to another player than Tiebreak, rounds where to the same player (or no bye).
        bye_split = [0, 0]
        gains = [0, 0, 0, 0]
        ours_gap = theirs_gap = Fraction(0)
        ours_dev = [0, 0]
        theirs_dev = [0, 0]
        their_time = slowest = 0.0
        for seed, state, pairing in _rounds(size, rounds, seeds, options):
            slowest = max(slowest, state.seconds)
            ours += colour_misses(state.entrants, pairing.boards)
            ours_cross += cross_boards(state.entrants, pairing.boards)
            ours_gap += score_gap(state.entrants, pairing.boards)
            for k, v in enumerate(rank_deviation(state.entrants, pairing.boards)):
                ours_dev[k] += v
            broken += len(
                pairing_problems(state.entrants, pairing.boards, pairing.byes)
            )
            if not speed_only:
                both = limits_minimum(state.entrants, pairing.boards, options)
                for k, (repairs, searched) in enumerate(
                    zip((False, True), both, strict=True)
                ):
                    within[k] += searched.missed
                    beaten[k] += len(searched.beaten)
                    unsettled[k] += searched.unsettled
                    for score, ours_there, best, arranged in searched.beaten:
                        print(
                            f"  {size} players, seed {seed}, round {state.round_number}, "
                            f"{float(score):g} group{' (repairs free)' if repairs else ''}: "
                            f"Tiebreak misses {ours_there}, the search {best}: Tiebreak "
                            f"{_group_boards(state.entrants, pairing.boards, score)}, "
                            f"the search {list(arranged)}",
                            flush=True,
                        )
            if not speed_only:
                free = pair_swiss(
                    state.entrants,
                    round_number=state.round_number,
                    options=lifted_options,
                    seed=str(seed + size),
                )
                lifted += colour_misses(state.entrants, free.boards)
                lifted_bye += colour_misses(
                    state.entrants,
                    pair_swiss(
                        state.entrants,
                        round_number=state.round_number,
                        options=bye_options,
                        seed=str(seed + size),
                    ).boards,
                )
            if engine:
                boards, took = reference_boards(engine, state, rounds)
                their_time += took
                theirs_cross += cross_boards(state.entrants, boards)
                theirs_gap += score_gap(state.entrants, boards)
                for k, v in enumerate(rank_deviation(state.entrants, boards)):
                    theirs_dev[k] += v
                found = colour_gains(state.entrants, pairing.boards, boards, limits)
                other_bye = _paired_out(state.entrants, boards) != _paired_out(
                    state.entrants, free.boards
                )
                bye_split[0 if other_bye else 1] += colour_misses(
                    state.entrants, free.boards
                ) - colour_misses(state.entrants, boards)
                for k, v in enumerate(found):
                    gains[k] += v
            else:
                boards = list(pairing.boards)
                theirs_cross, theirs_gap, theirs_dev = ours_cross, ours_gap, ours_dev
            if engine:
                theirs += colour_misses(state.entrants, boards)
            elif not speed_only:
                theirs += exhaustive_minimum(state.entrants, boards)
        rows.append(
            {
                "players": size,
                "ours": ours,
                "theirs": theirs,
                "ours_cross": ours_cross,
                "ours_gap": float(ours_gap),
                "ours_dev": round(ours_dev[0] / max(1, ours_dev[1]), 2),
                "theirs_dev": round(theirs_dev[0] / max(1, theirs_dev[1]), 2),
                "theirs_gap": float(theirs_gap),
                "theirs_cross": theirs_cross,
                "broken": broken,
                "within": tuple(within),
                "beaten": tuple(beaten),
                "unsettled": tuple(unsettled),
                "lifted": lifted,
                "lifted_bye": lifted_bye,
                "bye_split": tuple(bye_split),
                "gains": tuple(gains),
                "limits": limits,
                "their_time": round(their_time, 2),
                "slowest_round": round(slowest, 3),
            }
        )
        print(rows[-1], flush=True)
    return rows


def table(
    rows: Sequence[dict[str, object]], reference: str, engine_used: bool = True
) -> str:
    head = "| players | " + " | ".join(f"{r['players']:,}" for r in rows) + " |"
    rule = "| --- |" + " --- |" * len(rows)
    cross = (
        f"| boards across score groups (Tiebreak / {reference}) | "
        + " | ".join(f"{r['ours_cross']} / {r['theirs_cross']}" for r in rows)
        + " |"
    )
    gap = (
        f"| score differences summed over the boards (Tiebreak / {reference}) | "
        + " | ".join(f"{r['ours_gap']:g} / {r['theirs_gap']:g}" for r in rows)
        + " |"
    )
    deviation = (
        f"| mean rank deviation from top half vs bottom half (Tiebreak / {reference}) | "
        + " | ".join(f"{r['ours_dev']} / {r['theirs_dev']}" for r in rows)
        + " |"
    )
    missed = (
        f"| due colour not given (Tiebreak / {reference}) | "
        + " | ".join(f"{r['ours']} / {r['theirs']}" for r in rows)
        + " |"
    )
    alternate, equalise = cast(tuple[int, int], rows[0]["limits"])
    within = (
        "| due colour not given (Tiebreak / best found within the US limits: every score "
        "group paired within itself searched, transpositions, interchanges and chains, each "
        f"player within {alternate} points of the one whose place they take, {equalise} to "
        "cure a clash between claims to equalise; limits from top against bottom / rematch "
        "repairs free) | "
        + " | ".join(
            f"{r['ours']} / {' / '.join(map(str, cast(tuple[int, ...], r['within'])))}"
            for r in rows
        )
        + " |"
    )
    beaten = (
        "| score groups where that search beats Tiebreak / groups it left unsettled (limits "
        "from top against bottom; rematch repairs free) | "
        + " | ".join(
            "; ".join(
                f"{b} / {u}"
                for b, u in zip(
                    cast(tuple[int, ...], r["beaten"]),
                    cast(tuple[int, ...], r["unsettled"]),
                    strict=True,
                )
            )
            for r in rows
        )
        + " |"
    )
    broken = (
        "| absolute rules broken (Tiebreak) | "
        + " | ".join(str(r["broken"]) for r in rows)
        + " |"
    )
    lifted = (
        "| due colour not given by Tiebreak on the same states, rating limits lifted | "
        + " | ".join(str(r["lifted"]) for r in rows)
        + " |"
    )
    lifted_bye = (
        "| due colour not given by Tiebreak on the same states, rating limits lifted and the "
        "bye for colours posted (28L2a) | "
        + " | ".join(str(r["lifted_bye"]) for r in rows)
        + " |"
    )
    bye_split = (
        f"| of the limits-lifted difference from {reference}: rounds it gives the pairing bye "
        "to another player / rounds it gives it to the same player | "
        + " | ".join(
            " / ".join(map(str, cast(tuple[int, ...], r["bye_split"]))) for r in rows
        )
        + " |"
    )
    gains = (
        f"| of the difference: score groups {reference} pairs within {alternate} points / "
        f"within {equalise} / over {equalise} (or with an unrated player moved) / boards "
        "across score groups | "
        + " | ".join(
            " / ".join(map(str, cast(tuple[int, ...], r["gains"]))) for r in rows
        )
        + " |"
    )
    lines = [head, rule, cross, gap, deviation, missed, within, beaten]
    lines += [lifted, lifted_bye]
    lines.append(bye_split)
    lines += [gains, broken]
    if not engine_used:
        # The exhaustive reference pairs Tiebreak's own boards: nothing moved, no bye of its own.
        lines.remove(gains)
        lines.remove(bye_split)
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="9,40,151,400")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument(
        "--seeds",
        "--seed",
        default="19",
        help="one event per seed and size, counted together: 19,20,21,22",
    )
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument(
        "--options",
        default="{}",
        help="posted pairing options, JSON: '{\"alternate_limit\": 200}'",
    )
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    options = options_parse(json.loads(args.options))
    seeds = [int(s) for s in args.seeds.split(",")]
    rows = compare(sizes, args.rounds, seeds, args.speed_only, options)
    if args.speed_only:
        return
    reference = "bbpPairings" if os.environ.get(ENGINE) else "exhaustive search"
    print()
    print(table(rows, reference, bool(os.environ.get(ENGINE))))


if __name__ == "__main__":
    main()
