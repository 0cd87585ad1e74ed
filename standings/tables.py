"""The bodies of the two big tables, standings and wall chart, as HTML written in Python.

A 1,200 x 11 wall chart has 26,000 cells and the template language took seconds over them
(docs/performance.md, "Public pages"). The markup is what a template loop would give row by
row; every text goes through ``escape``, scores through the templates' own ``points`` filter.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from standings.pages import StandingLine, WallRow
from standings.templatetags.standings_format import points, rating
from tournaments.models import Section


def _player_link(section: Section) -> tuple[str, str]:
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


def _values(line: StandingLine, num: str = "num ") -> str:
    """The tiebreak cells; the one that separated the player from the one above is marked.

    ``num`` is the class that right-aligns a number: empty where the table's CSS does that.
    """
    out = []
    plain = f'<td class="{num.strip()}">' if num else "<td>"
    for v in line.values:
        if v.decided:
            decided = escape(line.decided_by)
            out.append(
                f'<td class="{num}decided" title="Decided by {decided}">{points(v.value)}'
                f'<span class="tb-mark" aria-label="decided by {decided}">*</span></td>'
            )
        else:
            out.append(f"{plain}{points(v.value)}</td>")
    return "".join(out)


def standings_tbody(lines: Sequence[StandingLine], *, section: Section) -> SafeString:
    """``<tr>`` per player: rank, places, number, name, rating, score, tiebreaks."""
    before, after = _player_link(section)
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
        add(f'<tr class="{classes}">' if classes else "<tr>")
        add(f'<td>{line.rank_text}</td><td class="place">{places}</td>')
        add(f"<td>{info.start_number}</td>")
        add(
            f'<td class="name"><a href="{before}{info.start_number}{after}">'
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
            f'<td class="score">{points(line.row.score)}</td>'
        )
        add(_values(line, num=""))
        add("</tr>\n")
    return mark_safe("".join(out))  # noqa: S308 - every text above is escaped


def crosstable_tbody(
    rows: Sequence[WallRow], *, section: Section, by_number: bool
) -> SafeString:
    """``<tr>`` per player: rank, number, pinned name, rating, result and running score per round,
    total and tiebreaks (the one that separated the player from the one above marked)."""
    before, after = _player_link(section)
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
            f'<th scope="row" class="name sticky-col"><a href="{before}{number}{after}">'
            f"{escape(info.name)}</a>"
        )
        if line.withdrawn:
            add(
                f' <span class="withdrawn-note">(withdrew rd {info.withdrawn_after_round})</span>'
            )
        add(f'</th><td class="num">{rating(info.rating)}</td>')
        for c in w.cells:
            if c.opponent:
                add(
                    f'<td class="rd"><a href="#n{c.opponent}">{c.letter}{c.opponent}</a></td>'
                )
            else:
                add(f'<td class="rd">{c.letter}</td>')
            add(f'<td class="num cum">{points(c.running)}</td>')
        add(f'<td class="num total">{points(line.row.score)}</td>')
        add(_values(line))
        add("</tr>\n")
    return mark_safe("".join(out))  # noqa: S308 - every value above is escaped or a number
