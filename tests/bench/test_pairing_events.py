"""The pairing bench's generated events (bench/pairing_events.py): what the comparison with a
reference engine is run on must hold what real events bring a pairing program (withdrawals,
requested byes, forfeits, late entries), and a seed must give the same event every time, so
that a table regenerated later compares the same states."""

from __future__ import annotations

import sys
from pathlib import Path

from tournaments.pairing import ByeKind

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from pairing_events import event_rounds  # noqa: E402

# Big and long enough that each kind of event turns up at the generator's rates (about 3% of
# players a round ask for a bye, 2% of boards forfeited, 3% late entries); small enough to be
# quick.
PLAYERS, ROUNDS = 120, 5


def _event(seed: int) -> list[tuple[object, ...]]:
    """Per round: its number, the entrants (as given to an engine), the boards and the byes."""
    return [
        (state.round_number, state.entrants, pairing.boards, pairing.byes)
        for state, pairing in event_rounds(PLAYERS, ROUNDS, seed)
    ]


def test_events_hold_withdrawals_requested_byes_forfeits_late_entries() -> None:
    withdrawn: set[int] = set()
    requested: list[tuple[int, int]] = []
    late: set[int] = set()
    entered: set[int] = set()
    last = None
    for state, pairing in event_rounds(PLAYERS, ROUNDS, 19):
        ids = {e.id for e in state.entrants}
        if state.round_number > 1:
            late |= ids - entered
        entered |= ids
        withdrawn |= {e.id for e in state.entrants if e.withdrawn}
        asked = {e.id: e.requested_bye for e in state.entrants if e.requested_bye}
        requested += [(state.round_number, n) for n in asked]
        # Each requested bye is given as asked, and the player is not also on a board.
        given = {
            b.player: b.kind for b in pairing.byes if b.kind is not ByeKind.PAIRING
        }
        assert given == asked
        on_boards = {n for b in pairing.boards for n in (b.white, b.black)}
        assert not on_boards & (
            set(asked) | {e.id for e in state.entrants if e.withdrawn}
        )
        last = state
    assert last is not None
    assert withdrawn
    assert requested
    assert late
    # A late entry's missed rounds are on record as not paired (zero-point byes).
    records = {p.id: p for p in last.players}
    for n in late:
        first = records[n].first_round
        assert first > 1
        assert [code for _o, _c, code in records[n].games[: first - 1]] == ["Z"] * (
            first - 1
        )
    # Forfeits: a game won and one lost by forfeit, on record as a TRF file lists them.
    codes = [code for p in last.players for _o, _c, code in p.games]
    assert "+" in codes
    assert "-" in codes


def test_a_seed_gives_the_same_event_every_time_and_another_seed_another() -> None:
    assert _event(20) == _event(20)
    assert _event(20) != _event(21)
