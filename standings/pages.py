"""What the public pages show, built from the standings use case (``reports.section_report``).

Plain data for the templates: standings rows with their score groups and what separated two
neighbours, wall-chart rows with one cell and one running score per round, pairings by board and
by name, a player's rounds and explanations. Scores, running scores and tiebreak values all come
from the engine's ``Standings``; this module only arranges and compares them (it adds nothing up).
It also gives each section a *version*, derived from its rows in two queries, that keys the
page cache and the ETags.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.db import connection

from standings.engine import Outcome, StandingRow, TiebreakSpec, format_decimal
from standings.reports import PlayerInfo, SectionReport
from tournaments.models import Pairing, Player, Result, Round, Section, TiebreakChange
from tournaments.results import outcomes

# ---- what a tiebreak means, for the column headers (hover) and the legend (tap) -------------

# One line each, in the words of the texts the engine cites (US Chess 34E; Rozycki 1997; the
# SwissSys list; MCA 2001). The engine's explanations give the worked figures per player.
TIEBREAK_HINTS: dict[str, str] = {
    "modified_median": "Sum of the opponents' scores, leaving out the highest and/or lowest "
    "depending on the player's own score (US Chess 34E1).",
    "median": "Sum of the opponents' scores without the highest and the lowest (Harkness).",
    "solkoff": "Sum of all the opponents' scores (US Chess 34E2).",
    "cumulative": "Sum of the player's running score after each round: winning early counts "
    "more (US Chess 34E3).",
    "cumulative_opposition": "Sum of the opponents' cumulative tiebreaks (US Chess 34E9).",
    "cumulative_cut": "Cumulative without the first rounds' running scores (SwissSys).",
    "sonneborn_berger": "Scores of the opponents the player beat, plus half the scores of "
    "those they drew with.",
    "kashdan": "Wins 4, draws 2, losses 1, unplayed rounds 0: rewards playing for a win.",
    "wins": "Number of games won.",
    "most_blacks": "Number of games played with Black.",
    "black_win_points": "Points for wins with Black, draws with Black and wins with White "
    "(SwissSys).",
    "result_between_tied": "Points scored in games among the players still tied.",
    "head_to_head": "Results among the players still tied, counted from 100 (SwissSys).",
    "average_opposition": "Average rating of the opponents.",
    "average_opposition_cut1": "Average rating of the opponents without the lowest.",
    "opposition_rating_sum": "Sum of the opponents' ratings.",
    "opposition_performance": "The opponents' average performance rating.",
    "actual_play_first": "Points scored in games actually played (byes and forfeits left out).",
    "coin_flip": "Drawing of lots, reproducible from the recorded seed.",
}


def tiebreak_hint(spec: TiebreakSpec) -> str:
    return TIEBREAK_HINTS.get(spec.id, spec.system.name)


# Short column headers; the full name is in the hint and the legend.
TIEBREAK_ABBREVIATIONS: dict[str, str] = {
    "modified_median": "MM",
    "median": "Med",
    "solkoff": "Solk",
    "cumulative": "Cum",
    "cumulative_opposition": "CumOpp",
    "cumulative_cut": "CumCut",
    "sonneborn_berger": "SB",
    "kashdan": "Kash",
    "wins": "Wins",
    "most_blacks": "Blk",
    "black_win_points": "BWP",
    "result_between_tied": "Res",
    "head_to_head": "H2H",
    "average_opposition": "AvgOpp",
    "average_opposition_cut1": "AvgOpp1",
    "opposition_rating_sum": "OppRtg",
    "opposition_performance": "OppPerf",
    "actual_play_first": "Played",
    "coin_flip": "Lots",
}


@dataclass(frozen=True, slots=True)
class Column:
    """A posted tiebreak as a table column."""

    position: int  # 1-based place in the order
    key: str
    label: str
    short: str
    hint: str


def tiebreak_columns(order: Sequence[TiebreakSpec]) -> list[Column]:
    return [
        Column(
            n,
            spec.key,
            spec.label,
            TIEBREAK_ABBREVIATIONS.get(spec.id, spec.id),
            tiebreak_hint(spec),
        )
        for n, spec in enumerate(order, start=1)
    ]


# ---- rounds ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundInfo:
    number: int
    status: str
    posted: bool  # pairings visible to the public


def rounds_of(section: Section) -> list[RoundInfo]:
    """The section's rounds; a round's pairings are public unless they are a draft."""
    return [
        RoundInfo(number, status, status != Round.Status.DRAFT)
        for number, status in Round.objects.filter(section=section)
        .order_by("number")
        .values_list("number", "status")
    ]


def current_round(rounds: Sequence[RoundInfo]) -> int | None:
    """The last round whose pairings are posted (None before round 1 is posted)."""
    posted = [r.number for r in rounds if r.posted and r.status != "not_paired"]
    if not posted:
        # Rounds built in bulk (import, tests) may keep the default status with pairings.
        posted = [r.number for r in rounds if r.posted]
    return max(posted, default=None)


# ---- the section's version: what the cache keys and the ETags are made of ---------------


def _version_sql() -> tuple[str, list[str]]:
    """One statement: weighted sums over the section's pairings (row 1) and players (row 2).

    Written once as SQL (SQLite and PostgreSQL alike): building the same aggregates through the
    ORM costs more Python time per request than the database spends running them.
    """
    q = connection.ops.quote_name
    pairing, round_, player = (q(m._meta.db_table) for m in (Pairing, Round, Player))
    codes = list(Result.values)
    result_code = (
        "CASE p.result "
        + " ".join(f"WHEN %s THEN {n}" for n in range(1, len(codes) + 1))
        + " ELSE 0 END"
    )
    sql = (
        f"SELECT 1, COUNT(*), SUM(p.id * ({result_code})), SUM(p.id * p.white_id), "
        "SUM(p.id * COALESCE(p.black_id, 0)), SUM(p.id * COALESCE(p.board, 0)), 0, 0 "
        f"FROM {pairing} p INNER JOIN {round_} r ON p.round_id = r.id "
        "WHERE r.section_id = %s "
        "UNION ALL "
        "SELECT 2, COUNT(*), SUM(x.id * x.start_number), SUM(x.id * COALESCE(x.rating, 0)), "
        "SUM(x.id * COALESCE(x.withdrawn_after_round, 0)), SUM(x.id * LENGTH(x.name)), "
        f"SUM(x.id * LENGTH(x.{q('groups')})), SUM(x.id * LENGTH(x.federation)) "
        f"FROM {player} x WHERE x.section_id = %s "
        "UNION ALL "
        # Round statuses have distinct lengths (not_paired, draft, paired, complete).
        "SELECT 3, COUNT(*), SUM(y.id * y.number), SUM(y.id * LENGTH(y.status)), 0, 0, 0, 0 "
        f"FROM {round_} y WHERE y.section_id = %s"
    )
    return sql, codes


_VERSION_SQL, _RESULT_CODES = _version_sql()


def section_version(section: Section) -> str:
    """A short text that changes when a result, pairing, round, player or section field does.

    One query. Each pairing and player row enters a weighted sum (its key times a code of its
    content), so changing one result, swapping colours, posting a round, withdrawing a player
    or changing a rating changes a sum; the section's own fields are added in Python. A player's name edited to another of the same length is not seen: the cache's
    timeout bounds how long that shows.
    """
    with connection.cursor() as cursor:
        cursor.execute(
            _VERSION_SQL, [*_RESULT_CODES, section.pk, section.pk, section.pk]
        )
        sums = sorted(cursor.fetchall())
    fields = (
        section.tournament_id,
        section.tiebreaks,
        section.lots_seed,
        section.is_final,
        section.rounds_total,
        section.name,
        str(section.win_points),
        str(section.draw_points),
        str(section.loss_points),
        json.dumps(section.prize_fund, sort_keys=True),
        json.dumps(section.playoffs, sort_keys=True),
        section.playoff_announced,
    )
    text = repr((fields, sums))
    return hashlib.blake2b(text.encode(), digest_size=10).hexdigest()


# ---- each player's rounds, from the pairings -------------------------------------------------

# The wall-chart letter of each outcome (US Chess wall-chart notation).
LETTER: dict[Outcome, str] = {
    Outcome.WIN: "W",
    Outcome.LOSS: "L",
    Outcome.DRAW: "D",
    Outcome.FORFEIT_WIN: "X",
    Outcome.FORFEIT_LOSS: "F",
    Outcome.BYE_PAIRING: "B",
    Outcome.BYE_FULL: "B",
    Outcome.BYE_HALF: "H",
    Outcome.BYE_ZERO: "U",
    Outcome.NOT_PAIRED: "U",
}
LEGEND = (
    ("W", "win"),
    ("L", "loss"),
    ("D", "draw"),
    ("X", "forfeit win"),
    ("F", "forfeit loss"),
    ("B", "full-point bye"),
    ("H", "half-point bye"),
    ("U", "not paired or zero-point bye"),
)
OUTCOME_WORDS: dict[Outcome, str] = {
    Outcome.WIN: "won",
    Outcome.LOSS: "lost",
    Outcome.DRAW: "drew",
    Outcome.FORFEIT_WIN: "won by forfeit",
    Outcome.FORFEIT_LOSS: "lost by forfeit",
    Outcome.BYE_PAIRING: "full-point bye",
    Outcome.BYE_FULL: "full-point bye (requested)",
    Outcome.BYE_HALF: "half-point bye",
    Outcome.BYE_ZERO: "zero-point bye",
    Outcome.NOT_PAIRED: "not paired",
}


@dataclass(frozen=True, slots=True)
class Game:
    """One player's round as the pages show it."""

    round: int
    board: int | None
    opponent: int | None  # the opponent's pk
    colour: str  # "w", "b" or "" for a bye or absence
    outcome: Outcome | None  # None while the result is pending
    result: str  # the stored code


def section_games(
    section: Section, *, through_round: int | None = None
) -> dict[int, dict[int, Game]]:
    """Every posted pairing of the section, per player pk and round number, in one query."""
    rows = Pairing.objects.filter(round__section=section).exclude(
        round__status=Round.Status.DRAFT
    )
    if through_round is not None:
        rows = rows.filter(round__number__lte=through_round)
    games: dict[int, dict[int, Game]] = {}
    for number, board, white, black, result in rows.values_list(
        "round__number", "board", "white_id", "black_id", "result"
    ):
        if result == Result.PENDING:
            white_outcome: Outcome | None = None
            black_outcome: Outcome | None = None
        else:
            white_outcome, black_outcome = outcomes(result)
        if black is None:
            games.setdefault(white, {})[number] = Game(
                number, board, None, "", white_outcome, result
            )
        else:
            games.setdefault(white, {})[number] = Game(
                number, board, black, "w", white_outcome, result
            )
            games.setdefault(black, {})[number] = Game(
                number, board, white, "b", black_outcome, result
            )
    return games


# ---- standings -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShownValue:
    """One tiebreak value in a row; ``decided`` marks the one that put this player below the last."""

    value: Fraction
    decided: bool


@dataclass(frozen=True, slots=True)
class StandingLine:
    row: StandingRow
    info: PlayerInfo
    position: int  # 1-based line number
    places: str  # "3" or "2-4": the places the player's score group covers (34C)
    group_start: bool  # first line of a score group
    tied_on_score: bool
    band: bool  # every other score group is shaded
    values: tuple[ShownValue, ...]
    decided_by: (
        str  # label of the tiebreak that separated this player from the one above
    )
    withdrawn: bool

    @property
    def rank_text(self) -> str:
        return f"{self.row.rank}=" if self.row.shared else str(self.row.rank)


def _first_difference(a: StandingRow, b: StandingRow) -> int | None:
    """Index of the first tiebreak whose values differ between two players on the same score."""
    for n, (x, y) in enumerate(zip(a.values, b.values, strict=True)):
        if x.value != y.value:
            return n
    return None


def score_groups(rows: Sequence[StandingRow]) -> list[tuple[int, int]]:
    """(first, last) line index of each run of equal scores, in order."""
    groups: list[tuple[int, int]] = []
    start = 0
    for n in range(1, len(rows) + 1):
        if n == len(rows) or rows[n].score != rows[start].score:
            groups.append((start, n - 1))
            start = n
    return groups


def places_text(first: int, last: int) -> str:
    """Places of a score group as text, from 0-based line indexes."""
    return str(first + 1) if first == last else f"{first + 1}-{last + 1}"


def standing_lines(report: SectionReport) -> list[StandingLine]:
    standings = report.standings
    rows = standings.rows
    order = standings.order
    lines: list[StandingLine] = []
    for group, (first, last) in enumerate(score_groups(rows)):
        places = places_text(first, last)
        for n in range(first, last + 1):
            row = rows[n]
            decided = None if n == first else _first_difference(rows[n - 1], row)
            info = report.players[row.player.id]
            lines.append(
                StandingLine(
                    row,
                    info,
                    n + 1,
                    places,
                    n == first,
                    last > first,
                    group % 2 == 1,
                    tuple(
                        ShownValue(v.value, k == decided)
                        for k, v in enumerate(row.values)
                    ),
                    order[decided].label if decided is not None else "",
                    info.withdrawn_after_round is not None,
                )
            )
    return lines


# ---- wall chart ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """One round of one player in the wall chart: "W12" and the running score after the round."""

    round: int
    letter: str  # "" while the result is pending
    opponent: int | None  # the opponent's start number
    colour: str
    running: Fraction | None

    @property
    def text(self) -> str:
        return f"{self.letter}{self.opponent or ''}"


@dataclass(frozen=True, slots=True)
class WallRow:
    line: StandingLine
    cells: tuple[Cell, ...]


def crosstable_rows(
    report: SectionReport,
    games: dict[int, dict[int, Game]],
    *,
    by_start_number: bool = False,
) -> list[WallRow]:
    """The wall chart: one row per player, a cell per round through the standings' round."""
    standings = report.standings
    through = standings.through_round
    number_of = {pk: info.start_number for pk, info in report.players.items()}
    rows: list[WallRow] = []
    for line in standing_lines(report):
        pk = line.row.player.id
        mine = games.get(pk, {})
        running = standings.running_scores(pk)
        cells = []
        for r in range(1, through + 1):
            game = mine.get(r)
            if game is None:
                cells.append(Cell(r, "U", None, "", running[r - 1]))
                continue
            letter = "" if game.outcome is None else LETTER[game.outcome]
            opponent = None if game.opponent is None else number_of[game.opponent]
            cells.append(Cell(r, letter, opponent, game.colour, running[r - 1]))
        rows.append(WallRow(line, tuple(cells)))
    if by_start_number:
        rows.sort(key=lambda w: w.line.info.start_number)
    return rows


# ---- pairings --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    pk: int
    start_number: int
    name: str
    rating: int | None
    score: Fraction | None  # before the round


@dataclass(frozen=True, slots=True)
class Board:
    board: int | None
    white: Seat
    black: Seat
    result: str  # display text, "" while pending


@dataclass(frozen=True, slots=True)
class Bye:
    seat: Seat
    what: str


@dataclass(frozen=True, slots=True)
class NameLine:
    """The alphabetical list: where each player sits this round."""

    seat: Seat
    board: int | None
    colour: str  # "White", "Black" or ""
    opponent: Seat | None
    note: str  # a bye or absence


@dataclass
class RoundPairings:
    number: int
    boards: list[Board] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    absent: list[Seat] = field(default_factory=list)  # not paired, not withdrawn
    withdrawn: list[Seat] = field(default_factory=list)

    def by_name(self) -> list[NameLine]:
        lines = []
        for b in self.boards:
            lines.append(NameLine(b.white, b.board, "White", b.black, ""))
            lines.append(NameLine(b.black, b.board, "Black", b.white, ""))
        for bye in self.byes:
            lines.append(NameLine(bye.seat, None, "", None, bye.what))
        for seat in self.absent:
            lines.append(NameLine(seat, None, "", None, "not paired"))
        lines.sort(key=lambda line: (line.seat.name.casefold(), line.seat.start_number))
        return lines


RESULT_SHORT: dict[str, str] = {
    Result.PENDING: "",
    Result.WHITE_WIN: "1-0",
    Result.DRAW: "½-½",
    Result.BLACK_WIN: "0-1",
    Result.WHITE_FORFEIT_WIN: "1-0 ff",
    Result.BLACK_FORFEIT_WIN: "0-1 ff",
    Result.DOUBLE_FORFEIT: "0-0 ff",
    Result.WHITE_WIN_UNRATED: "1-0",
    Result.DRAW_UNRATED: "½-½",
    Result.BLACK_WIN_UNRATED: "0-1",
}


def round_pairings(
    *,
    section: Section,
    number: int,
    players: dict[int, PlayerInfo],
    scores: dict[int, Fraction] | None,
) -> RoundPairings:
    """Round ``number``'s boards, byes and absences (one query); ``scores`` are before the round."""

    def seat(pk: int) -> Seat:
        p = players[pk]
        return Seat(
            pk,
            p.start_number,
            p.name,
            p.rating,
            None if scores is None else scores.get(pk),
        )

    out = RoundPairings(number)
    seen: set[int] = set()
    for board, white, black, result in (
        Pairing.objects.filter(round__section=section, round__number=number)
        .order_by("board", "pk")
        .values_list("board", "white_id", "black_id", "result")
    ):
        seen.add(white)
        if black is None:
            if result == Result.NOT_PAIRED:
                continue  # listed with the absent players below
            out.byes.append(Bye(seat(white), Result(result).label))
        else:
            seen.add(black)
            out.boards.append(
                Board(board, seat(white), seat(black), RESULT_SHORT.get(result, ""))
            )
    for pk, info in sorted(players.items(), key=lambda item: item[1].start_number):
        if pk in seen:
            continue
        withdrawn = info.withdrawn_after_round
        if withdrawn is not None and withdrawn < number:
            out.withdrawn.append(seat(pk))
        else:
            out.absent.append(seat(pk))
    return out


# ---- one player ------------------------------------------------------------------------------


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
    opponent: str
    value: Fraction
    note: str


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


@dataclass(frozen=True, slots=True)
class PlayerView:
    line: StandingLine
    rounds: tuple[RoundLine, ...]
    explained: tuple[Explained, ...]
    tied_with: tuple[Neighbour, ...]
    next_game: RoundLine | None  # this round's pairing, when posted and not yet played
    last_round: int | None


def _name(report: SectionReport, pk: int | None) -> str:
    if pk is None:
        return "unplayed round"
    info = report.players[pk]
    return f"{info.name} ({info.start_number})"


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
            words, letter = "result not in yet", ""
        else:
            words, letter = OUTCOME_WORDS[game.outcome], LETTER[game.outcome]
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
                    e.summary,
                    tuple(
                        Term(c.round, _name(report, c.opponent), c.value, c.note)
                        for c in e.contributions
                    ),
                    tuple(
                        Discarded(
                            Term(
                                d.contribution.round,
                                _name(report, d.contribution.opponent),
                                d.contribution.value,
                                d.contribution.note,
                            ),
                            d.reason,
                        )
                        for d in e.discarded
                    ),
                    tuple(Deducted(d.round, d.amount, d.reason) for d in e.deductions),
                )
            )
    tied = []
    for other in lines:
        if other is line or other.row.score != line.row.score:
            continue
        n = _first_difference(other.row, line.row)
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
    return PlayerView(
        line, tuple(rounds), tuple(explained), tuple(tied), next_game, last
    )


# ---- downloads -------------------------------------------------------------------------------


def _rating(rating: int | None) -> str:
    return "" if rating is None else str(rating)


def standings_document(report: SectionReport) -> dict[str, object]:
    """The standings as JSON: exact decimals as text, tiebreaks keyed by their order item."""
    section = report.section
    standings = report.standings
    keys = [spec.key for spec in standings.order]
    return {
        "tournament": section.tournament.slug,
        "section": section.name,
        "rounds": section.rounds_total,
        "after_round": standings.through_round,
        "final": section.is_final,
        "tiebreaks": [
            {"key": spec.key, "name": spec.label} for spec in standings.order
        ],
        "standings": [
            {
                "rank": line.row.rank,
                "shared": line.row.shared,
                "places": line.places,
                "start_number": line.info.start_number,
                "name": line.info.name,
                "rating": line.info.rating,
                "score": format_decimal(line.row.score),
                "tiebreaks": {
                    key: format_decimal(v.value)
                    for key, v in zip(keys, line.row.values, strict=True)
                },
                "withdrawn_after_round": line.info.withdrawn_after_round,
            }
            for line in standing_lines(report)
        ],
    }


def standings_csv(report: SectionReport) -> str:
    standings = report.standings
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "rank",
            "shared",
            "places",
            "start_number",
            "name",
            "rating",
            "score",
            *(spec.key for spec in standings.order),
            "withdrawn_after_round",
        ]
    )
    for line in standing_lines(report):
        writer.writerow(
            [
                line.row.rank,
                "yes" if line.row.shared else "",
                line.places,
                line.info.start_number,
                line.info.name,
                _rating(line.info.rating),
                format_decimal(line.row.score),
                *(format_decimal(v.value) for v in line.row.values),
                line.info.withdrawn_after_round or "",
            ]
        )
    return out.getvalue()


def crosstable_document(
    report: SectionReport, games: dict[int, dict[int, Game]]
) -> dict[str, object]:
    section = report.section
    standings = report.standings
    keys = [spec.key for spec in standings.order]
    return {
        "tournament": section.tournament.slug,
        "section": section.name,
        "rounds": section.rounds_total,
        "after_round": standings.through_round,
        "final": section.is_final,
        "tiebreaks": keys,
        "players": [
            {
                "rank": w.line.row.rank,
                "start_number": w.line.info.start_number,
                "name": w.line.info.name,
                "rating": w.line.info.rating,
                "rounds": [
                    {
                        "round": c.round,
                        "result": c.letter,
                        "opponent": c.opponent,
                        "colour": c.colour or None,
                        "running_score": None
                        if c.running is None
                        else format_decimal(c.running),
                    }
                    for c in w.cells
                ],
                "score": format_decimal(w.line.row.score),
                "tiebreaks": {
                    key: format_decimal(v.value)
                    for key, v in zip(keys, w.line.row.values, strict=True)
                },
            }
            for w in crosstable_rows(report, games)
        ],
    }


def crosstable_csv(report: SectionReport, games: dict[int, dict[int, Game]]) -> str:
    standings = report.standings
    rounds = range(1, standings.through_round + 1)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["rank", "start_number", "name", "rating"]
    for r in rounds:
        header += [f"round_{r}", f"after_round_{r}"]
    writer.writerow([*header, "score", *(spec.key for spec in standings.order)])
    for w in crosstable_rows(report, games):
        cells: list[str] = []
        for c in w.cells:
            cells += [c.text, "" if c.running is None else format_decimal(c.running)]
        writer.writerow(
            [
                w.line.row.rank,
                w.line.info.start_number,
                w.line.info.name,
                _rating(w.line.info.rating),
                *cells,
                format_decimal(w.line.row.score),
                *(format_decimal(v.value) for v in w.line.row.values),
            ]
        )
    return out.getvalue()


def tiebreak_history(section: Section) -> list[TiebreakChange]:
    return list(TiebreakChange.objects.filter(section=section))
