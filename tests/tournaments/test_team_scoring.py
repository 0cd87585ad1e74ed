"""Posting a section's (or the whole event's) team scoring before round 1, like the tiebreak order."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build, tournament_build
from tournaments import selectors, services
from tournaments.models import Round, Section, Tournament

pytestmark = pytest.mark.django_db

SCHOLASTIC: dict[str, Any] = {
    "top": 3,
    "min_players": 2,
    "order": "solkoff, modified_median",
}


def posted(tournament: Tournament, group: int | None = None) -> dict[str, Any]:
    """The event team group as stored (it must be there)."""
    found = Tournament.objects.get(pk=tournament.pk).team_group(group)
    assert found is not None
    return found


def posted_of(tournament: Tournament, section: int) -> dict[str, Any]:
    found = Tournament.objects.get(pk=tournament.pk).team_group_of(section)
    assert found is not None
    return found


def fresh(section: Section) -> dict[str, object]:
    return Section.objects.get(pk=section.pk).team_scoring


def test_post_stores_the_canonical_scoring(tournament: Tournament) -> None:
    section = section_build(ratings=[1500, 1400], rounds=[], tournament=tournament)
    services.section_team_scoring_post(
        section=section, **SCHOLASTIC, prizes=[" Trophy ", ""]
    )
    assert fresh(section) == {
        "top": 3,
        "min_players": 2,
        "order": "solkoff,modified_median",
        "prizes": ["Trophy"],
    }


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"top": 0}, services.TEAM_TOP_RANGE),
        ({"min_players": 0}, services.TEAM_MIN_RANGE),
        ({"order": "head_to_head"}, "cannot be added up"),
        ({"order": "nonsense"}, "not a tiebreak"),
    ],
)
def test_bad_scoring_is_refused_and_nothing_changes(
    tournament: Tournament, fields: dict[str, object], message: str
) -> None:
    section = section_build(ratings=[1500], rounds=[], tournament=tournament)
    with pytest.raises(ValidationError, match=message[:30]):
        services.section_team_scoring_post(section=section, **{**SCHOLASTIC, **fields})
    assert fresh(section) == {}


def test_the_same_scoring_sent_twice_is_answered_as_posted(
    tournament: Tournament,
) -> None:
    section = section_build(
        ratings=[1500, 1400], rounds=["1-2 1-0"], tournament=tournament
    )
    posted = services.section_team_scoring_post(section=section, **SCHOLASTIC)
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)

    # The first answer lost: sent again after round 1 is posted, it needs no reason.
    again = services.section_team_scoring_post(section=section, **SCHOLASTIC)

    assert again == posted == fresh(section)
    # A different posting still needs its reason.
    with pytest.raises(ValidationError, match="locked"):
        services.section_team_scoring_post(section=section, **{**SCHOLASTIC, "top": 4})
    assert fresh(section) == posted


def test_after_round_one_a_change_needs_a_reason_which_is_kept(
    tournament: Tournament,
) -> None:
    section = section_build(
        ratings=[1500, 1400], rounds=["1-2 1-0"], tournament=tournament
    )
    services.section_team_scoring_post(section=section, **SCHOLASTIC)
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    with pytest.raises(ValidationError, match="locked"):
        services.section_team_scoring_post(section=section, **{**SCHOLASTIC, "top": 4})
    assert fresh(section)["top"] == 3
    services.section_team_scoring_post(
        section=section,
        **{**SCHOLASTIC, "top": 4},
        reason="Announced top 4 at the meeting",
    )
    assert fresh(section)["top"] == 4
    assert fresh(section)["reason"] == "Announced top 4 at the meeting"
    with pytest.raises(ValidationError, match="locked"):
        services.section_team_scoring_clear(section=section)


def test_event_scoring_locks_when_any_section_posts_round_one(
    tournament: Tournament,
) -> None:
    section_build(
        ratings=[1500, 1400], rounds=["1-2 1-0"], tournament=tournament, name="A"
    )
    services.tournament_team_scoring_post(tournament=tournament, **SCHOLASTIC)
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.PAIRED
    )
    with pytest.raises(ValidationError, match="locked"):
        services.tournament_team_scoring_post(
            tournament=tournament, **{**SCHOLASTIC, "top": 2}
        )
    assert posted(tournament)["top"] == 3


def test_an_event_group_sent_twice_is_answered_as_posted_without_a_reason(
    tournament: Tournament,
) -> None:
    s = scholastic(tournament)
    sections = [s["K-1"].pk, s["K-3"].pk]
    first = services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, sections=sections, name="Primary"
    )
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.PAIRED
    )

    # The first answer lost: the same group sent again after round 1 is posted.
    again = services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, sections=sections, name="Primary"
    )

    assert again == first == posted(tournament)
    assert len(Tournament.objects.get(pk=tournament.pk).team_groups()) == 1
    with pytest.raises(ValidationError, match="locked"):
        services.tournament_team_scoring_post(
            tournament=tournament,
            **{**SCHOLASTIC, "top": 2},
            sections=sections,
            name="Primary",
        )
    assert posted(tournament) == first


def test_td_posts_the_scoring_from_the_teams_tab(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(ratings=[1500], rounds=[], tournament=tournament)
    url = reverse(
        "tournaments:section_team_scoring", args=[tournament.slug, section.pk]
    )
    assert "Not posted" in td_client.get(url).content.decode()
    response = td_client.post(
        url,
        {
            "top": "4",
            "min_players": "2",
            "order": "team_points,solkoff",
            "prizes": "1st\n2nd",
        },
    )
    assert response.status_code == 302
    assert fresh(section) == {
        "top": 4,
        "min_players": 2,
        "order": "team_points,solkoff",
        "prizes": ["1st", "2nd"],
    }


def test_an_order_typed_one_per_line_is_posted_as_that_order(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(ratings=[1500], rounds=[], tournament=tournament)
    url = reverse(
        "tournaments:section_team_scoring", args=[tournament.slug, section.pk]
    )
    response = td_client.post(
        url, {"min_players": "1", "order": "team_points\r\n solkoff,\r\ncumulative"}
    )
    assert response.status_code == 302
    assert fresh(section)["order"] == "team_points,solkoff,cumulative"
    # Shown back whole, a space after each comma so a phone wraps it between tiebreaks.
    assert (
        "team_points, solkoff, cumulative</textarea>"
        in td_client.get(url).content.decode()
    )


def test_a_bad_order_from_the_form_says_why_and_stores_nothing(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(ratings=[1500], rounds=[], tournament=tournament)
    url = reverse(
        "tournaments:section_team_scoring", args=[tournament.slug, section.pk]
    )
    response = td_client.post(
        url, {"top": "", "min_players": "1", "order": "coin_flip"}
    )
    assert response.status_code == 200
    assert "cannot be added up" in response.content.decode()
    assert fresh(section) == {}


def test_another_td_cannot_post_team_scoring(
    other_td_client: Client, tournament: Tournament
) -> None:
    section = section_build(ratings=[1500], rounds=[], tournament=tournament)
    url = reverse(
        "tournaments:section_team_scoring", args=[tournament.slug, section.pk]
    )
    assert (
        other_td_client.post(url, {"min_players": "1", "order": ""}).status_code == 403
    )
    event = reverse("tournaments:tournament_team_scoring", args=[tournament.slug])
    assert (
        other_td_client.post(event, {"min_players": "1", "order": ""}).status_code
        == 403
    )
    assert fresh(section) == {}


def test_td_posts_the_event_scoring(
    td_client: Client, td: User, tournament: Tournament
) -> None:
    section = section_build(ratings=[1500], rounds=[], tournament=tournament)
    url = reverse("tournaments:tournament_team_scoring", args=[tournament.slug])
    assert td_client.get(url).status_code == 200
    fields = {"top": "", "min_players": "3", "order": "team_points"}
    response = td_client.post(url, fields)
    assert response.status_code == 200
    assert services.TEAM_GROUP_EMPTY in response.content.decode()
    response = td_client.post(url, {**fields, "sections": [str(section.pk)]})
    assert response.status_code == 302
    assert posted(tournament)["min_players"] == 3


# ---- a group of sections scored together (K-3, K-5 and K-8 of a scholastic)


def test_event_scoring_stores_the_group_of_sections(tournament: Tournament) -> None:
    k3 = section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-3")
    section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-12")
    k8 = section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-8")
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, sections=[k8.pk, k3.pk, k8.pk]
    )
    stored = posted(tournament)
    assert stored["sections"] == sorted([k3.pk, k8.pk])


def test_a_bad_group_is_refused_and_nothing_changes(tournament: Tournament) -> None:
    k3 = section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-3")
    league = section_build(ratings=[1500], rounds=[], tournament=tournament, name="L")
    Section.objects.filter(pk=league.pk).update(team_boards=4)
    elsewhere = tournament_build(name="Elsewhere")
    other = section_build(ratings=[1500], rounds=[], tournament=elsewhere, name="X")
    for group, message in [
        ([], services.TEAM_GROUP_EMPTY),
        ([k3.pk, other.pk], "is not a section of this tournament"),
        ([k3.pk, league.pk], "L is a fixed-roster team section"),
    ]:
        with pytest.raises(ValidationError, match=message[:30]):
            services.tournament_team_scoring_post(
                tournament=tournament, **SCHOLASTIC, sections=group
            )
        assert Tournament.objects.get(pk=tournament.pk).team_scoring == {}


def test_round_one_outside_the_group_leaves_the_group_scoring_open(
    tournament: Tournament,
) -> None:
    k3 = section_build(
        ratings=[1500, 1400], rounds=["1-2 1-0"], tournament=tournament, name="K-3"
    )
    open_ = section_build(
        ratings=[1500, 1400], rounds=["1-2 1-0"], tournament=tournament, name="Open"
    )
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.NOT_PAIRED
    )
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, sections=[k3.pk]
    )
    Round.objects.filter(section=open_).update(status=Round.Status.PAIRED)
    services.tournament_team_scoring_post(
        tournament=tournament, **{**SCHOLASTIC, "top": 4}, sections=[k3.pk]
    )
    assert posted(tournament)["top"] == 4
    # Adding the started section to the group is a change to its posted rules: a reason.
    with pytest.raises(ValidationError, match="locked"):
        services.tournament_team_scoring_post(
            tournament=tournament, **SCHOLASTIC, sections=[k3.pk, open_.pk]
        )
    Round.objects.filter(section=k3).update(status=Round.Status.COMPLETE)
    with pytest.raises(ValidationError, match="locked"):
        services.tournament_team_scoring_post(
            tournament=tournament, **SCHOLASTIC, sections=[k3.pk]
        )
    assert posted(tournament)["sections"] == [k3.pk]


def test_td_ticks_the_sections_scored_together(
    td_client: Client, tournament: Tournament
) -> None:
    section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-3")
    k5 = section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-5")
    league = section_build(ratings=[1500], rounds=[], tournament=tournament, name="L")
    Section.objects.filter(pk=league.pk).update(team_boards=4)
    url = reverse("tournaments:tournament_team_scoring", args=[tournament.slug])
    html = td_client.get(url).content.decode()
    # Every individual section is offered (and ticked for a first posting), not the team one.
    assert html.count('name="sections"') == 2
    assert html.count("checked") == 2
    fields = {"top": "3", "min_players": "2", "order": ""}
    # A team section sent by hand is not one of the choices: refused, nothing changes.
    for ticked, status in [(k5, 302), (league, 200)]:
        response = td_client.post(url, {**fields, "sections": [str(ticked.pk)]})
        assert response.status_code == status
        stored = posted(tournament)
        assert stored["sections"] == [k5.pk]
        assert td_client.get(url).content.decode().count("checked") == 1


# ---- several groups in one event ("Primary" = K-1 + K-3, "High school" = 9-12)


def scholastic(tournament: Tournament) -> dict[str, Section]:
    """Three individual sections, none paired yet."""
    built = {
        name: section_build(
            ratings=[1500, 1400], rounds=["1-2 1-0"], tournament=tournament, name=name
        )
        for name in ["K-1", "K-3", "9-12"]
    }
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.NOT_PAIRED
    )
    return built


def test_an_event_posts_several_named_groups_each_with_its_own_scoring(
    tournament: Tournament,
) -> None:
    s = scholastic(tournament)
    services.tournament_team_scoring_post(
        tournament=tournament,
        **SCHOLASTIC,
        group=1,
        name=" Primary ",
        sections=[s["K-3"].pk, s["K-1"].pk],
        prizes=["Primary trophy"],
    )
    services.tournament_team_scoring_post(
        tournament=tournament,
        top=4,
        min_players=3,
        order="team_points",
        group=2,
        name="High school",
        sections=[s["9-12"].pk],
    )
    stored = Tournament.objects.get(pk=tournament.pk)
    assert [(g["id"], g["name"]) for g in stored.team_groups()] == [
        (1, "Primary"),
        (2, "High school"),
    ]
    primary, high = stored.team_group(1), stored.team_group(2)
    assert primary is not None and high is not None
    assert primary["sections"] == sorted([s["K-1"].pk, s["K-3"].pk])
    assert (primary["top"], primary["prizes"]) == (3, ["Primary trophy"])
    assert (high["top"], high["min_players"], high["order"]) == (4, 3, "team_points")
    assert stored.team_group_of(s["9-12"].pk) == high
    # Changing one group leaves the other as it was.
    services.tournament_team_scoring_post(
        tournament=tournament,
        **{**SCHOLASTIC, "top": 2},
        group=1,
        name="Primary",
        sections=[s["K-1"].pk, s["K-3"].pk],
    )
    stored = Tournament.objects.get(pk=tournament.pk)
    assert posted(tournament, 1)["top"] == 2
    assert stored.team_group(2) == high


def test_a_section_already_in_another_group_is_refused_and_nothing_changes(
    tournament: Tournament,
) -> None:
    s = scholastic(tournament)
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, name="Primary", sections=[s["K-1"].pk]
    )
    before = Tournament.objects.get(pk=tournament.pk).team_scoring
    with pytest.raises(
        ValidationError, match="K-1 is already scored in the team group Primary"
    ):
        services.tournament_team_scoring_post(
            tournament=tournament,
            **SCHOLASTIC,
            group=2,
            sections=[s["K-3"].pk, s["K-1"].pk],
        )
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == before


def test_an_older_posting_of_every_section_keeps_working_and_holds_every_section(
    tournament: Tournament,
) -> None:
    s = scholastic(tournament)
    # An older posting, as the migration leaves it: group 1, no name, no sections.
    Tournament.objects.filter(pk=tournament.pk).update(
        team_scoring={"groups": [{"id": 1, "name": "", **SCHOLASTIC, "prizes": []}]}
    )
    tournament.refresh_from_db()
    with pytest.raises(
        ValidationError, match="already scored in the team group group 1"
    ):
        services.tournament_team_scoring_post(
            tournament=tournament, **SCHOLASTIC, group=2, sections=[s["9-12"].pk]
        )
    # Its own change (no sections: still every section) goes through.
    services.tournament_team_scoring_post(
        tournament=tournament, **{**SCHOLASTIC, "top": 5}
    )
    posted = Tournament.objects.get(pk=tournament.pk).team_group()
    assert posted is not None and posted["top"] == 5 and "sections" not in posted


def test_round_one_locks_only_the_group_of_its_section(tournament: Tournament) -> None:
    s = scholastic(tournament)
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, group=1, sections=[s["K-1"].pk]
    )
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, group=2, sections=[s["9-12"].pk]
    )
    Round.objects.filter(section=s["9-12"]).update(status=Round.Status.PAIRED)
    with pytest.raises(ValidationError, match="locked"):
        services.tournament_team_scoring_post(
            tournament=tournament,
            **{**SCHOLASTIC, "top": 1},
            group=2,
            sections=[s["9-12"].pk],
        )
    with pytest.raises(ValidationError, match="locked"):
        services.tournament_team_group_clear(tournament=tournament, group=2)
    services.tournament_team_scoring_post(
        tournament=tournament,
        **{**SCHOLASTIC, "top": 1},
        group=1,
        sections=[s["K-1"].pk],
    )
    assert posted(tournament, 1)["top"] == 1
    assert posted(tournament, 2)["top"] == 3
    # With a reason the locked group changes, and the reason is kept for the page.
    services.tournament_team_scoring_post(
        tournament=tournament,
        **{**SCHOLASTIC, "top": 1},
        group=2,
        sections=[s["9-12"].pk],
        reason="Announced wrongly",
    )
    assert posted(tournament, 2)["reason"] == "Announced wrongly"


def test_a_group_taken_down_before_round_one_frees_its_sections(
    tournament: Tournament,
) -> None:
    s = scholastic(tournament)
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, group=1, sections=[s["K-1"].pk]
    )
    services.tournament_team_group_clear(tournament=tournament, group=1)
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == {}
    with pytest.raises(ValidationError, match="no team group 1"):
        services.tournament_team_group_clear(tournament=tournament, group=1)
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, group=2, sections=[s["K-1"].pk]
    )
    assert posted_of(tournament, s["K-1"].pk)["id"] == 2


def test_td_adds_a_second_group_edits_it_and_takes_it_down(
    td_client: Client, tournament: Tournament
) -> None:
    s = scholastic(tournament)
    services.tournament_team_scoring_post(
        tournament=tournament,
        **SCHOLASTIC,
        name="Primary",
        sections=[s["K-1"].pk, s["K-3"].pk],
    )
    url = reverse("tournaments:tournament_team_scoring", args=[tournament.slug])
    html = td_client.get(url).content.decode()
    # The posted group is listed; the new group's form ticks only the sections left over.
    assert ">Primary</a>" in html
    # A section of another group says which one (ticking it is refused).
    assert "K-1 (in Primary)" in html and "9-12 (in" not in html
    ticked = re.findall(r'<input[^>]*name="sections"[^>]*>', html)
    values = [re.findall(r'value="(\d+)"', t) for t in ticked if "checked" in t]
    assert values == [[str(s["9-12"].pk)]]
    fields = {"name": "High school", "top": "4", "min_players": "2", "order": ""}
    response = td_client.post(url, {**fields, "sections": [str(s["9-12"].pk)]})
    group_url = reverse("tournaments:tournament_team_group", args=[tournament.slug, 2])
    assert response.status_code == 302 and response["Location"] == group_url
    assert posted(tournament, 2)["name"] == "High school"
    # A new group taking a section of another: refused with the reason, nothing changes.
    before = Tournament.objects.get(pk=tournament.pk).team_scoring
    response = td_client.post(url, {**fields, "sections": [str(s["K-1"].pk)]})
    assert response.status_code == 200
    assert (
        "K-1 is already scored in the team group Primary" in response.content.decode()
    )
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == before
    # The group's own page shows it and changes it.
    assert 'value="High school"' in td_client.get(group_url).content.decode()
    response = td_client.post(
        group_url, {**fields, "top": "5", "sections": [str(s["9-12"].pk)]}
    )
    assert response.status_code == 302
    assert posted(tournament, 2)["top"] == 5
    response = td_client.post(group_url, {"action": "clear"})
    assert response.status_code == 302
    assert [
        g["id"] for g in Tournament.objects.get(pk=tournament.pk).team_groups()
    ] == [1]
    missing = reverse("tournaments:tournament_team_group", args=[tournament.slug, 2])
    assert td_client.get(missing).status_code == 404


def test_the_migration_makes_an_older_posting_group_one_and_back(
    tournament: Tournament,
) -> None:
    migration = importlib.import_module("tournaments.migrations.0021_event_team_groups")
    old = {**SCHOLASTIC, "prizes": ["Cup"], "sections": [7]}
    Tournament.objects.filter(pk=tournament.pk).update(team_scoring=old)
    untouched = tournament_build(name="No teams")
    migration.to_groups(django_apps, None)
    moved = Tournament.objects.get(pk=tournament.pk)
    assert moved.team_scoring == {"groups": [{**old, "id": 1, "name": ""}]}
    assert moved.team_group() == {**old, "id": 1, "name": ""}
    assert Tournament.objects.get(pk=untouched.pk).team_scoring == {}
    # Run twice: nothing more happens.
    migration.to_groups(django_apps, None)
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == moved.team_scoring
    migration.to_single(django_apps, None)
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == old


def test_new_groups_are_numbered_in_turn_and_a_new_group_sent_twice_is_refused(
    tournament: Tournament,
) -> None:
    s = scholastic(tournament)
    first = services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, group=None, sections=[s["K-1"].pk]
    )
    # Another TD's new group, from a page loaded before the first was posted.
    second = services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, group=None, sections=[s["9-12"].pk]
    )
    assert (first["id"], second["id"]) == (1, 2)
    before = Tournament.objects.get(pk=tournament.pk).team_scoring
    with pytest.raises(ValidationError, match="9-12 is already scored"):
        services.tournament_team_scoring_post(
            tournament=tournament, **SCHOLASTIC, group=None, sections=[s["9-12"].pk]
        )
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == before


# ---- two TDs editing one posting: the second save, from a page drawn before, is refused


def test_a_section_posting_saved_from_a_stale_page_is_refused_and_nothing_changes(
    tournament: Tournament,
) -> None:
    section = section_build(ratings=[1500, 1400], rounds=[], tournament=tournament)
    services.section_team_scoring_post(section=section, **SCHOLASTIC)
    shown = selectors.json_version(fresh(section))
    # TD A posts top 4; TD B, on the page showing top 3, posts a minimum of 3 players.
    services.section_team_scoring_post(
        section=section, **{**SCHOLASTIC, "top": 4}, based_on=shown
    )
    with pytest.raises(services.StaleEdit, match="changed after this page was opened"):
        services.section_team_scoring_post(
            section=section, **{**SCHOLASTIC, "min_players": 3}, based_on=shown
        )
    assert (fresh(section)["top"], fresh(section)["min_players"]) == (4, 2)
    with pytest.raises(services.StaleEdit):
        services.section_team_scoring_clear(section=section, based_on=shown)
    assert fresh(section)["top"] == 4
    # The same posting sent twice (a double press) is not a stale page: it is posted already.
    services.section_team_scoring_post(
        section=section, **{**SCHOLASTIC, "top": 4}, based_on=shown
    )
    assert fresh(section)["top"] == 4


def test_taking_a_section_posting_down_twice_is_not_taken_for_a_stale_page(
    tournament: Tournament,
) -> None:
    section = section_build(ratings=[1500, 1400], rounds=[], tournament=tournament)
    services.section_team_scoring_post(section=section, **SCHOLASTIC)
    shown = selectors.json_version(fresh(section))

    services.section_team_scoring_clear(section=section, based_on=shown)
    services.section_team_scoring_clear(section=section, based_on=shown)

    assert Section.objects.get(pk=section.pk).team_scoring == {}
    # Posted again, otherwise, by another TD meanwhile: refused, the new posting kept.
    services.section_team_scoring_post(section=section, **{**SCHOLASTIC, "top": 4})
    with pytest.raises(services.StaleEdit, match="posted or changed it"):
        services.section_team_scoring_clear(section=section, based_on=shown)
    assert fresh(section)["top"] == 4


def test_an_event_group_saved_from_a_stale_page_is_refused_and_nothing_changes(
    tournament: Tournament,
) -> None:
    s = scholastic(tournament)
    fields = {**SCHOLASTIC, "name": "Primary", "sections": [s["K-1"].pk]}
    services.tournament_team_scoring_post(tournament=tournament, **fields)
    shown = selectors.json_version(posted(tournament, 1))
    services.tournament_team_scoring_post(
        tournament=tournament, **{**fields, "top": 4}, based_on=shown
    )
    before = Tournament.objects.get(pk=tournament.pk).team_scoring
    with pytest.raises(services.StaleEdit, match="team group Primary changed"):
        services.tournament_team_scoring_post(
            tournament=tournament,
            **{**fields, "sections": [s["K-1"].pk, s["K-3"].pk]},
            based_on=shown,
        )
    with pytest.raises(services.StaleEdit):
        services.tournament_team_group_clear(
            tournament=tournament, group=1, based_on=shown
        )
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == before


def test_a_stale_team_scoring_page_keeps_the_tds_entry_and_saves_on_the_second_press(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(ratings=[1500], rounds=[], tournament=tournament)
    url = reverse(
        "tournaments:section_team_scoring", args=[tournament.slug, section.pk]
    )
    page = td_client.get(url).content.decode()
    shown = re.search(r'name="based_on" value="(\w+)"', page)
    assert shown is not None
    services.section_team_scoring_post(section=section, **SCHOLASTIC)
    sent = {"top": "5", "min_players": "4", "order": "", "based_on": shown[1]}
    response = td_client.post(url, sent)
    assert response.status_code == 200
    html = response.content.decode()
    assert "changed after this page was opened" in html
    assert fresh(section)["top"] == 3
    # What the TD typed is still in the form, which now carries the posting's version.
    assert 'name="top" value="5"' in html and 'name="min_players" value="4"' in html
    renewed = re.search(r'name="based_on" value="(\w+)"', html)
    assert renewed is not None and renewed[1] != shown[1]
    response = td_client.post(url, {**sent, "based_on": renewed[1]})
    assert response.status_code == 302
    assert fresh(section)["top"] == 5


def test_a_stale_event_group_page_is_refused_on_the_page(
    td_client: Client, tournament: Tournament
) -> None:
    s = scholastic(tournament)
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, name="Primary", sections=[s["K-1"].pk]
    )
    url = reverse("tournaments:tournament_team_group", args=[tournament.slug, 1])
    shown = re.search(
        r'name="based_on" value="(\w+)"', td_client.get(url).content.decode()
    )
    assert shown is not None
    services.tournament_team_scoring_post(
        tournament=tournament,
        **{**SCHOLASTIC, "top": 4},
        name="Primary",
        sections=[s["K-1"].pk],
    )
    before = Tournament.objects.get(pk=tournament.pk).team_scoring
    for sent in (
        {"name": "Primary", "top": "2", "min_players": "2", "order": ""},
        {"action": "clear"},
    ):
        response = td_client.post(
            url, {**sent, "sections": [str(s["K-1"].pk)], "based_on": shown[1]}
        )
        assert response.status_code == 200
        assert "changed after this page was opened" in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == before
