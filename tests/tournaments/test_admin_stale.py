"""The admin's change pages for a hall with bad Wi-Fi and several TDs: a page drawn before a TD's
save is refused with what saving it would change (never the TD's save taken back without a
word), the same page sent twice saves once, and a bad prize fund or playoff list is a sentence
that changes nothing."""

from __future__ import annotations

import json
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Model
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    Result,
    ResultChange,
    ResultCheck,
    Round,
    Section,
    Tournament,
)

pytestmark = pytest.mark.django_db

FUND = {"prizes": [{"label": "1st", "places": [1], "cash": "500"}]}


@pytest.fixture
def admin_client(superuser: User, superuser_client: Client) -> Client:
    return superuser_client


@pytest.fixture
def section() -> Section:
    return section_build(ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ="])


@pytest.fixture
def posted() -> Section:
    """Round 1 posted, no result yet."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 ?, 3-4 ?"], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def change_url(row: Model) -> str:
    return reverse(f"admin:tournaments_{row._meta.model_name}_change", args=[row.pk])


def page_data(response: Any) -> dict[str, Any]:
    """What the browser posts back from an admin change page as drawn: every field of the
    form and of its inlines with the value shown."""
    forms = [response.context["adminform"].form]
    data: dict[str, Any] = {}
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        for field in formset.management_form:
            data[field.html_name] = field.value()
        forms += formset.forms
    for form in forms:
        for name in form.fields:
            value = form[name].value()
            if value is True:
                data[form[name].html_name] = "on"
            elif value is not None and value is not False:
                data[form[name].html_name] = value
    return data


def test_admin_page_drawn_before_a_tds_prize_fund_upload_is_refused_and_keeps_it(
    admin_client: Client, section: Section
) -> None:
    url = change_url(section)
    drawn = page_data(admin_client.get(url))
    services.section_prize_fund_set(section=section, fund=FUND, uploaded=True)

    refused = admin_client.post(url, drawn | {"position": 3})

    assert refused.status_code == 200
    text = refused.content.decode()
    assert "changed after this page was opened" in text
    assert "prize fund from" in text
    section.refresh_from_db()
    assert (section.prize_fund, section.position) == (FUND, 0)

    # The page now carries the fund's version: saving again replaces it, on purpose.
    again = admin_client.post(url, page_data(refused))

    assert again.status_code == 302
    section.refresh_from_db()
    assert (section.prize_fund, section.position) == ({}, 3)


def test_admin_page_drawn_before_a_tds_playoff_is_refused_and_keeps_it(
    admin_client: Client, section: Section
) -> None:
    url = change_url(section)
    drawn = page_data(admin_client.get(url))
    services.section_playoff_record(section=section, players=[2, 1], note="G/5")

    refused = admin_client.post(url, drawn | {"prize_fund": json.dumps(FUND)})

    assert refused.status_code == 200
    assert "playoffs from" in refused.content.decode()
    section.refresh_from_db()
    assert section.playoffs == [{"players": [2, 1], "note": "G/5"}]
    assert section.prize_fund == {}


def test_admin_prize_fund_sent_twice_saves_it_once(
    admin_client: Client, section: Section
) -> None:
    url = change_url(section)
    # Typed as the TD would, not in the stored form: the second send still matches.
    sent = page_data(admin_client.get(url)) | {
        "prize_fund": json.dumps(
            {"prizes": [{"label": "1st ", "places": [1], "cash": "$500.00"}]}
        )
    }

    first = admin_client.post(url, sent)
    second = admin_client.post(url, sent)  # the first answer lost

    assert (first.status_code, second.status_code) == (302, 302)
    section.refresh_from_db()
    assert section.prize_fund == FUND


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "prize_fund",
            {"prizes": [{"label": "2nd", "places": [2]}]},
            "Prize 1 (2nd):",
        ),
        ("prize_fund", ["1st", 500], "The prize fund must be"),
        (
            "playoffs",
            [{"players": [1, 9], "note": ""}],
            "Playoff 1: Open has no player number 9.",
        ),
        (
            "playoffs",
            [{"players": [1, 2]}, {"players": [3, 2]}],
            "Playoff 2: Player 2 is already in a recorded playoff",
        ),
        ("playoffs", [{"players": [1]}], "Playoff 1: A playoff needs at least two"),
        ("playoffs", [{"players": ["1", "2"]}], "Playoff 1: Each playoff is"),
        ("playoffs", {"players": [1, 2]}, "Each playoff is"),
    ],
    ids=[
        "fund-prize-without-cash-or-item",
        "fund-not-an-object",
        "playoff-player-not-in-section",
        "player-in-two-playoffs",
        "playoff-of-one",
        "playoff-numbers-as-text",
        "playoffs-not-a-list",
    ],
)
def test_admin_bad_prize_fund_or_playoffs_is_a_sentence_and_changes_nothing(
    admin_client: Client, section: Section, field: str, value: object, message: str
) -> None:
    services.section_prize_fund_set(section=section, fund=FUND)
    url = change_url(section)

    response = admin_client.post(
        url, page_data(admin_client.get(url)) | {field: json.dumps(value)}
    )

    assert response.status_code == 200
    assert message in response.content.decode().replace("&quot;", '"')
    section.refresh_from_db()
    assert (section.prize_fund, section.playoffs) == (FUND, [])


def test_admin_good_playoffs_are_saved_with_their_notes_trimmed(
    admin_client: Client, section: Section
) -> None:
    url = change_url(section)
    playoffs = [{"players": [3, 4], "note": " G/5 "}]

    response = admin_client.post(
        url, page_data(admin_client.get(url)) | {"playoffs": json.dumps(playoffs)}
    )

    assert response.status_code == 302
    section.refresh_from_db()
    assert section.playoffs == [{"players": [3, 4], "note": "G/5"}]


def test_admin_player_page_drawn_before_a_tds_rating_fix_is_refused_and_keeps_it(
    admin_client: Client, section: Section
) -> None:
    player = Player.objects.get(section=section, start_number=2)
    url = change_url(player)
    drawn = page_data(admin_client.get(url))
    services.player_update(player=player, rating=1950)

    refused = admin_client.post(url, drawn | {"club": "Riverside"})

    assert refused.status_code == 200
    assert "rating from 1950 to 1900" in refused.content.decode()
    player.refresh_from_db()
    assert (player.rating, player.club) == (1950, "")


def _player_of_three_rounds(section: Section) -> Player:
    """Player 2, in ``section`` made three rounds long: rounds 2 and 3 open to byes."""
    Section.objects.filter(pk=section.pk).update(rounds_total=3)
    return Player.objects.select_related("section").get(section=section, start_number=2)


def test_admin_player_page_drawn_before_a_tds_bye_request_is_refused_and_keeps_it(
    admin_client: Client, section: Section
) -> None:
    # The page saves the player's requested byes listed under it, none when it was drawn:
    # it took back the bye the TD requested meanwhile, without a word.
    player = _player_of_three_rounds(section)
    url = change_url(player)
    drawn = page_data(admin_client.get(url))
    services.player_byes_request(player=player, byes={3: "half"})

    refused = admin_client.post(url, drawn | {"club": "Riverside"})

    assert refused.status_code == 200
    assert (
        "Player 2's requested byes changed after this page was opened (another TD saved "
        "them): nothing was saved. Now: round 3 half-point bye."
    ) in unescape(refused.content.decode())
    player.refresh_from_db()
    assert player.club == ""
    assert list(player.requested_byes.values_list("round_number", "kind")) == [
        (3, "half")
    ]

    # The page now carries the byes' version: saving again replaces them, on purpose.
    again = admin_client.post(url, page_data(refused))

    assert again.status_code == 302
    player.refresh_from_db()
    assert player.club == "Riverside"
    assert not player.requested_byes.exists()


def test_admin_player_page_listing_a_bye_the_td_took_back_says_so(
    admin_client: Client, section: Section
) -> None:
    # The bye's row of the page is gone: it fails on its hidden id, which the page does not
    # show ("Please correct the errors below." over no error).
    player = _player_of_three_rounds(section)
    services.player_byes_request(player=player, byes={3: "half"})
    url = change_url(player)
    drawn = page_data(admin_client.get(url))
    services.player_byes_request(player=player, byes={})

    refused = admin_client.post(url, drawn | {"club": "Riverside"})

    assert refused.status_code == 200
    assert (
        "Player 2's requested byes changed after this page was opened (another TD saved "
        "them): nothing was saved. Now: none."
    ) in unescape(refused.content.decode())
    player.refresh_from_db()
    assert player.club == ""
    assert not player.requested_byes.exists()


def test_admin_player_page_sent_twice_saves_once(
    admin_client: Client, section: Section
) -> None:
    player = Player.objects.get(section=section, start_number=2)
    url = change_url(player)
    sent = page_data(admin_client.get(url)) | {"club": "Riverside"}

    assert admin_client.post(url, sent).status_code == 302
    assert admin_client.post(url, sent).status_code == 302
    player.refresh_from_db()
    assert player.club == "Riverside"


def test_admin_tournament_page_drawn_before_a_tds_edit_is_refused_and_keeps_it(
    admin_client: Client, section: Section
) -> None:
    tournament = section.tournament
    url = change_url(tournament)
    drawn = page_data(admin_client.get(url))
    services.tournament_update(tournament=tournament, location="Hall B")

    refused = admin_client.post(url, drawn | {"chief_td": "Pat Lee"})

    assert refused.status_code == 200
    assert "changed after this page was opened" in refused.content.decode()
    tournament.refresh_from_db()
    assert (tournament.location, tournament.chief_td) == ("Hall B", "")


def test_admin_lists_sections_and_rounds_read_only_their_own_pages_save_them(
    admin_client: Client, section: Section
) -> None:
    # A section's posted order changed from the tournament's page would skip its reason and
    # its history; a round's status set by hand would contradict its pairings.
    tournament = Tournament.objects.get(pk=section.tournament_id)
    tournament_page = admin_client.get(change_url(tournament))
    sent = page_data(tournament_page) | {"sections-0-tiebreaks": "solkoff"}
    assert admin_client.post(change_url(tournament), sent).status_code == 302

    round1 = Round.objects.get(section=section, number=1)
    section_page = admin_client.get(change_url(section))
    sent = page_data(section_page) | {"rounds-0-status": Round.Status.NOT_PAIRED}
    assert admin_client.post(change_url(section), sent).status_code == 302

    section.refresh_from_db()
    assert section.tiebreaks != "solkoff"
    assert Round.objects.get(pk=round1.pk).status == round1.status


def test_admin_round_page_drawn_before_a_result_was_entered_does_not_take_it_back(
    admin_client: Client, posted: Section
) -> None:
    one = Round.objects.get(section=posted, number=1)
    url = change_url(one)
    drawn = page_data(admin_client.get(url))
    board_two = Pairing.objects.get(round=one, board=2)
    services.result_record(
        pairing=board_two, result=Result.WHITE_WIN, based_on=Result.PENDING
    )
    # The superuser corrects board 1's result, the page still showing board 2 unplayed.
    board_one = next(
        key[: -len("-id")]
        for key, value in drawn.items()
        if key.startswith("pairings-")
        and key.endswith("-id")
        and value == Pairing.objects.get(round=one, board=1).pk
    )

    refused = admin_client.post(url, drawn | {f"{board_one}-result": Result.DRAW})

    assert refused.status_code == 200
    assert services.PAIRINGS_STALE.format(round=1) in unescape(refused.content.decode())
    results = dict(Pairing.objects.filter(round=one).values_list("board", "result"))
    assert results == {1: Result.PENDING, 2: Result.WHITE_WIN}


def test_admin_round_page_drawn_before_its_pairings_were_removed_says_so(
    admin_client: Client, posted: Section
) -> None:
    # Its rows are gone: each fails on its hidden id, which the page does not show. It said
    # "Please correct the errors below." over no error.
    one = Round.objects.get(section=posted, number=1)
    url = change_url(one)
    drawn = page_data(admin_client.get(url))
    services.round_pairings_remove(round_=one, confirm=True)

    refused = admin_client.post(url, drawn)

    assert refused.status_code == 200
    assert services.PAIRINGS_STALE.format(round=1) in unescape(refused.content.decode())
    assert not Pairing.objects.filter(round=one).exists()


def test_admin_round_page_sent_twice_saves_once(
    admin_client: Client, posted: Section
) -> None:
    one = Round.objects.get(section=posted, number=1)
    url = change_url(one)
    drawn = page_data(admin_client.get(url))
    first = next(
        k for k in drawn if k.startswith("pairings-") and k.endswith("-result")
    )
    sent = drawn | {first: Result.DRAW}

    assert admin_client.post(url, sent).status_code == 302
    assert admin_client.post(url, sent).status_code == 302
    assert ResultChange.objects.filter(pairing__round=one).count() == 1


def test_admin_pairing_page_drawn_before_a_result_was_entered_does_not_take_it_back(
    admin_client: Client, posted: Section
) -> None:
    board_one = Pairing.objects.get(round__section=posted, board=1)
    url = change_url(board_one)
    drawn = page_data(admin_client.get(url))
    services.result_record(
        pairing=board_one, result=Result.WHITE_WIN, based_on=Result.PENDING
    )

    refused = admin_client.post(url, drawn | {"board": 3})

    assert refused.status_code == 200
    assert "result from" in refused.content.decode()
    board_one.refresh_from_db()
    assert (board_one.board, board_one.result) == (1, Result.WHITE_WIN)


def test_admin_new_player_sent_twice_is_asked_about_not_entered_again(
    admin_client: Client,
) -> None:
    # It was a server error: the likely duplicate refused at save time, past the form.
    section = section_build(ratings=[2000, 1500], rounds=[], rounds_total=3)
    url = reverse("admin:tournaments_player_add")
    sent = page_data(admin_client.get(url)) | {
        "section": section.pk,
        "name": "Mid Rating",
        "rating": 1800,
        "status": Player.Status.ACTIVE,
    }

    first = admin_client.post(url, sent)
    again = admin_client.post(url, sent)  # the first answer lost

    assert (first.status_code, again.status_code) == (302, 200)
    assert "confirm to add both" in again.content.decode()
    assert Player.objects.filter(section=section, name="Mid Rating").count() == 1

    confirmed = admin_client.post(url, sent | {"confirm_duplicate": "on"})

    assert confirmed.status_code == 302
    assert Player.objects.filter(section=section, name="Mid Rating").count() == 2


def test_admin_player_change_page_leaves_off_the_new_player_questions(
    admin_client: Client, section: Section
) -> None:
    # "Enter as well" and "Reason to enter" act only when a player is entered (players_add):
    # on a stored player's page they did nothing.
    player = section.players.get(start_number=1)

    added = admin_client.get(reverse("admin:tournaments_player_add")).content.decode()
    changed = admin_client.get(change_url(player)).content.decode()

    for name in ("confirm_duplicate", "override_reason"):
        assert f'name="{name}"' in added
        assert f'name="{name}"' not in changed
    assert "Enter as well" not in changed


@pytest.fixture
def with_bye() -> Round:
    """Round 1 posted, no result yet; player 5 not paired."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-2 ?, 3-4 ?, 5 -"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return Round.objects.get(section=section, number=1)


def delete_url(row: Model) -> str:
    return reverse(f"admin:tournaments_{row._meta.model_name}_delete", args=[row.pk])


def delete_data(response: Any) -> dict[str, str]:
    """What the browser posts from an admin delete page as drawn: its hidden fields."""
    html = response.content.decode()
    assert response.status_code == 200, html
    return {
        "post": "yes",
        **{
            name: html.split(f'name="{name}" value="')[1].split('"')[0]
            for name in ("based_on", "results_seen")
        },
    }


def test_admin_delete_page_drawn_before_a_bye_was_entered_does_not_delete_it(
    admin_client: Client, with_bye: Round
) -> None:
    bye = Pairing.objects.get(round=with_bye, black=None)
    drawn = delete_data(admin_client.get(delete_url(bye)))
    # The TD gives player 5 a half-point bye on the round's Pairings page meanwhile (a bye's
    # row takes no result on the round page: result_record refuses it).
    number = dict(
        Player.objects.filter(section=with_bye.section).values_list(
            "start_number", "pk"
        )
    )
    services.round_pairings_save(
        section=with_bye.section,
        number=1,
        rows=[
            services.PairingInput(board=1, white=number[1], black=number[2]),
            services.PairingInput(board=2, white=number[3], black=number[4]),
            services.PairingInput(white=number[5], result=Result.BYE_HALF),
        ],
    )

    refused = admin_client.post(delete_url(bye), drawn, follow=True)

    said = unescape(refused.content.decode())
    assert services.PAIRINGS_STALE.format(round=1) in said
    assert Pairing.objects.get(pk=bye.pk).result == Result.BYE_HALF
    # Drawn again as the round is now, it names the half point: confirmed, it goes.
    assert "5. Player 5: Half-point bye" in said
    assert admin_client.post(delete_url(bye), delete_data(refused)).status_code == 302
    assert not Pairing.objects.filter(pk=bye.pk).exists()


def test_admin_delete_page_drawn_before_a_check_entry_does_not_delete_it(
    admin_client: Client, with_bye: Round
) -> None:
    board_two = Pairing.objects.get(round=with_bye, board=2)
    drawn = delete_data(admin_client.get(delete_url(board_two)))
    services.result_check_record(pairing=board_two, result=Result.DRAW)

    refused = admin_client.post(delete_url(board_two), drawn, follow=True)

    said = unescape(refused.content.decode())
    assert (
        services.ROUND_REMOVE_RESULTS_ENTERED.format(
            round=1, rows="board 2 (3. Player 3 – 4. Player 4) check entry ½-½"
        )
        in said
    )
    assert ResultCheck.objects.filter(pairing=board_two).exists()
    # The page drawn again lists the check entry among what goes with the row: confirmed,
    # both go (the service's question is the page's own).
    assert (
        admin_client.post(delete_url(board_two), delete_data(refused)).status_code
        == 302
    )
    assert not Pairing.objects.filter(pk=board_two.pk).exists()
    assert not ResultCheck.objects.exists()


def test_admin_round_page_taking_out_a_row_with_a_check_entry_is_refused_with_a_sentence(
    admin_client: Client, with_bye: Round
) -> None:
    url = change_url(with_bye)
    drawn = page_data(admin_client.get(url))
    board_two = Pairing.objects.get(round=with_bye, board=2)
    services.result_check_record(pairing=board_two, result=Result.DRAW)
    prefix = next(
        key[: -len("-id")]
        for key, value in drawn.items()
        if key.startswith("pairings-") and key.endswith("-id") and value == board_two.pk
    )

    refused = admin_client.post(url, drawn | {f"{prefix}-DELETE": "on"})

    assert refused.status_code == 200
    assert services.ADMIN_ROUND_CHECKS.format(
        round=1, entries="the check entry on board 2 (½-½)"
    ) in unescape(refused.content.decode())
    assert Pairing.objects.filter(round=with_bye).count() == 3
    assert ResultCheck.objects.filter(pairing=board_two).exists()


def test_admin_pairing_page_changing_the_players_of_a_row_with_a_check_entry_is_refused(
    admin_client: Client, with_bye: Round
) -> None:
    board_two = Pairing.objects.get(round=with_bye, board=2)
    services.result_check_record(pairing=board_two, result=Result.DRAW)
    drawn = page_data(admin_client.get(change_url(board_two)))
    # Colours swapped: the row is replaced, and its check entry would go with it.
    swapped = drawn | {"white": drawn["black"], "black": drawn["white"]}

    refused = admin_client.post(change_url(board_two), swapped)

    assert refused.status_code == 200
    assert services.ADMIN_ROUND_CHECKS.format(
        round=1, entries="the check entry on board 2 (½-½)"
    ) in unescape(refused.content.decode())
    board_two.refresh_from_db()
    assert ResultCheck.objects.filter(pairing=board_two).exists()
