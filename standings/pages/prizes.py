"""The prize list page (and the command's text): each cash pool with its calculation, the items
and what decided them, amounts written as dollars.
"""

from __future__ import annotations

from dataclasses import dataclass

from standings.engine.prizes import Decision, ItemAward, Pool, PoolKind, ordinal
from standings.reports import PrizeReport
from standings.templatetags.standings_format import points


def dollars(cents: int) -> str:
    """An amount of the fund: whole dollars without cents ("$1,500"), else with them ("$12.50")."""
    return f"${cents // 100:,}" if cents % 100 == 0 else money(cents)


def money(cents: int) -> str:
    """An amount paid, always with cents: "$1,500.00", "$53.33"."""
    return f"${cents // 100:,}.{cents % 100:02d}"


def item_text(award: ItemAward) -> str:
    """ "Trophy (1st)": the item and the prize it belongs to."""
    return f"{award.slot.item} ({award.slot.label})"


@dataclass(frozen=True, slots=True)
class Who:
    start_number: int
    name: str
    rating: int | None
    score: str


@dataclass(frozen=True, slots=True)
class PoolLine:
    """One cash pool as the page and the text show it."""

    places: str  # "1st", "2nd-4th"
    kind: PoolKind
    how: str  # "pooled", "takes a prize the others of the tie cannot win", ...
    prizes: tuple[tuple[str, str], ...]  # (label, amount) of each prize combined
    total: str
    count: int
    share: str
    remainder: str  # "" or "$0.01"
    players: tuple[Who, ...]

    @property
    def calculation(self) -> str:
        """ "2nd $200 + 3rd $100 = $300 / 2", or "U1600 1st $300" for a single prize to one player."""
        parts = " + ".join(f"{label} {amount}" for label, amount in self.prizes)
        if len(self.prizes) == 1 and self.count == 1:
            return parts
        if len(self.prizes) == 1:
            return f"{parts} / {self.count}"
        divided = f" / {self.count}" if self.count > 1 else ""
        return f"{parts} = {self.total}{divided}"


@dataclass(frozen=True, slots=True)
class ItemLine:
    """A non-cash item, who won it, and what decided it."""

    item: str
    prize: str
    player: Who
    decided: str


HOW = {
    PoolKind.ALONE: "",
    PoolKind.SHARED: "pooled and divided equally among the players tied on score",
    PoolKind.EXCLUSIVE: "prizes the others of the tie cannot win",
    PoolKind.REST: "the others of the tie share what is left",
    PoolKind.PLAYOFF: "placed by a playoff announced in advance",
}


def _places(first: int, last: int) -> str:
    return ordinal(first) if first == last else f"{ordinal(first)}-{ordinal(last)}"


def _who(prizes: PrizeReport, player: int) -> Who:
    info = prizes.report.players[player]
    row = prizes.report.standings.row(player)
    return Who(info.start_number, info.name, info.rating, points(row.score))


def _how(pool: Pool) -> str:
    """Why the pool is what it is, in words; for a split tie, the equal share it was compared with."""
    if pool.kind is PoolKind.EXCLUSIVE and pool.split_from is not None:
        total, count = pool.split_from
        equal = money(total // count)
        who = "takes a prize" if len(pool.players) == 1 else "share prizes"
        return (
            f"{who} the others of the tie cannot win: more than an equal share of all the "
            f"prizes involved ({dollars(total)} / {count} = {equal})"
        )
    return HOW[pool.kind]


def _pool_line(prizes: PrizeReport, pool: Pool) -> PoolLine:
    return PoolLine(
        places=_places(pool.first_place, pool.last_place),
        kind=pool.kind,
        how=_how(pool),
        prizes=tuple((s.label, dollars(s.cash)) for s in pool.prizes),
        total=dollars(pool.total),
        count=len(pool.players),
        share=money(pool.share),
        remainder=money(pool.remainder) if pool.remainder else "",
        players=tuple(_who(prizes, p) for p in pool.players),
    )


def decided_text(prizes: PrizeReport, award: ItemAward) -> str:
    """What put the winner ahead for an item, in words."""
    standings = prizes.report.standings
    if award.decision is Decision.SCORE or award.over is None:
        return "by score"
    over = prizes.report.players[award.over]
    against = f"over #{over.start_number} {over.name}"
    if award.decision is Decision.PLAYOFF:
        return f"by playoff, {against}"
    if award.decision is Decision.TIEBREAK and award.tiebreak is not None:
        return f"by {standings.order[award.tiebreak].label}, {against}"
    return f"tie not broken by any tiebreak: standings order, {against}"


def pool_lines(prizes: PrizeReport) -> list[PoolLine]:
    return [_pool_line(prizes, pool) for pool in prizes.distribution.pools]


def item_lines(prizes: PrizeReport) -> list[ItemLine]:
    return [
        ItemLine(
            a.slot.item, a.slot.label, _who(prizes, a.player), decided_text(prizes, a)
        )
        for a in prizes.distribution.items
    ]


def unawarded_lines(prizes: PrizeReport) -> list[str]:
    """Prizes nobody could win (no eligible player, or fewer players than places)."""
    d = prizes.distribution
    out = [f"{s.label} {dollars(s.cash)}" for s in d.unawarded_cash]
    out += [f"{s.label}: {s.item}" for s in d.unawarded_items]
    return out


def ignored_playoff_lines(prizes: PrizeReport) -> list[str]:
    numbers = {pk: info.start_number for pk, info in prizes.report.players.items()}
    return [
        "Playoff "
        + ", ".join(f"#{numbers.get(p, -p)}" for p in playoff.players)
        + f" not applied: {reason}."
        for playoff, reason in prizes.distribution.ignored_playoffs
    ]
