"""Round robins: the FIDE Berger tables (Handbook C.05, Annex 1) for 3 to 16 players."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest

from tournaments.pairing import (
    Board,
    Bye,
    ByeKind,
    Entrant,
    OptionsError,
    berger_round,
    berger_table,
    pair_round_robin,
    robin_rounds,
    table_numbers,
)

# As FIDE prints them (Handbook C.05, Annex 1): "3 or 4 players" and "5 or 6 players".
FIDE_4 = [
    [(1, 4), (2, 3)],
    [(4, 3), (1, 2)],
    [(2, 4), (3, 1)],
]
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def fide_table(n: int) -> list[list[tuple[int, int]]]:
    """FIDE's construction: round 1 is 1-n, 2-(n-1), ...; each next round adds n/2 to every
    number but n (counting in 1..n-1) and n changes colour on board 1."""
    rounds = [[(k, n + 1 - k) for k in range(1, n // 2 + 1)]]

    def moved(k: int) -> int:
        return k if k == n else (k - 1 + n // 2) % (n - 1) + 1

    for _ in range(n - 2):
        previous = rounds[-1]
        (w, b), rest = previous[0], previous[1:]
        first = (moved(b), moved(w))  # n swaps colour
        rounds.append([first] + [(moved(w), moved(b)) for w, b in rest])
    return rounds


def test_four_and_six_players_equal_the_printed_tables() -> None:
    assert berger_table(4) == FIDE_4
    assert berger_table(3) == FIDE_4
    assert berger_table(6) == FIDE_6
    assert berger_table(5) == FIDE_6
    assert fide_table(4) == FIDE_4
    assert fide_table(6) == FIDE_6


@pytest.mark.parametrize("players", range(3, 17))
def test_tables_for_3_to_16_players_follow_fides_construction(players: int) -> None:
    n = players + players % 2
    table = berger_table(players)

    assert table == fide_table(n)
    assert len(table) == robin_rounds(players) == n - 1
    games = Counter(frozenset(pair) for rnd in table for pair in rnd)
    assert len(games) == n * (n - 1) // 2 and set(games.values()) == {1}
    whites = Counter(w for rnd in table for w, _b in rnd)
    assert all(abs(2 * whites[p] - (n - 1)) <= 1 for p in range(1, n + 1))


def entrants(count: int, **changes: Mapping[int, object]) -> list[Entrant]:
    out = []
    for n in range(1, count + 1):
        values: dict[str, object] = {"id": n, "name": f"P{n}"}
        for key, by_number in changes.items():
            if n in by_number:
                values[key] = by_number[n]
        out.append(Entrant(**values))  # type: ignore[arg-type]
    return out


def test_an_odd_field_gives_the_dummys_opponent_no_game() -> None:
    tables = {n: n for n in range(1, 6)}

    result = pair_round_robin(entrants(5), round_number=1, tables=tables)

    # Round 1 of the 6 table: 1-6 (6 is the dummy), 2-5, 3-4.
    assert result.boards == (Board(2, 5), Board(3, 4))
    assert result.byes == (Bye(1, ByeKind.NO_GAME),)
    assert any("the dummy" in note for note in result.notes)


def test_a_double_round_robin_repeats_with_colours_reversed() -> None:
    tables = {n: n for n in range(1, 5)}
    field = entrants(4)

    first = [
        pair_round_robin(field, round_number=r, tables=tables, double=True).boards
        for r in range(1, 4)
    ]
    second = [
        pair_round_robin(field, round_number=r, tables=tables, double=True).boards
        for r in range(4, 7)
    ]

    assert second == [
        tuple(Board(b.black, b.white) for b in boards) for boards in first
    ]
    with pytest.raises(ValueError, match="rounds 1 to 6"):
        pair_round_robin(field, round_number=7, tables=tables, double=True)


def test_table_numbers_map_players_to_the_table() -> None:
    tables = {1: 3, 2: 1, 3: 4, 4: 2}

    result = pair_round_robin(entrants(4), round_number=1, tables=tables)

    # Table 1-4, 2-3 -> players 2-3, 4-1.
    assert result.boards == (Board(2, 3), Board(4, 1))


def test_table_numbers_by_lot_are_reproducible_from_the_seed() -> None:
    ids = list(range(1, 11))

    drawn = table_numbers(ids, "lot", "seed-1")

    assert drawn == table_numbers(ids, "lot", "seed-1")
    assert sorted(drawn.values()) == list(range(1, 11))
    assert any(table_numbers(ids, "lot", f"seed-{k}") != drawn for k in range(2, 6))
    assert table_numbers(ids, "start_numbers", "") == {n: n for n in ids}


def test_table_numbers_chosen_by_the_td_must_cover_every_table_once() -> None:
    with pytest.raises(OptionsError, match="no table number for start number 3"):
        table_numbers([1, 2, 3], {1: 1, 2: 2}, "")
    with pytest.raises(OptionsError, match="1 to 3, each once"):
        table_numbers([1, 2, 3], {1: 1, 2: 2, 3: 5}, "")


def test_withdrawn_players_and_requested_byes_leave_the_opponent_without_a_game() -> (
    None
):
    tables = {n: n for n in range(1, 5)}
    field = entrants(4, withdrawn={4: True}, requested_bye={2: ByeKind.HALF})

    result = pair_round_robin(field, round_number=1, tables=tables)

    # Round 1: 1-4 (4 withdrawn), 2-3 (2 on a half-point bye).
    assert result.boards == ()
    assert set(result.byes) == {
        Bye(1, ByeKind.NO_GAME),
        Bye(2, ByeKind.HALF),
        Bye(3, ByeKind.NO_GAME),
    }


def test_berger_round_refuses_rounds_outside_the_table() -> None:
    with pytest.raises(ValueError, match="rounds 1 to 5"):
        berger_round(6, 6)
    with pytest.raises(ValueError, match="at least 2"):
        berger_round(1, 1)


def test_a_requested_bye_note_says_requested_once() -> None:
    field = entrants(4, requested_bye={2: ByeKind.HALF})

    result = pair_round_robin(field, round_number=1, tables={n: n for n in range(1, 5)})

    assert all("as requested" not in n for n in result.notes)
    assert any(n.endswith(": requested half-point bye.") for n in result.notes)
