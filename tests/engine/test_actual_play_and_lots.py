"""MCA's "scored in actual play" rule and the coin flip (drawing of lots) (MCA 2001)."""

from __future__ import annotations

import pytest

from standings.engine import compute_standings, parse_order
from tests.builders import crosstable, pid, value_of

PLAY = """
1: +W4 -B5 -W6   # one point, won over the board
2: U Z -W7       # one point, from the pairing bye
3: +F . -B8      # one point, from a forfeit win
9: -W10 -B11 -W12  # no points
13: =W14 H -B15  # a draw over the board and a half-point bye
"""


@pytest.mark.parametrize(
    ("player", "expected", "summary"),
    [
        (1, 1, "Scored in actual play: 1 (1 of 1 points over the board)"),
        (2, 0, "Scored in actual play: 0 (every point came from unplayed rounds)"),
        (3, 0, "Scored in actual play: 0 (every point came from unplayed rounds)"),
        (9, 0, "Scored in actual play: 0 (no points)"),
        (13, 1, "Scored in actual play: 1 (0.5 of 1 points over the board)"),
    ],
    ids=["won", "bye-only", "forfeit-only", "zero", "mixed"],
)
def test_actual_play_first(player: int, expected: int, summary: str) -> None:
    standings = compute_standings(crosstable(PLAY), parse_order("actual_play_first"))
    value = value_of(standings, player)
    assert value.value == expected
    assert value.explanation.summary == summary


def test_player_who_scored_in_play_ranks_first_in_the_mca_order() -> None:
    standings = compute_standings(crosstable(PLAY), parse_order("mca"), lots_seed="x")
    on_one = [row for row in standings.rows if row.score == 1]
    assert {row.player.start_number for row in on_one[:2]} == {1, 13}
    assert max(row.rank for row in on_one[:2]) < min(row.rank for row in on_one[2:])


def test_coin_flip_needs_a_seed() -> None:
    with pytest.raises(ValueError, match="lots_seed"):
        compute_standings(crosstable(PLAY), parse_order("coin_flip"))


def test_seed_is_recorded_on_the_standings() -> None:
    standings = compute_standings(
        crosstable(PLAY), parse_order("coin_flip"), lots_seed="2026-round-3"
    )
    assert standings.lots_seed == "2026-round-3"
    assert "'2026-round-3'" in value_of(standings, 1).explanation.summary


TEN = "\n".join(f"{n}: +{n + 100}" for n in range(1, 11))


def order_of(seed: str) -> list[int]:
    standings = compute_standings(
        crosstable(TEN), parse_order("coin_flip"), lots_seed=seed
    )
    return [row.player.start_number for row in standings.rows if row.score == 1]


def test_same_seed_same_drawing() -> None:
    assert order_of("abc") == order_of("abc")


def test_drawing_breaks_every_tie_and_depends_on_the_seed() -> None:
    standings = compute_standings(
        crosstable(TEN), parse_order("coin_flip"), lots_seed="abc"
    )
    winners = [row for row in standings.rows if row.score == 1]
    assert [row.rank for row in winners] == list(range(1, 11))
    assert not any(row.shared for row in winners)
    assert len({tuple(order_of(seed)) for seed in ("a", "b", "c")}) > 1


def test_lot_is_shown_with_the_value() -> None:
    standings = compute_standings(
        crosstable(TEN), parse_order("coin_flip"), lots_seed="abc"
    )
    value = value_of(standings, 4)
    assert value.explanation.summary.startswith(f"Lot {value.value} ")
    assert "start number 4" in value.explanation.summary
    assert value_of(standings, 4).value != value_of(standings, 5).value
    assert standings.row(pid(4)).values[0] is value


def test_lots_are_the_places_of_the_draw_from_one_to_the_number_of_players() -> None:
    standings = compute_standings(
        crosstable(TEN), parse_order("coin_flip"), lots_seed="abc"
    )
    lots = sorted(row.values[0].value for row in standings.rows)
    assert lots == list(range(1, len(standings.rows) + 1))
