"""While a page's new version renders, plain visitors get its earlier copy at once.

Under load the version changes every few seconds; without this every worker asked for the page
waited for the one rendering it, and even an empty view queued behind them (docs/performance.md,
"Load"). A request that comes while the render runs is made here from inside the render itself:
the visitor whose request found the new version missing renders it after its response (the test
client closes each response as a WSGI server does), so the render's builder asks the page again.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.test.client import RequestFactory
from django.urls import reverse

from standings import cache as page_cache
from standings.views import standings as standings_view
from tournaments.models import Pairing, Result, Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(eight_player_section: Section) -> Section:
    return eight_player_section


def _url(section: Section) -> str:
    return reverse(
        "standings:standings",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _version(content: bytes) -> str:
    found = re.search(r'data-version="([0-9a-f]+)"', content.decode())
    assert found
    return found.group(1)


def _round_completed(section: Section) -> None:
    """Round 2's results are in (a new version), and the visitors' lookup window has ended."""
    Pairing.objects.filter(round__section=section, round__number=2).update(
        result=Result.WHITE_WIN
    )
    cache.delete(page_cache.lookup_key(section.tournament.slug, section.pk))


def _during_the_render(
    monkeypatch: pytest.MonkeyPatch, ask: Callable[[], Any]
) -> list[Any]:
    """Make the standings' render call ``ask()`` while it runs; what it got, once per render."""
    got: list[Any] = []
    render = standings_view._body

    def rendering(*args: Any, **kwargs: Any) -> str:
        got.append(ask())
        return render(*args, **kwargs)

    monkeypatch.setattr(standings_view, "_body", rendering)
    return got


def test_a_visitor_during_the_render_gets_the_earlier_copy_under_its_own_etag(
    anonymous: Client, section: Section, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = _url(section)
    before = anonymous.get(url)
    assert "Standings after round 1" in before.content.decode()
    _round_completed(section)
    during = _during_the_render(monkeypatch, lambda: anonymous.get(url))

    first = anonymous.get(url)

    # The first visitor after the change gets the copy it had at once, and renders the new
    # version after its response; a visitor meanwhile gets the same copy, not rendering it.
    for got in (first, *during):
        assert got.status_code == 200
        assert got["ETag"] == before["ETag"]
        assert got.content == before.content
    assert len(during) == 1
    after = anonymous.get(url)
    assert "Standings after round 2" in after.content.decode()
    assert after["ETag"] != before["ETag"]
    assert _version(after.content) != _version(before.content)
    assert len(during) == 1  # rendered once


def test_a_phone_with_the_earlier_etag_gets_304_until_the_new_version_is_there(
    anonymous: Client, section: Section, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = _url(section)
    etag = anonymous.get(url)["ETag"]
    _round_completed(section)
    during = _during_the_render(
        monkeypatch, lambda: anonymous.get(url, HTTP_IF_NONE_MATCH=etag)
    )

    first = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)

    for got in (first, *during):
        assert got.status_code == 304
        assert got["ETag"] == etag
    after = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    assert after["ETag"] != etag
    assert "Standings after round 2" in after.content.decode()


def test_live_refresh_hears_nothing_new_until_the_new_version_is_there(
    anonymous: Client, section: Section, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = _url(section)
    shown = _version(anonymous.get(url, HTTP_HX_REQUEST="true").content)
    _round_completed(section)
    poll = {"HX-Request": "true", "X-Live-Version": shown}
    during = _during_the_render(monkeypatch, lambda: anonymous.get(url, headers=poll))

    assert anonymous.get(url, headers=poll).status_code == 204
    assert [got.status_code for got in during] == [204]
    after = anonymous.get(url, headers=poll)
    assert after.status_code == 200
    assert _version(after.content) != shown


def test_the_earlier_copy_is_never_kept_under_the_new_versions_key(
    anonymous: Client, section: Section, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = _url(section)
    before = anonymous.get(url)
    _round_completed(section)

    def broken(*args: Any, **kwargs: Any) -> str:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(standings_view, "_body", broken)
    assert anonymous.get(url)["ETag"] == before["ETag"]  # the render after it failed
    monkeypatch.undo()
    # No copy under the new version's key: the next visitor gets the new version rendered.
    new = page_cache.section_lookup(
        RequestFactory().get(url), section.tournament.slug, section.pk
    )[2]
    assert (
        cache.get(
            page_cache.response_key(
                page_cache.page_etag("standings", RequestFactory().get(url), new),
                section.pk,
            )
        )
        is None
    )
    after = anonymous.get(url)
    assert "Standings after round 2" in after.content.decode()
    assert after["ETag"] != before["ETag"]


def test_a_director_never_gets_the_earlier_copy(
    anonymous: Client, td_client: Client, section: Section
) -> None:
    url = _url(section)
    before = anonymous.get(url)
    assert "Standings after round 1" in td_client.get(url).content.decode()
    _round_completed(section)

    mine = td_client.get(url)

    assert "Standings after round 2" in mine.content.decode()
    assert _version(mine.content) != _version(before.content)
    # The same moment a plain visitor still gets the copy (nobody has rendered the public's).
    assert anonymous.get(url)["ETag"] == before["ETag"]


def test_after_a_quiet_spell_the_first_visitor_gets_the_new_version(
    anonymous: Client, section: Section, settings: Any
) -> None:
    settings.PUBLIC_PAGES_FRESH_SECONDS = 1
    url = _url(section)
    before = anonymous.get(url)
    _round_completed(section)
    time.sleep(2.1)  # the copy is older than twice the window: too old to show

    first = anonymous.get(url)

    assert "Standings after round 2" in first.content.decode()
    assert first["ETag"] != before["ETag"]


@pytest.mark.parametrize("conditional", [False, True], ids=["200", "304"])
def test_the_response_that_renders_after_it_is_the_earlier_copy_as_is_and_renders_once(
    anonymous: Client,
    section: Section,
    monkeypatch: pytest.MonkeyPatch,
    conditional: bool,
) -> None:
    # The first visitor after the change gets a response that renders the new version once
    # it is sent; a visitor during that render gets the earlier copy as it is. The two are
    # the same status, headers and body (a 304 without a Content-Type, as any 304), and the
    # render runs once however often the server closes the first.
    url = _url(section)
    before = anonymous.get(url)
    asked = {"If-None-Match": before["ETag"]} if conditional else {}
    _round_completed(section)
    during = _during_the_render(monkeypatch, lambda: anonymous.get(url, headers=asked))
    kept: list[str] = []
    keep = page_cache.response_keep

    def keeping(key: str, *args: Any) -> Any:
        kept.append(key)
        return keep(key, *args)

    monkeypatch.setattr(page_cache, "response_keep", keeping)

    first = anonymous.get(url, headers=asked)

    assert len(during) == 1 and len(kept) == 1
    assert first.status_code == during[0].status_code == (304 if conditional else 200)
    assert dict(first.headers) == dict(during[0].headers)
    assert ("Content-Type" in first) is not conditional
    assert first.content == during[0].content
    first.close()  # closed again
    assert len(kept) == 1
