"""What every public section page shares: loading, the caches, the ETag.

Two caches, both keyed by the section's version (``pages.section_version``), so a change shows
at once:

- the rendered *body* of a page (the part that polls), for every viewer;
- the whole *response*, for a plain visitor (no session, no messages: what a phone in the hall
  is). Such a page carries no CSRF token (it has no form), so one copy serves every visitor.

A plain visitor's lookup (tournament published, section, version) is itself kept for
``PUBLIC_PAGES_FRESH_SECONDS`` (setting, default 2; 0 checks on every request): a hit then costs
no query at all, and a change reaches the public at most that many seconds later. Directors and
logged-in users always get the lookup fresh (three queries).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.text import compress_string
from django.views.decorators.http import condition

from standings.pages import RoundInfo, current_round, rounds_of, section_version
from tournaments.access import tournament_for_reader
from tournaments.models import Section, Tournament

# Cached bodies are keyed by the section's version; the timeout only bounds what the version
# cannot see (a name edited to another of the same length).
PAGE_CACHE_SECONDS = 600
# Seconds between two polls of a live page (a round in progress).
POLL_SECONDS = 30
# How long a plain visitor's lookup (and so the version) is reused: see the module docstring.
FRESH_SECONDS_DEFAULT = 2


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
    def live(self) -> bool:
        """Whether the page polls for new results: until the section is marked final."""
        return not self.section.is_final


def section_page(request: HttpRequest, slug: str, section: int) -> SectionPage:
    """Tournament (drafts 404 for the public), section and its version: three queries, or none
    for a plain visitor within ``PUBLIC_PAGES_FRESH_SECONDS`` of the last lookup."""
    memo: dict[tuple[str, int], SectionPage] = request.__dict__.setdefault(
        "_section_pages", {}
    )
    found = memo.get((slug, section))
    if found is not None:
        return found
    fresh = getattr(settings, "PUBLIC_PAGES_FRESH_SECONDS", FRESH_SECONDS_DEFAULT)
    key = f"public-lookup:{slug}:{section}"
    reuse = fresh > 0 and plain_visitor(request)
    hit = cache.get(key) if reuse else None
    if hit is not None:
        tournament, obj, version = hit
    else:
        # For a plain visitor this is "published, else 404": nobody logged in directs it.
        tournament = tournament_for_reader(request, slug)
        obj = get_object_or_404(Section, pk=section, tournament=tournament)
        obj.tournament = tournament
        version = section_version(obj)
        if reuse:
            cache.set(key, (tournament, obj, version), fresh)
    found = memo[(slug, section)] = SectionPage(tournament, obj, version)
    return found


def plain_visitor(request: HttpRequest) -> bool:
    """No session and no messages: the page looks the same for every such visitor."""
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


def _etag(kind: str, request: HttpRequest, page: SectionPage) -> str:
    viewer = "plain" if plain_visitor(request) else str(request.user.pk or 0)
    text = "|".join(
        (
            kind,
            page.version,
            request.get_full_path(),
            viewer,
            request.headers.get("HX-Request", ""),
            "gzip" if _accepts_gzip(request) else "",
        )
    )
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _accepts_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "")


def _compress(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Gzip a page for a browser that takes it: phones in the hall get a tenth of the bytes, and
    the cached copy is compressed once (the gzip variant has an ETag of its own)."""
    if (
        response.status_code == 200
        and not response.streaming
        and len(response.content) > 1024
        and not response.has_header("Content-Encoding")
        and _accepts_gzip(request)
    ):
        response.content = compress_string(response.content)
        response["Content-Encoding"] = "gzip"
    return response


def public_section_view(kind: str) -> Callable[[Callable[..., HttpResponse]], Any]:
    """A public section page: ETag and 304 (``condition``), and the whole-response cache.

    The view gets ``(request, page, **kwargs)``.
    """

    def decorator(view: Callable[..., HttpResponse]) -> Any:
        def etag(request: HttpRequest, slug: str, section: int, **kwargs: Any) -> str:
            return _etag(kind, request, section_page(request, slug, section))

        @condition(etag_func=etag)
        @functools.wraps(view)
        def wrapper(
            request: HttpRequest, slug: str, section: int, **kwargs: Any
        ) -> HttpResponse:
            page = section_page(request, slug, section)
            if not plain_visitor(request):
                return revalidate(_compress(request, view(request, page, **kwargs)))
            key = f"public-response:{_etag(kind, request, page)}:{page.section.pk}"
            hit = cache.get(key)
            if hit is not None:
                status, content, headers = hit
                response = HttpResponse(content, status=status)
                for name, value in headers:
                    response[name] = value
                return revalidate(response)
            response = _compress(request, view(request, page, **kwargs))
            if response.status_code in (200, 400, 404):
                headers = [
                    (name, response[name])
                    for name in (
                        "Content-Type",
                        "Content-Disposition",
                        "Content-Encoding",
                    )
                    if name in response
                ]
                cache.set(
                    key,
                    (response.status_code, response.content, headers),
                    PAGE_CACHE_SECONDS,
                )
            return revalidate(response)

        return wrapper

    return decorator


def page_context(request: HttpRequest) -> dict[str, Any]:
    """Context every full public page gets: a plain visitor's copy carries no CSRF token."""
    return {"csrf_token": ""} if plain_visitor(request) else {}


def cached_body(
    page: SectionPage, kind: str, params: str, build: Callable[[], str]
) -> str:
    """The rendered body of a page, from the cache or built and stored."""
    key = f"public:{kind}:{page.section.pk}:{page.version}:{params}"
    body = cache.get(key)
    if body is None:
        body = build()
        cache.set(key, body, PAGE_CACHE_SECONDS)
    return body


def render_body(template: str, context: dict[str, Any]) -> str:
    """A page's swappable body: the template's ``body`` partial."""
    return render_to_string(f"{template}#body", context)


def revalidate(response: HttpResponse) -> HttpResponse:
    """Phones keep the page and ask again with its ETag (a 304 costs no rendering)."""
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ["Cookie", "HX-Request", "Accept-Encoding"])
    return response
