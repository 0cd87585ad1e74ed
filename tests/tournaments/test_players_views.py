"""Player pages: CSV preview with fix-in-preview, one player, edits, withdrawals, byes, late entry."""

from __future__ import annotations

from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import round_one_played_bob_asked_a_bye, section_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    Result,
    ResultChange,
    Round,
    Section,
    Tournament,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return section_build(tournament=tournament, ratings=[], rounds=[], rounds_total=4)


def url(name: str, section: Section, **kwargs: object) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kwargs},
    )


GOOD_AND_BAD = "Ana Ortiz,12345678,,1850,IL,\nBen Ode,,,18x0,WI,\nCy Park,,,1400,IA,\n"


def test_preview_shows_each_problem_saves_nothing_and_returns_the_text(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url("players_import", section), {"text": GOOD_AND_BAD, "action": "preview"}
    )

    page = response.content.decode()
    assert "Line 2: rating &#x27;18x0&#x27; is not a number." in page
    assert "1 row with a problem" in page
    assert "Ben Ode,,,18x0,WI," in page  # the textarea comes back with the rows
    assert 'value="save"' not in page  # no save button while a row is bad
    assert not Player.objects.filter(section=section).exists()


def test_a_save_of_a_bad_file_is_refused_with_the_preview(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url("players_import", section), {"text": GOOD_AND_BAD, "action": "save"}
    )

    assert "Nothing was saved: 1 row still has a problem." in response.content.decode()
    assert not Player.objects.filter(section=section).exists()


def test_fixed_rows_save_in_one_click(td_client: Client, section: Section) -> None:
    fixed = GOOD_AND_BAD.replace("18x0", "1800")
    preview = td_client.post(
        url("players_import", section), {"text": fixed, "action": "preview"}
    )
    assert 'value="save"' in preview.content.decode()

    response = td_client.post(
        url("players_import", section), {"text": fixed, "action": "save"}
    )

    assert response.status_code == 302
    assert list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("name", "rating")
    ) == [("Ana Ortiz", 1850), ("Ben Ode", 1800), ("Cy Park", 1400)]


def test_an_uploaded_csv_file_is_previewed_into_the_textarea(
    td_client: Client, section: Section
) -> None:
    upload = SimpleUploadedFile(
        "players.csv", "Name,Rating\nZoë Ng,1500\n".encode("cp1252"), "text/csv"
    )

    response = td_client.post(
        url("players_import", section),
        {"text": "", "file": upload, "action": "preview"},
    )

    page = response.content.decode()
    assert "All rows ready" in page
    assert "Zoë Ng,1500" in page


def test_adding_one_player_and_another(td_client: Client, section: Section) -> None:
    response = td_client.post(
        url("player_add", section), {"name": "Dee Lin", "rating": "1700", "another": ""}
    )

    assert response["Location"] == url("player_add", section)
    assert Player.objects.get(section=section).name == "Dee Lin"


def test_a_rating_out_of_range_is_a_sentence_by_the_field(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url("player_add", section), {"name": "X", "rating": "5000"}
    )

    assert "A rating is a whole number from 1 to 3500" in response.content.decode()
    assert not Player.objects.filter(section=section).exists()


def test_withdraw_before_a_round_already_paired_is_refused_on_the_page(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900],
        rounds=["1-2 1-0", "2-1 ?"],
        rounds_total=4,
    )

    response = td_client.post(
        url("player_withdraw", section, number=1), {"after_round": "1"}
    )

    # Refused at once, before any question: what is in the way, and the ways on.
    assert response.status_code == 200
    assert (
        "Round 2 is already paired with Player 1 on board 1 against Player 2: nothing was "
        "changed. Take Player 1 out of round 2's pairings first"
    ) in unescape(response.content.decode())
    assert 'name="confirm"' not in response.content.decode()
    assert Player.objects.get(section=section, start_number=1).status == "active"


def test_byes_form_saves_the_chosen_rounds(td_client: Client, section: Section) -> None:
    section_player = Player.objects.create(section=section, start_number=1, name="Eve")

    td_client.post(
        url("player_byes", section, number=1), {"round_2": "half", "round_4": "zero"}
    )

    assert dict(section_player.requested_byes.values_list("round_number", "kind")) == {
        2: "half",
        4: "zero",
    }


def test_late_entry_gives_the_rows_of_rounds_already_paired(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=4
    )

    response = td_client.post(
        url("player_late_entry", section),
        {
            "name": "Late Lou",
            "rating": "1500",
            "first_round": "3",
            "missed_1": "half",
            "missed_2": "not_paired",
        },
    )

    assert response.status_code == 302
    lou = Player.objects.get(section=section, name="Late Lou")
    assert lou.start_number == 3
    assert Pairing.objects.get(white=lou).result == Result.BYE_HALF
    # Each missed round's choice stands as a requested bye, round 1's (paired) too.
    assert list(
        lou.requested_byes.order_by("round_number").values_list("round_number", "kind")
    ) == [(1, "half"), (2, "zero")]


def test_renumber_and_reactivate_buttons(td_client: Client, section: Section) -> None:
    Player.objects.create(section=section, start_number=1, name="Low", rating=1200)
    Player.objects.create(
        section=section,
        start_number=2,
        name="High",
        rating=2200,
        status="withdrawn",
        withdrawn_after_round=0,
    )

    td_client.post(url("players_renumber", section))
    td_client.post(url("player_reactivate", section, number=1))

    high = Player.objects.get(section=section, name="High")
    assert (high.start_number, high.status) == (1, "active")


def _withdrawn_kim(section: Section, *, after_round: int) -> Player:
    return Player.objects.create(
        section=section,
        start_number=1,
        name="Kim",
        status="withdrawn",
        withdrawn_after_round=after_round,
    )


def test_reactivate_carries_the_withdrawal_shown_and_a_second_press_says_so(
    td_client: Client, section: Section
) -> None:
    _withdrawn_kim(section, after_round=2)
    page = td_client.get(url("player_edit", section, number=1)).content.decode()
    action = url("player_reactivate", section, number=1)
    form = page.split(f'action="{action}"')[1].split("</form>")[0]
    assert '<input type="hidden" name="shown" value="2">' in form

    first = td_client.post(
        url("player_reactivate", section, number=1), {"shown": "2"}, follow=True
    )
    second = td_client.post(
        url("player_reactivate", section, number=1), {"shown": "2"}, follow=True
    )

    assert "Kim is active again" in first.content.decode()
    assert services.REACTIVATE_ALREADY.format(player="Kim") in second.content.decode()
    kim = Player.objects.get(section=section, name="Kim")
    assert (kim.status, kim.withdrawn_after_round) == ("active", None)


def test_reactivate_from_a_stale_page_is_refused_and_keeps_the_other_tds_round(
    td_client: Client, section: Section
) -> None:
    _withdrawn_kim(section, after_round=3)

    response = td_client.post(
        url("player_reactivate", section, number=1), {"shown": "2"}, follow=True
    )

    assert services.REACTIVATE_STALE.format(
        player="Kim", now="withdrew after round 3"
    ) in unescape(response.content.decode())
    assert Player.objects.get(section=section, name="Kim").withdrawn_after_round == 3


def _round_two_being_played(tournament: Tournament) -> Section:
    """Two players: round 1 played, round 2 posted (2-1 on board 1) with no result yet."""
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900],
        rounds=["1-2 1-0", "2-1 ?"],
        rounds_total=4,
    )
    Round.objects.filter(section=section, number=2).update(status=Round.Status.PAIRED)
    return section


def test_withdrawing_a_player_whose_game_is_unplayed_asks_then_forfeits_it(
    td_client: Client, tournament: Tournament
) -> None:
    section = _round_two_being_played(tournament)
    withdraw = url("player_withdraw", section, number=1)

    asked = td_client.post(withdraw, {"after_round": "1", "shown": ""})

    page = unescape(asked.content.decode())
    assert asked.status_code == 200
    assert (
        "Player 1 is paired on board 1 of round 2 against Player 2, and that game has no "
        "result yet. If it will not be played:"
    ) in page
    assert (
        "Player 2 wins board 1 of round 2 by forfeit; Player 1 does not play it."
        in page
    )
    assert "Player 1 withdraws after round 2: not paired in rounds 3 to 4." in page
    assert 'name="forfeit" value="1"' in page
    assert "Withdraw, Player 2 wins board 1 of round 2 by forfeit" in page
    assert "It will be played: withdraw Player 1 after round 2" in page
    assert Player.objects.get(section=section, start_number=1).status == "active"
    assert _round_two_result(section) == Result.PENDING

    confirmed = {"after_round": "1", "shown": "", "forfeit": "1", "confirm": "1"}
    done = td_client.post(withdraw, confirmed, follow=True)
    # The confirmation sent twice (its first answer lost): answered as done, one forfeit.
    again = td_client.post(withdraw, confirmed, follow=True)

    for answer in (done, again):
        assert "Player 1 withdrew after round 2 (game lost by forfeit)" in unescape(
            answer.content.decode()
        )
    assert _round_two_result(section) == Result.WHITE_FORFEIT_WIN
    assert ResultChange.objects.count() == 1


def test_a_player_who_leaves_during_the_last_round_is_asked_about_the_forfeit_only(
    td_client: Client, tournament: Tournament
) -> None:
    section = _round_two_being_played(tournament)
    Section.objects.filter(pk=section.pk).update(rounds_total=2)
    withdraw = url("player_withdraw", section, number=1)

    asked = td_client.post(withdraw, {"after_round": "1", "shown": ""})

    page = unescape(asked.content.decode())
    assert "Forfeit Player 1's game?" in page
    assert (
        "Round 2 is the last round: Player 1 stays in the standings with that game lost "
        "by forfeit."
    ) in page
    assert "Forfeit: Player 2 wins board 1 of round 2" in page
    assert "It will be played" not in page  # no round after the last to withdraw from
    assert _round_two_result(section) == Result.PENDING

    done = td_client.post(
        withdraw, {"after_round": "1", "shown": "", "forfeit": "1", "confirm": "1"}
    )

    assert done.status_code == 302
    assert _round_two_result(section) == Result.WHITE_FORFEIT_WIN
    assert Player.objects.get(section=section, start_number=1).status == "active"


def _round_two_result(section: Section) -> str:
    return Pairing.objects.get(round__section=section, round__number=2).result


def test_the_game_that_will_be_played_is_left_to_play_when_the_td_says_so(
    td_client: Client, tournament: Tournament
) -> None:
    section = _round_two_being_played(tournament)

    done = td_client.post(
        url("player_withdraw", section, number=1),
        {"after_round": "2", "shown": "", "confirm": "1"},
    )

    assert done.status_code == 302
    one = Player.objects.get(section=section, start_number=1)
    assert (one.status, one.withdrawn_after_round) == ("withdrawn", 2)
    assert _round_two_result(section) == Result.PENDING


def test_withdrawing_asks_first_naming_the_player_and_what_will_happen(
    td_client: Client, tournament: Tournament
) -> None:
    section, bob = round_one_played_bob_asked_a_bye(tournament)
    withdraw = url("player_withdraw", section, number=2)
    data = {"player": bob.pk, "shown": "", "after_round": "2"}

    asked = td_client.post(withdraw, data)

    page = unescape(asked.content.decode())
    assert asked.status_code == 200
    assert "Withdraw Bob Ray?" in page
    assert "Bob Ray withdraws after round 2: not paired in rounds 3 to 5." in page
    assert "Bob Ray's requested byes are cancelled: round 4 (half-point bye)." in page
    assert "Withdraw Bob Ray after round 2" in page
    assert '<input type="hidden" name="confirm" value="1">' in page
    assert "Cancel: keep Bob Ray as is" in page
    bob.refresh_from_db()
    assert (bob.status, bob.withdrawn_after_round) == ("active", None)
    assert bob.requested_byes.exists()

    done = td_client.post(withdraw, {**data, "confirm": "1"}, follow=True)

    assert "Bob Ray withdrew after round 2: not paired from the next round on." in (
        done.content.decode()
    )
    bob.refresh_from_db()
    assert (bob.status, bob.withdrawn_after_round) == ("withdrawn", 2)
    assert not bob.requested_byes.exists()

    # The confirmation sent twice, or the first page's button pressed again: done, as is.
    for again in ({**data, "confirm": "1"}, data):
        answer = td_client.post(withdraw, again, follow=True)
        assert "Bob Ray withdrew after round 2: not paired" in answer.content.decode()
    bob.refresh_from_db()
    assert (bob.status, bob.withdrawn_after_round) == ("withdrawn", 2)


def test_a_confirmation_older_than_another_tds_withdrawal_keeps_theirs(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=[], rounds_total=4
    )
    two = Player.objects.get(section=section, start_number=2)
    withdraw = url("player_withdraw", section, number=2)
    data = {"player": two.pk, "shown": "", "after_round": "2"}
    assert td_client.post(withdraw, data).status_code == 200  # asked
    services.player_withdraw(player=two, after_round=0)  # another TD, meanwhile

    response = td_client.post(withdraw, {**data, "confirm": "1"})

    assert "Player 2 withdrew before round 1. Nothing was changed" in (
        response.content.decode()
    )
    two.refresh_from_db()
    assert two.withdrawn_after_round == 0


def test_a_forfeit_a_later_round_paired_by_hand_blocks_is_refused_before_any_question(
    td_client: Client, tournament: Tournament
) -> None:
    # Round 3 paired by hand while round 2 is being played: 1-2 again on board 1.
    section = _round_two_being_played(tournament)
    pk = dict(Player.objects.filter(section=section).values_list("start_number", "pk"))
    services.round_pairings_save(
        section=section,
        number=3,
        rows=[services.PairingInput(white=pk[1], black=pk[2], board=1)],
    )

    response = td_client.post(
        url("player_withdraw", section, number=1), {"after_round": "1", "shown": ""}
    )

    page = unescape(response.content.decode())
    assert (
        "Round 3 is already paired with Player 1 on board 1 against Player 2: nothing was "
        "changed, and board 1 of round 2 still has no result."
    ) in page
    assert 'name="confirm"' not in page
    assert _round_two_result(section) == Result.PENDING
    assert Player.objects.get(section=section, start_number=1).status == "active"


def test_withdrawing_after_the_round_being_played_says_its_game_still_needs_a_result(
    td_client: Client, tournament: Tournament
) -> None:
    section = _round_two_being_played(tournament)

    done = td_client.post(
        url("player_withdraw", section, number=1),
        {"after_round": "2", "shown": ""},
        follow=True,
    )

    assert (
        "Board 1 of round 2 (Player 1 – Player 2) has no result yet: enter it when the "
        "game ends, or a forfeit win for Player 2 if it will not be played."
    ) in unescape(done.content.decode())
    assert Pairing.objects.get(round__section=section, round__number=2).result == (
        Result.PENDING
    )


def test_a_rating_changed_after_round_two_was_drafted_says_the_draft_used_the_old_one(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-3 1-0, 2-4 1-0"],
        rounds_total=4,
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    services.round_pair(section=section, number=2)
    four = Player.objects.get(section=section, start_number=4)
    data = {name: getattr(four, name) or "" for name in services.PLAYER_FIELDS}

    done = td_client.post(
        url("player_edit", section, number=4), {**data, "rating": 2100}, follow=True
    )

    assert services.RATING_CHANGED_DRAFT.format(round=2, player="Player 4") in unescape(
        done.content.decode()
    )
    # Start numbers are the pairing numbers from round 1 on: they stay.
    assert Player.objects.get(pk=four.pk).start_number == 4

    other = td_client.post(
        url("player_edit", section, number=4),
        {**data, "rating": 2100, "club": "Knights"},
        follow=True,
    )
    assert "draft pairings were made with" not in other.content.decode()
