"""The rating report's fields on the TD setup pages: IDs, place, time control in US Chess spelling."""

from __future__ import annotations

import html

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services, uschess
from tournaments.models import Player, Section, Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "spelling", "category"),
    [
        ("G/60;d5", "G/60;d5", "dual"),
        ("g/90; +30", "G/90;+30", "regular"),
        ("40/90,SD/30;d5", "40/90,SD/30;d5", "regular"),
        ("40/90, sd/30", "40/90,SD/30;d0", "regular"),
        ("G/25;d5", "G/25;d5", "dual"),
        ("G/15;+2", "G/15;+2", "quick"),
        ("G/5;d0", "G/5;d0", "blitz"),
        ("G/3;+2", "G/3;+2", "blitz"),
        ("G/3;d0", "G/3;d0", None),
    ],
)
def test_time_controls_take_us_chess_spelling_and_category(
    typed: str, spelling: str, category: str | None
) -> None:
    parsed = uschess.time_control_parse(typed)

    assert parsed.spelling == spelling
    assert parsed.category == category


@pytest.mark.parametrize(
    "typed", ["G60", "G/60 d5", "SD/30", "G/60,SD/30", "40/90,SD/30,G/5", "G/0", ""]
)
def test_a_time_control_that_does_not_parse_is_refused(typed: str) -> None:
    with pytest.raises(ValidationError):
        uschess.time_control_parse(typed)


def test_names_go_out_as_last_first_in_ascii_capitals() -> None:
    assert uschess.report_name("Müller, Jürgen") == "MULLER, JURGEN"
    assert uschess.report_name("Ana  Ortiz") == "ORTIZ, ANA"
    assert uschess.report_name("Łukasz Nowak") == "NOWAK, LUKASZ"
    assert uschess.report_name_problem("王, 小明") is not None
    assert (
        uschess.report_name_problem("Wolfeschlegelsteinhausen, Hubert B.") is not None
    )
    assert uschess.report_name_problem("Ortiz, Ana") is None


def _tournament_post(tournament: Tournament, **changes: str) -> dict[str, str]:
    data = {"name": tournament.name, "rating_system": "uschess"}
    data.update(changes)
    return data


def test_tournament_page_saves_the_report_fields(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:tournament_edit", kwargs={"slug": tournament.slug}),
        _tournament_post(
            tournament,
            city="Springfield",
            state="il",
            zip_code="62701",
            affiliate_id="a6051416",
            chief_td_id="12345678",
            assistant_td_id="23456789",
            other_td_ids="34567890 , 45678901",
        ),
    )

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.state, tournament.affiliate_id) == ("IL", "A6051416")
    assert tournament.other_td_ids == "34567890,45678901"
    assert (tournament.chief_td_id, tournament.assistant_td_id) == (
        "12345678",
        "23456789",
    )


@pytest.mark.parametrize(
    ("field", "value", "sentence"),
    [
        ("affiliate_id", "6051416", uschess.AFFILIATE_ID_FORMAT),
        ("chief_td_id", "1234567", uschess.USCHESS_ID_FORMAT),
        ("assistant_td_id", "1234567X", uschess.USCHESS_ID_FORMAT),
        ("state", "XX", uschess.STATE_UNKNOWN.format(value="XX")),
        ("zip_code", "6270", uschess.ZIP_FORMAT),
        ("other_td_ids", "12345678,999", uschess.OTHER_TDS_FORMAT.format(value="999")),
    ],
)
def test_tournament_page_refuses_a_malformed_report_field(
    td_client: Client, tournament: Tournament, field: str, value: str, sentence: str
) -> None:
    response = td_client.post(
        reverse("tournaments:tournament_edit", kwargs={"slug": tournament.slug}),
        _tournament_post(tournament, **{field: value}),
    )

    assert response.status_code == 200
    assert sentence in html.unescape(response.content.decode())
    tournament.refresh_from_db()
    assert getattr(tournament, field) == ""


def _section_post(**changes: str) -> dict[str, str]:
    data = {
        "name": "Open",
        "rounds_total": "5",
        "kind": "swiss",
        "win_points": "1",
        "draw_points": "0.5",
        "loss_points": "0",
    }
    data.update(changes)
    return data


def test_section_page_stores_the_time_control_in_us_chess_spelling(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:section_create", kwargs={"slug": tournament.slug}),
        _section_post(
            time_control="g/60; D5",
            scholastic="S",
            grand_prix="on",
            grand_prix_points="20",
            fide_rated="on",
        ),
    )

    assert response.status_code == 302
    section = Section.objects.get(tournament=tournament)
    assert section.time_control == "G/60;d5"
    assert section.scholastic == Section.Scholastic.SCHOLASTIC
    assert (section.grand_prix, section.grand_prix_points, section.fide_rated) == (
        True,
        20,
        True,
    )


def test_section_page_refuses_a_time_control_it_cannot_read(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:section_create", kwargs={"slug": tournament.slug}),
        _section_post(time_control="G/60 then SD/30"),
    )

    assert response.status_code == 200
    assert "is not a time control in US Chess" in html.unescape(
        response.content.decode()
    )
    assert not Section.objects.filter(tournament=tournament).exists()


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"uschess_id": "1234567"}, uschess.USCHESS_ID_FORMAT),
        ({"state": "ZZ"}, uschess.STATE_UNKNOWN.format(value="ZZ")),
    ],
)
def test_player_form_refuses_a_short_id_or_an_unknown_state(
    td_client: Client, tournament: Tournament, changes: dict[str, str], sentence: str
) -> None:
    section = section_build(tournament=tournament, ratings=[], rounds=[])
    response = td_client.post(
        reverse(
            "tournaments:player_add",
            kwargs={"slug": tournament.slug, "section": section.pk},
        ),
        {"name": "Ana Ortiz", **changes},
    )

    assert sentence in html.unescape(response.content.decode())
    assert not Player.objects.filter(section=section).exists()


def test_player_form_saves_the_state(td_client: Client, tournament: Tournament) -> None:
    section = section_build(tournament=tournament, ratings=[], rounds=[])
    td_client.post(
        reverse(
            "tournaments:player_add",
            kwargs={"slug": tournament.slug, "section": section.pk},
        ),
        {"name": "Ana Ortiz", "uschess_id": "12345678", "state": "wi"},
    )

    assert Player.objects.get(section=section).state == "WI"


def test_csv_import_flags_a_us_chess_id_without_8_digits(
    tournament: Tournament,
) -> None:
    section = section_build(tournament=tournament, ratings=[], rounds=[])
    preview = services.players_import_preview(
        section=section, text="Ana Ortiz,1234567,,1850,IL,\n"
    )

    assert preview.rows[0].problems == ["US Chess ID '1234567' does not have 8 digits"]
