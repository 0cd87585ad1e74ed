"""The public prize list page and its JSON: the calculation shown, queries, errors, the cache."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from standings.cache import lookup_key
from standings.downloads import prizes_document
from standings.pages.prizes import dollars, money
from standings.reports import section_prizes
from tests.standings.prize_builders import fund, prize_section
from tests.tournaments.builders import section_build
from tournaments.models import Player, Section, Tournament
from tournaments.services import section_prize_fund_set

pytestmark = pytest.mark.django_db


def url(section: Section, name: str = "standings:prizes") -> str:
    return reverse(
        name, kwargs={"slug": section.tournament.slug, "section": section.pk}
    )


def test_page_shows_each_pool_with_its_prizes_players_and_share(
    tournament: Tournament, anonymous: Client
) -> None:
    # 34C: Cy, Ben and Dee tied for 2nd-4th share $200 + $100 + U1600 $120 = $420: $140 each.
    section = prize_section(tournament, prize_fund=fund("120"))
    response = anonymous.get(url(section))
    assert response.status_code == 200
    html = response.content.decode()
    assert "2nd-4th" in html
    assert "2nd $200 + U1600 1st $120 + 3rd $100 = $420 / 3" in html
    assert "$140.00" in html
    # Names in standings order inside the pool.
    assert html.index("Cy Chen") < html.index("Ben Brandt") < html.index("Dee Diaz")
    assert "After round 3 of 5" in html and "Provisional" in html
    # The trophy: Ann alone on 2.5 wins it by score.
    assert "Trophy" in html and "by score" in html


def test_page_shows_the_exclusive_prize_and_the_rest(
    tournament: Tournament, anonymous: Client
) -> None:
    # U1600 $300 > the equal share: Dee takes it, Cy and Ben share $300.
    section = prize_section(tournament, prize_fund=fund("300"))
    html = anonymous.get(url(section)).content.decode()
    assert (
        "takes a prize the others of the tie cannot win: more than an equal share of all the "
        "prizes involved ($600 / 3 = $200.00)"
    ) in html
    assert "2nd $200 + 3rd $100 = $300 / 2" in html
    assert "$150.00" in html and "$300.00" in html


def test_a_playoff_decides_the_trophy_and_the_page_names_it(
    tournament: Tournament, anonymous: Client
) -> None:
    # Cy, Ben, Dee tied on 2 for 2nd-4th; a trophy for 2nd; Dee wins a playoff against Cy.
    prizes = fund("120")
    prizes["prizes"][1]["item"] = "Medal"
    section = prize_section(
        tournament,
        prize_fund=prizes,
        playoffs=[{"players": [4, 3], "note": "G/5"}],
    )
    html = anonymous.get(url(section)).content.decode()
    assert "by playoff, over #3 Cy Chen" in html
    # Not announced: the cash is still shared.
    assert "$140.00" in html


def test_a_playoff_of_players_not_tied_is_reported_not_applied(
    tournament: Tournament, anonymous: Client
) -> None:
    section = prize_section(
        tournament, prize_fund=fund(), playoffs=[{"players": [1, 2], "note": ""}]
    )
    html = anonymous.get(url(section)).content.decode()
    assert "Playoff #1, #2 not applied: its players are not tied on score." in html


def test_trophy_among_tied_players_names_the_tiebreak(
    tournament: Tournament, anonymous: Client
) -> None:
    prizes = fund("120")
    prizes["prizes"][1]["item"] = "Medal"
    section = prize_section(tournament, prize_fund=prizes)
    html = anonymous.get(url(section)).content.decode()
    # Cy is ahead of Ben on the first posted tiebreak, Modified Median (4.5 to 3).
    assert "by Modified Median, over #2 Ben Brandt" in html


def test_a_section_without_fund_or_without_a_complete_round_says_so(
    tournament: Tournament, anonymous: Client
) -> None:
    no_fund = prize_section(tournament)
    assert (
        "No prize fund has been posted" in anonymous.get(url(no_fund)).content.decode()
    )
    not_started = section_build(
        tournament=tournament,
        name="Reserve",
        ratings=[1500, 1400],
        rounds=["1-2 ?"],
        prize_fund=fund(),
    )
    assert (
        "No round is complete yet" in anonymous.get(url(not_started)).content.decode()
    )


def test_json_is_the_command_document(
    tournament: Tournament, anonymous: Client
) -> None:
    section = prize_section(tournament, prize_fund=fund("300"))
    document = json.loads(anonymous.get(url(section, "standings:prizes_json")).content)
    assert document == prizes_document(section_prizes(section=section))
    assert {a["name"]: a["cash"] for a in document["awards"]} == {
        "Ann Avery": "500.00",
        "Cy Chen": "150.00",
        "Ben Brandt": "150.00",
        "Dee Diaz": "300.00",
    }


def test_the_page_runs_the_same_number_of_queries_for_any_section_size(
    tournament: Tournament, anonymous: Client
) -> None:
    def queries(players: int) -> int:
        ratings: list[int | None] = [2000 - 10 * n for n in range(players)]
        pairs = ", ".join(f"{2 * n + 1}-{2 * n + 2} 1-0" for n in range(players // 2))
        section = section_build(
            tournament=tournament,
            name=f"S{players}",
            ratings=ratings,
            rounds=[pairs],
            prize_fund=fund(),
        )
        with CaptureQueriesContext(connection) as captured:
            assert anonymous.get(url(section)).status_code == 200
        return len(captured)

    assert queries(10) == queries(60)


def test_other_sections_of_the_tournament_only(
    tournament: Tournament, anonymous: Client, other_td: Any
) -> None:
    section = prize_section(prize_fund=fund())  # another (unpublished) tournament
    wrong = reverse(
        "standings:prizes", kwargs={"slug": tournament.slug, "section": section.pk}
    )
    assert anonymous.get(wrong).status_code == 404


def test_a_stored_fund_that_is_not_valid_is_reported_on_the_page(
    tournament: Tournament, anonymous: Client
) -> None:
    # A fund written outside the services (the admin, a script): the page says what is wrong.
    section = prize_section(
        tournament,
        prize_fund={"prizes": [{"label": "1st", "places": [1], "cash": "-5"}]},
    )
    response = anonymous.get(url(section))
    assert response.status_code == 200
    assert "The stored prize fund of Open is not valid" in response.content.decode()
    assert "cash cannot be negative" in response.content.decode()


def test_amounts_are_written_with_thousands_separators() -> None:
    assert [dollars(150000), dollars(1250), money(150000), money(5333), money(0)] == [
        "$1,500",
        "$12.50",
        "$1,500.00",
        "$53.33",
        "$0.00",
    ]


# ---- the page is cached like every public section page: a change shows -----------------------


def test_a_new_prize_fund_shows_to_a_director_at_once_and_to_the_public_within_the_window(
    tournament: Tournament, anonymous: Client, td_client: Client, settings: Any
) -> None:
    settings.PUBLIC_PAGES_FRESH_SECONDS = 60
    section = prize_section(tournament, prize_fund=fund("120"))
    # 34C: Cy, Ben and Dee share $420: $140 each.
    assert "$140.00" in anonymous.get(url(section)).content.decode()
    assert "$140.00" in td_client.get(url(section)).content.decode()

    # U1600 $300 goes to Dee alone; Cy and Ben share $300.
    section_prize_fund_set(section=section, fund=fund("300"))

    mine = td_client.get(url(section)).content.decode()
    assert "$150.00" in mine and "$140.00" not in mine
    # Within the window the public gets the copy it had, without a query ...
    with CaptureQueriesContext(connection) as queries:
        public = anonymous.get(url(section)).content.decode()
    assert "$140.00" in public and len(queries) == 0
    # ... and the new shares once it ends (the lookup kept for the window expires) and the
    # page is rendered: the first visitor then gets the copy it had at once and renders the
    # new one after its response (standings/cache.py).
    cache.delete(lookup_key(tournament.slug, section.pk))
    assert "$140.00" in anonymous.get(url(section)).content.decode()
    public = anonymous.get(url(section)).content.decode()
    assert "$150.00" in public and "$140.00" not in public


def test_the_prize_page_has_an_etag_that_changes_with_the_playoffs(
    tournament: Tournament, anonymous: Client
) -> None:
    prizes = fund("120")
    prizes["prizes"][1]["item"] = "Medal"
    section = prize_section(tournament, prize_fund=prizes)
    first = anonymous.get(url(section))
    assert "by Modified Median, over #2 Ben Brandt" in first.content.decode()
    again = anonymous.get(url(section), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304

    Section.objects.filter(pk=section.pk).update(
        playoffs=[{"players": [4, 3], "note": "G/5"}]
    )

    changed = anonymous.get(url(section), HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert "by playoff, over #3 Cy Chen" in changed.content.decode()


def test_a_players_prize_group_renamed_to_one_of_the_same_length_shows_at_once(
    tournament: Tournament, anonymous: Client
) -> None:
    prizes = fund("120")
    prizes["prizes"].append(
        {"label": "Top Senior", "group": "Senior", "places": [1], "cash": "40"}
    )
    section = prize_section(tournament, prize_fund=prizes)
    Player.objects.filter(section=section, start_number=6).update(groups="Senior")
    assert "Top Senior $40" in anonymous.get(url(section)).content.decode()

    # "Junior" has as many letters as "Senior": Fay is no longer eligible.
    Player.objects.filter(section=section, start_number=6).update(groups="Junior")

    html = anonymous.get(url(section)).content.decode()
    assert "Not awarded (no eligible player): Top Senior $40" in html
