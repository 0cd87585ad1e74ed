"""Time the standings: the engine alone, the loader, and ``manage.py standings`` end to end.

    .venv/bin/python bench/standings_bench.py [--sizes 500,2000,5000] [--rounds 9] [--repeat 3]

For each size it generates a Swiss-like section (deterministic: fixed random seed), then measures
(a) ``compute_standings`` with the US Chess order on a Snapshot built in memory (best of
``--repeat``; peak memory from tracemalloc in a separate run, as tracemalloc slows Python down),
(b) ``snapshot_load`` from a scratch SQLite database and the whole command run in this process
(``call_command``; best of ``--repeat`` each), and (c) ``manage.py standings SLUG --format json``
in a subprocess on that database: wall time (startup included; best of ``--repeat``) and the
child's peak resident memory. Nothing touches the project's own database.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = 34


@dataclass
class _Player:
    number: int
    rating: int
    score: int = 0  # half-points
    opponents: set[int] = field(default_factory=set)
    whites: int = 0


# One generated pairing: (round, board, white start no., black start no. or None, result code).
Row = tuple[int, int | None, int, int | None, str]


def section_generate(
    players: int, rounds: int, seed: int = SEED
) -> tuple[list[tuple[int, int | None]], list[Row]]:
    """(start number, rating or None) per player and every pairing of a plausible Swiss section.

    Each round: about 2% take a half-point bye, an odd player out gets the pairing bye, the rest
    are paired in score order with the nearest player not met before, about 1% of games are
    forfeits, and results follow the rating difference. 1% of players withdraw after round 4.
    """
    rng = random.Random(seed)
    ratings = sorted((rng.randint(800, 2500) for _ in range(players)), reverse=True)
    field_ = [_Player(n, r) for n, r in enumerate(ratings, start=1)]
    unrated = {p.number for p in field_ if rng.random() < 0.03}
    withdrawn = {p.number for p in field_ if rng.random() < 0.01}
    rows: list[Row] = []
    for r in range(1, rounds + 1):
        present = []
        for p in field_:
            if p.number in withdrawn and r > 4:
                continue
            if rng.random() < 0.02:
                rows.append((r, None, p.number, None, "bye_half"))
                p.score += 1
            else:
                present.append(p)
        present.sort(key=lambda p: (-p.score, -p.rating))
        if len(present) % 2:
            bye = present.pop()
            rows.append((r, None, bye.number, None, "bye_pairing"))
            bye.score += 2
        board = 0
        while present:
            first = present.pop(0)
            # The nearest player not met yet, within a short look-ahead (a rematch only if none).
            pick = next(
                (
                    i
                    for i, q in enumerate(present[:20])
                    if q.number not in first.opponents
                ),
                0,
            )
            other = present.pop(pick)
            white, black = (
                (first, other) if first.whites <= other.whites else (other, first)
            )
            board += 1
            roll = rng.random()
            if roll < 0.005:
                result, points = "white_forfeit_win", (2, 0)
            elif roll < 0.01:
                result, points = "black_forfeit_win", (0, 2)
            else:
                expected = 1 / (1 + 10 ** ((black.rating - white.rating - 35) / 400))
                roll = rng.random()
                if roll < expected - 0.1:
                    result, points = "white_win", (2, 0)
                elif roll < expected + 0.1:
                    result, points = "draw", (1, 1)
                else:
                    result, points = "black_win", (0, 2)
            rows.append((r, board, white.number, black.number, result))
            white.score += points[0]
            black.score += points[1]
            white.whites += 1
            white.opponents.add(black.number)
            black.opponents.add(white.number)
    return [(p.number, None if p.number in unrated else p.rating) for p in field_], rows


def _best(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_engine(
    players: list[tuple[int, int | None]], rows: list[Row], rounds: int, repeat: int
) -> tuple[float, int]:
    """Seconds (best of ``repeat``) and peak bytes of compute_standings with the US Chess order."""
    from standings.engine import (
        PRESETS,
        GameRecord,
        PlayerRef,
        Snapshot,
        compute_standings,
    )
    from standings.engine.entities import Colour
    from tournaments.results import OUTCOMES

    games = []
    for r, _board, white, black, result in rows:
        white_outcome, black_outcome = OUTCOMES[result]
        if black is None or black_outcome is None:
            games.append(GameRecord(r, white, None, None, white_outcome))
        else:
            games.append(GameRecord(r, white, black, Colour.WHITE, white_outcome))
            games.append(GameRecord(r, black, white, Colour.BLACK, black_outcome))
    snapshot = Snapshot(
        players=tuple(
            PlayerRef(id=n, start_number=n, rating=rating) for n, rating in players
        ),
        games=tuple(games),
        rounds_total=rounds,
        through_round=rounds,
    )
    order = PRESETS["uschess"]
    seconds = _best(lambda: compute_standings(snapshot, order), repeat)
    tracemalloc.start()
    compute_standings(snapshot, order)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak


def section_insert(
    slug: str, players: list[tuple[int, int | None]], rows: list[Row], rounds: int
) -> None:
    """Write the section into the (scratch) database with bulk_create."""
    from django.db import transaction

    from tournaments.models import Player, Section, Tournament
    from tournaments.services import section_rounds_create

    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=slug, slug=slug, status=Tournament.Status.FINAL
        )
        section = Section.objects.create(
            tournament=tournament, name="Open", rounds_total=rounds
        )
        Player.objects.bulk_create(
            (
                Player(
                    section=section, start_number=n, name=f"Player {n}", rating=rating
                )
                for n, rating in players
            ),
            batch_size=2000,
        )
        section_rounds_create(section=section, rows=rows)


def bench_loader(slug: str, repeat: int) -> float:
    from standings.loaders import snapshot_load
    from tournaments.models import Section

    section = Section.objects.get(tournament__slug=slug)
    return _best(lambda: snapshot_load(section=section), repeat)


def bench_command_in_process(slug: str, repeat: int) -> float:
    """Seconds (best of ``repeat``) of the standings command run by call_command in this process."""
    from django.core.management import call_command

    return _best(
        lambda: call_command(
            "standings", slug, "--format", "json", stdout=io.StringIO()
        ),
        repeat,
    )


def bench_command(
    args: list[str], env: dict[str, str], out: Path, repeat: int
) -> tuple[float, int]:
    """Best wall seconds and peak RSS in bytes of ``manage.py ARGS`` in a fresh interpreter."""
    runs = [_command_once(args, env, out) for _ in range(repeat)]
    return min(t for t, _ in runs), max(rss for _, rss in runs)


def _command_once(args: list[str], env: dict[str, str], out: Path) -> tuple[float, int]:
    with out.open("w") as stdout:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, stdout=stdout
        )
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(
            f"manage.py {' '.join(args)} failed with exit code {child.returncode}"
        )
    # Linux reports ru_maxrss in kilobytes.
    return seconds, usage.ru_maxrss * 1024


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--sizes", default="500,2000,5000", help="players per section, comma-separated"
    )
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs per in-process timing (best is kept)",
    )
    options = parser.parse_args()
    sizes = [int(s) for s in options.sizes.split(",")]

    with tempfile.TemporaryDirectory(prefix="tiebreak-bench-") as scratch:
        run(sizes, options.rounds, options.repeat, Path(scratch))


def run(sizes: list[int], rounds: int, repeat: int, scratch: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{scratch / 'bench.sqlite3'}",
        "DEBUG": "false",
    }
    env.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DEBUG", "SECRET_KEY")})
    os.environ["DJANGO_SETTINGS_MODULE"] = "tiebreak_site.settings"
    sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)

    print(
        f"Python {platform.python_version()} on {platform.platform()}, {os.cpu_count()} CPUs"
    )
    startup, startup_rss = bench_command(
        ["standings", "--help"], env, scratch / "help.txt", repeat
    )
    print(
        f"manage.py startup alone (standings --help): {startup:.2f} s, {startup_rss / 2**20:.0f} MiB peak RSS"
    )
    header = (
        f"{'players':>7} {'rounds':>6} {'engine s':>9} {'us/p-r':>7} {'engine MiB':>10} "
        f"{'loader s':>9} {'us/p-r':>7} {'command s':>9} {'us/p-r':>7} {'end-to-end s':>12} {'us/p-r':>7} {'RSS MiB':>8}"
    )
    print(header)
    print("-" * len(header))
    for size in sizes:
        players, rows = section_generate(size, rounds)
        player_rounds = size * rounds
        engine, engine_peak = bench_engine(players, rows, rounds, repeat)
        slug = f"bench-{size}"
        section_insert(slug, players, rows, rounds)
        loader = bench_loader(slug, repeat)
        command = bench_command_in_process(slug, repeat)
        total, rss = bench_command(
            ["standings", slug, "--format", "json"],
            env,
            scratch / f"{slug}.json",
            repeat,
        )
        print(
            f"{size:>7} {rounds:>6} {engine:>9.3f} {engine / player_rounds * 1e6:>7.1f} "
            f"{engine_peak / 2**20:>10.1f} {loader:>9.3f} {loader / player_rounds * 1e6:>7.1f} "
            f"{command:>9.3f} {command / player_rounds * 1e6:>7.1f} "
            f"{total:>12.2f} {total / player_rounds * 1e6:>7.1f} "
            f"{rss / 2**20:>8.0f}"
        )
    print(
        "us/p-r: microseconds per player-round, time / (players x rounds): flat = linear growth.\n"
        "command: call_command('standings', ..., format json) in this process, without the startup."
    )


if __name__ == "__main__":
    main()
