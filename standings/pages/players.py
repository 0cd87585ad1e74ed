"""One player's page: every round, each tiebreak's breakdown with the opponents named, and the
players tied with them on score.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from standings.engine import Contribution
from standings.names import last_name_key, name_matches, name_parts
from standings.pages.columns import Column, tiebreak_columns
from standings.pages.games import LETTER, Game
from standings.pages.standings import StandingLine, first_difference, standing_lines
from standings.reports import PlayerInfo, SectionReport
from standings.templatetags.standings_format import halves
from tournaments.models import Player, Tournament


@dataclass(frozen=True, slots=True)
class RoundLine:
    round: int
    game: Game | None
    opponent: PlayerInfo | None
    words: str
    letter: str
    running: Fraction | None


@dataclass(frozen=True, slots=True)
class Term:
    """One line of a tiebreak's breakdown, with the opponent named."""

    round: int | None
    opponent: (
        str  # the opponent, or what the term is ("after round 3", "unplayed round")
    )
    value: Fraction
    note: str
    real: Fraction | None = (
        None  # the opponent's real score when ``value`` is adjusted (34E1)
    )
    adjustment: str = ""  # how it was adjusted ("round 3 unplayed counted ½")


@dataclass(frozen=True, slots=True)
class Discarded:
    term: Term
    reason: str


@dataclass(frozen=True, slots=True)
class Deducted:
    round: int
    amount: Fraction
    reason: str


@dataclass(frozen=True, slots=True)
class Explained:
    column: Column
    value: Fraction
    summary: str
    terms: tuple[Term, ...]
    discarded: tuple[Discarded, ...]
    deductions: tuple[Deducted, ...]


@dataclass(frozen=True, slots=True)
class Neighbour:
    """Another player on the same score, and the tiebreak that put one of the two ahead."""

    info: PlayerInfo
    rank_text: str
    ahead: bool  # the other player is ranked above this one
    decided_by: str  # "" when still tied after every tiebreak
    mine: Fraction | None
    theirs: Fraction | None


# On a big section's player page, the players named on the same score: this many ranked just
# above and just below (in a 1,200-player section 160 players can share a score, and naming
# every one made the page 19,000 pixels of list on a phone); the standings show the rest.
TIED_SHOWN = 5


@dataclass(frozen=True, slots=True)
class PlayerView:
    line: StandingLine
    rounds: tuple[RoundLine, ...]
    explained: tuple[Explained, ...]
    # The nearest ones on the same score: TIED_SHOWN above, TIED_SHOWN below.
    tied_with: tuple[Neighbour, ...]
    tied_count: int  # every other player on the same score
    next_game: RoundLine | None  # this round's pairing, when posted and not yet played


def _name(report: SectionReport, pk: int | None) -> str:
    if pk is None:
        return "unplayed round"
    info = report.players[pk]
    return f"{info.name} ({info.start_number})"


def _term(report: SectionReport, c: Contribution) -> Term:
    """A breakdown line: a term about a round (the Cumulative's running score "after round 3")
    says so; only a term with no opponent and no such label is an unplayed round."""
    what = c.label or _name(report, c.opponent)
    return Term(c.round, what, c.value, halves(c.note), c.actual, halves(c.adjustment))


def player_view(
    report: SectionReport,
    games: dict[int, dict[int, Game]],
    pk: int,
    *,
    current: int | None,
    explain: bool = True,
) -> PlayerView:
    """A player's rounds, each tiebreak's breakdown and the players tied with them."""
    standings = report.standings
    lines = standing_lines(report)
    line = next(line for line in lines if line.row.player.id == pk)
    mine = games.get(pk, {})
    running = standings.running_scores(pk)
    last = max([current or 0, standings.through_round, *mine]) if mine else current
    rounds = []
    for r in range(1, (last or 0) + 1):
        game = mine.get(r)
        opponent = (
            None
            if game is None or game.opponent is None
            else report.players[game.opponent]
        )
        if game is None:
            words, letter = (
                ("not paired", "U") if r <= standings.through_round else ("", "")
            )
        elif game.outcome is None:
            # One word in the result column: "result not in yet" took three lines on a phone
            # and squeezed the opponent's name.
            words, letter = "pending", ""
        else:
            words, letter = game.words, LETTER[game.outcome]
        rounds.append(
            RoundLine(
                r,
                game,
                opponent,
                words,
                letter,
                running[r - 1] if r <= standings.through_round else None,
            )
        )
    next_game = None
    if current is not None and current > standings.through_round:
        next_game = next((x for x in rounds if x.round == current), None)
    columns = tiebreak_columns(standings.order)
    explained = []
    if explain:
        for column, value in zip(columns, line.row.values, strict=True):
            e = value.explanation
            explained.append(
                Explained(
                    column,
                    value.value,
                    # The engine's words with their numbers as the page writes them ("13½"
                    # under a heading of 13½, not "13.5"), here and in each term's note.
                    halves(e.summary),
                    tuple(_term(report, c) for c in e.contributions),
                    tuple(
                        Discarded(_term(report, d.contribution), halves(d.reason))
                        for d in e.discarded
                    ),
                    tuple(
                        Deducted(d.round, d.amount, halves(d.reason))
                        for d in e.deductions
                    ),
                )
            )
    tied = []
    for other in lines:
        if other is line or other.row.score != line.row.score:
            continue
        n = first_difference(other.row, line.row)
        tied.append(
            Neighbour(
                other.info,
                other.rank_text,
                other.position < line.position,
                standings.order[n].label if n is not None else "",
                line.row.values[n].value if n is not None else None,
                other.row.values[n].value if n is not None else None,
            )
        )
    above = [n for n in tied if n.ahead][-TIED_SHOWN:]
    below = [n for n in tied if not n.ahead][:TIED_SHOWN]
    return PlayerView(
        line, tuple(rounds), tuple(explained), (*above, *below), len(tied), next_game
    )


def players_find(*, tournament: Tournament, query: str) -> list[Player]:
    """Find me: the tournament's players whose name matches ``query`` in any order, without
    accents, punctuation or case, by the start of each part (``standings.names``); a number
    finds the start number in every section, and the US Chess or FIDE ID. Sorted by last name.

    Two queries whatever the size: every player's name and numbers, then the matches."""
    query = query.strip()
    if query.isascii() and query.isdigit():  # not "²", which int() refuses
        number = int(query)
        hits = [
            pk
            for pk, start, uschess, fide in Player.objects.filter(
                section__tournament=tournament
            ).values_list("pk", "start_number", "uschess_id", "fide_id")
            if start == number or query in (uschess, fide)
        ]
    else:
        parts = name_parts(query)
        hits = [
            pk
            for pk, name in Player.objects.filter(
                section__tournament=tournament
            ).values_list("pk", "name")
            if name_matches(parts, name)
        ]
    found = list(Player.objects.filter(pk__in=hits).select_related("section"))
    found.sort(
        key=lambda p: (last_name_key(p.name), p.section.position, p.start_number)
    )
    return found
