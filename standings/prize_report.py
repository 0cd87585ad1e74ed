"""The prize list use case: the section's standings (``reports.section_report``), its prize fund and
playoffs handed to the engine's ``distribute``; and the renderings (JSON, text, page lines).

Cash follows US Chess 34C (ties on score share, tiebreaks never decide cash; a playoff does when
announced in advance); the rules of the distribution are in ``standings/engine/prizes.py`` and
docs/prizes.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from standings.engine import format_decimal
from standings.engine.prizes import (
    Decision,
    Distribution,
    ItemAward,
    Playoff,
    Pool,
    PoolKind,
    Prize,
    contenders_from_standings,
    distribute,
    format_cents,
    ordinal,
)
from standings.reports import ReportError, SectionReport, section_report
from tournaments.models import Player, Section
from tournaments.prize_fund import FundError, fund_prizes

STORED_FUND_BAD = "The stored prize fund of {section} is not valid: {error}"


class PrizeReportError(ReportError):
    """No prize list: the standings cannot be given, or the stored fund is not valid."""


@dataclass(frozen=True, slots=True)
class PrizeReport:
    """A section's prize distribution and what is needed to show it."""

    report: SectionReport
    prizes: tuple[Prize, ...]
    distribution: Distribution

    @property
    def section(self) -> Section:
        return self.report.section


def section_prizes(
    *, section: Section, through_round: int | None = None
) -> PrizeReport:
    """The prize list after ``through_round`` (default: the last complete round)."""
    try:
        prizes = fund_prizes(section.prize_fund)
    except FundError as error:
        raise PrizeReportError(
            STORED_FUND_BAD.format(section=section.name, error=error)
        ) from None
    report = section_report(section=section, through_round=through_round)
    groups = {
        pk: [g.strip() for g in text.split(",") if g.strip()]
        for pk, text in Player.objects.filter(section=section).values_list(
            "pk", "groups"
        )
    }
    by_number = {info.start_number: pk for pk, info in report.players.items()}
    playoffs = [
        Playoff(
            # A start number no longer in the section gets an id no player has, so that the
            # engine reports the playoff as not applying rather than reading it differently.
            tuple(by_number.get(n, -n) for n in numbers),
            str(p.get("note", "")),
        )
        for p, numbers in _playoff_entries(section.playoffs)
    ]
    distribution = distribute(
        contenders_from_standings(report.standings, groups),
        prizes,
        playoffs=playoffs,
        playoff_decides_cash=section.playoff_announced,
    )
    return PrizeReport(report, prizes, distribution)


def _playoff_entries(stored: object) -> list[tuple[dict[str, Any], list[int]]]:
    """The stored playoffs with their start numbers; entries of another shape (an edit outside
    the services) are left out rather than failing the page."""
    if not isinstance(stored, list):
        return []
    return [
        (p, p["players"])
        for p in stored
        if isinstance(p, dict)
        and isinstance(p.get("players"), list)
        and all(isinstance(n, int) for n in p["players"])
    ]


def dollars(cents: int) -> str:
    """An amount of the fund: whole dollars without cents ("$1,500"), else with them ("$12.50")."""
    return f"${cents // 100:,}" if cents % 100 == 0 else money(cents)


def money(cents: int) -> str:
    """An amount paid, always with cents: "$1,500.00", "$53.33"."""
    return f"${cents // 100:,}.{cents % 100:02d}"


def item_text(award: ItemAward) -> str:
    """ "Trophy (1st)": the item and the prize it belongs to."""
    return f"{award.slot.item} ({award.slot.label})"


def prizes_json(prizes: PrizeReport) -> dict[str, Any]:
    """Every player who gets something: start number, name, cash, the prizes their cash came from, items."""
    info = prizes.report.players
    standings = prizes.report.standings
    return {
        "tournament": prizes.section.tournament.slug,
        "section": prizes.section.name,
        "after_round": standings.through_round,
        "awards": [
            {
                "start_number": info[a.player].start_number,
                "name": info[a.player].name,
                "cash": format_cents(a.cash),
                "prizes": [s.label for s in a.prizes],
                "items": [item_text(i) for i in a.items],
            }
            for a in prizes.distribution.awards()
        ],
        "undistributed": format_cents(prizes.distribution.undistributed),
    }


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
    return Who(info.start_number, info.name, info.rating, format_decimal(row.score))


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


def prizes_text(prizes: PrizeReport) -> str:
    """The prize list as text: each pool with its calculation and shares, then the items."""
    section = prizes.section
    d = prizes.distribution
    lines = [
        f"{section.tournament.name}, {section.name}: prizes after round "
        f"{prizes.report.standings.through_round} of {section.rounds_total}",
        "",
    ]
    if not prizes.prizes:
        lines.append("No prize fund is set for this section.")
        return "\n".join(lines)
    for line in pool_lines(prizes):
        how = f" ({line.how})" if line.how else ""
        each = " each" if line.count > 1 else ""
        lines.append(
            f"{line.places}{how}: {line.calculation} -> {line.share}{each}"
            + (f", {line.remainder} left over" if line.remainder else "")
        )
        lines += [f"    #{w.start_number} {w.name} ({w.score})" for w in line.players]
    items = item_lines(prizes)
    if items:
        lines += ["", "Items:"]
        lines += [
            f"  {i.prize}: {i.item} -> #{i.player.start_number} {i.player.name} ({i.decided})"
            for i in items
        ]
    unawarded = unawarded_lines(prizes)
    if unawarded:
        lines += ["", "Not awarded (no eligible player): " + "; ".join(unawarded)]
    lines += ignored_playoff_lines(prizes)
    lines += ["", f"Undistributed: {money(d.undistributed)}"]
    return "\n".join(lines)
