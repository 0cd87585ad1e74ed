"""Big sections in pages: the standings of a section with more than ``PAGE_ROWS`` players come
``PAGE_ROWS`` rows at a time (``?page=N``), its wall chart ``WALLCHART_ROWS``, with a way to jump
to any score group or to any player's row.

Why pages (docs/performance.md, "Big sections on a phone"): the 1,200 x 11 wall chart was
1.41 MB of HTML and 53,600 elements, 7.7 s to a first screen on a phone and 4 s of frozen
phone at every refresh; a page of 50 rows is a twenty-fourth of that, and a refresh re-reads
only it. Smaller sections are one page, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from urllib.parse import urlencode

from django.http import QueryDict

from standings.templatetags.standings_format import points

PAGE_ROWS = 100
# A wall chart row weighs three standings rows on a phone (a result link and a running score
# per round: 46 elements a row for 11 rounds), so its pages hold half as many: the phone's
# style, layout and paint of a page fell from 175 to 109 ms of main-thread CPU, 4 times that on
# the throttled phone profile (docs/performance.md, "Big sections on a phone").
WALLCHART_ROWS = 50


@dataclass(frozen=True, slots=True)
class PageLink:
    number: int
    label: str  # "101-200"
    href: str
    current: bool


@dataclass(frozen=True, slots=True)
class GroupLink:
    label: str  # the score, "8½"
    href: str  # the page and the group's first row


@dataclass(frozen=True, slots=True)
class Paging:
    page: int
    pages: list[PageLink]
    groups: list[GroupLink]
    first: int  # 0-based index of the page's first row
    end: int
    unit: str = "Players"  # what the page links count ("Boards" on the pairings)

    @property
    def paged(self) -> bool:
        return len(self.pages) > 1


def page_of(index: int, rows: int = PAGE_ROWS) -> int:
    """The 1-based page holding row ``index`` (0-based) in pages of ``rows`` rows."""
    return index // rows + 1


# Query parameters that only ask where a row is: never carried into a page link.
_FINDERS = ("player", "find")


def _href(query: QueryDict, page: int, anchor: str = "", param: str = "page") -> str:
    params = {k: v for k, v in query.items() if k != param and k not in _FINDERS}
    if page > 1:
        params[param] = str(page)
    return "?" + urlencode(params) + anchor


def paging(
    *,
    query: QueryDict,
    page: int | None,
    numbers: Sequence[int],
    scores: Sequence[Fraction] | None,
    param: str = "page",
    unit: str = "Players",
    rows: int = PAGE_ROWS,
) -> Paging:
    """The page ``page`` of rows whose start numbers are ``numbers`` (in the order shown);
    ``scores`` (the same order, by rank) give the score-group links, None when the rows are
    not grouped by score (the wall chart by start number). ``param`` names the query parameter
    holding the page (the pairings page pages its boards and its list by name apart); ``rows``
    is the rows a page."""
    count = len(numbers)
    total = max(1, -(-count // rows))
    current = min(max(page or 1, 1), total)
    pages = [
        PageLink(
            n,
            f"{(n - 1) * rows + 1}-{min(n * rows, count)}",
            _href(query, n, param=param),
            n == current,
        )
        for n in range(1, total + 1)
    ]
    groups: list[GroupLink] = []
    if scores is not None and total > 1:
        for i, score in enumerate(scores):
            if i == 0 or score != scores[i - 1]:
                groups.append(
                    GroupLink(
                        points(score) or "0",
                        _href(query, page_of(i, rows), f"#n{numbers[i]}"),
                    )
                )
    first = (current - 1) * rows
    return Paging(current, pages, groups, first, min(first + rows, count), unit)


def player_href(
    query: QueryDict, numbers: Sequence[int], number: int, rows: int = PAGE_ROWS
) -> str | None:
    """Where player ``number``'s row is: its page and its row's anchor (None: no such player)."""
    try:
        index = list(numbers).index(number)
    except ValueError:
        return None
    return _href(query, page_of(index, rows), f"#n{number}")


def row_href(query: QueryDict, index: int, anchor: str, param: str = "page") -> str:
    """The page holding row ``index`` (0-based) of the list paged by ``param``, at ``anchor``."""
    return _href(query, page_of(index), anchor, param)
