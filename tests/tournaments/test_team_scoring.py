"""Posting a section's (or the whole event's) team scoring before round 1, like the tiebreak order."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build, tournament_build
from tournaments import services
from tournaments.models import Round, Section, Tournament

pytestmark = pytest.mark.django_db

SCHOLASTIC: dict[str, Any] = {
    "top": 3,
    "min_players": 2,
    "order": "solkoff, modified_median",
}


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


def test_posting_the_same_scoring_twice_is_refused_the_second_time(
    tournament: Tournament,
) -> None:
    section = section_build(ratings=[1500], rounds=[], tournament=tournament)
    services.section_team_scoring_post(section=section, **SCHOLASTIC)
    with pytest.raises(ValidationError, match="already the posted"):
        services.section_team_scoring_post(section=section, **SCHOLASTIC)


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
    assert Tournament.objects.get(pk=tournament.pk).team_scoring["top"] == 3


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
    assert response.status_code == 400
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
    assert response.status_code == 400
    assert services.TEAM_GROUP_EMPTY in response.content.decode()
    response = td_client.post(url, {**fields, "sections": [str(section.pk)]})
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).team_scoring["min_players"] == 3


# ---- a group of sections scored together (K-3, K-5 and K-8 of a scholastic)


def test_event_scoring_stores_the_group_of_sections(tournament: Tournament) -> None:
    k3 = section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-3")
    section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-12")
    k8 = section_build(ratings=[1500], rounds=[], tournament=tournament, name="K-8")
    services.tournament_team_scoring_post(
        tournament=tournament, **SCHOLASTIC, sections=[k8.pk, k3.pk, k8.pk]
    )
    stored = Tournament.objects.get(pk=tournament.pk).team_scoring
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
    assert Tournament.objects.get(pk=tournament.pk).team_scoring["top"] == 4
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
    assert Tournament.objects.get(pk=tournament.pk).team_scoring["sections"] == [k3.pk]


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
    for ticked, status in [(k5, 302), (league, 400)]:
        response = td_client.post(url, {**fields, "sections": [str(ticked.pk)]})
        assert response.status_code == status
        stored = Tournament.objects.get(pk=tournament.pk).team_scoring
        assert stored["sections"] == [k5.pk]
        assert td_client.get(url).content.decode().count("checked") == 1
