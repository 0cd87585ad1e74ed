"""The tiebreak order page: presets, the builder (plain posts and htmx), posting, the lock."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from standings.engine import SYSTEMS
from tests.tournaments.builders import section_build
from tournaments.forms.tiebreaks import system_description
from tournaments.models import Round, Section, TiebreakChange, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=[], rounds_total=4
    )


def url(section: Section) -> str:
    return reverse(
        "tournaments:section_tiebreaks",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def rows(*items: tuple[str, dict[str, str]]) -> dict[str, str]:
    data = {"rows": str(len(items))}
    for i, (system, options) in enumerate(items):
        data[f"r{i}-system"] = system
        data.update({f"r{i}-{k}": v for k, v in options.items()})
    return data


def test_page_offers_presets_and_every_system_with_the_engines_own_text(
    td_client: Client, section: Section
) -> None:
    page = td_client.get(url(section)).content.decode()

    assert "US Chess default (Official Rules of Chess, rule 34E)" in page
    for system in SYSTEMS.values():
        assert escape(system.name) in page
        assert escape(system_description(system)) in page
    assert escape(system_description(SYSTEMS["solkoff"])) in page
    assert "Not posted yet" in page


def test_builder_buttons_work_as_plain_posts(
    td_client: Client, section: Section
) -> None:
    data = rows(
        ("solkoff", {"adjust": "uschess"}), ("cumulative", {"deduct": "uschess"})
    )

    moved = td_client.post(url(section), {**data, "action": "up:1"}).content.decode()
    assert 'name="r0-system" value="cumulative"' in moved
    assert 'name="r1-system" value="solkoff"' in moved

    added = td_client.post(
        url(section), {**data, "action": "add", "add_system": "kashdan"}
    ).content.decode()
    assert 'name="r2-system" value="kashdan"' in added

    removed = td_client.post(
        url(section), {**data, "action": "remove:0"}
    ).content.decode()
    assert 'name="r0-system" value="cumulative"' in removed
    assert 'name="r1-system"' not in removed
    assert not TiebreakChange.objects.exists()


def test_htmx_gets_only_the_builder_fragment(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url(section), {"rows": "0", "action": "preset:sca"}, HTTP_HX_REQUEST="true"
    )

    page = response.content.decode()
    assert "<html" not in page
    assert page.lstrip().startswith('<form id="builder"')
    assert 'value="opposition_performance"' in page


def test_posting_saves_the_order_and_goes_back_to_the_section(
    td_client: Client, section: Section
) -> None:
    data = rows(
        ("cumulative_cut", {"cut": "2", "deduct": "uschess"}), ("most_blacks", {})
    )

    response = td_client.post(url(section), {**data, "action": "post"})

    assert response.status_code == 302
    section.refresh_from_db()
    assert section.tiebreaks == "cumulative_cut:cut=2,most_blacks"
    assert TiebreakChange.objects.get().new_order == section.tiebreaks


def test_the_posted_order_and_the_options_read_as_words_not_codes(
    td_client: Client, section: Section
) -> None:
    data = rows(
        ("modified_median", {"adjust": "none", "nine_rounds": "drop_one"}),
        ("kashdan", {"unplayed": "2"}),
    )
    td_client.post(url(section), {**data, "action": "post"})

    page = td_client.get(url(section)).content.decode()

    assert (
        "Posted: Modified Median (plain scores, no extra drop at 9+ rounds), "
        "Kashdan (unplayed rounds 2)." in page
    )
    assert "Options: plain scores, no extra drop at 9+ rounds</summary>" in page
    # The menus keep the values the help under them explains: a phrase with "(default)"
    # would not fit a phone's menu.
    assert ">none</option>" in page
    assert "nine_rounds = " not in page and "adjust none" not in page


def test_an_option_the_engine_refuses_reads_as_typed_in_the_options_line(
    td_client: Client, section: Section
) -> None:
    data = rows(
        ("cumulative_cut", {"cut": "two", "deduct": "none", "in_cut": "deduct"})
    )

    page = td_client.post(url(section), {**data, "action": "up:0"}).content.decode()

    assert "Options: cut two, nothing deducted</summary>" in page


def test_htmx_posting_redirects_the_browser(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url(section),
        {**rows(("solkoff", {})), "action": "post"},
        HTTP_HX_REQUEST="true",
    )
    assert response["HX-Redirect"].endswith(f"/s/{section.pk}/")


def test_a_row_the_engine_refuses_is_marked_and_nothing_saved(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url(section), {**rows(("cumulative_cut", {"cut": ""})), "action": "post"}
    )

    page = response.content.decode()
    assert "cumulative_cut needs the option cut" in page
    assert not TiebreakChange.objects.exists()


def test_after_round_one_is_posted_the_change_needs_the_override_and_a_reason(
    td_client: Client, section: Section
) -> None:
    Round.objects.create(section=section, number=1, status=Round.Status.PAIRED)
    data = {**rows(("solkoff", {})), "action": "post"}

    refused = td_client.post(url(section), data).content.decode()
    assert "Locked." in refused
    assert "Say why the order changes after round 1" in refused
    assert not TiebreakChange.objects.exists()

    td_client.post(
        url(section), {**data, "override": "on", "reason": "Announced wrongly."}
    )

    change = TiebreakChange.objects.get()
    assert (change.new_order, change.reason) == ("solkoff", "Announced wrongly.")


def test_the_posted_order_sent_again_after_round_one_is_answered_as_posted(
    td_client: Client, section: Section
) -> None:
    data = {**rows(("solkoff", {})), "action": "post"}
    td_client.post(url(section), data)
    # Round 1 posted by another TD before the TD, whose first answer was lost, sends again.
    Round.objects.create(section=section, number=1, status=Round.Status.PAIRED)

    again = td_client.post(url(section), data, follow=True).content.decode()

    assert "Tiebreak order posted for" in again
    assert "Tick the override" not in again
    assert TiebreakChange.objects.count() == 1


def test_an_unreadable_stored_order_is_named_and_the_builder_starts_empty(
    td_client: Client, section: Section
) -> None:
    Section.objects.filter(pk=section.pk).update(tiebreaks="banana,solkoff")

    page = td_client.get(url(section)).content.decode()

    assert "The stored order &#x27;banana,solkoff&#x27; cannot be read." in page
    assert 'name="r0-system"' not in page


def test_the_add_list_leaves_out_a_system_without_options_already_in_the_order(
    td_client: Client, section: Section
) -> None:
    page = td_client.post(
        url(section), rows(("most_blacks", {}), ("solkoff", {}))
    ).content.decode()

    offered = re.findall(
        r'<option value="([a-z0-9_]+)"',
        page.split('id="id_add_system"', 1)[1].split("</select>", 1)[0],
    )
    assert not SYSTEMS["most_blacks"].options
    assert "most_blacks" not in offered
    assert "black_win_points" in offered
    # A system with options may come back with other options.
    assert all(s in offered for s, system in SYSTEMS.items() if system.options)
