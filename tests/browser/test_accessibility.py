"""axe-core over every public page, phone and desktop: no serious or critical violation.

axe-core is served from the test tree (tests/browser/vendor/, the npm registry's package, see its
README), never from a CDN. The pages come from the demo: a section with a round running, the
finished one, a player's page, Find me with matches, each event team group's standings and each
kind of hall screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from tournaments.demo import demo_tournament_create
from tournaments.demo_teams import demo_team_tournament_create
from tournaments.models import (
    HallScreen,
    Pairing,
    Result,
    Round,
    Section,
    TeamMatch,
    Tournament,
)

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
# What axe checks: WCAG 2.0 to 2.2, levels A and AA, and its best practices.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
IMPACTS = ("minor", "moderate", "serious", "critical")


@pytest.fixture
def demo() -> Tournament:
    """The demo's Spring Open, its Open section's last round still running."""
    tournament, _ = demo_tournament_create()
    section = tournament.sections.get(name="Open")
    last = section.rounds.get(number=section.rounds_total)
    Pairing.objects.filter(round=last, black__isnull=False, board__gt=3).update(
        result=Result.PENDING
    )
    Round.objects.filter(pk=last.pk).update(status=Round.Status.PAIRED)
    Section.objects.filter(pk=section.pk).update(is_final=False)  # running again
    section.is_final = False
    # The other section is final: its pages and the tournament page offer the files.
    tournament.sections.exclude(pk=section.pk).update(is_final=True)
    for content in HallScreen.Content:
        HallScreen.objects.create(
            tournament=tournament, name=content.label, section=section, content=content
        )
    return tournament


def public_paths(tournament: Tournament) -> list[str]:
    slug = tournament.slug
    paths = [
        reverse("standings:home"),
        reverse("standings:tournament", args=[slug]),
        reverse("standings:me_search", args=[slug]) + "?q=Ri",
    ]
    for section in tournament.sections.all():
        kw = {"slug": slug, "section": section.pk}
        number = section.players.order_by("start_number").first().start_number  # type: ignore[union-attr]
        paths += [
            reverse("standings:standings", kwargs=kw),
            reverse("standings:crosstable", kwargs=kw),
            reverse("standings:crosstable", kwargs=kw) + "?order=number",
            reverse("standings:crosstable", kwargs=kw) + "?colours=1",
            reverse("standings:pairings_current", kwargs=kw),
            reverse("standings:pairings", kwargs={**kw, "number": 1}) + "?order=name",
            reverse("standings:prizes", kwargs=kw),
            reverse("standings:entries", kwargs=kw),
            reverse("standings:player", kwargs={**kw, "number": number}),
            reverse("standings:me", kwargs={**kw, "number": number}),
        ]
    # Each event team group's standings (the demo posts two: they link each other).
    for group in tournament.team_groups():
        paths.append(reverse("standings:event_team_group", args=[slug, group["id"]]))
    for screen in tournament.screens.all():
        paths.append(reverse("standings:hall_screen", args=[slug, screen.pk]))
    return paths


def serious_violations(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS
    )
    return [
        f"{v['id']} ({len(v['nodes'])} nodes): {v['help']}; first: {v['nodes'][0]['target']}"
        for v in result["violations"]
        if v["impact"] in IMPACTS
    ]


def test_every_public_page_has_no_serious_accessibility_violation(
    live_server: Any, page: Any, demo: Tournament
) -> None:
    found = {}
    for path in public_paths(demo):
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        problems = serious_violations(page)
        if problems:
            found[path] = problems
    assert found == {}, "\n".join(f"{p}: {v}" for p, vs in found.items() for v in vs)


def test_every_public_page_of_a_team_league_has_no_serious_accessibility_violation(
    live_server: Any, page: Any
) -> None:
    tournament = demo_team_tournament_create()
    section = tournament.sections.get()
    kw = {"slug": tournament.slug, "section": section.pk}
    match = TeamMatch.objects.filter(round__section=section).order_by("pk").first()
    assert match is not None
    paths = [
        reverse("standings:tournament", args=[tournament.slug]),
        reverse("standings:teams", kwargs=kw),
        reverse("standings:crosstable", kwargs=kw),
        reverse("standings:standings", kwargs=kw),
        reverse("standings:pairings", kwargs={**kw, "number": match.round.number}),
        reverse(
            "standings:team_match",
            kwargs={**kw, "number": match.round.number, "table": match.table},
        ),
    ]
    found = {}
    for path in paths:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        problems = serious_violations(page)
        if problems:
            found[path] = problems
    assert found == {}, "\n".join(f"{p}: {v}" for p, vs in found.items() for v in vs)
