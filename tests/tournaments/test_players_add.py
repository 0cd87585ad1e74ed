"""One set of rules for every way of adding players: the form, a late entry, a CSV, a TRF file."""

from __future__ import annotations

import io
from csv import writer
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import section_build
from tests.tournaments.trf_builders import p001, trf_text
from tournaments import services
from tournaments.models import Player, PlayerChange, Section
from tournaments.services import TrfImportError, tournament_import_trf

pytestmark = pytest.mark.django_db

ANA: dict[str, Any] = {"name": "Ana Ortiz", "rating": 1500, "uschess_id": "12345678"}


@pytest.fixture
def section() -> Section:
    section = section_build(ratings=[], rounds=[], rounds_total=4)
    services.player_create(section=section, **ANA)
    return section


def late(section: Section, **fields):
    return services.player_late_entry(
        section=section, first_round=2, missed={1: services.LATE_HALF}, **fields
    )


def csv(section: Section, confirm_duplicate: bool = False, **fields):
    line = io.StringIO()
    columns = ("name", "uschess_id", "fide_id", "rating", "federation", "club")
    writer(line).writerow([fields.get(k) or "" for k in columns])
    return services.players_import_save(
        section=section, text=line.getvalue(), confirm_duplicates=confirm_duplicate
    )


@pytest.mark.parametrize(
    "add", [services.player_create, late], ids=["player form", "late entry"]
)
def test_a_us_chess_id_already_in_the_section_is_refused(section, add) -> None:
    with pytest.raises(ValidationError) as error:
        add(section=section, name="Someone Else", rating=1800, uschess_id="12345678")

    assert error.value.messages == [
        services.sentence(
            services.ID_TAKEN.format(
                number=1, name="Ana Ortiz", label="US Chess ID", value="12345678"
            )
        )
    ]
    assert Player.objects.filter(section=section).count() == 1


def test_the_csv_refuses_the_same_id(section) -> None:
    with pytest.raises(ValidationError):
        csv(section, name="Someone Else", uschess_id="12345678", rating=1800)
    assert Player.objects.filter(section=section).count() == 1


def test_a_trf_file_with_one_fide_id_twice_is_refused_at_the_later_line() -> None:
    text = trf_text(
        "012 Spring Open",
        p001(1, "A", "0000 - U", fide_id="4100018"),
        p001(2, "B", "0000 - U", fide_id="4100018"),
    )

    with pytest.raises(TrfImportError) as error:
        tournament_import_trf(text=text)

    assert error.value.line == 3
    assert "duplicate FIDE ID 4100018: also on line 2" in error.value.message
    assert not Player.objects.filter(name="B").exists()


@pytest.mark.parametrize(
    "add", [services.player_create, late, csv], ids=["player form", "late entry", "csv"]
)
def test_a_likely_duplicate_is_added_only_when_confirmed(section, add) -> None:
    # Same name (another spelling of it) and rating, no ID to tell them apart.
    with pytest.raises(services.PlayersAddRefused) as error:
        add(section=section, name="ortiz,  ana", rating=1500)
    assert error.value.asks_confirmation
    assert Player.objects.filter(section=section).count() == 1

    if add is csv:
        services.players_import_save(
            section=section, text='"ortiz,  ana",,,1500,,\n', confirm_duplicates=True
        )
    else:
        add(section=section, name="ortiz,  ana", rating=1500, confirm_duplicate=True)

    assert Player.objects.filter(section=section).count() == 2
    change = PlayerChange.objects.get(section=section)
    assert change.kind == PlayerChange.Kind.DUPLICATE
    assert "looks like player 1. Ana Ortiz (1500)" in change.reason


@pytest.mark.parametrize(
    "add", [services.player_create, late, csv], ids=["player form", "late entry", "csv"]
)
def test_a_confirmed_duplicate_sent_twice_is_asked_about_the_player_it_just_entered(
    section, add
) -> None:
    # The TD confirmed "another Ana Ortiz" on the page that named player 1; the first answer
    # lost, the form is sent again: it would enter a third Ana without a word.
    ana = Player.objects.get(section=section)
    with pytest.raises(services.PlayersAddRefused) as asked:
        add(section=section, name="ortiz,  ana", rating=1500)
    assert asked.value.duplicates_named == [ana.pk]

    def send() -> None:
        if add is csv:
            services.players_import_save(
                section=section,
                text='"ortiz,  ana",,,1500,,\n',
                confirm_duplicates=True,
                duplicates_shown=[ana.pk],
            )
        else:
            add(
                section=section,
                name="ortiz,  ana",
                rating=1500,
                confirm_duplicate=True,
                duplicates_shown=[ana.pk],
            )

    send()
    with pytest.raises(services.PlayersAddRefused) as again:
        send()

    second = Player.objects.exclude(pk=ana.pk).get(section=section)
    assert again.value.asks_confirmation
    assert again.value.duplicates_named == sorted([ana.pk, second.pk])
    assert any(
        f"ooks like player {second.start_number}. {second.name} (1500)" in m
        for m in again.value.messages
    ), again.value.messages
    assert Player.objects.filter(section=section).count() == 2


@pytest.mark.parametrize(
    "add", [services.player_create, csv], ids=["player form", "csv"]
)
def test_a_player_entered_after_a_draft_was_made_without_them_is_refused_with_the_way_on(
    section, add
) -> None:
    # The add page was opened before another TD paired round 1: posted as it is, the draft
    # would leave the new player out of the round without a word.
    Player.objects.create(section=section, start_number=2, name="Ben Ode", rating=1400)
    services.section_tiebreaks_post(section=section, order="uschess", user=None)
    services.round_pair(section=section, number=1, absent="pair")

    with pytest.raises(ValidationError) as refused:
        add(section=section, name="Cy Park", rating=1600)

    assert refused.value.messages == [
        services.PLAYERS_ADD_ROUND_DRAFT.format(round=1, next=2)
    ]
    assert not Player.objects.filter(name="Cy Park").exists()


def test_two_different_us_chess_ids_are_two_players(section) -> None:
    player = services.player_create(
        section=section, name="Ana Ortiz", rating=1500, uschess_id="87654321"
    )

    assert player.pk is not None
    assert not PlayerChange.objects.exists()


def test_another_rating_is_another_player(section) -> None:
    services.player_create(section=section, name="Ana Ortiz", rating=1200)

    assert Player.objects.filter(section=section).count() == 2


@pytest.fixture
def u1600() -> Section:
    return section_build(
        ratings=[], rounds=[], rounds_total=4, rating_max=1599, unrated_allowed=False
    )


@pytest.mark.parametrize(
    ("rating", "message"),
    [
        (1650, services.ABOVE_LIMIT.format(rating=1650, limit=1599)),
        (None, services.UNRATED_NOT_ALLOWED),
    ],
    ids=["above the limit", "unrated"],
)
@pytest.mark.parametrize(
    "add", [services.player_create, late, csv], ids=["player form", "late entry", "csv"]
)
def test_a_player_outside_the_section_limits_needs_a_reason(
    u1600, add, rating, message
) -> None:
    with pytest.raises(services.PlayersAddRefused) as error:
        add(section=u1600, name="Dee Strong", rating=rating)

    assert error.value.messages == [services.sentence(message)]
    assert error.value.asks_reason
    assert not Player.objects.filter(section=u1600).exists()


def test_the_reason_and_who_gave_it_are_kept(u1600) -> None:
    td = User.objects.create_user("td-reason")

    services.player_create(
        section=u1600,
        name="Dee Strong",
        rating=1650,
        override_reason="Rating from a lapsed list; organizer allows",
        user=td,
    )

    change = PlayerChange.objects.get(section=u1600)
    assert (change.kind, change.reason, change.changed_by, change.name) == (
        PlayerChange.Kind.OUTSIDE_LIMIT,
        "Rating from a lapsed list; organizer allows",
        td,
        "Dee Strong",
    )


def test_a_player_inside_the_limits_needs_nothing(u1600) -> None:
    services.player_create(section=u1600, name="Ed Fine", rating=1599)

    assert not PlayerChange.objects.exists()


def test_checking_entries_costs_the_same_queries_for_ten_or_three_hundred() -> None:
    def queries(rows: int) -> int:
        section = section_build(ratings=[1500] * 20, rounds=[], rounds_total=4)
        entries = [
            {"name": f"New {n}", "rating": 1000 + n, "uschess_id": f"{n:08d}"}
            for n in range(1, rows + 1)
        ]
        with CaptureQueriesContext(connection) as captured:
            services.players_entry_check(section=section, entries=entries)
        return len(captured)

    assert queries(10) == queries(300) == 1
