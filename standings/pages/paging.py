"""Big sections in pages: the standings of a section with more than ``PAGE_ROWS`` players come
``PAGE_ROWS`` rows at a time (``?page=N``), its wall chart ``WALLCHART_ROWS``, with a way to jump
to any score group or to any player's row.

Why pages (docs/performance.md, "Big sections on a phone"): the 1,200 x 11 wall chart was
1.41 MB of HTML and 53,600 elements, 7.7 s to a first screen on a phone and 4 s of frozen
phone at every refresh; a page of 50 rows is a twenty-fourth of that, and a refresh re-reads
only it. Smaller sections are one page, as before.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict

from standings.names import name_matches, name_parts
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


def pages_of(count: int, rows: int = PAGE_ROWS) -> int:
    """How many pages ``count`` rows make (one, however few)."""
    return max(1, -(-count // rows))


# Query parameters that only ask where a row is: never carried into a page link.
FINDERS = ("player", "find")
# Query parameters that hold the page of a list ("names": the pairings' list by name).
PAGED = ("page", "names")


def _href(query: QueryDict, page: int, anchor: str = "", param: str = "page") -> str:
    params = {k: v for k, v in query.items() if k != param and k not in FINDERS}
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
    total = pages_of(count, rows)
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


def row_links(
    query: QueryDict, numbers: Sequence[int], current: int, rows: int = PAGE_ROWS
) -> Callable[[int], str]:
    """The link to player N's row among ``numbers`` (the order shown, ``rows`` a page) from
    page ``current``: "#n7" on this page, else that page's address and "#n7" (an opponent's
    number on a big wall chart is often on another page, where "#n7" alone went nowhere)."""
    index = {n: i for i, n in enumerate(numbers)}

    def link(number: int) -> str:
        page = page_of(index[number], rows) if number in index else current
        anchor = f"#n{number}"
        return anchor if page == current else _href(query, page, anchor)

    return link


# Where a row is: the query parameter of its list, its page and its anchor ("page", 2, "#n7").
Seat = tuple[str, int, str]


@dataclass(frozen=True, slots=True)
class RowList:
    """One paged list of a page: the start numbers of its rows in the order shown (an
    ``array``: a 1,200-player list is unpickled in 25 microseconds, where a dict of each
    player's seat took 0.6 ms, as long as serving the cached page itself)."""

    numbers: array[int]
    rows: int = PAGE_ROWS  # rows a page
    per_row: int = 1  # start numbers a row (a board has two: white, black)
    mark: str = "n"  # a player's row's anchor: "#n7" (a board, a standings row), "#p7"

    @property
    def pages(self) -> int:
        return pages_of(len(self.numbers) // self.per_row, self.rows)

    def seat(self, param: str, number: int) -> Seat | None:
        """Where player ``number``'s row is in this list, if anywhere."""
        try:
            index = self.numbers.index(number)
        except ValueError:
            return None
        return (
            param,
            page_of(index // self.per_row, self.rows),
            f"#{self.mark}{number}",
        )


def row_list(numbers: Sequence[int], **kwargs: Any) -> RowList:
    return RowList(array("I", numbers), **kwargs)


@dataclass(frozen=True, slots=True)
class PageRows:
    """What an address of a paged page can lead to, known without rendering it: its paged
    lists (query parameter -> ``RowList``, in the order a player is looked for in them) and,
    on the pairings, the names of the list by name, one a line.

    Kept in the cache per section version (``standings.views.common.settle``): a page past the
    last one, or a player who is not there, is then the page it shows without making a cache
    entry of its own, and "go to player" costs no standings.
    """

    lists: dict[str, RowList]
    names: str = ""  # the list by name's names (``lists["names"]``), one a line
    # Whether the page says that nobody was found (the pairings), rather than showing itself.
    says_missed: bool = False

    def seat(self, player: int | None, find: str) -> Seat | None:
        """Where ``?player=N`` (else ``?find=name``) leads: that player's row; for a name that
        fits several players, the first of them in the list by name, where the others follow.
        None: nobody."""
        if player:
            found = (rows.seat(param, player) for param, rows in self.lists.items())
            return next((seat for seat in found if seat is not None), None)
        if not find:
            return None
        parts = name_parts(find)
        names = self.names.split("\n") if self.names else []
        hits = [i for i, name in enumerate(names) if name_matches(parts, name)]
        if not hits:
            return None
        first = self.lists["names"].numbers[hits[0]]
        if len(hits) == 1:
            return self.seat(first, "")
        return ("names", page_of(hits[0]), f"#p{first}")

    def resolve(self, query: QueryDict) -> tuple[QueryDict, str | None]:
        """The address ``query`` shows, and where it leads instead (a player's row) if anywhere.

        A page past the last one shows the last ("?page=1" is the address without it); a player
        who is not there shows the page without them, or, on a page that says so, keeps the
        search (the page names it)."""
        shown = query.copy()
        for param in PAGED:
            if param in shown:
                rows = self.lists.get(param)
                # No such list (a round not paired, standings that cannot be given): one page.
                page = min(int(str(shown[param])), rows.pages if rows else 1)
                if page > 1:
                    shown[param] = str(page)
                else:
                    del shown[param]
        player = str(shown.get("player", ""))
        seat = self.seat(int(player) if player else None, str(shown.get("find", "")))
        if seat is not None:
            param, page, anchor = seat
            return shown, _href(shown, page, anchor, param)
        if not self.says_missed:
            for name in FINDERS:
                shown.pop(name, None)
        return shown, None
