"""The tournament page: the tiebreak order's history in words, and a finished event final with
its files."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.demo import demo_directors_set, demo_td_ensure, demo_tournament_create
from tournaments.models import Player, Round, TiebreakChange, Tournament

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_order_history_says_posted_first_then_changed_with_system_names(
    anonymous: Client, tournament: Tournament
) -> None:
    section = section_build(tournament=tournament, ratings=[2000, 1900], rounds=[])
    TiebreakChange.objects.create(
        section=section, old_order="", new_order="modified_median,solkoff"
    )
    TiebreakChange.objects.create(
        section=section,
        old_order="modified_median,solkoff",
        new_order="solkoff,cumulative",
        reason="Posted by mistake",
    )
    text = _text(
        anonymous.get(
            reverse("standings:tournament", args=[tournament.slug])
        ).content.decode()
    )
    assert "posted: Modified Median, Solkoff" in text
    assert (
        "changed from Modified Median, Solkoff to Solkoff, Cumulative. "
        "Reason: Posted by mistake" in text
    )
    assert "from to" not in text and "modified_median" not in text


def test_the_finished_demo_event_is_final_with_its_files_and_real_dates(
    anonymous: Client,
) -> None:
    tournament, _ = demo_tournament_create()
    demo_directors_set(demo_td_ensure()[0])
    assert all(s.is_final for s in tournament.sections.all())
    html = anonymous.get(
        reverse("standings:tournament", args=[tournament.slug])
    ).content.decode()
    assert html.count("Final results as files") == tournament.sections.count()
    # Two download regions, each named after its section.
    labels = re.findall(r'aria-label="([^"]*final results as files)"', html)
    assert len(labels) == len(set(labels)) == 2
    # The order was posted on the event's first morning, not when the demo was loaded.
    assert "Apr 12, 2025 09:00" in _text(html)


def test_starting_list_players_count_rounds_and_titles(
    anonymous: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[2500, 2400, None, 2000],
        names=["Ju, Wenjun", "Adams, Michael", "Newcomer, Ann", "Brandt, Kevin"],
        rounds=["1-2 1-0, 3-4 =", "1-3 ?, 2-4 ?"],
        rounds_total=5,
    )
    Player.objects.filter(section=section, start_number=1).update(title="GM")
    Round.objects.filter(section=section, number=1).update(status=Round.Status.COMPLETE)
    Round.objects.filter(section=section, number=2).update(status=Round.Status.PAIRED)
    page = _text(
        anonymous.get(
            reverse("standings:tournament", args=[tournament.slug])
        ).content.decode()
    )
    assert "4 players Rounds: 1 done, 2 playing" in page
    kw = {"slug": tournament.slug, "section": section.pk}
    html = anonymous.get(reverse("standings:entries", kwargs=kw)).content.decode()
    text = _text(html)
    assert "Starting list: 4 players · 3 rated, average 2300" in text
    assert re.findall(r'<tr id="n(\d+)"', html) == ["1", "2", "3", "4"]
    assert "GM Ju, Wenjun" in text
    for name in ("standings", "crosstable"):
        shown = _text(
            anonymous.get(reverse(f"standings:{name}", kwargs=kw)).content.decode()
        )
        assert "GM Ju, Wenjun" in shown, name
