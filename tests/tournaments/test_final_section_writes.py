"""A section marked final refuses every write that would change its results, pairings, players or
standings -- the tiebreak order, its team scoring (its own, or an event team group it is in), its
scoring points, kind, number of rounds and boards per match included -- with the sentence saying
how to reopen it, and nothing changes. One table over the services."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.tournaments.builders import section_build, tournament_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
    SectionEvent,
    TiebreakChange,
    Tournament,
)
from tournaments.services import PairingInput as Row

pytestmark = pytest.mark.django_db


@pytest.fixture
def final() -> Section:
    """Round 1 complete, round 2 posted (a result missing), two rounds of three; final."""
    tournament = tournament_build()
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-3 1-0, 2-4 =", "1-2 ?, 3-4 1-0"],
        rounds_total=3,
        tournament=tournament,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    services.section_team_scoring_post(section=section, top=2, min_players=2, order="")
    services.section_final_set(section=section, final=True)
    return section


def _player(section: Section, number: int) -> Player:
    return Player.objects.get(section=section, start_number=number)


def _board(section: Section, number: int, board: int) -> Pairing:
    return Pairing.objects.get(
        round__section=section, round__number=number, board=board
    )


def _state(section: Section) -> list[Any]:
    """Everything a refused write must leave as it was."""
    return [
        model_to_dict(Section.objects.get(pk=section.pk)),
        model_to_dict(Tournament.objects.get(pk=section.tournament_id)),
        list(Round.objects.filter(section=section).values()),
        list(Pairing.objects.filter(round__section=section).values()),
        list(Player.objects.filter(section=section).values()),
        list(RequestedBye.objects.filter(player__section=section).values()),
        TiebreakChange.objects.filter(section=section).count(),
        SectionEvent.objects.filter(section=section).count(),
    ]


WRITES: dict[str, Callable[[Section], object]] = {
    "result": lambda s: services.result_record(
        pairing=_board(s, 2, 1), result="draw", based_on="pending"
    ),
    "check entry": lambda s: services.result_check_record(
        pairing=_board(s, 2, 1), result="draw"
    ),
    "pairings by hand": lambda s: services.round_pairings_save(
        section=s,
        number=3,
        rows=[Row(white=_player(s, 1).pk, black=_player(s, 4).pk, board=1)],
    ),
    "pairings emptied": lambda s: services.round_pairings_save(
        section=s, number=2, rows=[], confirm=True
    ),
    "pairing program": lambda s: services.round_pair(
        section=s, number=3, absent="pair"
    ),
    "remove pairings": lambda s: services.round_pairings_remove(
        round_=Round.objects.get(section=s, number=2), confirm=True
    ),
    "player added": lambda s: services.player_create(section=s, name="Late Comer"),
    "player changed": lambda s: services.player_update(
        player=_player(s, 1), name="Renamed"
    ),
    "player withdrawn": lambda s: services.player_withdraw(
        player=_player(s, 1), after_round=2
    ),
    "player deleted": lambda s: services.player_delete(player=_player(s, 4)),
    "players renumbered": lambda s: services.players_renumber(section=s),
    "bye requested": lambda s: services.player_byes_request(
        player=_player(s, 1), byes={3: "half"}
    ),
    "check-in": lambda s: services.checkin_set(
        player=_player(s, 1), round_number=3, present=True, user=None
    ),
    "tiebreak order": lambda s: services.section_tiebreaks_post(
        section=s, order="solkoff,kashdan", user=None, reason="why not"
    ),
    "team scoring": lambda s: services.section_team_scoring_post(
        section=s, top=3, min_players=2, order="", reason="why not"
    ),
    "team scoring taken down": lambda s: services.section_team_scoring_clear(section=s),
    "event team group": lambda s: services.tournament_team_scoring_post(
        tournament=s.tournament, top=2, min_players=2, order="", sections=[s.pk]
    ),
    "scoring points": lambda s: services.section_update(
        section=Section.objects.get(pk=s.pk), win_points=3
    ),
    "number of rounds": lambda s: services.section_update(
        section=Section.objects.get(pk=s.pk), rounds_total=5
    ),
    "kind": lambda s: services.section_update(
        section=Section.objects.get(pk=s.pk), kind=Section.Kind.ROUND_ROBIN
    ),
    "pairing options": lambda s: services.section_pairing_options_set(
        section=s, options={"avoid_same_club": True}
    ),
    "rounds imported": lambda s: services.section_rounds_create(
        section=s,
        rows=[(3, 1, 1, 4, Result.PENDING), (3, None, 2, None, Result.BYE_FULL)],
    ),
}


@pytest.mark.parametrize("write", list(WRITES), ids=list(WRITES))
def test_a_final_section_refuses_the_write_and_changes_nothing(
    final: Section, write: str
) -> None:
    before = _state(final)

    # The pairing program refuses with its own error (PairingRefused), the others with
    # ValidationError: both say it in the same sentence.
    with pytest.raises((ValidationError, services.PairingRefused)) as refused:
        WRITES[write](final)

    said = getattr(refused.value, "messages", [str(refused.value)])
    assert services.SECTION_FINAL.format(section=final.name) in said
    assert _state(final) == before


def test_an_event_team_group_with_a_final_section_cannot_be_taken_down(
    final: Section,
) -> None:
    other = section_build(
        ratings=[1500, 1400], rounds=[], tournament=final.tournament, name="U1600"
    )
    services.section_final_set(section=final, final=False, reason="to set it up")
    # Set up before round 1 was posted (a section's own team scoring gives way to the group).
    Round.objects.filter(section=final).update(status=Round.Status.NOT_PAIRED)
    services.section_team_scoring_clear(section=final)
    services.tournament_team_scoring_post(
        tournament=final.tournament,
        top=2,
        min_players=2,
        order="",
        sections=[final.pk, other.pk],
    )
    services.section_final_set(section=final, final=True)
    before = _state(final)

    with pytest.raises(ValidationError) as refused:
        services.tournament_team_group_clear(tournament=final.tournament, group=1)

    assert refused.value.messages == [services.SECTION_FINAL.format(section=final.name)]
    assert _state(final) == before


def test_a_final_section_still_takes_a_new_name_and_its_schedule(
    final: Section,
) -> None:
    # Neither changes a result or a standing: a typo in the name is fixed after the event.
    services.section_update(section=Section.objects.get(pk=final.pk), name="Open A")

    assert Section.objects.get(pk=final.pk).name == "Open A"


def test_a_new_event_team_group_of_open_sections_is_posted_beside_a_final_section(
    final: Section,
) -> None:
    # The demo's way: one section's results final, the next section's group posted after.
    other = section_build(
        ratings=[1500, 1400], rounds=[], tournament=final.tournament, name="U1600"
    )

    services.tournament_team_scoring_post(
        tournament=final.tournament,
        top=2,
        min_players=2,
        order="",
        group=None,
        sections=[other.pk],
    )

    assert final.tournament.team_groups()[0]["sections"] == [other.pk]


def test_the_section_form_of_a_final_section_saves_a_new_name_and_refuses_new_points(
    td_client: Client, tournament: Tournament
) -> None:
    # The form sends every field: only those that changed are refused.
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=3
    )
    services.section_final_set(section=section, final=True)
    url = reverse(
        "tournaments:section_edit",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )
    form = {
        "name": "Open A",
        "rounds_total": "3",
        "kind": "swiss",
        "win_points": "1",
        "draw_points": "0.5",
        "loss_points": "0",
    }

    renamed = td_client.post(url, form)
    refused = td_client.post(url, form | {"win_points": "3"})

    assert renamed.status_code == 302
    assert escape(services.SECTION_FINAL.format(section="Open A")) in (
        refused.content.decode()
    )
    saved = Section.objects.get(pk=section.pk)
    assert (saved.name, saved.win_points) == ("Open A", 1)
