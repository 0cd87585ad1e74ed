"""Prize lists: cash by score with ties pooled, non-cash items by the posted tiebreak order.

Sources: US Chess Official Rules of Chess, 7th ed., rule 34C ("Tiebreaks are not used for cash
prizes, which are divided evenly among the tied players. An exception is a playoff, which may be
used to determine cash prizes if notice of this is given in all detailed pre-tournament
publicity") and 34A (playoffs as the alternative to tiebreaks). Beyond 34C, the prize rules this
program was asked to follow (the rule book's own prize rules are not among the texts cited
here): a player receives one cash prize at most; when players tied on score are
winners of different prizes, the cash prizes involved (the place prizes for the places the tie
occupies and the class prizes its members would win, at most one per tied player) are added up and
divided equally, unless a player or a smaller group would get more by taking or sharing only
prizes the others of the tie cannot win; between prizes of equal amount a place prize comes
before a class prize and a higher class before a lower. Where the texts are silent the reading
taken here is written down in docs/prizes.md.

Money is in integer cents; equal shares are compared as Fractions and paid rounded down to the
cent, the remainder reported. Entry point: ``distribute(contenders, prizes, playoffs=...)``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from fractions import Fraction

from .entities import PlayerId
from .ranking import Standings

__all__ = [
    "Contender",
    "Decision",
    "Distribution",
    "ItemAward",
    "PlayerAward",
    "Playoff",
    "Pool",
    "PoolKind",
    "Prize",
    "PrizeError",
    "PrizeSlot",
    "contenders_from_standings",
    "distribute",
    "format_cents",
    "ordinal",
]

# Subgroups of a tie tried for the "smaller group" exception: unions of the eligible sets of the
# class prizes involved. Nested rating classes give few distinct unions; this bounds odd funds.
_MAX_SUBGROUPS = 4096
_NO_LIMIT = 10**6


class PrizeError(ValueError):
    """Input the distribution cannot work on (contenders out of score order, a player twice)."""


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def format_cents(cents: int) -> str:
    """12345 -> "123.45"."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


@dataclass(frozen=True, slots=True)
class Contender:
    """A player as the prize list sees them; a sequence of them is in standings order."""

    id: PlayerId
    score: Fraction
    rating: int | None = None  # None = unrated
    groups: frozenset[str] = frozenset()
    # The posted tiebreaks' values, in order: only to name what decided a non-cash item.
    tiebreaks: tuple[Fraction, ...] = ()


@dataclass(frozen=True, slots=True)
class Prize:
    """One line of the prize fund: a place prize, or a class prize when any limit is set.

    ``places`` are the places it pays (1 = first; among the eligible players for a class prize),
    each place getting ``cash`` (cents) and ``item``.
    """

    label: str
    places: tuple[int, ...]
    cash: int = 0
    item: str = ""
    max_rating: int | None = None
    min_rating: int | None = None
    unrated: bool = False
    group: str | None = None

    @property
    def is_class(self) -> bool:
        return (
            self.max_rating is not None
            or self.min_rating is not None
            or self.unrated
            or self.group is not None
        )

    def eligible(self, player: Contender) -> bool:
        """Whether ``player`` may win this prize (a place prize: everyone)."""
        if self.group is not None and self.group not in player.groups:
            return False
        if self.unrated:
            return player.rating is None
        if self.max_rating is not None or self.min_rating is not None:
            # A rating class is for rated players only (docs/prizes.md).
            if player.rating is None:
                return False
            if self.max_rating is not None and player.rating > self.max_rating:
                return False
            if self.min_rating is not None and player.rating < self.min_rating:
                return False
        return True

    def class_key(self) -> tuple[int, int, int]:
        """Higher classes first: rating classes by their upper then lower limit, then unrated, then groups."""
        if self.max_rating is not None or self.min_rating is not None:
            upper = _NO_LIMIT if self.max_rating is None else self.max_rating
            lower = 0 if self.min_rating is None else self.min_rating
            return (0, -upper, -lower)
        return (1, 0, 0) if self.unrated else (2, 0, 0)


@dataclass(frozen=True, slots=True)
class PrizeSlot:
    """One prize for one player: place ``place`` of fund line number ``index``."""

    prize: Prize
    index: int
    place: int

    @property
    def label(self) -> str:
        if len(self.prize.places) == 1:
            return self.prize.label
        return f"{self.prize.label} ({ordinal(self.place)})"

    @property
    def cash(self) -> int:
        return self.prize.cash

    @property
    def item(self) -> str:
        return self.prize.item

    def preference(self) -> tuple[int, int, tuple[int, int, int], int, int]:
        """Larger cash first; at equal cash a place prize before a class prize, a higher class first."""
        is_class = self.prize.is_class
        klass = self.prize.class_key() if is_class else (0, 0, 0)
        return (-self.cash, int(is_class), klass, self.index, self.place)


@dataclass(frozen=True, slots=True)
class Playoff:
    """A playoff among players tied on score (34A): its players in finishing order, winner first."""

    players: tuple[PlayerId, ...]
    note: str = ""


class PoolKind(enum.Enum):
    ALONE = "alone"  # alone on the score: the largest prize they can win
    SHARED = "shared"  # tied on score: the prizes involved added up and divided equally (34C)
    EXCLUSIVE = (
        "exclusive"  # part of a tie took only prizes the others of the tie cannot win
    )
    REST = "rest"  # the others of that tie: what is left
    PLAYOFF = "playoff"  # placed by a playoff announced in advance (34C)


@dataclass(frozen=True, slots=True)
class Pool:
    """Cash prizes combined and who shared them: ``share`` cents each, ``remainder`` cents left over."""

    kind: PoolKind
    score: Fraction
    first_place: int  # the places the players occupy in the standings
    last_place: int
    players: tuple[PlayerId, ...]
    prizes: tuple[PrizeSlot, ...]
    total: int
    share: int
    remainder: int
    # For EXCLUSIVE and REST: the pool of the whole tie it was split from (total cents, players),
    # whose equal share the exclusive part beat.
    split_from: tuple[int, int] | None = None


class Decision(enum.Enum):
    SCORE = "score"  # no one on the same score competed for it
    TIEBREAK = "tiebreak"
    PLAYOFF = "playoff"
    UNBROKEN = "unbroken"  # still tied after every tiebreak: standings order (start number or lots)


@dataclass(frozen=True, slots=True)
class ItemAward:
    """A non-cash item, to whom, and what decided it against ``over`` (the next in line, if tied)."""

    slot: PrizeSlot
    player: PlayerId
    decision: Decision
    tiebreak: int | None = None  # index in the posted order when decided by tiebreak
    over: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class PlayerAward:
    """Everything one player receives."""

    player: PlayerId
    cash: int
    prizes: tuple[PrizeSlot, ...]  # the prizes of the pool their cash came from
    items: tuple[ItemAward, ...]


@dataclass(frozen=True, slots=True)
class Distribution:
    """The prize list: cash pools in order, items, and what nobody could win."""

    pools: tuple[Pool, ...]
    items: tuple[ItemAward, ...]
    unawarded_cash: tuple[PrizeSlot, ...]
    unawarded_items: tuple[PrizeSlot, ...]
    ignored_playoffs: tuple[tuple[Playoff, str], ...]
    order: tuple[
        PlayerId, ...
    ]  # standings order with playoffs applied (items follow it)

    @property
    def remainder(self) -> int:
        """Cents left over by rounding shares down."""
        return sum(p.remainder for p in self.pools)

    @property
    def undistributed(self) -> int:
        """Cents of the fund not paid: rounding remainders and prizes nobody could win."""
        return self.remainder + sum(s.cash for s in self.unawarded_cash)

    def awards(self) -> tuple[PlayerAward, ...]:
        """One entry per player who receives cash or an item, in ``order``."""
        cash: dict[PlayerId, Pool] = {}
        for pool in self.pools:
            for player in pool.players:
                cash[player] = pool
        items: dict[PlayerId, list[ItemAward]] = {}
        for award in self.items:
            items.setdefault(award.player, []).append(award)
        out = []
        for player in self.order:
            found = cash.get(player)
            if found is None and player not in items:
                continue
            out.append(
                PlayerAward(
                    player,
                    0 if found is None else found.share,
                    () if found is None else found.prizes,
                    tuple(items.get(player, ())),
                )
            )
        return tuple(out)


def contenders_from_standings(
    standings: Standings, groups: Mapping[PlayerId, Iterable[str]] | None = None
) -> tuple[Contender, ...]:
    """The standings' rows as contenders, with each player's named groups."""
    groups = groups or {}
    return tuple(
        Contender(
            row.player.id,
            row.score,
            row.player.rating,
            frozenset(groups.get(row.player.id, ())),
            tuple(v.value for v in row.values),
        )
        for row in standings.rows
    )


def distribute(
    contenders: Sequence[Contender],
    prizes: Sequence[Prize],
    *,
    playoffs: Sequence[Playoff] = (),
    playoff_decides_cash: bool = False,
) -> Distribution:
    """Award the fund ``prizes`` to ``contenders`` (standings order: score, then tiebreaks).

    ``playoff_decides_cash``: the playoffs were announced in advance, so they also place their
    players for cash (34C); otherwise they order them for non-cash items only.
    """
    by_id = _check(contenders)
    score_groups = _score_groups(contenders)
    valid, ignored = _valid_playoffs(playoffs, by_id, score_groups)
    in_playoff = {player for playoff in valid for player in playoff.players}

    # The order for items, and the groups that share cash: a group's playoff players first, in
    # playoff order (docs/prizes.md), then the rest in tiebreak order.
    order: list[Contender] = []
    cash_groups: list[tuple[list[Contender], PoolKind]] = []
    for group in score_groups:
        ids = {c.id for c in group}
        playing = [p for p in valid if p.players[0] in ids]
        first = [by_id[pid] for p in playing for pid in p.players]
        rest = [c for c in group if c.id not in in_playoff]
        order += first + rest
        if playoff_decides_cash and playing:
            cash_groups += [([c], PoolKind.PLAYOFF) for c in first]
            if rest:
                cash_groups.append(
                    (rest, PoolKind.ALONE if len(rest) == 1 else PoolKind.SHARED)
                )
        else:
            members = first + rest
            cash_groups.append(
                (members, PoolKind.ALONE if len(members) == 1 else PoolKind.SHARED)
            )

    slots = [
        PrizeSlot(prize, index, place)
        for index, prize in enumerate(prizes)
        for place in prize.places
    ]
    remaining = {s for s in slots if s.cash > 0}
    pools: list[Pool] = []
    position = 1
    for members, kind in cash_groups:
        last = position + len(members) - 1
        offered = [
            s
            for s in remaining
            # Place prizes for the places the group occupies, and those passed down from above
            # by players who took a larger class prize; class prizes a member can win.
            if (s.place <= last if not s.prize.is_class else _any_eligible(s, members))
        ]
        for pool in _settle(members, offered, kind, position, last):
            pools.append(pool)
            remaining.difference_update(pool.prizes)
        position = last + 1

    items, unawarded_items = _items(slots, order, in_playoff)
    return Distribution(
        tuple(pools),
        items,
        tuple(sorted(remaining, key=lambda s: (s.index, s.place))),
        unawarded_items,
        tuple(ignored),
        tuple(c.id for c in order),
    )


def _check(contenders: Sequence[Contender]) -> dict[PlayerId, Contender]:
    by_id: dict[PlayerId, Contender] = {}
    for n, c in enumerate(contenders):
        if c.id in by_id:
            raise PrizeError(f"player {c.id} is listed twice")
        if n and c.score > contenders[n - 1].score:
            raise PrizeError("contenders must be in standings order (score descending)")
        by_id[c.id] = c
    return by_id


def _score_groups(contenders: Sequence[Contender]) -> list[list[Contender]]:
    """Consecutive players on the same score: a tie occupies the places of its group (34C)."""
    groups: list[list[Contender]] = []
    for c in contenders:
        if groups and groups[-1][0].score == c.score:
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def _valid_playoffs(
    playoffs: Sequence[Playoff],
    by_id: Mapping[PlayerId, Contender],
    score_groups: Sequence[Sequence[Contender]],
) -> tuple[list[Playoff], list[tuple[Playoff, str]]]:
    """Playoffs that apply to these standings; the others with the reason they are ignored.

    A playoff recorded after the last round does not apply to standings after an earlier round,
    where its players may not be tied: it is then reported, not applied.
    """
    group_of = {c.id: n for n, g in enumerate(score_groups) for c in g}
    seen: set[PlayerId] = set()
    valid: list[Playoff] = []
    ignored: list[tuple[Playoff, str]] = []
    for playoff in playoffs:
        players = playoff.players
        reason = ""
        if len(players) < 2:
            reason = "a playoff needs at least two players"
        elif len(set(players)) != len(players):
            reason = "a player is listed twice"
        elif any(p not in by_id for p in players):
            reason = "a player is not in these standings"
        elif len({group_of[p] for p in players}) > 1:
            reason = "its players are not tied on score"
        elif seen.intersection(players):
            reason = "a player is already in an earlier playoff"
        if reason:
            ignored.append((playoff, reason))
        else:
            valid.append(playoff)
            seen.update(players)
    return valid, ignored


def _any_eligible(slot: PrizeSlot, members: Sequence[Contender]) -> bool:
    return any(slot.prize.eligible(c) for c in members)


def _best(
    members: Sequence[Contender], offered: Iterable[PrizeSlot]
) -> list[PrizeSlot]:
    """The most cash ``members`` can take with at most one prize each, preferred prizes first.

    The sets of prizes that can go to distinct eligible players form a (transversal) matroid, so
    taking prizes in order of preference whenever they still fit gives the largest total, and
    among equal totals the preferred prizes.
    """
    holder: dict[int, PrizeSlot] = {}  # member index -> slot

    def place(slot: PrizeSlot, visited: set[int]) -> bool:
        # Augmenting path (Kuhn): give ``slot`` to a free eligible member, or move a holder on.
        for i, member in enumerate(members):
            if i in visited or not slot.prize.eligible(member):
                continue
            visited.add(i)
            current = holder.get(i)
            if current is None or place(current, visited):
                holder[i] = slot
                return True
        return False

    chosen: list[PrizeSlot] = []
    for slot in sorted(offered, key=PrizeSlot.preference):
        if len(chosen) == len(members):
            break
        if place(slot, set()):
            chosen.append(slot)
    return chosen


def _settle(
    members: list[Contender],
    offered: list[PrizeSlot],
    kind: PoolKind,
    first: int,
    last: int,
    split_from: tuple[int, int] | None = None,
) -> list[Pool]:
    """The pools of one tie: all prizes involved shared equally, unless part of it does better alone."""
    chosen = _best(members, offered)
    if not chosen:
        return []
    total = sum(s.cash for s in chosen)
    if len(members) > 1:
        split = _exclusive(members, offered, Fraction(total, len(members)))
        if split is not None:
            part, theirs = split
            whole = (total, len(members))
            pools = _settle(part, theirs, PoolKind.EXCLUSIVE, first, last, whole)
            taken = {s for p in pools for s in p.prizes}
            rest = [c for c in members if c not in part]
            left = [s for s in offered if s not in taken]
            return pools + _settle(rest, left, PoolKind.REST, first, last, whole)
    share, remainder = divmod(total, len(members))
    return [
        Pool(
            kind,
            members[0].score,
            first,
            last,
            tuple(c.id for c in members),
            tuple(chosen),
            total,
            share,
            remainder,
            split_from,
        )
    ]


def _exclusive(
    members: list[Contender], offered: list[PrizeSlot], equal: Fraction
) -> tuple[list[Contender], list[PrizeSlot]] | None:
    """The part of the tie that gets most by sharing only prizes the others cannot win, if more than ``equal``.

    Candidates are unions of the eligible sets of the class prizes involved; among those better
    off than the equal share, the best share per head wins, then the smaller part (a player
    before a group), then the part placed higher.
    """
    index = {c.id: i for i, c in enumerate(members)}
    eligible: dict[PrizeSlot, frozenset[int]] = {}
    for slot in offered:
        if slot.prize.is_class:
            who = frozenset(index[c.id] for c in members if slot.prize.eligible(c))
            if who:
                eligible[slot] = who
    whole = frozenset(range(len(members)))
    # Every union of the eligible sets, built by adding one set at a time.
    base = {s for s in eligible.values() if s != whole}
    parts: set[frozenset[int]] = set()
    frontier = set(base)
    while frontier and len(parts) < _MAX_SUBGROUPS:
        parts |= frontier
        frontier = {a | b for a in frontier for b in base if a | b != whole} - parts
    best: tuple[Fraction, int, tuple[int, ...]] | None = None
    found: tuple[list[Contender], list[PrizeSlot]] | None = None
    for part in parts:
        theirs = [s for s, who in eligible.items() if who <= part]
        group = [members[i] for i in sorted(part)]
        total = sum(s.cash for s in _best(group, theirs))
        per_head = Fraction(total, len(part))
        if per_head <= equal:
            continue
        key = (-per_head, len(part), tuple(sorted(part)))
        if best is None or key < best:
            best, found = key, (group, theirs)
    return found


def _items(
    slots: Sequence[PrizeSlot],
    order: Sequence[Contender],
    in_playoff: AbstractSet[PlayerId],
) -> tuple[tuple[ItemAward, ...], tuple[PrizeSlot, ...]]:
    """Non-cash items in standings order (tiebreaks, playoffs first): a place item to the player
    in that place; a class item, higher classes first, to the best-placed eligible player who has
    no item yet (docs/prizes.md)."""
    with_item = [s for s in slots if s.item]
    awards: list[ItemAward] = []
    unawarded: list[PrizeSlot] = []
    has_item: set[PlayerId] = set()
    for slot in sorted(
        (s for s in with_item if not s.prize.is_class),
        key=lambda s: (s.place, s.index),
    ):
        if slot.place > len(order):
            unawarded.append(slot)
            continue
        i = slot.place - 1
        winner = order[i]
        nxt = order[i + 1] if i + 1 < len(order) else None
        awards.append(_decided(slot, winner, nxt, in_playoff))
        has_item.add(winner.id)
    for slot in sorted(
        (s for s in with_item if s.prize.is_class),
        key=lambda s: (s.prize.class_key(), s.index, s.place),
    ):
        line = [c for c in order if c.id not in has_item and slot.prize.eligible(c)]
        if not line:
            unawarded.append(slot)
            continue
        winner = line[0]
        awards.append(
            _decided(slot, winner, line[1] if len(line) > 1 else None, in_playoff)
        )
        has_item.add(winner.id)
    return tuple(awards), tuple(unawarded)


def _decided(
    slot: PrizeSlot,
    winner: Contender,
    runner_up: Contender | None,
    in_playoff: AbstractSet[PlayerId],
) -> ItemAward:
    """What put ``winner`` ahead of the next in line for the item: score, a playoff, a tiebreak."""
    if runner_up is None or runner_up.score != winner.score:
        return ItemAward(slot, winner.id, Decision.SCORE)
    if winner.id in in_playoff:
        return ItemAward(slot, winner.id, Decision.PLAYOFF, over=runner_up.id)
    for n, (a, b) in enumerate(
        zip(winner.tiebreaks, runner_up.tiebreaks, strict=False)
    ):
        if a != b:
            return ItemAward(slot, winner.id, Decision.TIEBREAK, n, runner_up.id)
    return ItemAward(slot, winner.id, Decision.UNBROKEN, over=runner_up.id)
