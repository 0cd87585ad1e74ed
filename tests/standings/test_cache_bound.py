"""A visitor cannot fill the shared page cache: 1,000 junk addresses over every public page of a
section make no more cache keys than a reader who opens every page the site can show.

Each app server keeps its pages in the one Redis (docs/deploy.md); an address that made an
entry of its own (``?player=123456``, ``?page=9999``, ``?find=qwerty``, ``p/777/``) would let
anyone push the real pages out of it, one request each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from django.test import Client
from django.urls import reverse

from standings.cache import PAGE_PARAMS
from tests.standings.conftest import Keys
from tournaments.models import Section

pytestmark = pytest.mark.django_db

# Pages of a section that take no number in their address (name, kind in PAGE_PARAMS).
SECTION_PAGES = {
    "entries": "entries",
    "standings": "standings",
    "crosstable": "crosstable",
    "pairings_current": "pairings-current",
    "prizes": "prizes",
    "teams": "teams",
    "standings_csv": "standings.csv",
    "standings_json": "standings.json",
    "crosstable_csv": "crosstable.csv",
    "crosstable_json": "crosstable.json",
    "prizes_csv": "prizes.csv",
    "prizes_json": "prizes.json",
    "teams_csv": "teams.csv",
    "teams_json": "teams.json",
    "section_trf": "section.trf",
}
# What a reader's browser sends: a phone's page, and the live refresh of it; and each without
# gzip (a page has a copy for each).
PLAIN = {"Accept-Encoding": "gzip, deflate"}
POLL = {**PLAIN, "HX-Request": "true"}
VARIANTS: tuple[dict[str, str], ...] = (PLAIN, POLL, {}, {"HX-Request": "true"})
# Junk addresses a hostile visitor sends, and the most keys they may make beyond the pages'
# own: none, but a little room so that this test does not pin the cache's bookkeeping.
JUNK = 1_000
SLACK = 2


def _url(section: Section, name: str, **kwargs: int) -> str:
    return reverse(
        f"standings:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kwargs},
    )


def _linked(section: Section) -> Iterator[str]:
    """Every page the site can show of the section: each round (0 to the last) of the pages
    that take one, both orders and colours of the wall chart, each round's pairings, each
    player's pages, the TRF file in both formats; and "go to player 1" and "find a name" on
    each page that has them (a reader's use of them is what makes their rows known)."""
    rounds = range(section.rounds_total + 1)
    for name, kind in SECTION_PAGES.items():
        url = _url(section, name)
        reads = PAGE_PARAMS.get(kind, (frozenset(), frozenset()))[0]
        queries = [""]
        if "round" in reads:
            queries += [f"?round={n}" for n in rounds]
        if "order" in reads:
            queries = [
                q + sep + extra
                for q in queries
                for extra in ("", "order=number", "colours=1", "order=number&colours=1")
                for sep in ["&" if q else "?"]
            ]
        yield from (url + q for q in queries)
        if "player" in reads:
            yield from (url + q + ("&" if q else "?") + "player=1" for q in queries)
        if "find" in reads:
            yield url + "?find=Player"
    yield _url(section, "section_trf") + "?version=2026"
    for number in section.rounds.values_list("number", flat=True):
        url = _url(section, "pairings", number=number)
        yield from (url, url + "?player=1", url + "?find=Player")
    for number in section.players.values_list("start_number", flat=True):
        yield _url(section, "player", number=number)
        yield _url(section, "me", number=number)


def _junk(
    section: Section, pick: random.Random
) -> Iterator[tuple[str, dict[str, str]]]:
    """``JUNK`` addresses nobody links to, over every page: stray parameters, pages past the
    last, players and names nobody has, rounds the section does not have, refused values,
    numbers in the path that are nobody, and headers that are neither htmx nor gzip."""
    pages = [_url(section, name) for name in SECTION_PAGES]
    paged = [
        _url(section, n)
        for n in ("standings", "crosstable", "pairings_current", "entries")
    ]
    pairings = [_url(section, "pairings_current"), _url(section, "pairings", number=1)]
    rounds = [
        _url(section, n) for n in ("standings", "crosstable", "teams", "prizes_csv")
    ]
    kinds: list[Callable[[int, str], tuple[str, dict[str, str]]]] = [
        lambda n, word: (pick.choice(pages) + f"?x={n}&utm_source=qr{n}", PLAIN),
        lambda n, word: (pick.choice(paged) + f"?page={n % 10_000 + 2}", PLAIN),
        lambda n, word: (pick.choice(pairings) + f"?names={n % 10_000 + 2}", POLL),
        lambda n, word: (pick.choice(paged) + f"?player={n}", PLAIN),
        lambda n, word: (pick.choice(pairings) + f"?find=z{word}", PLAIN),
        lambda n, word: (pick.choice(rounds) + f"?round={n % 95 + 5}", PLAIN),
        lambda n, word: (_url(section, pick.choice(["player", "me"]), number=n), PLAIN),
        lambda n, word: (_url(section, "pairings", number=n) + "?page=2", PLAIN),
        lambda n, word: (pick.choice(rounds) + f"?round=z{n}&order={word}", PLAIN),
        lambda n, word: (
            pick.choice(pages),
            {"HX-Request": str(n), "Accept-Encoding": word},
        ),
        lambda n, word: (
            _url(section, "crosstable")
            + f"?round={n % 5}&order=number&colours=1&page={n % 10_000 + 2}&player={n}",
            POLL,
        ),
        lambda n, word: (_url(section, "team_match", number=n, table=n % 50), PLAIN),
    ]
    for count in range(JUNK):
        word = "".join(
            pick.choices("abcdefghijklmnopqrstuvwxyz ", k=pick.randint(1, 40))
        )
        yield kinds[count % len(kinds)](pick.randint(9, 100_000), word)


def test_a_thousand_junk_addresses_make_no_more_cache_keys_than_the_pages_there_are(
    anonymous: Client, eight_player_section: Section, cache_keys: Keys
) -> None:
    section = eight_player_section
    for url in _linked(section):
        for headers in VARIANTS:
            # A file of a round without standings is a 404 that says why (views/downloads.py).
            assert anonymous.get(url, headers=headers).status_code in (200, 302, 404), (
                url
            )
    pages = cache_keys()

    statuses = set()
    for url, headers in _junk(section, random.Random(20261124)):
        statuses.add(anonymous.get(url, headers=headers).status_code)
    after = cache_keys()

    # Every kind of answer was given: a page, a 404 for a number that is nobody, a 400 for a
    # refused value.
    assert statuses >= {200, 400, 404}
    new = sorted(set(after) - set(pages))
    assert len(after) <= len(pages) + SLACK, (
        f"{len(pages)} keys, then {len(new)} more: {new[:9]}"
    )
