"""Time the pairing program on big Swiss sections: the pure pairing, the service, the command.

    .venv/bin/python bench/pairing_bench.py [--sizes 300,1000,5000] [--before 6] [--repeat 3]

For each size it plays ``--before`` rounds (paired by the program itself, results drawn at
random by rating, deterministic: fixed seed), with about 2% requested half-point byes per round,
1% forfeits, 1% of players withdrawing, 3% unrated and 1% late entries, so the next round has
realistic score groups, floaters, byes and players who have met. Then it measures pairing the
next round: (a) ``pair_swiss`` on plain data (best of ``--repeat``), (b) ``round_pair`` on a
scratch SQLite database: load, pair, save in one transaction (best of ``--repeat``, each rolled
back), (c) ``manage.py pair SLUG`` in a fresh interpreter (wall time, startup included; once).
Nothing touches the project's own database.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.tournaments.pairing.events import BYE_POINTS  # noqa: E402
from tournaments.pairing import (  # noqa: E402
    ByeKind,
    Colour,
    Entrant,
    RoundPairing,
    pair_swiss,
    pairing_problems,
)

SEED = 29
# One pairing as section_rounds_create takes it: round, board, white, black, result code.
Row = tuple[int, int | None, int, int | None, str]
BYE_CODES = {
    ByeKind.PAIRING: "bye_pairing",
    ByeKind.FULL: "bye_full",
    ByeKind.HALF: "bye_half",
    ByeKind.ZERO: "bye_zero",
    ByeKind.NO_GAME: "not_paired",
}


@dataclass
class _State:
    """A player's record while the earlier rounds are played."""

    score: Fraction = Fraction(0)
    colours: list[Colour] = field(default_factory=list)
    opponents: set[int] = field(default_factory=set)
    had_bye: bool = False


def history(
    players: int, before: int, seed: int = SEED
) -> tuple[list[tuple[int, int | None, int]], list[Row], list[Entrant], set[int]]:
    """(start number, rating, first round) per player, the rows of ``before`` rounds, the
    entrants as they stand for round ``before + 1``, and who withdrew."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(700, 2500) for _ in range(players)), reverse=True)
    entries = []
    for n, rating in enumerate(ratings, start=1):
        first = rng.randint(2, before) if before > 1 and rng.random() < 0.01 else 1
        entries.append((n, None if rng.random() < 0.03 else rating, first))
    state = {n: _State() for n, _r, _f in entries}
    withdrawn: set[int] = set()
    rows: list[Row] = []

    def entrant(n: int, rating: int | None, bye: ByeKind | None) -> Entrant:
        s = state[n]
        return Entrant(
            id=n,
            name=f"Player {n}",
            rating=rating,
            score=s.score,
            colours=tuple(s.colours),
            opponents=frozenset(s.opponents),
            had_bye=s.had_bye,
            requested_bye=bye,
            withdrawn=n in withdrawn,
        )

    for r in range(1, before + 1):
        entrants = [
            entrant(n, rating, ByeKind.HALF if rng.random() < 0.02 else None)
            for n, rating, first in entries
            if first <= r
        ]
        made = pair_swiss(entrants, round_number=r, seed="bench")
        play(made, r, rows, state, rng)
        for n, _rating, first in entries:
            if first <= r and n not in withdrawn and rng.random() < 0.01 / before:
                withdrawn.add(n)
    entrants = [entrant(n, rating, None) for n, rating, _first in entries]
    return entries, rows, entrants, withdrawn


def play(
    made: RoundPairing,
    r: int,
    rows: list[Row],
    state: dict[int, _State],
    rng: random.Random,
) -> None:
    for bye in made.byes:
        rows.append((r, None, bye.player, None, BYE_CODES[bye.kind]))
        state[bye.player].score += BYE_POINTS[bye.kind]
        state[bye.player].had_bye = True
    for board, pair in enumerate(made.boards, start=1):
        white, black = state[pair.white], state[pair.black]
        white.opponents.add(pair.black)
        black.opponents.add(pair.white)
        roll = rng.random()
        if roll < 0.01:
            winner = white if roll < 0.005 else black
            winner.score += 1
            winner.had_bye = True
            code = "white_forfeit_win" if roll < 0.005 else "black_forfeit_win"
        else:
            white.colours.append(Colour.WHITE)
            black.colours.append(Colour.BLACK)
            outcome = rng.random()
            if outcome < 0.42:
                white.score += 1
                code = "white_win"
            elif outcome < 0.6:
                white.score += Fraction(1, 2)
                black.score += Fraction(1, 2)
                code = "draw"
            else:
                black.score += 1
                code = "black_win"
        rows.append((r, board, pair.white, pair.black, code))


def _best(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def section_insert(
    slug: str,
    entries: list[tuple[int, int | None, int]],
    rows: list[Row],
    withdrawn: set[int],
    before: int,
    rounds: int,
) -> None:
    from django.db import transaction

    from tournaments.models import Player, Round, Section, Tournament
    from tournaments.services import section_rounds_create

    with transaction.atomic():
        tournament = Tournament.objects.create(name=slug, slug=slug)
        section = Section.objects.create(
            tournament=tournament,
            name="Open",
            rounds_total=rounds,
            pairing_options={"lots_seed": "bench"},
        )
        Player.objects.bulk_create(
            (
                Player(
                    section=section,
                    start_number=n,
                    name=f"Player {n}",
                    rating=rating,
                    status="withdrawn" if n in withdrawn else "active",
                    withdrawn_after_round=before if n in withdrawn else None,
                )
                for n, rating, _first in entries
            ),
            batch_size=2000,
        )
        section_rounds_create(section=section, rows=rows)
        Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)


def bench_service(slug: str, repeat: int) -> float:
    """Best seconds of round_pair (load, pair, save), each run rolled back."""
    from django.db import transaction

    from tournaments.models import Section
    from tournaments.services import ABSENT_PAIR, FORFEITED_PAIR, round_pair

    section = Section.objects.get(tournament__slug=slug)
    times = []
    for _ in range(repeat):
        with transaction.atomic():
            start = time.perf_counter()
            round_pair(
                section=section,
                post=True,
                absent=ABSENT_PAIR,
                forfeited=FORFEITED_PAIR,
                post_default_order=True,
            )
            times.append(time.perf_counter() - start)
            transaction.set_rollback(True)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="300,1000,5000")
    parser.add_argument(
        "--before", type=int, default=6, help="rounds played before the one timed"
    )
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    sizes = [int(s) for s in options.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="tiebreak-pairing-bench-") as scratch:
        run(sizes, options.before, options.repeat, Path(scratch))


def run(sizes: list[int], before: int, repeat: int, scratch: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{scratch / 'bench.sqlite3'}",
        "DEBUG": "false",
    }
    env.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DEBUG", "SECRET_KEY")})
    os.environ["DJANGO_SETTINGS_MODULE"] = "tiebreak_site.settings"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    print(
        f"Python {platform.python_version()} on {platform.platform()}, {os.cpu_count()} CPUs"
    )
    print(f"Pairing round {before + 1} after {before} rounds played.")
    header = (
        f"{'players':>7} {'groups':>6} {'pair_swiss s':>12} {'us/player':>9} "
        f"{'round_pair s':>12} {'us/player':>9} {'manage.py pair s':>16} {'notes':>6} {'problems':>8}"
    )
    print(header)
    print("-" * len(header))
    for size in sizes:
        entries, rows, entrants, withdrawn = history(size, before)
        groups = len({e.score for e in entrants if not e.withdrawn})
        made = pair_swiss(entrants, round_number=before + 1, seed="bench")
        problems = pairing_problems(entrants, made.boards, made.byes)
        pure = _best(partial(pair_swiss, entrants, round_number=before + 1), repeat)
        slug = f"pairing-bench-{size}"
        section_insert(slug, entries, rows, withdrawn, before, before + 3)
        service = bench_service(slug, repeat)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "manage.py", "pair", slug],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        command = time.perf_counter() - start
        print(
            f"{size:>7} {groups:>6} {pure:>12.3f} {pure / size * 1e6:>9.0f} "
            f"{service:>12.3f} {service / size * 1e6:>9.0f} {command:>16.2f} "
            f"{len(made.notes):>6} {len(problems):>8}"
        )
    print(
        "us/player: microseconds per player (flat = linear growth). problems: what the checker "
        "finds in the pairing (0 expected)."
    )


if __name__ == "__main__":
    main()
