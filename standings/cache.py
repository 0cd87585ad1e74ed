"""The public pages' caches: what they are keyed by (the section's *version*) and how long a
copy may be reused.

Two caches, both keyed by the section's version (``section_version``), so a change shows at once:

- the rendered *body* of a page (the part that polls), for every viewer (``cached_body``);
- the whole *response*, for a plain visitor (no session, no messages: what a phone in the hall
  is; ``cached_response``). Such a page carries no CSRF token (it has no form), so one copy
  serves every visitor.

A plain visitor's lookup (tournament published, section, version) is itself kept for
``PUBLIC_PAGES_FRESH_SECONDS`` (setting, default 2; 0 checks on every request): a hit then costs
no query at all, and a change reaches the public at most that many seconds later. Directors and
logged-in users always get the lookup fresh (three queries). ``page_etag`` is the ETag of a page
for one viewer, made of the same version.

**Keys are bounded by what a page can show, not by what is sent** (``page_address``): only the
parameters a page reads, cleaned, settled on the page shown (a page past the last is the last;
a player who is not there, the page without them), so 1,000 made-up addresses add no entry to
those of the pages there are (tests/standings/test_cache_bound.py).

**A new version is rendered once, and nobody queues for it** (``_render_once``,
``earlier_response``, ``refresh_after``). While results come in the version changes every few
seconds, and each change makes the big pages new (0.15 to 0.4 s of CPU each at 1,200 players).
The first process to need a body renders it (a lock in the cache) and the others wait for it
rather than render it too. A plain visitor does not wait: the page's latest response (its
version, its key and when it was rendered, kept per page and variant) is served at once while
the new version is not ready, under *its own* ETag and with its own ``data-version``, so the
phone asks again and gets the new version once it is there; and the first request that finds
the new version missing renders it *after its response is sent* (the response's ``close()``,
which WSGI servers call after the last byte). So no visitor's request waits for a render, and a
render ties up one worker instead of every worker that was asked for the page. The earlier copy
is kept under its own key only, never under the new version's. It is served only while younger
than ``2 * PUBLIC_PAGES_FRESH_SECONDS`` (0 turns this off): a visitor after a quiet spell gets
the page rendered for them, as a director or a logged-in user always does (they never get an
earlier copy). A change shows to polling visitors within ``PUBLIC_PAGES_FRESH_SECONDS`` plus
one render.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404

from standings.forms import RoundPickForm
from standings.pages import paging
from standings.team_reports import group_sections
from tournaments.access import tournament_for_reader
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Round,
    Section,
    SectionEvent,
    Team,
    TeamMatch,
    TeamMember,
    Tournament,
)
from tournaments.selectors import team_group_links

# Cached bodies and responses are keyed by the section's version; the timeout only bounds what
# the version cannot see (a name edited to another of the same length).
PAGE_CACHE_SECONDS = 600
# How long a plain visitor's lookup (and so the version) is reused: see the module docstring.
FRESH_SECONDS_DEFAULT = 2
# The response headers a cached response keeps.
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Encoding")

# How long other processes wait for the one rendering a page before rendering it themselves.
RENDER_WAIT_SECONDS = 10
RENDER_POLL_SECONDS = 0.05

P = ParamSpec("P")
T = TypeVar("T")
logger = logging.getLogger("tiebreak.render")


# ---- the section's version -------------------------------------------------------------------


def _version_sql() -> tuple[str, list[str]]:
    """One statement: weighted sums over the section's pairings (row 1), players (row 2), rounds
    (row 3), its log (row 4), its team rosters (row 5) and its team matches (row 6).

    Written once as SQL (SQLite and PostgreSQL alike): building the same aggregates through the
    ORM costs more Python time per request than the database spends running them.
    """
    q = connection.ops.quote_name
    pairing, round_, player, event, team, member, match = (
        q(m._meta.db_table)
        for m in (Pairing, Round, Player, SectionEvent, Team, TeamMember, TeamMatch)
    )
    codes = list(Result.values)
    result_code = (
        "CASE p.result "
        + " ".join(f"WHEN %s THEN {n}" for n in range(1, len(codes) + 1))
        + " ELSE 0 END"
    )
    # A player's prize groups decide who may win a group prize, so they enter as text (a
    # same-length edit, "Under 12" to "Under 14", must show); most players have none.
    concat = "string_agg" if connection.vendor == "postgresql" else "group_concat"
    groups = q("groups")
    sql = (
        f"SELECT 1, COUNT(*), SUM(p.id * ({result_code})), SUM(p.id * p.white_id), "
        "SUM(p.id * COALESCE(p.black_id, 0)), SUM(p.id * COALESCE(p.board, 0)), 0, 0, '', 0 "
        f"FROM {pairing} p INNER JOIN {round_} r ON p.round_id = r.id "
        "WHERE r.section_id = %s "
        "UNION ALL "
        "SELECT 2, COUNT(*), SUM(x.id * x.start_number), SUM(x.id * COALESCE(x.rating, 0)), "
        "SUM(x.id * COALESCE(x.withdrawn_after_round, 0)), SUM(x.id * LENGTH(x.name)), "
        f"SUM(x.id * LENGTH(x.{groups})), SUM(x.id * LENGTH(x.federation)), "
        f"(SELECT {concat}(g.id || ':' || g.{groups}, ',') FROM {player} g "
        f"WHERE g.section_id = %s AND g.{groups} <> ''), "
        # The club / team field makes the team standings (same-length edits: as names).
        "SUM(x.id * LENGTH(x.club)) "
        f"FROM {player} x WHERE x.section_id = %s "
        "UNION ALL "
        # Round statuses have distinct lengths (not_paired, draft, paired, complete).
        "SELECT 3, COUNT(*), SUM(y.id * y.number), SUM(y.id * LENGTH(y.status)), 0, 0, 0, 0, "
        f"'', 0 FROM {round_} y WHERE y.section_id = %s "
        "UNION ALL "
        # The section's reopenings (each with its reason) show on the public pages.
        "SELECT 4, COUNT(*), MAX(e.id), 0, 0, 0, 0, 0, '', 0 "
        f"FROM {event} e WHERE e.section_id = %s AND e.kind = 'reopened' "
        "UNION ALL "
        # A team section's rosters: who plays for which team at which board, the teams' names.
        "SELECT 5, COUNT(*), SUM(m.id * m.board), SUM(m.id * m.player_id), "
        "SUM(m.id * t.number), SUM(m.id * LENGTH(t.name)), 0, 0, '', 0 "
        f"FROM {member} m INNER JOIN {team} t ON m.team_id = t.id WHERE t.section_id = %s "
        "UNION ALL "
        # Its matches: which teams meet at which table of which round.
        "SELECT 6, COUNT(*), SUM(k.id * k.white_team_id), "
        f"SUM(k.id * COALESCE(k.black_team_id, 0)), SUM(k.id * k.{q('table')}), "
        "SUM(k.id * r.number), 0, 0, '', 0 "
        f"FROM {match} k INNER JOIN {round_} r ON k.round_id = r.id WHERE r.section_id = %s"
    )
    return sql, codes


_VERSION_SQL, _RESULT_CODES = _version_sql()


def section_version(section: Section) -> str:
    """A short text that changes when a result, pairing, round, player, team roster, team match
    or section field does.

    One query. Each pairing and player row enters a weighted sum (its key times a code of its
    content), so changing one result, swapping colours, posting a round, withdrawing a player
    or changing a rating changes a sum; the players' prize groups enter as text; the section's
    own fields (tiebreak order, prize fund, playoffs...) are added in Python. A player's name
    edited to another of the same length is not seen: the cache's timeout bounds how long that
    shows.
    """
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL, [*_RESULT_CODES, *[section.pk] * 7])
        sums = sorted(cursor.fetchall())
    # The pages read the reopenings only when there are some (most sections have none).
    section.reopened_count = next((row[1] for row in sums if row[0] == 4), 0)  # type: ignore[attr-defined]
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
        # The section's pages link its team standings once team scoring is posted.
        json.dumps(section.team_scoring, sort_keys=True),
        # The section's pages link the event team group that pools it (its name and id).
        json.dumps(section.tournament.team_group_of(section.pk), sort_keys=True),
        # The pairings show when their round starts.
        json.dumps(section.round_starts),
    )
    text = repr((fields, sums))
    return hashlib.blake2b(text.encode(), digest_size=10).hexdigest()


# ---- the lookup, the ETag and the keys ---------------------------------------------------------


def plain_visitor(request: HttpRequest) -> bool:
    """No session and no messages: the page looks the same for every such visitor."""
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


def lookup_key(slug: str, section: int) -> str:
    return f"public-lookup:{slug}:{section}"


def section_lookup(
    request: HttpRequest, slug: str, section: int
) -> tuple[Tournament, Section, str]:
    """Tournament (drafts 404 for the public), section and its version: three queries, or none
    for a plain visitor within ``PUBLIC_PAGES_FRESH_SECONDS`` of the last lookup."""
    return _reused(
        request, lookup_key(slug, section), _section_load, request, slug, section
    )


def _section_load(
    request: HttpRequest, slug: str, section: int
) -> tuple[Tournament, Section, str]:
    # For a plain visitor this is "published, else 404": nobody logged in directs it.
    tournament = tournament_for_reader(request, slug)
    found = get_object_or_404(Section, pk=section, tournament=tournament)
    found.tournament = tournament
    return tournament, found, section_version(found)


def _reused(
    request: HttpRequest,
    key: str,
    load: Callable[P, T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """``load(...)``, kept under ``key`` for ``PUBLIC_PAGES_FRESH_SECONDS`` for a plain
    visitor (who then gets the kept one); anyone else gets it fresh."""
    fresh = getattr(settings, "PUBLIC_PAGES_FRESH_SECONDS", FRESH_SECONDS_DEFAULT)
    reuse = fresh > 0 and plain_visitor(request)
    hit: T | None = cache.get(key) if reuse else None
    if hit is not None:
        return hit
    found = load(*args, **kwargs)
    if reuse:
        cache.set(key, found, fresh)
    return found


def event_lookup_key(slug: str, group: int | None = None) -> str:
    # "2": the lookup also carries every group's link (a server still running the code before
    # it must not read this one's, nor this one its).
    return f"public-event-lookup-2:{slug}:{group or ''}"


EventLookup = tuple[Tournament, int, list[Section], str, list[tuple[int, str]]]


def event_lookup(
    request: HttpRequest, slug: str, group: int | None = None
) -> EventLookup:
    """The tournament, the team group (None: the first posted; 404 if there is none), the
    sections it pools (``group_sections``), a version made of their versions, the group's
    posting and every group's link, and those links ((id, label) of each group: the page
    links the event's other groups): a page over several sections (a group's team standings)
    changes when any of them does, or when a group is posted, renamed or taken down. Reused
    for a plain visitor as ``section_lookup`` is."""
    return _reused(
        request, event_lookup_key(slug, group), _event_load, request, slug, group
    )


def _event_load(request: HttpRequest, slug: str, group: int | None) -> EventLookup:
    tournament = tournament_for_reader(request, slug)
    posted = tournament.team_group(group)
    if posted is None:
        raise Http404("No such team group.")
    sections = group_sections(tournament, posted["id"])
    for section in sections:
        section.tournament = tournament
    links = team_group_links(tournament)
    text = repr(
        (
            tournament.name,
            json.dumps(posted, sort_keys=True),
            [(section.pk, section_version(section)) for section in sections],
            links,
        )
    )
    version = hashlib.blake2b(text.encode(), digest_size=10).hexdigest()
    return tournament, posted["id"], sections, version, links


def accepts_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "")


# The query parameters each public page reads (``RoundPickForm``'s names), and those whose bad
# value it refuses (a 400); any other parameter, or a bad value it ignores, is left out of its
# address, so it neither makes another cache entry nor forces a render. A page not named here
# reads none.
_EVERY = frozenset(RoundPickForm.base_fields)
_ROUND = (frozenset({"round"}), _EVERY)
PAGE_PARAMS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "entries": (frozenset({"page", "player"}),) * 2,
    "standings": (frozenset({"round", "page", "player"}), _EVERY),
    "crosstable": (frozenset({"round", "order", "colours", "page", "player"}), _EVERY),
    "pairings": (frozenset({"page", "names", "player", "find"}),) * 2,
    "pairings-current": (frozenset({"page", "names", "player", "find"}),) * 2,
    "teams": _ROUND,
    # The downloads (``?round=N``).
    **dict.fromkeys(
        (
            *("standings.csv", "standings.json", "crosstable.csv", "crosstable.json"),
            *("prizes.csv", "prizes.json", "teams.csv", "teams.json"),
        ),
        _ROUND,
    ),
}
# A value that means the default page: the same page as no value.
_DEFAULTS: dict[str, object] = {"order": "rank", "page": 1, "names": 1}
# The parameters that ask where a player's row is (``PageRows``): a body never depends on them.
FINDERS = frozenset(paging.FINDERS)
# The parameters ``PageRows`` settles: pages past the last one, players who are not there.
SETTLED = FINDERS | frozenset(paging.PAGED)
# Kept as sent up to this length, else named by a digest: every cache key stays short.
ADDRESS_KEY_CHARS = 120


def page_address(request: HttpRequest, kind: str = "") -> str:
    """The page's address as far as it changes page ``kind``: the path and the query parameters
    it reads (``PAGE_PARAMS``), each once, cleaned and in a fixed order.

    Anything else in the query string (``?x=1``, a tracking tag, ``?colours=1`` on the
    standings) is ignored, so it neither makes another cache entry nor forces a render;
    ``?round=01`` is the page of ``?round=1``, ``?order=rank`` the page without it. A bad value
    the page ignores (``?round=zzz`` on the pairings) is left out; one it refuses (a 400, which
    is not cached) is named ``!``, whatever was sent: garbage makes no entry of its own.

    The paged pages then settle it on what they show (``address_settle``, standings/views/
    common.py): ``?page=K`` past the last page is the last page's address (``?page=1`` none), a
    ``?player=N`` who is not there the page's without it; a round the section does not have is
    answered and never kept (``address_fleeting``). So the keys a page can make are bounded by
    the pages it can show, whatever is sent (tests/standings/test_cache_bound.py).
    """
    kind = kind or getattr(request, "_public_kind", "")
    memo: dict[str, str] = request.__dict__.setdefault("_public_address", {})
    if kind in memo:
        return memo[kind]
    reads, refuses = PAGE_PARAMS.get(kind, (frozenset(), frozenset()))
    form = RoundPickForm(request.GET)
    form.is_valid()
    known = QueryDict(mutable=True)
    for name in sorted(form.fields):
        if name in form.errors:
            if name in refuses:
                known[name] = "!"
            continue
        value = form.cleaned_data.get(name)
        if name in reads and value not in (None, "", _DEFAULTS.get(name)):
            known[name] = str(value)
    # The TRF file's format (``?version=2026``; anything else is the default, TRF-16).
    if kind == "section.trf" and request.GET.get("version") == "2026":
        known["version"] = "2026"
    query = known.urlencode()
    memo[kind] = address = request.path + ("?" + query if query else "")
    return address


def address_settle(request: HttpRequest, kind: str, query: QueryDict) -> None:
    """Make ``query`` page ``kind``'s address for the rest of the request: the address of the
    page it shows (``PageRows.resolve``: a page past the last one is the last)."""
    text = query.urlencode()
    memo: dict[str, str] = request.__dict__.setdefault("_public_address", {})
    memo[kind] = request.path + ("?" + text if text else "")


def address_fleeting(request: HttpRequest, kind: str) -> None:
    """Answer page ``kind`` at this address without keeping anything of it: an address nobody
    links to whose page names what was sent (``?round=50`` of a 9-round section: "round 50
    does not exist"), so that each such value does not make an entry."""
    request.__dict__.setdefault("_public_fleeting", set()).add(kind)


def address_kept(request: HttpRequest, kind: str = "") -> bool:
    """Whether the response at this address is kept for the next plain visitor: not when it is
    fleeting (``address_fleeting``) nor when it still names a search (``?find=zzz``, nobody
    found: the page says so, naming the text, around the body shared without it)."""
    kind = kind or getattr(request, "_public_kind", "")
    if kind in request.__dict__.get("_public_fleeting", ()):
        return False
    return not QueryDict(page_address(request, kind).partition("?")[2]).keys() & FINDERS


def body_kept(request: HttpRequest, kind: str = "") -> bool:
    """Whether the body at this address is kept (a fleeting address's is not)."""
    kind = kind or getattr(request, "_public_kind", "")
    return kind not in request.__dict__.get("_public_fleeting", ())


def body_address(request: HttpRequest, kind: str = "") -> str:
    """``page_address`` without the search it may name (``?find=``, ``?player=``): the body is
    the same for every search (what the page says of a search is around it)."""
    path, _, query = page_address(request, kind).partition("?")
    params = QueryDict(query, mutable=True)
    for name in FINDERS:
        params.pop(name, None)
    text = params.urlencode()
    return path + ("?" + text if text else "")


def page_query(request: HttpRequest) -> QueryDict:
    """The query parameters of ``body_address``: what a page's own links may carry. A body is
    shared by every address of one page, so a link built from the query as sent would hand
    one visitor's stray parameters to all the others."""
    return QueryDict(body_address(request).partition("?")[2])


def address_key(address: str) -> str:
    """``address`` as a part of a cache key: as it is, or its digest when long."""
    if len(address) <= ADDRESS_KEY_CHARS:
        return address
    return hashlib.blake2b(address.encode(), digest_size=16).hexdigest()


def page_etag(kind: str, request: HttpRequest, version: str) -> str:
    """The ETag of page ``kind`` at this address for this viewer (plain, or a user)."""
    viewer = "plain" if plain_visitor(request) else str(request.user.pk or 0)
    text = "|".join(
        (
            kind,
            version,
            page_address(request, kind),
            viewer,
            # django-htmx's test: any other value is a plain request (and no key of its own).
            "htmx" if request.headers.get("HX-Request") == "true" else "",
            "gzip" if accepts_gzip(request) else "",
        )
    )
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


# ---- the two caches ----------------------------------------------------------------------------


def cached_body(
    key: tuple[int, str, str, str],
    build: Callable[P, T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """The body of a page keyed by (section pk, version, kind, address), from the cache, else
    ``build(*args, **kwargs)``, stored. (Also what a page knows of its rows, ``PageRows``, and
    which players a section has: anything made once per version.)"""
    section, version, kind, params = key
    name = f"public:{kind}:{section}:{version}:{address_key(params)}"
    body: T | None = cache.get(name)
    if body is None:
        body = _render_once(name, lambda: build(*args, **kwargs))
    return body


def _render_once(name: str, build: Callable[[], T]) -> T:
    """Render the body ``name`` once for every process that shares the cache.

    A result entered makes the section's pages new for every app server at once: without this,
    each of N workers would render the same page (1.3 s of CPU for a 5,000-player wall chart).
    The first to miss takes a lock in the cache (``add`` succeeds for one caller only), renders
    and stores the body; the others wait for it, and render it themselves only if it has not
    come within ``RENDER_WAIT_SECONDS`` (the renderer died).
    """
    lock = f"{name}:rendering"
    if not cache.add(lock, 1, RENDER_WAIT_SECONDS):
        waited = time.monotonic()
        deadline = waited + RENDER_WAIT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(RENDER_POLL_SECONDS)
            body: T | None = cache.get(name)
            if body is not None:
                logger.info("waited %.3fs for %s", time.monotonic() - waited, name)
                return body
    start = time.perf_counter()
    try:
        body = build()
        cache.set(name, body, PAGE_CACHE_SECONDS)
    finally:
        cache.delete(lock)
    # One line per render (INFO): how often pages are rendered shows in the log.
    logger.info("rendered %s in %.3fs", name, time.perf_counter() - start)
    return body


def response_key(etag: str, section: int) -> str:
    return f"public-response:{etag}:{section}"


def cached_response(key: str) -> HttpResponse | None:
    """A plain visitor's whole response, when one is kept under ``key``."""
    hit = cache.get(key)
    if hit is None:
        return None
    status, content, headers = hit
    response = HttpResponse(content, status=status)
    for name, value in headers:
        response[name] = value
    return response


def response_store(key: str, response: HttpResponse) -> None:
    """Keep a plain visitor's response: a page, or a player number that is not there.

    A bad address (400) is not kept: its message names the value sent, which the key does not
    hold (``page_address``), and it costs no standings to answer again.
    """
    if response.status_code not in (200, 404):
        return
    headers = [(name, response[name]) for name in KEPT_HEADERS if name in response]
    cache.set(
        key, (response.status_code, response.content, headers), PAGE_CACHE_SECONDS
    )


# ---- the earlier copy while a new version renders ----------------------------------------------


def latest_key(kind: str, request: HttpRequest, section: int) -> str:
    """Where the last plain response kept for this page (any version) is named."""
    return f"public-latest:{page_etag(kind, request, '')}:{section}"


def refresh_key(kind: str, request: HttpRequest, section: int, version: str) -> str:
    """The lock of the render of this page at ``version`` after a response (every variant of
    the page shares the body, so one render serves them all)."""
    address = address_key(page_address(request, kind))
    return f"public-refresh:{kind}:{section}:{version}:{address}"


def response_keep(
    key: str, latest: str, version: str, response: HttpResponse
) -> HttpResponse:
    """Keep a plain visitor's response under ``key`` (``response_store``) and, a page, as the
    page's latest copy (version, key, when)."""
    response_store(key, response)
    if response.status_code == 200:
        cache.set(latest, (version, key, time.time()), PAGE_CACHE_SECONDS)
    else:
        cache.delete(latest)
    return response


def earlier_response(latest: str, version: str) -> tuple[str, HttpResponse] | None:
    """The page's latest copy when it is of another version than ``version`` and was rendered
    less than ``2 * PUBLIC_PAGES_FRESH_SECONDS`` ago: (its version, the response). None
    otherwise (no copy, too old, or the freshness window is 0)."""
    fresh = getattr(settings, "PUBLIC_PAGES_FRESH_SECONDS", FRESH_SECONDS_DEFAULT)
    found = cache.get(latest)
    if found is None:
        return None
    shown, key, when = found
    if shown == version or time.time() - when >= 2 * fresh:
        return None
    response = cached_response(key)
    return None if response is None else (shown, response)


class RenderAfterResponse(HttpResponse):
    """``response`` as it is (status, headers, body, cookies), and ``after()`` run once it has
    been sent: a WSGI server calls a response's ``close()`` after writing its last byte
    (``HttpResponse.close``, Django's documented hook for the end of a response)."""

    def __init__(self, response: HttpResponse, after: Callable[[], None]) -> None:
        super().__init__(
            response.content, status=response.status_code, headers=response.headers
        )
        if "Content-Type" not in response.headers:
            del self.headers["Content-Type"]  # a 304 has none; HttpResponse adds one
        self.cookies = response.cookies
        self._after: Callable[[], None] | None = after

    def close(self) -> None:
        # Once, however often the server closes it; before Django's own close, which ends the
        # request (request_finished closes the database connection the render uses) and must
        # run even if the render does not return.
        after, self._after = self._after, None
        try:
            if after is not None:
                after()
        finally:
            super().close()


def refresh_after(
    response: HttpResponse,
    lock: str,
    latest: str,
    render: Callable[[], HttpResponse],
) -> HttpResponse:
    """The response to send for ``response``: unless another process is at it already, one
    that runs ``render()`` (which keeps the new version) once it is sent
    (``RenderAfterResponse``)."""
    if not cache.add(lock, 1, RENDER_WAIT_SECONDS):
        return response

    def refresh() -> None:
        try:
            render()
        except Http404:
            cache.delete(latest)  # the page is gone: the next visitor gets its 404
        except Exception:
            cache.delete(latest)  # the next visitor renders it and gets the error
            logger.exception("render after the response failed: %s", lock)
        finally:
            cache.delete(lock)

    return RenderAfterResponse(response, refresh)
