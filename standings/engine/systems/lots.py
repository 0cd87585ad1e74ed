"""The drawing of lots (MCA 2001): reproducible from the seed the TD records."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction

from ..explanations import Explanation
from ..table import Table
from .base import Column, Options


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
