"""A write of several steps cut off part way (the connection to the database drops, the server
process is killed): nothing of it stays. Each test fails one of the last steps, after the
earlier ones have written, and compares every row of the app before and after."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest
from django.apps import apps
from django.db import OperationalError

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.backup import tournament_export
from tournaments.models import Pairing, Player, Result, Round
from tournaments.services import backup as backup_services
from tournaments.services import pairing as pairing_services
from tournaments.services import players_import as players_import_services
from tournaments.services import results as results_services

pytestmark = pytest.mark.django_db

# By its path: the package's name ``players_add`` is the service function.
players_add_services = importlib.import_module("tournaments.services.players_add")

DROPPED = "server closed the connection unexpectedly"


def everything() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the app (and the users), as values."""
    tables = [*apps.get_app_config("tournaments").get_models()]
    tables.append(apps.get_model("auth", "User"))
    return {
        model.__name__: sorted(
            model._default_manager.order_by("pk").values_list(), key=repr
        )
        for model in tables
    }


def cut_after(calls: int, step: Callable[..., Any]) -> Callable[..., Any]:
    """``step`` that runs ``calls`` times, then the connection drops."""
    made = 0

    def cut(*args: Any, **kwargs: Any) -> Any:
        nonlocal made
        if made == calls:
            raise OperationalError(DROPPED)
        made += 1
        return step(*args, **kwargs)

    return cut


def test_pairing_and_posting_round_one_cut_off_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Its steps: the default order posted (and logged), the table numbers' seed, the round,
    # its pairings, then the tournament's status. The last one fails.
    section = section_build(ratings=[2000, 1900, 1800, 1700, 1600], rounds=[])
    before = everything()
    monkeypatch.setattr(
        pairing_services,
        "tournament_status_refresh",
        cut_after(0, pairing_services.tournament_status_refresh),
    )

    with pytest.raises(OperationalError):
        services.round_pair(
            section=section, number=1, post=True, post_default_order=True, absent="pair"
        )

    assert everything() == before


def test_a_player_file_imported_cut_off_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The players are written and the section numbered by rating again before the last check.
    section = section_build(ratings=[2000, 1500], rounds=[])
    before = everything()
    monkeypatch.setattr(
        players_import_services,
        "players_draft_check",
        cut_after(0, players_import_services.players_draft_check),
    )

    with pytest.raises(OperationalError):
        services.players_import_save(
            section=section, text="Ann Field,,,1800,,\nBo Field,,,1600,,\n"
        )

    assert everything() == before


def test_a_late_entry_cut_off_after_its_first_bye_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Entering for round 3: the player, round 1's bye row and requested bye are written, then
    # the connection drops as round 2's row is to be written.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-3 1-0, 2-4 1-0", "1-2 =, 3-4 ="],
        rounds_total=4,
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    before = everything()
    monkeypatch.setattr(
        players_add_services,
        "round_lock",
        cut_after(1, players_add_services.round_lock),
    )

    with pytest.raises(OperationalError):
        services.player_late_entry(
            section=section,
            name="Dee Late",
            rating=1500,
            first_round=3,
            missed={1: services.LATE_HALF, 2: services.LATE_HALF},
        )

    assert everything() == before
    assert not Player.objects.filter(name="Dee Late").exists()


def test_a_correction_after_a_later_round_was_paired_cut_off_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The result and its history row are written, then the later round's flag and the log.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    board = Pairing.objects.get(round__number=1, board=1)
    before = everything()
    monkeypatch.setattr(
        results_services,
        "result_corrections_record",
        cut_after(0, results_services.result_corrections_record),
    )

    with pytest.raises(OperationalError):
        services.result_record(
            pairing=board,
            result=Result.BLACK_WIN,
            based_on=Result.WHITE_WIN,
            confirm_later=True,
        )

    assert everything() == before


def test_a_backup_restore_cut_off_leaves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=3)
    text = tournament_export(section.tournament)
    section.tournament.delete()
    before = everything()
    restore = backup_services._restore_rows

    def rows(model: Any, *args: Any) -> Any:
        # The tournament, its sections and players are in; the pairings are not.
        if model is Pairing:
            raise OperationalError(DROPPED)
        return restore(model, *args)

    monkeypatch.setattr(backup_services, "_restore_rows", rows)

    with pytest.raises(OperationalError):
        backup_services.tournament_restore(text=text)

    assert everything() == before
