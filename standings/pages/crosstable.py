"""The wall chart: one row per player, a cell (result, opponent, running score) per round; the
table body written as HTML (why in ``pages/standings.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from standings.pages.games import LETTER, Game
from standings.pages.standings import (
    StandingLine,
    player_link,
    standing_lines,
    tiebreak_cells,
    title_tag,
)
from standings.reports import SectionReport
from standings.templatetags.standings_format import half_room, points, rating
from tournaments.models import Section


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


def crosstable_tbody(
    rows: Sequence[WallRow],
    *,
    section: Section,
    by_number: bool,
    colours: bool = False,
    row_link: Callable[[int], str] | None = None,
) -> SafeString:
    """``<tr>`` per player: rank, number, pinned name, rating, result and running score per round,
    total and tiebreaks (the one that separated the player from the one above marked). With
    ``colours`` each game's cell ends in the player's colour, small: "W12w", "L7b". An
    opponent's number links to their row through ``row_link`` (a big wall chart's pages), else
    to "#n<number>" on the same page."""
    before, after = player_link(section)
    out: list[str] = []
    add = out.append
    for w in rows:
        line = w.line
        info = line.info
        number = info.start_number
        classes = []
        if not by_number and line.group_start:
            classes.append("group-start")
        if not by_number and line.band:
            classes.append("band")
        if line.withdrawn:
            classes.append("withdrawn")
        add(f'<tr id="n{number}" class="{" ".join(classes)}">')
        add(f'<td class="num">{line.rank_text}</td><td class="num">{number}</td>')
        add(
            f'<th scope="row" class="name sticky-col">{title_tag(info.title)}'
            f'<a href="{before}{number}{after}">{escape(info.name)}</a>'
        )
        if line.withdrawn:
            add(
                f' <span class="withdrawn-note">(withdrew rd {info.withdrawn_after_round})</span>'
            )
        add(f'</th><td class="num">{rating(info.rating)}</td>')
        for c in w.cells:
            if c.opponent:
                colour = f'<span class="clr">{c.colour}</span>' if colours else ""
                href = escape(row_link(c.opponent)) if row_link else f"#n{c.opponent}"
                add(
                    f'<td class="rd"><a href="{href}">{c.letter}{c.opponent}'
                    f"{colour}</a></td>"
                )
            else:
                add(f'<td class="rd">{c.letter}</td>')
            add(f'<td class="num cum{half_room(c.running)}">{points(c.running)}</td>')
        score = line.row.score
        add(f'<td class="num total{half_room(score)}">{points(score)}</td>')
        add(tiebreak_cells(line))
        add("</tr>\n")
    return mark_safe("".join(out))  # noqa: S308 - every value above is escaped or a number
