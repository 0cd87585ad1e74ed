"""The standings page: one line per player with its score group, places and the tiebreak that
separated it from the line above; the table body written as HTML.

Scores and tiebreak values all come from the engine's ``Standings``; this module only arranges
and compares them (it adds nothing up). The big tables' bodies are written in Python: a
1,200 x 11 wall chart has 26,000 cells and the template language took seconds over them
(docs/performance.md, "Public pages"). The markup is what a template loop would give row by
row; every text goes through ``escape``, scores through the templates' own ``points`` filter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from standings.engine import StandingRow
from standings.reports import PlayerInfo, SectionReport
from standings.templatetags.standings_format import half_room, points, rating
from tournaments.models import Section


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


def first_difference(a: StandingRow, b: StandingRow) -> int | None:
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
            decided = None if n == first else first_difference(rows[n - 1], row)
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


# ---- the table body, as HTML -----------------------------------------------------------------


def title_tag(title: str) -> str:
    """A player's title before the name ("GM "), as chess-results shows it; "" without one."""
    return f'<span class="ptitle">{escape(title)}</span> ' if title else ""


def player_link(section: Section) -> tuple[str, str]:
    """The player-page URL around the start number: one reverse() for every row."""
    marker = 999999
    url = reverse(
        "standings:player",
        kwargs={
            "slug": section.tournament.slug,
            "section": section.pk,
            "number": marker,
        },
    )
    before, after = url.split(str(marker))
    return escape(before), escape(after)


def tiebreak_cells(line: StandingLine, num: str = "num ") -> str:
    """The tiebreak cells; the one that separated the player from the one above is marked.

    ``num`` is the class that right-aligns a number: empty where the table's CSS does that.
    """
    out = []
    for v in line.values:
        # A whole value's cell keeps a "½"'s room (``half_room``): the digits line up.
        room = half_room(v.value)
        if v.decided:
            decided = escape(line.decided_by)
            out.append(
                f'<td class="{num}decided{room}" title="Decided by {decided}">'
                f"{points(v.value)}"
                f'<span class="tb-mark" aria-label="decided by {decided}">*</span></td>'
            )
        else:
            classes = f"{num}{room[1:]}".strip()
            out.append(f'<td class="{classes}">' if classes else "<td>")
            out.append(f"{points(v.value)}</td>")
    return "".join(out)


def standings_tbody(lines: Sequence[StandingLine], *, section: Section) -> SafeString:
    """``<tr>`` per player: rank, places, number, name, rating, score, tiebreaks."""
    before, after = player_link(section)
    out: list[str] = []
    add = out.append
    for line in lines:
        info = line.info
        classes = " ".join(
            c
            for c, on in (
                ("group-start", line.group_start),
                ("band", line.band),
                ("withdrawn", line.withdrawn),
            )
            if on
        )
        places = line.places if line.tied_on_score else str(line.position)
        # Cells are right-aligned numbers by the table's CSS (public.css): a 1,200-player page
        # is half a megabyte, so no class is repeated on every cell.
        # The id is the row's address ("go to player", score groups) and live.js's key.
        number = info.start_number
        add(
            f'<tr id="n{number}" class="{classes}">'
            if classes
            else f'<tr id="n{number}">'
        )
        add(f'<td>{line.rank_text}</td><td class="place">{places}</td>')
        add(f'<td class="no">{info.start_number}</td>')
        add(
            f'<td class="name">{title_tag(info.title)}<a href="{before}{info.start_number}{after}">'
            f"{escape(info.name)}</a>"
        )
        if line.withdrawn:
            n = info.withdrawn_after_round
            add(
                f' <span class="withdrawn-note" title="Withdrew after round {n}">'
                f"(withdrew rd {n})</span>"
            )
        add(
            f'</td><td class="rtg">{rating(info.rating)}</td>'
            f'<td class="score{half_room(line.row.score)}">{points(line.row.score)}</td>'
        )
        add(tiebreak_cells(line, num=""))
        add("</tr>\n")
    return mark_safe("".join(out))  # noqa: S308 - every text above is escaped
