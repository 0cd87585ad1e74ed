"""What every public section page shares: the page's objects loaded once, the ETag and cache
decorator (``public_section_view``), the response around a cached body.

The caches and what they are keyed by are in ``standings/cache.py``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
)
from django.utils.http import quote_etag
from django.utils.text import compress_string
from django.views.decorators.http import condition

from standings import cache
from standings.forms import RoundPickForm
from standings.pages.columns import tiebreak_columns
from standings.pages.paging import PageRows
from standings.pages.rounds import RoundInfo, current_round, rounds_of
from standings.reports import SectionReport
from tiebreak_site.http import HtmxHttpRequest
from tournaments.models import Section, SectionEvent, Tournament
from tournaments.selectors import section_reopenings

# Seconds between two polls of a live page (a round in progress).
POLL_SECONDS = 30
# The header live.js sends with the section version its page shows (static/js/live.js).
LIVE_VERSION = "X-Live-Version"

P = ParamSpec("P")


@dataclass
class SectionPage:
    """A public section page's objects, loaded once per request (the ETag needs them first)."""

    tournament: Tournament
    section: Section
    version: str
    _rounds: list[RoundInfo] | None = field(default=None, repr=False)

    @property
    def rounds(self) -> list[RoundInfo]:
        """The section's rounds (a query, run only when a page is rendered)."""
        if self._rounds is None:
            self._rounds = rounds_of(self.section)
        return self._rounds

    @property
    def current(self) -> int | None:
        return current_round(self.rounds)

    @property
    def reopenings(self) -> list[SectionEvent]:
        """Each reopening of the section after it was marked final, with its reason (read only
        when the section's version counted some)."""
        if not getattr(self.section, "reopened_count", 1):
            return []
        return section_reopenings(self.section)

    @property
    def team_group(self) -> dict[str, Any] | None:
        """The event team group that pools this section (its link in the tabs), if any; the
        section's version counts it."""
        return self.tournament.team_group_of(self.section.pk)

    @property
    def live(self) -> bool:
        """Whether the page polls for new results: until the section is marked final."""
        return not self.section.is_final


def section_page(request: HttpRequest, slug: str, section: int) -> SectionPage:
    """The page's objects (``cache.section_lookup``), once per request: the ETag and the view
    both ask."""
    memo: dict[tuple[str, int], SectionPage] = request.__dict__.setdefault(
        "_section_pages", {}
    )
    found = memo.get((slug, section))
    if found is None:
        found = memo[(slug, section)] = SectionPage(
            *cache.section_lookup(request, slug, section)
        )
    return found


# What a paged page knows of its rows at the page's address: ``(request, page, **kwargs)``.
Rows = Callable[..., PageRows]


def settle(
    request: HttpRequest,
    kind: str,
    page: SectionPage,
    rows: Rows | None,
    kwargs: dict[str, Any],
) -> str | None:
    """Settle page ``kind``'s address on what it shows (``cache.address_settle``), once per
    request; where it leads instead (a player's row), if anywhere.

    A round the section does not have is answered and never kept (its message names the
    number: each of 99 numbers would be an entry). On a paged page (``rows``), a page past
    the last one is the last, a player who is not there the page without them (the pairings
    say so: that answer is not kept, its body is shared); what the page knows of its rows
    (``PageRows``) is made once per version and address without those parameters, only for an
    address that has one.
    """
    memo: dict[str, str | None] = request.__dict__.setdefault("_public_settled", {})
    if kind in memo:
        return memo[kind]
    memo[kind] = None
    address = cache.page_address(request, kind)
    path, _, text = address.partition("?")
    query = QueryDict(text, mutable=True)
    if "!" in query.dict().values():
        return None  # a refused value: the one "bad address" page
    if int(query.get("round", 0)) > page.section.rounds_total:
        cache.address_fleeting(request, kind)
        return None
    if rows is None or not query.keys() & cache.SETTLED:
        return None
    base = query.copy()
    for name in cache.SETTLED:
        base.pop(name, None)
    text = base.urlencode()
    key = (
        page.section.pk,
        page.version,
        f"{kind}-rows",
        path + ("?" + text if text else ""),
    )
    shown, found = cache.cached_body(key, rows, request, page, **kwargs).resolve(query)
    cache.address_settle(request, kind, shown)
    memo[kind] = found
    return found


def _compress(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Gzip a page for a browser that takes it: phones in the hall get a tenth of the bytes, and
    the cached copy is compressed once (the gzip variant has an ETag of its own)."""
    if (
        response.status_code == 200
        and not response.streaming
        and len(response.content) > 1024
        and not response.has_header("Content-Encoding")
        and cache.accepts_gzip(request)
    ):
        response.content = compress_string(response.content)
        response["Content-Encoding"] = "gzip"
    return response


def public_section_view(
    kind: str, rows: Rows | None = None
) -> Callable[[Callable[..., HttpResponse]], Any]:
    """A public section page: ETag and 304 (``condition``), and the whole-response cache for a
    plain visitor.

    The view gets ``(request, page, **kwargs)``. A paged page gives ``rows``: its address is
    then settled on what it shows, and "go to player" is a redirect made here (``settle``).
    """

    def decorator(view: Callable[..., HttpResponse]) -> Any:
        def etag(request: HttpRequest, slug: str, section: int, **kwargs: Any) -> str:
            request._public_kind = kind  # type: ignore[attr-defined]  # its address
            page = section_page(request, slug, section)
            settle(request, kind, page, rows, kwargs)
            return cache.page_etag(kind, request, page.version)

        @condition(etag_func=etag)
        @functools.wraps(view)
        def wrapper(
            request: HttpRequest, slug: str, section: int, **kwargs: Any
        ) -> HttpResponse:
            page = section_page(request, slug, section)
            found = settle(request, kind, page, rows, kwargs)
            if found is not None:
                return revalidate(HttpResponseRedirect(found))
            return _serve(
                request,
                kind,
                page.version,
                page.section.pk,
                lambda: view(request, page, **kwargs),
            )

        return wrapper

    return decorator


def _serve(
    request: HttpRequest,
    kind: str,
    version: str,
    key: int,
    view: Callable[[], HttpResponse],
) -> HttpResponse:
    """A public page at ``version``: nothing for live.js when it shows that version, the kept
    response for a plain visitor, else ``view()`` (kept for the next plain visitor).

    A plain visitor who asks while ``version`` is not rendered yet gets the page's earlier copy
    at once if there is a recent one (``cache.earlier_response``), under that copy's own ETag,
    and the first such request renders ``version`` after its response is sent; see
    standings/cache.py. Anyone else gets the page at ``version``.
    """
    if request.headers.get(LIVE_VERSION) == version:
        # live.js asks with the version it shows: nothing new, nothing to send or redo.
        return revalidate(HttpResponse(status=204))
    if not cache.plain_visitor(request) or not cache.address_kept(request, kind):
        return revalidate(_compress(request, view()))
    stored = cache.response_key(cache.page_etag(kind, request, version), key)
    response = cache.cached_response(stored)
    if response is not None:
        return revalidate(response)
    latest = cache.latest_key(kind, request, key)

    def render() -> HttpResponse:
        return cache.response_keep(stored, latest, version, _compress(request, view()))

    earlier = cache.earlier_response(latest, version)
    if earlier is None:
        return revalidate(render())
    shown, response = earlier
    # The copy's own ETag, never the new version's: a phone that keeps it asks again.
    etag = quote_etag(cache.page_etag(kind, request, shown))
    if request.headers.get(LIVE_VERSION) == shown:
        response = HttpResponse(status=204)  # live.js shows the newest copy there is
    response["ETag"] = etag
    response = (
        get_conditional_response(request, etag=etag, response=response) or response
    )
    lock = cache.refresh_key(kind, request, key, version)
    response = cache.refresh_after(response, lock, latest, render)
    return revalidate(response)


@dataclass
class EventPage:
    """A public page over the sections of an event team group (``cache.event_lookup``)."""

    tournament: Tournament
    group: int
    sections: list[Section]
    version: str
    # (id, label) of every team group of the event, this one included: the page links the
    # others (the version counts them).
    groups: list[tuple[int, str]]

    @property
    def posted(self) -> dict[str, Any]:
        """The group's posted scoring (its name, sections, top N, order, prizes)."""
        return self.tournament.team_group(self.group) or {}


def event_page(request: HttpRequest, slug: str, group: int | None = None) -> EventPage:
    memo: dict[tuple[str, int | None], EventPage] = request.__dict__.setdefault(
        "_event_pages", {}
    )
    found = memo.get((slug, group))
    if found is None:
        found = memo[(slug, group)] = EventPage(
            *cache.event_lookup(request, slug, group)
        )
    return found


def public_event_view(kind: str) -> Callable[[Callable[..., HttpResponse]], Any]:
    """``public_section_view`` for a page over the event's team group: the view gets
    ``(request, page)`` with an ``EventPage``; ETag, 304 and the plain visitor's cache alike."""

    def decorator(view: Callable[..., HttpResponse]) -> Any:
        def etag(request: HttpRequest, slug: str, group: int | None = None) -> str:
            request._public_kind = kind  # type: ignore[attr-defined]  # its address
            return cache.page_etag(
                kind, request, event_page(request, slug, group).version
            )

        @condition(etag_func=etag)
        @functools.wraps(view)
        def wrapper(
            request: HttpRequest, slug: str, group: int | None = None
        ) -> HttpResponse:
            page = event_page(request, slug, group)
            # Keyed by the tournament, negated: never a section's key.
            return _serve(
                request,
                kind,
                page.version,
                -page.tournament.pk,
                lambda: view(request, page),
            )

        return wrapper

    return decorator


def revalidate(response: HttpResponse) -> HttpResponse:
    """Phones keep the page and ask again with its ETag (a 304 costs no rendering)."""
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(
        response, ["Cookie", "HX-Request", "Accept-Encoding", LIVE_VERSION]
    )
    return response


def page_context(request: HttpRequest) -> dict[str, Any]:
    """Context every full public page gets: a plain visitor's copy carries no CSRF token."""
    return {"csrf_token": ""} if cache.plain_visitor(request) else {}


def page_body(
    request: HttpRequest,
    page: SectionPage,
    kind: str,
    build: Callable[P, str],
    *args: P.args,
    **kwargs: P.kwargs,
) -> str:
    """The body of page ``kind`` at this address, from the cache, else ``build(*args, **kwargs)``
    (kept unless the address is fleeting, ``cache.address_fleeting``)."""
    if not cache.body_kept(request):
        return build(*args, **kwargs)
    key = (page.section.pk, page.version, kind, cache.body_address(request))
    return cache.cached_body(key, build, *args, **kwargs)


def render_body(template: str, context: dict[str, Any]) -> str:
    """A page's swappable body: the template's ``body`` partial."""
    return render_to_string(f"{template}#body", context)


# ---- the standings, wall chart and pairings pages: a body that polls, in a page around it ------


def base_context(request: HtmxHttpRequest, page: SectionPage) -> dict[str, Any]:
    return {
        "page": page,
        "tournament": page.tournament,
        "section": page.section,
        "live": page.live,
        "poll_url": cache.body_address(request),
        "poll_seconds": POLL_SECONDS,
        "posted_rounds": [r.number for r in page.rounds if r.posted],
    }


def report_context(
    request: HtmxHttpRequest, page: SectionPage, report: SectionReport
) -> dict[str, Any]:
    """A body that shows standings: the round they are after, the tiebreak columns."""
    standings = report.standings
    return {
        **base_context(request, page),
        "report": report,
        "through_round": standings.through_round,
        "columns": tiebreak_columns(standings.order),
        "seed_generated": report.seed_generated,
    }


def respond(
    request: HtmxHttpRequest,
    page: SectionPage,
    template: str,
    body: str,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    """The body alone for an htmx poll, else the whole page around it."""
    if request.htmx:
        return HttpResponse(body, status=status)
    context = {
        **base_context(request, page),
        **page_context(request),
        "body": body,
        **extra,
    }
    return render(request, template, context, status=status)


def round_picked(request: HtmxHttpRequest) -> RoundPickForm:
    """``?round=N&order=...``, checked (``form.errors`` says what is wrong)."""
    form = RoundPickForm(request.GET)
    form.is_valid()
    return form


def bad_request(
    request: HtmxHttpRequest, page: SectionPage, template: str, form: RoundPickForm
) -> HttpResponse:
    errors = "; ".join(
        f"{name}: {' '.join(str(e) for e in messages)}"
        for name, messages in form.errors.items()
    )
    # Polled as sent (its key names a bad value only "!", ``cache.page_address``): the message
    # names the value. A 400 is never cached.
    sent = request.get_full_path()
    body = render_body(
        template,
        {
            **base_context(request, page),
            "poll_url": sent,
            "error": f"Bad address ({errors}).",
        },
    )
    return respond(request, page, template, body, status=400, poll_url=sent)
