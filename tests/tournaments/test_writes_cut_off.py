"""A write of several steps cut off part way (the connection to the database drops, the server
process is killed): nothing of it stays. Each test fails one of the last steps, after the
earlier ones have written, and compares every row of the app before and after.

And the connection cut after the commit, the answer lost on its way back: the TD, told
nothing, presses the same button again. Each question asked before a button that cannot be
taken back in one tap (withdraw, delete a playoff, remove a director, Pair again, an Edit
pairings save that takes rows out) is confirmed twice through its own page's form: the second
press is answered as done, changing no row."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import round_url, section_build
from tests.tournaments.test_pairings_keep_results import _Form
from tests.tournaments.test_players_views import _round_two_being_played
from tests.tournaments.test_players_views import url as players_url
from tournaments import services
from tournaments.backup import tournament_export
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    ResultCheck,
    Round,
    Section,
    Tournament,
)
from tournaments.services import backup as backup_services
from tournaments.services import pairing as pairing_services
from tournaments.services import players_import as players_import_services
from tournaments.services import results as results_services
from tournaments.views.prizes import PLAYOFF_DELETED

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


# ---- the answer lost: a question's confirmation committed, its answer cut off on the way
# back (the hall's Wi-Fi); the TD, seeing nothing, presses the same button again. The second
# press is answered as done or with a sentence, never a server error, and changes nothing.


def confirm_choices(page: str) -> list[tuple[str, dict[str, str]]]:
    """A question page's buttons as the browser posts them: each form's action and hidden
    fields (the CSRF token aside), in the page's order."""
    question = page[page.index('data-testid="confirm-question"') :]
    choices = []
    for form in re.findall(r"<form [^>]*>.*?</form>", question, flags=re.S):
        action = unescape(re.search(r'action="([^"]*)"', form)[1])  # type: ignore[index]
        fields = {
            name: unescape(value)
            for name, value in re.findall(
                r'type="hidden" name="([^"]+)" value="([^"]*)"', form
            )
            if name != "csrfmiddlewaretoken"
        }
        choices.append((action, fields))
    return choices


def pressed_twice(
    client: Client, action: str, fields: dict[str, str]
) -> tuple[str, str]:
    """The confirmation posted, then posted again with every row of the app compared: what
    each press was told (the page it lands on)."""
    first = client.post(action, fields, follow=True)
    after_first = everything()
    second = client.post(action, fields, follow=True)

    assert (first.status_code, second.status_code) == (200, 200)
    assert everything() == after_first, "the second press changed something"
    return told(first), told(second)


def told(response: Any) -> str:
    """The messages and alerts of the page a press landed on, as read."""
    page = unescape(response.content.decode())
    return " ".join(
        re.sub(r"<[^>]+>|\s+", " ", text).strip()
        for text in re.findall(r'<div class="alert[^"]*"[^>]*>(.*?)</div>', page, re.S)
    )


@pytest.mark.parametrize(
    ("after_round", "choice", "done"),
    [
        ("3", 0, "Player 1 withdrew after round 3: not paired from the next round on."),
        (
            "1",
            0,
            "Player 1 withdrew after round 2 (game lost by forfeit): not paired from "
            "the next round on.",
        ),
        ("1", 1, "Player 1 withdrew after round 2: not paired from the next round on."),
    ],
    ids=["withdraw", "withdraw-with-forfeit", "game-will-be-played"],
)
def test_a_withdrawal_confirmed_twice_is_done_once(
    td_client: Client,
    tournament: Tournament,
    after_round: str,
    choice: int,
    done: str,
) -> None:
    # Two players: round 1 played, round 2 posted (2-1 on board 1), no result yet.
    section = _round_two_being_played(tournament)
    one = Player.objects.get(section=section, start_number=1)
    RequestedBye.objects.create(player=one, round_number=4, kind="half")
    withdraw = players_url("player_withdraw", section, number=1)
    asked = td_client.post(withdraw, {"after_round": after_round, "shown": ""})
    action, fields = confirm_choices(asked.content.decode())[choice]

    first, second = pressed_twice(td_client, action, fields)

    assert done in first
    assert done in second
    assert ResultChange.objects.count() == (1 if "forfeit" in done else 0)


def test_the_last_rounds_forfeit_confirmed_twice_is_entered_once(
    td_client: Client, tournament: Tournament
) -> None:
    # The player leaves during the last round: no round after it to withdraw from, the game
    # lost by forfeit only.
    section = _round_two_being_played(tournament)
    Section.objects.filter(pk=section.pk).update(rounds_total=2)
    withdraw = players_url("player_withdraw", section, number=1)
    asked = td_client.post(withdraw, {"after_round": "1", "shown": ""})
    [(action, fields)] = confirm_choices(asked.content.decode())

    first, second = pressed_twice(td_client, action, fields)

    assert "Player 1: game lost by forfeit." in first
    assert "Player 1: game lost by forfeit." in second
    assert ResultChange.objects.count() == 1


def test_a_playoff_delete_confirmed_twice_deletes_that_playoff_only(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900, 1800, 1700], rounds=["1-2 =, 3-4 ="]
    )
    services.section_playoff_record(section=section, players=[2, 1])
    services.section_playoff_record(section=section, players=[4, 3])
    delete = reverse(
        "tournaments:playoff_delete",
        kwargs={"slug": tournament.slug, "section": section.pk, "playoff": 1},
    )
    asked = td_client.post(delete, {"players": "2,1"})
    [(action, fields)] = confirm_choices(asked.content.decode())

    first, second = pressed_twice(td_client, action, fields)

    assert PLAYOFF_DELETED in first
    assert PLAYOFF_DELETED in second
    section.refresh_from_db()
    assert section.playoffs == [{"players": [4, 3], "note": ""}]


@pytest.mark.parametrize("oneself", [False, True], ids=["another", "oneself"])
def test_removing_a_director_confirmed_twice_is_done_once(
    td_client: Client, tournament: Tournament, other_td: User, oneself: bool
) -> None:
    tournament.directors.add(other_td)
    asked_about = "td" if oneself else "other_td"
    remove = reverse("tournaments:director_remove", kwargs={"slug": tournament.slug})
    asked = td_client.post(remove, {"username": asked_about})
    [(action, fields)] = confirm_choices(asked.content.decode())

    first, second = pressed_twice(td_client, action, fields)

    done = f"{asked_about} is not a director of {tournament.name}."
    assert done in first
    assert done in second
    assert list(tournament.directors.values_list("username", flat=True)) == [
        "other_td" if oneself else "td"
    ]


def test_pair_again_confirmed_twice_pairs_the_round_once(
    td_client: Client, tournament: Tournament
) -> None:
    # Round 2 paired on old scores (round 1's board 1 corrected after it was paired), with
    # a check-mode entry that would go with its pairings: asked, then confirmed.
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    services.result_record(
        pairing=Pairing.objects.get(round__number=1, board=1),
        result=Result.BLACK_WIN,
        based_on=Result.WHITE_WIN,
        confirm_later=True,
    )
    services.result_check_record(
        pairing=Pairing.objects.get(round__number=2, board=2), result=Result.BLACK_WIN
    )
    repair = round_url(section, "round_repair", number=2)
    page = td_client.get(round_url(section, number=2)).content.decode()
    form = page[page.index(f'action="{repair}"') :].split("</form>")[0]
    shown = dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form))
    asked = td_client.post(repair, shown)
    [(action, fields)] = confirm_choices(asked.content.decode())

    first, second = pressed_twice(td_client, action, fields)

    done = "Round 2 paired again on the present scores, as a draft"
    assert done in first
    assert done in second
    assert Round.objects.get(section=section, number=2).status == Round.Status.DRAFT
    assert not ResultCheck.objects.exists()


@pytest.mark.parametrize("emptied", [False, True], ids=["row-taken-out", "every-row"])
def test_an_edit_pairings_question_confirmed_twice_saves_once(
    td_client: Client, tournament: Tournament, emptied: bool
) -> None:
    # Posted round 1; board 2 has a check-mode entry. Edit pairings takes board 2 out (or
    # every row): asked on the page, then its confirm button pressed twice.
    section = section_build(
        tournament=tournament,
        ratings=[None] * 4,
        rounds=["1-2 ?, 3-4 ?"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    services.result_check_record(
        pairing=Pairing.objects.get(round__section=section, board=2),
        result=Result.DRAW,
    )
    edit = round_url(section, "round_pairings")
    drawn = _Form()
    drawn.feed(td_client.get(edit).content.decode())
    data = drawn.data | {"boards-1-white": "", "boards-1-black": ""}
    if emptied:
        data |= {"boards-0-white": "", "boards-0-black": ""}
    asked = td_client.post(edit, data)
    assert 'data-testid="confirm-remove"' in asked.content.decode()
    question = _Form()
    question.feed(asked.content.decode())

    first, second = pressed_twice(td_client, edit, question.data | {"confirm": "1"})

    done = "Round 1: pairings removed." if emptied else "Round 1: pairings saved."
    assert done in first
    assert done in second
    assert Pairing.objects.filter(round__section=section).count() == (
        0 if emptied else 1
    )
    assert not ResultCheck.objects.exists()
