"""Pairing teams of a fixed-roster team section: a Swiss by match points, or the Berger tables.

Pure code, no Django. A match's colours are those of board 1: the team listed first has White
on boards 1, 3, 5... and Black on boards 2, 4, 6... (the usual convention of team events:
colours alternate down the boards), docs/teams.md.

The Swiss follows the individual rules in their plain form (US Chess 27-29 read for teams):
teams ranked by match points, then game points, then rating (the average of the boards that
play), then team number; within a score group the top half meets the bottom half; no two teams
meet twice while another pairing exists (a search over the whole round); a team that cannot be
paired in its group floats down. With an odd number of teams the lowest-ranked team that has
not had a bye gets it. Board 1's White goes to the team that had it fewer times, then to the
team that did not have it last round, then to the higher-ranked team.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.robin import berger_round


@dataclass(frozen=True, slots=True)
class TeamEntrant:
    """What the pairing of a team reads: its standing, its opponents and its board-1 colours."""

    number: int
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    rating: int = 0
    opponents: frozenset[int] = frozenset()
    whites: int = 0  # matches with White on board 1
    last_white: bool | None = None  # board 1's colour last round (None: no match)
    had_bye: bool = False


@dataclass(frozen=True, slots=True)
class TeamRoundPairing:
    matches: tuple[
        tuple[int, int], ...
    ]  # (team with White on board 1, other), table order
    bye: int | None


class TeamPairingError(ValueError):
    """No pairing without a rematch exists, or the teams are too few."""


def pair_teams_swiss(teams: Sequence[TeamEntrant]) -> TeamRoundPairing:
    """One Swiss round of teams (module docstring); refuses when every pairing has a rematch."""
    if len(teams) < 2:
        raise TeamPairingError("a team round needs at least 2 teams")
    ranked = sorted(
        teams, key=lambda t: (-t.match_points, -t.game_points, -t.rating, t.number)
    )
    bye = None
    if len(ranked) % 2:
        bye = next((t for t in reversed(ranked) if not t.had_bye), ranked[-1])
        ranked = [t for t in ranked if t is not bye]
    pairs = _search(ranked)
    if pairs is None:
        raise TeamPairingError(
            "every pairing of this round repeats a match already played"
        )
    rank = {t.number: n for n, t in enumerate(ranked)}
    by_number = {t.number: t for t in ranked}
    matches = sorted(
        (_colours(a, b, rank) for a, b in pairs),
        key=lambda m: min(rank[m[0]], rank[m[1]]),
    )
    # Teams with no match yet: board 1's White alternates down the tables (the higher-ranked
    # team has it on tables 1, 3, 5...), as the colours of round 1 do for players.
    for table, (a, b) in enumerate(matches):
        fresh = not (by_number[a].opponents or by_number[b].opponents)
        if fresh and table % 2:
            matches[table] = (b, a)
    return TeamRoundPairing(tuple(matches), None if bye is None else bye.number)


def _search(ranked: list[TeamEntrant]) -> list[tuple[TeamEntrant, TeamEntrant]] | None:
    """Pair the first team with its preferred opponent, the rest recursively; backtrack."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for other in _preferences(first, rest):
        if other.number in first.opponents:
            continue
        found = _search([t for t in rest if t is not other])
        if found is not None:
            return [(first, other), *found]
    return None


def _preferences(first: TeamEntrant, rest: list[TeamEntrant]) -> list[TeamEntrant]:
    """Opponents in order: the score group's top half meets its bottom half (the one half a
    group down first), then the rest of the group, then lower groups in rank order."""
    group = [t for t in rest if t.match_points == first.match_points]
    lower = [t for t in rest if t.match_points != first.match_points]
    half = (
        len(group) + 1
    ) // 2  # the first team's natural opponent: half the group below it
    return group[half - 1 :] + group[: half - 1] + lower if group else lower


def _colours(a: TeamEntrant, b: TeamEntrant, rank: dict[int, int]) -> tuple[int, int]:
    """Board 1's White: fewer whites, then not White last round, then the higher ranked."""
    if a.whites != b.whites:
        return (a.number, b.number) if a.whites < b.whites else (b.number, a.number)
    if a.last_white != b.last_white and None not in (a.last_white, b.last_white):
        return (b.number, a.number) if a.last_white else (a.number, b.number)
    return (
        (a.number, b.number)
        if rank[a.number] < rank[b.number]
        else (b.number, a.number)
    )


def pair_teams_round_robin(count: int, round_number: int) -> TeamRoundPairing:
    """Round ``round_number`` of the Berger table for teams 1..count (FIDE's tables, as for
    players): with an odd count, the team drawn against the dummy has the bye."""
    pairs = berger_round(count, round_number)
    matches = tuple((w, b) for w, b in pairs if max(w, b) <= count)
    bye = next((min(w, b) for w, b in pairs if max(w, b) > count), None)
    return TeamRoundPairing(matches, bye)


def board_colours(boards: int) -> tuple[bool, ...]:
    """For each board, whether the team listed first has White: boards 1, 3, 5... (docs/teams.md)."""
    return tuple(b % 2 == 1 for b in range(1, boards + 1))
