"""No text field takes a control character: a name with a line break cannot reach the TRF.

A line break in a player's name, sent by a crafted form or a quoted CSV cell, would turn one TRF
line into two, the second read as another player.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models
from django.test import Client
from django.urls import reverse

from standings.trf_export import section_trf
from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Player, Section, TiebreakChange, Tournament
from tournaments.validators import (
    no_control_characters,
    no_control_characters_but_lines,
)

pytestmark = pytest.mark.django_db

HOSTILE = "Eve\n001    2 m    Fake Player"


def _text_fields() -> list[tuple[str, models.Field]]:  # type: ignore[type-arg]
    return [
        (f"{model.__name__}.{field.name}", field)
        for model in apps.get_app_config("tournaments").get_models()
        for field in model._meta.get_fields()
        if isinstance(field, models.CharField | models.TextField)
        # Choices and slugs admit only their own values.
        and not field.choices
        and not isinstance(field, models.SlugField)
    ]


def test_every_free_text_field_of_the_tournaments_models_refuses_control_characters() -> (
    None
):
    # A field added later without the validator fails here.
    unguarded = [
        name
        for name, field in _text_fields()
        if no_control_characters not in field.validators
        and no_control_characters_but_lines not in field.validators
    ]
    assert _text_fields()
    assert unguarded == []


@pytest.mark.parametrize(
    "bad", ["\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\x85", "\u2028"]
)
def test_each_kind_of_control_character_is_refused(bad: str) -> None:
    with pytest.raises(ValidationError):
        no_control_characters(f"Ann{bad}Lee")


def test_names_in_any_script_pass() -> None:
    for name in ("Zoë Ng", "Łukasz Ćwik", "Ван Ли", "田中 太郎", "O'Brien-Smith Jr."):
        no_control_characters(name)


def test_a_player_with_a_line_break_in_the_name_is_refused_and_not_saved(
    tournament: Tournament,
) -> None:
    section = section_build(tournament=tournament, ratings=[1500], rounds=[])
    with pytest.raises(ValidationError, match="Control characters"):
        services.player_create(section=section, name=HOSTILE, rating=1400)
    with pytest.raises(ValidationError, match="Control characters"):
        services.player_create(section=section, name="Ann", club="Club\r\nX")
    assert Player.objects.filter(section=section).count() == 1


def test_a_crafted_add_player_form_cannot_put_a_fake_player_in_the_trf(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=[], rounds_total=3
    )
    url = reverse(
        "tournaments:player_add",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )
    response = td_client.post(url, {"name": HOSTILE, "rating": "1500"})

    assert response.status_code == 200
    assert "Control characters" in response.content.decode()
    trf = section_trf(section=Section.objects.get(pk=section.pk))
    assert [line[:3] for line in trf.splitlines()].count("001") == 2


def test_a_control_character_in_a_csv_cell_is_a_problem_of_its_row(
    tournament: Tournament,
) -> None:
    section = section_build(tournament=tournament, ratings=[], rounds=[])
    # A vertical tab: str.splitlines() (and so a reader of the TRF) breaks the line there.
    # (Names have their spaces collapsed, so the club cell carries it.)
    text = "Ana Ortiz,,,1850,IL,\nEve Fake,,,1500,IL,Club\x0b001 Fake\n"
    preview = services.players_import_preview(section=section, text=text)
    problems = [p for row in preview.rows for p in row.problems]
    assert problems == ["the club holds a line break or another control character"]
    with pytest.raises(ValidationError):
        services.players_import_save(section=section, text=text)
    assert not Player.objects.filter(section=section).exists()


def test_a_tournament_or_section_name_with_a_control_character_is_refused(
    td: User, tournament: Tournament
) -> None:
    with pytest.raises(ValidationError):
        services.tournament_create(user=td, name="Open\r\n2026")
    with pytest.raises(ValidationError):
        services.section_create(tournament=tournament, name="A\x1bB", rounds_total=5)
    assert not Tournament.objects.filter(name__startswith="Open\r").exists()
    assert not tournament.sections.exists()


def test_a_tiebreak_reason_may_have_lines_but_no_other_control_character(
    tournament: Tournament,
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 ?"], rounds_total=3
    )
    with pytest.raises(ValidationError):
        services.section_tiebreaks_post(
            section=section, order="solkoff", user=None, reason="typo\x1b[2J"
        )
    services.section_tiebreaks_post(
        section=section, order="solkoff", user=None, reason="Typo.\nAnnounced at 9:00."
    )
    assert TiebreakChange.objects.get(section=section).reason.count("\n") == 1
