"""The wall chart's table body as HTML, written in Python: a 1,200 x 11 chart has 26,000 cells,
and the template language takes seconds over them (docs/performance.md, "Public pages").

The markup is the one ``templates/standings/crosstable.html`` would give cell by cell; every
value goes through ``escape``, scores through the same ``points`` filter as the templates.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from standings.pages import WallRow
from standings.templatetags.standings_format import points, rating
from tournaments.models import Section


def crosstable_tbody(
    rows: Sequence[WallRow], *, section: Section, by_number: bool
) -> SafeString:
    """``<tr>`` per player: rank, number, pinned name, rating, result and running score per round,
    total and tiebreaks (the one that separated the player from the one above marked)."""
    # One reverse() for every player link: the start number is the only part that changes.
    marker = 999999
    player_url = reverse(
        "standings:player",
        kwargs={
            "slug": section.tournament.slug,
            "section": section.pk,
            "number": marker,
        },
    )
    before, after = (escape(part) for part in player_url.split(str(marker)))
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
        for v in line.values:
            if v.decided:
                add(
                    f'<td class="num decided" title="Decided by {escape(line.decided_by)}">'
                    f'{points(v.value)}<span class="tb-mark">*</span></td>'
                )
            else:
                add(f'<td class="num">{points(v.value)}</td>')
        add("</tr>\n")
    return mark_safe("".join(out))  # noqa: S308 - every value above is escaped or a number
