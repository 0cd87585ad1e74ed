"""Differential check: the engine against tiebreak-core (FIDE C.07) on real events played in full.

tiebreak-core (PyPI, MIT, pinned in pyproject's dev extras) is an independent implementation of
FIDE's C.07 tie-break regulations. The texts we implement and FIDE's differ only in how unplayed
rounds count, so on an event where every game was played over the board these pairs are the same
arithmetic (Rozycki 1997 names them side by side):

| our order item | C.07 code | why they coincide when every game was played |
| --- | --- | --- |
| solkoff | BH | 34E2 sums all opponents' scores; 34E1's adjustments touch only unplayed rounds |
| median | BH/M2 from 9 rounds, else BH/M1 | 34E1 drops the highest and lowest, "for tournaments of nine or more rounds" the top two and bottom two; SwissSys list: the Basic Median "works just like the modified median" |
| sonneborn_berger | SB | Rozycki 1997: beaten opponents' scores plus half the drawn ones' |
| cumulative | PS | 34E3 sums the running scores; its deductions are for unplayed wins and byes only |
| wins | WON | Rozycki 1997: a point per win; WON counts games won over the board |
| wins:unplayed=include | WIN | WIN also counts forfeit wins and byes, of which there are none |
| most_blacks | BPG | Rozycki 1997: "number of games played with Black" |
| modified_median | BH/Mk (even), BH/Ck (plus) | 34E1: even scores drop both ends, plus scores the bottom only |

The option variants that differ only in unplayed rounds (adjust, scores, deduct) must agree too.

Ruleset: tiebreak-core's ``fide-2026`` (the current C.07 edition). What it changed from
``fide-2024`` (the §16.4 virtual-opponent caps, the §15.2 round-robin forfeit rule) concerns
unplayed rounds only, which these events do not have; ``mode`` tells it whether the event is a
round robin or a Swiss so that it sees each event as what it was. Never ``legacy-0.1.0``: its
frozen arithmetic predates FIDE's categories (its "wins" counts every 1-point round).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from tiebreak_core import TIEBREAK_FIDE_REF, PlayerTiebreakData, rank_standings_strict
from tiebreak_core import GameRecord as CoreGame

from standings.engine import (
    Colour,
    GameRecord,
    Outcome,
    PlayerRef,
    Snapshot,
    compute_standings,
    parse_order,
)

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Event:
    """A fixture file compared as an event of ``rounds`` rounds (its first rounds, if fewer than the file's)."""

    file: str
    rounds: int
    mode: str  # tiebreak-core's regime: "round_robin" or "swiss"


# The "-first8" events are the first eight rounds of a file taken as an eight-round event of their
# own (everyone still played every round): below the nine rounds at which 34E1 drops two.
EVENTS = {
    "uzchesscup2025": Event("uzchesscup2025.trf", 9, "round_robin"),
    "uzchesscup2025-first8": Event("uzchesscup2025.trf", 8, "round_robin"),
    "sinquefield2014": Event("sinquefield2014.trf", 10, "round_robin"),
    "fwwrc2024": Event("fwwrc2024.trf", 11, "swiss"),
    "fwwrc2024-first8": Event("fwwrc2024.trf", 8, "swiss"),
}

# tiebreak-core's criterion id for each C.07 code (its TIEBREAK_FIDE_REF cross-reference).
CORE_CRITERION = {
    "BH": "buchholz",
    "BH/C1": "buchholz_cut1",
    "BH/C2": "buchholz_cut2",
    "BH/M1": "median_buchholz",
    "BH/M2": "median_buchholz_2",
    "SB": "sonneborn_berger",
    "PS": "progressive",
    "WIN": "wins",
    "WON": "won",
    "BPG": "games_black",
}

# (our order item, C.07 code); "{k}" is how many scores 34E1 drops at each end for the event.
SAME_WHEN_ALL_PLAYED = (
    ("solkoff", "BH"),
    ("solkoff:adjust=none", "BH"),
    ("median", "BH/M{k}"),
    ("median:adjust=none", "BH/M{k}"),
    ("median:nine_rounds=drop_one", "BH/M1"),
    ("sonneborn_berger", "SB"),
    ("sonneborn_berger:scores=adjusted", "SB"),
    ("cumulative", "PS"),
    ("cumulative:deduct=none", "PS"),
    ("cumulative:deduct=mca", "PS"),
    ("wins", "WON"),
    ("wins:unplayed=include", "WIN"),
    ("most_blacks", "BPG"),
)


def _drops(rounds: int) -> int:
    # US Chess 34E1: "For tournaments of nine or more rounds" two scores go at each end.
    return 2 if rounds >= 9 else 1


CASES = [
    pytest.param(event, ours, code, id=f"{event}-{ours}-vs-{code}")
    for event, e in EVENTS.items()
    for ours, theirs in SAME_WHEN_ALL_PLAYED
    for code in [theirs.format(k=_drops(e.rounds))]
]


# --- Reading the fixtures ------------------------------------------------------------------------

RESULT = {"1": Outcome.WIN, "=": Outcome.DRAW, "0": Outcome.LOSS}
COLOUR = {"w": Colour.WHITE, "b": Colour.BLACK}
POINTS = {
    Outcome.WIN: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
    Outcome.LOSS: Fraction(0),
}
MIRROR = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.LOSS: Outcome.WIN,
}


@dataclass(frozen=True)
class Entrant:
    start_number: int
    rating: int | None
    games: tuple[GameRecord, ...]  # one per round, in round order


@dataclass(frozen=True)
class Tournament:
    rounds: int
    entrants: tuple[Entrant, ...]


@cache
def _read(file: str) -> Tournament:
    """Start number, rating and round blocks of each ``001`` line (TRF-16 columns, data/README.md).

    A reader of its own: tournaments/trf/ maps results to ``tournaments.models.Result`` and so
    imports Django, which tests/engine stays free of.
    """
    rounds = None
    entrants = []
    for line in (DATA / file).read_text(encoding="utf-8").splitlines():
        if line.startswith("XXR "):
            rounds = int(line[4:])
        if not line.startswith("001 "):
            continue
        start = int(line[4:8])
        rating = int(line[48:52]) if line[48:52].strip() else None
        games = []
        for r, at in enumerate(range(91, len(line), 10), start=1):
            block = line[at : at + 10]
            opponent, colour, result = int(block[0:4]), block[5], block[7]
            # Only games played over the board: anything else would be an unplayed round.
            assert opponent > 0 and colour in COLOUR and result in RESULT, (
                f"{file}: player {start}, round {r}: {block!r} is not a played game"
            )
            games.append(GameRecord(r, start, opponent, COLOUR[colour], RESULT[result]))
        entrants.append(Entrant(start, rating, tuple(games)))
    assert rounds is not None, f"{file}: no XXR line"
    return Tournament(rounds, tuple(entrants))


def _games(event: Event, entrant: Entrant) -> tuple[GameRecord, ...]:
    return tuple(g for g in entrant.games if g.round <= event.rounds)


# --- Both sides' values --------------------------------------------------------------------------


def _snapshot(event: Event) -> Snapshot:
    entrants = _read(event.file).entrants
    return Snapshot(
        players=tuple(
            PlayerRef(e.start_number, e.start_number, e.rating) for e in entrants
        ),
        games=tuple(g for e in entrants for g in _games(event, e)),
        rounds_total=event.rounds,
        through_round=event.rounds,
    )


def ours_by_player(event_name: str, order: str) -> dict[int, Fraction]:
    standings = compute_standings(_snapshot(EVENTS[event_name]), parse_order(order))
    return {row.player.id: row.values[0].value for row in standings.rows}


def _core_players(event: Event) -> dict[int, PlayerTiebreakData]:
    entrants = _read(event.file).entrants
    rating = {
        e.start_number: e.rating or 0 for e in entrants
    }  # the library's "unrated" is 0
    players = {}
    for e in entrants:
        games = _games(event, e)
        # Scores are halves, exact in binary floating point: float() loses nothing here.
        records = [
            CoreGame(
                g.opponent,
                rating[g.opponent],
                float(POINTS[g.outcome]),
                "white" if g.colour is Colour.WHITE else "black",
                g.round,
                kind="played",
            )
            for g in games
            if g.opponent is not None
        ]
        total = float(sum(POINTS[g.outcome] for g in games))
        players[e.start_number] = PlayerTiebreakData(
            e.start_number, rating[e.start_number], total, records
        )
    return players


def _exact(x: float) -> Fraction:
    """tiebreak-core returns floats; ours are Fractions."""
    # Its inputs are halves, so every value is a multiple of 1/4 far below 2**53 and its float
    # arithmetic is exact. Fraction(str(x)) reads the float back as the decimal it prints; the
    # assert proves that equals the float's exact binary value, i.e. nothing was rounded on the way.
    value = Fraction(str(x))
    assert value == Fraction(x), (
        f"tiebreak-core value {x!r} is not an exact short decimal"
    )
    return value


@cache
def theirs_by_player(event_name: str, code: str) -> dict[int, Fraction]:
    event = EVENTS[event_name]
    criterion = CORE_CRITERION[code]
    # One ranking call computes the criterion for every player from one shared context (its
    # per-player calculate path redoes that context each time: seconds for 110 players).
    result = rank_standings_strict(
        _core_players(event),
        [criterion],
        total_rounds=event.rounds,
        ruleset="fide-2026",
        mode=event.mode,
    )
    return {p.player_id: _exact(p.values[criterion]) for p in result.players}


def _disagreements(
    ours: dict[int, Fraction], theirs: dict[int, Fraction], players: set[int]
) -> list[str]:
    return [
        f"player {sn}: ours {ours[sn]}, tiebreak-core {theirs[sn]}"
        for sn in sorted(players)
        if ours[sn] != theirs[sn]
    ]


# --- Tests ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("file", sorted({e.file for e in EVENTS.values()}))
def test_fixture_has_a_played_game_in_every_round_for_every_player(file: str) -> None:
    tournament = _read(file)
    by_start = {e.start_number: e for e in tournament.entrants}
    for e in tournament.entrants:
        assert [g.round for g in e.games] == list(range(1, tournament.rounds + 1)), (
            f"{file}: player {e.start_number} lacks a round"
        )
        for g in e.games:
            # The opponent's block must show the same game from the other side.
            assert g.opponent is not None
            mirror = by_start[g.opponent].games[g.round - 1]
            assert (mirror.opponent, mirror.colour, mirror.outcome) == (
                e.start_number,
                Colour.BLACK if g.colour is Colour.WHITE else Colour.WHITE,
                MIRROR[g.outcome],
            ), (
                f"{file}: round {g.round}, players {e.start_number} and {g.opponent} disagree"
            )


@pytest.mark.parametrize("code", sorted(CORE_CRITERION))
def test_fide_code_names_the_tiebreak_core_criterion_it_is_mapped_to(code: str) -> None:
    # TIEBREAK_FIDE_REF gives each id its C.07 section and code ("BH-M1" for "BH/M1").
    assert code.replace("/", "-") in TIEBREAK_FIDE_REF[CORE_CRITERION[code]]


@pytest.mark.parametrize(("event", "ours", "theirs"), CASES)
def test_engine_value_equals_tiebreak_core_for_every_player(
    event: str, ours: str, theirs: str
) -> None:
    our_values = ours_by_player(event, ours)
    their_values = theirs_by_player(event, theirs)
    assert our_values.keys() == their_values.keys()
    found = _disagreements(our_values, their_values, set(our_values))
    assert not found, "\n".join(found)


MODIFIED_MEDIAN = (
    "modified_median",
    "modified_median:minus=drop_lowest",
    "modified_median:nine_rounds=drop_one",
    "modified_median:minus=drop_lowest:nine_rounds=drop_one",
)


@pytest.mark.parametrize(
    ("event", "ours"),
    [
        pytest.param(event, ours, id=f"{event}-{ours}")
        for event in EVENTS
        for ours in MODIFIED_MEDIAN
    ],
)
def test_modified_median_equals_the_matching_fide_cut_for_every_player_it_has_one(
    event: str, ours: str
) -> None:
    e = EVENTS[event]
    options = parse_order(ours)[0].resolved_options()
    k = _drops(e.rounds) if options["nine_rounds"] == "drop_two" else 1
    scores = {
        entrant.start_number: sum(POINTS[g.outcome] for g in _games(e, entrant))
        for entrant in _read(e.file).entrants
    }
    # 34E1: "an even score is equal to exactly one half of the maximum possible score"; even scores
    # drop both ends (BH/Mk), plus scores the lowest only (BH/Ck). Minus scores drop the highest
    # only, which no C.07 modifier does, except in MCA 2001's reading, which drops the lowest.
    half = Fraction(e.rounds, 2)
    code_of = {
        sn: f"BH/M{k}" if score == half else f"BH/C{k}"
        for sn, score in scores.items()
        if score >= half or options["minus"] == "drop_lowest"
    }
    assert code_of, "no player whose Modified Median has a C.07 counterpart"
    our_values = ours_by_player(event, ours)
    found = []
    for code in set(code_of.values()):
        players = {sn for sn, c in code_of.items() if c == code}
        found += _disagreements(our_values, theirs_by_player(event, code), players)
    assert not found, "\n".join(found)
