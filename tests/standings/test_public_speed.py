"""Public pages stay fast: constant queries whatever the size, cached bodies, 304 for phones."""

from __future__ import annotations

import gzip
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.models import (
    HallScreen,
    Pairing,
    Player,
    Result,
    Round,
    Section,
    Tournament,
)

pytestmark = pytest.mark.django_db


def _swiss(players: int, rounds: int, tournament: Tournament, name: str) -> Section:
    """``players`` (even) players; each round pairs neighbours of a rotated list, the last round pending."""
    numbers = list(range(1, players + 1))
    codes = ["1-0", "=", "0-1"]
    texts = []
    for r in range(rounds):
        order = numbers[r:] + numbers[:r]
        pending = r == rounds - 1
        texts.append(
            ", ".join(
                f"{order[2 * k]}-{order[2 * k + 1]} {'?' if pending else codes[k % 3]}"
                for k in range(players // 2)
            )
        )
    return section_build(
        tournament=tournament,
        name=name,
        ratings=[2400 - n for n in range(players)],
        rounds=texts,
        rounds_total=rounds + 1,
    )


def _pages(section: Section, screen: HallScreen) -> dict[str, str]:
    slug = section.tournament.slug
    kw = {"slug": slug, "section": section.pk}
    return {
        "tournament": reverse("standings:tournament", kwargs={"slug": slug}),
        "me_search": reverse("standings:me_search", kwargs={"slug": slug}) + "?q=Play",
        "hall_screen": reverse(
            "standings:hall_screen", kwargs={"slug": slug, "screen": screen.pk}
        ),
        "standings": reverse("standings:standings", kwargs=kw),
        "crosstable": reverse("standings:crosstable", kwargs=kw),
        "pairings": reverse("standings:pairings", kwargs={**kw, "number": 3}),
        "pairings_current": reverse("standings:pairings_current", kwargs=kw),
        "player": reverse("standings:player", kwargs={**kw, "number": 2}),
        "me": reverse("standings:me", kwargs={**kw, "number": 2}),
        "standings_csv": reverse("standings:standings_csv", kwargs=kw),
        "standings_json": reverse("standings:standings_json", kwargs=kw),
        "crosstable_csv": reverse("standings:crosstable_csv", kwargs=kw),
        "crosstable_json": reverse("standings:crosstable_json", kwargs=kw),
    }


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def test_every_public_page_runs_as_many_queries_for_300_players_as_for_10(
    anonymous: Client, tournament: Tournament
) -> None:
    small = _swiss(10, 3, tournament, "Small")
    large = _swiss(300, 3, tournament, "Large")
    counts = {}
    for section in (small, large):
        screen = HallScreen.objects.create(
            tournament=tournament,
            name=f"TV {section.name}",
            section=section,
            content=HallScreen.Content.STANDINGS,
        )
        first = {k: _queries(anonymous, u) for k, u in _pages(section, screen).items()}
        cached = {k: _queries(anonymous, u) for k, u in _pages(section, screen).items()}
        counts[section.name] = (first, cached)
    assert counts["Small"] == counts["Large"]
    first, cached = counts["Large"]
    # A cached body costs only the loading and the version: tournament, section, version, rounds.
    assert cached["standings"] <= 5 and cached["crosstable"] <= 5
    assert first["crosstable"] <= 10


def test_a_cold_standings_page_reads_each_table_once_for_any_number_of_players(
    anonymous: Client, tournament: Tournament
) -> None:
    def cold(players: int, name: str) -> list[str]:
        section = _swiss(players, 3, tournament, name)
        cache.clear()
        url = reverse(
            "standings:standings",
            kwargs={"slug": tournament.slug, "section": section.pk},
        )
        with CaptureQueriesContext(connection) as queries:
            assert anonymous.get(url).status_code == 200
        return [q["sql"] for q in queries.captured_queries]

    small, large = cold(10, "Small"), cold(300, "Large")

    # Tournament, section, version; the players and the pairings (the standings); the rounds.
    assert len(small) == len(large) == 6
    player_reads = [q for q in large if q.startswith('SELECT "tournaments_player"')]
    assert len(player_reads) == 1


def test_a_phone_that_has_the_page_gets_304(
    anonymous: Client, tournament: Tournament
) -> None:
    section = _swiss(10, 3, tournament, "Open")
    url = reverse(
        "standings:standings", kwargs={"slug": tournament.slug, "section": section.pk}
    )
    first = anonymous.get(url)
    etag = first["ETag"]
    assert "no-cache" in first["Cache-Control"]

    again = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304
    assert again.content == b""


def _standings(client: Client, section: Section) -> tuple[str, str]:
    url = reverse(
        "standings:standings",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )
    response = client.get(url)
    return response["ETag"], response.content.decode()


def _change_result(section: Section) -> None:
    pairing = Pairing.objects.filter(round__section=section, round__number=1).first()
    assert pairing is not None
    pairing.result = (
        Result.BLACK_WIN if pairing.result != Result.BLACK_WIN else Result.DRAW
    )
    pairing.save()


def _swap_colours(section: Section) -> None:
    first = Pairing.objects.filter(round__section=section, round__number=1).first()
    assert first is not None
    Pairing.objects.filter(pk=first.pk).update(
        white_id=F("black_id"), black_id=F("white_id")
    )


def _withdraw(section: Section) -> None:
    Player.objects.filter(section=section, start_number=3).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=1
    )


def _rate(section: Section) -> None:
    Player.objects.filter(section=section, start_number=3).update(rating=1234)


def _post_order(section: Section) -> None:
    section.tiebreaks = "solkoff,modified_median"
    section.save()


def _prize_fund(section: Section) -> None:
    section.prize_fund = {"prizes": [{"label": "1st", "places": [1], "cash": "100"}]}
    section.save()


def _post_round(section: Section) -> None:
    Round.objects.filter(section=section, number=3).update(status=Round.Status.DRAFT)


def _final(section: Section) -> None:
    section.is_final = True
    section.save()


@pytest.mark.parametrize(
    "change",
    [
        _change_result,
        _swap_colours,
        _withdraw,
        _rate,
        _post_order,
        _prize_fund,
        _post_round,
        _final,
    ],
    ids=lambda f: f.__name__.strip("_"),
)
def test_the_cached_page_and_its_etag_change_when_the_data_does(
    anonymous: Client, tournament: Tournament, change: object
) -> None:
    section = _swiss(10, 3, tournament, "Open")
    etag, _ = _standings(anonymous, section)
    assert _standings(anonymous, section)[0] == etag

    change(section)  # type: ignore[operator]

    assert _standings(anonymous, section)[0] != etag


def test_a_new_result_shows_on_the_cached_standings_at_once(
    anonymous: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 ?"]
    )
    _, before = _standings(anonymous, section)
    assert "Standings after round 0" in before
    Pairing.objects.filter(round__section=section).update(result=Result.WHITE_WIN)

    _, after = _standings(anonymous, section)

    assert "Standings after round 1" in after


def test_a_plain_visitor_sees_a_change_once_the_lookup_window_ends(
    anonymous: Client, td_client: Client, tournament: Tournament, settings: Any
) -> None:
    settings.PUBLIC_PAGES_FRESH_SECONDS = 60
    section = _swiss(10, 3, tournament, "Open")
    etag, _ = _standings(anonymous, section)
    td_etag, _ = _standings(td_client, section)

    _change_result(section)

    # Within the window the public gets the page it had (no query at all) ...
    with CaptureQueriesContext(connection) as queries:
        assert _standings(anonymous, section)[0] == etag
    assert len(queries) == 0
    # ... a director sees the change at once ...
    assert _standings(td_client, section)[0] != td_etag
    # ... and so does the public when the window ends and the page is rendered: the first
    # visitor then gets the copy it had at once and renders the new one after its response
    # (standings/cache.py), the next one gets it.
    cache.delete(f"public-lookup:{tournament.slug}:{section.pk}")
    assert _standings(anonymous, section)[0] == etag
    assert _standings(anonymous, section)[0] != etag


def test_unpublishing_hides_the_pages_once_the_lookup_window_ends(
    anonymous: Client, tournament: Tournament, settings: Any
) -> None:
    settings.PUBLIC_PAGES_FRESH_SECONDS = 60
    section = _swiss(10, 3, tournament, "Open")
    url = reverse(
        "standings:standings", kwargs={"slug": tournament.slug, "section": section.pk}
    )
    assert anonymous.get(url).status_code == 200
    Tournament.objects.filter(pk=tournament.pk).update(is_published=False)
    cache.delete(f"public-lookup:{tournament.slug}:{section.pk}")
    assert anonymous.get(url).status_code == 404


def test_the_shared_copy_of_a_page_carries_no_csrf_token(
    anonymous: Client, td_client: Client, tournament: Tournament
) -> None:
    section = _swiss(10, 3, tournament, "Open")
    url = reverse(
        "standings:standings", kwargs={"slug": tournament.slug, "section": section.pk}
    )
    public = anonymous.get(url)
    assert '"X-CSRFToken": ""' in public.content.decode()
    assert "csrftoken" not in public.cookies
    # A director's page is their own: it has the token their logout form needs.
    private = td_client.get(url).content.decode()
    assert '"X-CSRFToken": ""' not in private
    assert 'name="csrfmiddlewaretoken"' in private


@pytest.mark.parametrize("visitor", ["plain", "director"])
def test_a_phone_that_takes_gzip_gets_the_same_page_compressed(
    visitor: str, anonymous: Client, td_client: Client, tournament: Tournament
) -> None:
    client = anonymous if visitor == "plain" else td_client
    section = _swiss(30, 3, tournament, "Open")
    url = reverse(
        "standings:standings", kwargs={"slug": tournament.slug, "section": section.pk}
    )
    plain = client.get(url)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    packed_again = client.get(url, HTTP_ACCEPT_ENCODING="gzip")  # the cached copy

    def same(body: bytes) -> bytes:
        # A director's page carries a CSRF token masked anew on every response.
        return re.sub(rb"[A-Za-z0-9]{64}", b"TOKEN", body)

    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == packed_again["Content-Encoding"] == "gzip"
    assert same(gzip.decompress(packed.content)) == same(plain.content)
    assert same(gzip.decompress(packed_again.content)) == same(plain.content)
    assert len(packed.content) * 3 < len(plain.content)
    assert "Accept-Encoding" in packed["Vary"]
    # Each variant has its ETag, and each revalidates to 304.
    assert packed["ETag"] != plain["ETag"]
    again = client.get(
        url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed["ETag"]
    )
    assert again.status_code == 304
