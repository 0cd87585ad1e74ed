"""What every public section page shares: loading, the cache of rendered bodies, the ETag."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers

from standings.pages import RoundInfo, current_round, rounds_of, section_version
from tournaments.access import can_direct, tournament_for_reader
from tournaments.models import Section, Tournament

# Rendered bodies are keyed by the section's version, so a change shows at once; the timeout
# only bounds what the version cannot see (docs: ``section_version``).
PAGE_CACHE_SECONDS = 600
# Seconds between two polls of a live page (a round in progress).
POLL_SECONDS = 30


@dataclass
class SectionPage:
    """A public section page's objects, loaded once per request (the ETag needs them first)."""

    tournament: Tournament
    section: Section
    version: str
    rounds: list[RoundInfo]
    current: int | None
    is_director: bool

    @property
    def live(self) -> bool:
        """Whether the page polls for new results: until the section is marked final."""
        return not self.section.is_final


def section_page(request: HttpRequest, slug: str, section: int) -> SectionPage:
    """Tournament (drafts 404 for the public), section, its rounds and version: four queries."""
    memo: dict[tuple[str, int], SectionPage] = request.__dict__.setdefault(
        "_section_pages", {}
    )
    found = memo.get((slug, section))
    if found is None:
        tournament = tournament_for_reader(request, slug)
        obj = get_object_or_404(Section, pk=section, tournament=tournament)
        obj.tournament = tournament
        rounds = rounds_of(obj)
        found = memo[(slug, section)] = SectionPage(
            tournament,
            obj,
            section_version(obj, rounds),
            rounds,
            current_round(rounds),
            # Published pages look the same for everyone; only a draft needs this query.
            not tournament.is_published and can_direct(request.user, tournament),
        )
    return found


def page_etag(kind: str) -> Callable[..., str]:
    """An ETag function for ``condition``: the page kind, section version, URL and viewer."""

    def etag(request: HttpRequest, slug: str, section: int, **kwargs: Any) -> str:
        page = section_page(request, slug, section)
        viewer = request.user.pk if request.user.is_authenticated else 0
        text = "|".join(
            (
                kind,
                page.version,
                request.get_full_path(),
                str(viewer),
                request.headers.get("HX-Request", ""),
            )
        )
        return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()

    return etag


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
    patch_vary_headers(response, ["HX-Request"])
    return response
