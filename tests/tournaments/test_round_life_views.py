"""A round's life through the TD's pages: the questions before pairing, a final section reopened
with a reason that the public pages show."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import round_url as url
from tests.tournaments.builders import section_build
from tournaments import selectors, services
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultCheck,
    Round,
    Section,
    Tournament,
)
from tournaments.views.rounds import ROUND_PAIRED_AUTOMATICALLY

pytestmark = pytest.mark.django_db

RATINGS = [2000, 1900, 1800, 1700, 1600]


@pytest.fixture
def five(tournament: Tournament) -> Section:
    return section_build(
        ratings=RATINGS, rounds=[], rounds_total=3, tournament=tournament
    )


def test_pairing_round_one_without_an_order_offers_the_default_or_the_tiebreaks_page(
    td_client: Client, five: Section
) -> None:
    response = td_client.post(url(five, "round_pair"))

    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert services.ROUND_PAIR_NO_ORDER.format(section=five.name) in html
    tiebreaks = reverse(
        "tournaments:section_tiebreaks",
        kwargs={"slug": five.tournament.slug, "section": five.pk},
    )
    assert f'href="{tiebreaks}"' in html
    assert 'name="post_default_order" value="1"' in html
    assert "Modified Median, Solkoff, Cumulative, Cumulative of Opposition" in html
    assert not Pairing.objects.exists()


def test_the_default_order_then_the_absent_players_then_the_pairings(
    td_client: Client, five: Section
) -> None:
    CheckIn.objects.bulk_create(
        CheckIn(player=p, round_number=1)
        for p in Player.objects.filter(section=five, start_number__lte=4)
    )

    asked = td_client.post(url(five, "round_pair"), {"post_default_order": "1"})

    html = asked.content.decode()
    assert "1 player has not checked in" in html
    assert "5. Player 5" in html
    # The answer already given travels with the next question.
    assert 'name="post_default_order" value="1"' in html
    # The answer carries the players the page named.
    five_pk = Player.objects.get(start_number=5).pk
    assert f'<input type="hidden" name="absent_shown" value="{five_pk}">' in html
    assert not Pairing.objects.exists()

    done = td_client.post(
        url(five, "round_pair"),
        {
            "post_default_order": "1",
            "absent": services.ABSENT_ZERO_BYE,
            "absent_shown": [str(five_pk)],
        },
        follow=True,
    )

    assert done.redirect_chain[-1][0] == url(five)
    assert Round.objects.get(section=five, number=1).status == Round.Status.DRAFT
    assert Pairing.objects.get(white__start_number=5).result == "bye_zero"
    assert "default tiebreak order was posted" in done.content.decode()


def test_a_reopened_section_shows_the_reason_on_its_public_pages(
    td_client: Client,
    anonymous: Client,
    tournament: Tournament,
    five: Section,
    settings: Any,
) -> None:
    settings.PUBLIC_PAGES_FRESH_SECONDS = 0  # each visit reads the section afresh
    final = reverse(
        "tournaments:section_final",
        kwargs={"slug": tournament.slug, "section": five.pk},
    )
    standings = reverse(
        "standings:standings", kwargs={"slug": tournament.slug, "section": five.pk}
    )
    # Not started: marked final on the TD's second answer (the question is pinned in
    # tests/tournaments/test_screens_views.py).
    td_client.post(final, {"final": "on", "confirm": "on"})
    assert "reopened" not in anonymous.get(standings).content.decode()

    refused = td_client.post(final, {"reason": ""}, follow=True)
    assert services.REOPEN_REASON in refused.content.decode()
    five.refresh_from_db()
    assert five.is_final

    td_client.post(final, {"reason": "Board 7 was entered the wrong way round"})
    # Final again: the reopening still shows.
    td_client.post(final, {"final": "on", "confirm": "on"})

    html = anonymous.get(standings).content.decode()
    assert "Results reopened on" in html
    assert "Board 7 was entered the wrong way round" in html


# ---- removing pairings, a correction after a later round, check differences, through the pages


def played(tournament: Tournament, *rounds: str) -> Section:
    """Four players; the given rounds, all posted."""
    section = section_build(
        ratings=RATINGS[:4], rounds=list(rounds), rounds_total=3, tournament=tournament
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def corrected(tournament: Tournament) -> Section:
    """Round 1 played, round 2 posted; round 1's board 1 then corrected from 1-0 to 0-1, so
    round 2 is paired on old scores."""
    section = played(tournament, "1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?")
    services.result_record(
        pairing=Pairing.objects.get(round__number=1, board=1),
        result="black_win",
        based_on="white_win",
        confirm_later=True,
    )
    return section


def test_a_draft_round_page_offers_remove_and_removing_opens_the_round(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 ?, 2-4 ?")
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)

    page = td_client.get(url(section)).content.decode()
    assert f'action="{url(section, "round_unpair")}"' in page

    done = td_client.post(url(section, "round_unpair"), follow=True)

    assert "Round 1: pairings removed." in done.content.decode()
    assert not Pairing.objects.filter(round__section=section).exists()
    assert Round.objects.get(section=section).status == Round.Status.NOT_PAIRED


def test_posted_pairings_are_removed_after_a_confirmation_page(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 ?, 2-4 ?")

    asked = td_client.post(url(section, "round_unpair"))

    html = unescape(asked.content.decode())
    assert services.ROUND_REMOVE_CONFIRM.format(round=1) in html
    assert 'name="confirm" value="1"' in html
    assert Pairing.objects.filter(round__section=section).count() == 2

    td_client.post(url(section, "round_unpair"), {"confirm": "1"})
    assert not Pairing.objects.filter(round__section=section).exists()


def test_remove_pairings_confirmed_twice_is_answered_as_removed(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 ?, 2-4 ?")
    unpair = url(section, "round_unpair")
    shown = form_version(td_client.get(url(section)).content.decode(), unpair)
    confirm = {"confirm": "1", "based_on": shown}
    td_client.post(unpair, confirm)

    # The first answer lost over the hall's Wi-Fi: the TD confirms again.
    again = unescape(td_client.post(unpair, confirm, follow=True).content.decode())

    assert "Round 1: pairings removed." in again
    assert services.ROUND_REMOVE_NOTHING.format(round=1) not in again
    assert not Pairing.objects.filter(round__section=section).exists()


def test_a_round_with_a_result_offers_no_remove(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 1-0, 2-4 ?")

    page = td_client.get(url(section)).content.decode()

    assert url(section, "round_unpair") not in page


def test_a_correction_without_javascript_asks_on_a_page_then_flags_the_later_round(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?")
    first = Pairing.objects.get(round__number=1, board=1)
    entry = url(section, "result_record", pairing=first.pk)

    asked = td_client.post(entry, {"result": "black_win", "based_on": "white_win"})

    html = unescape(asked.content.decode())
    assert "Round 2 was paired on the old scores" in html
    assert 'name="confirm_later" value="1"' in html
    first.refresh_from_db()
    assert first.result == "white_win"

    td_client.post(
        entry, {"result": "black_win", "based_on": "white_win", "confirm_later": "1"}
    )

    first.refresh_from_db()
    assert first.result == "black_win"
    two = td_client.get(url(section, number=2)).content.decode()
    assert "Paired on old scores" in two
    assert f'action="{url(section, "round_repair", number=2)}"' in two
    log = td_client.get(url(section, "round_history")).content.decode()
    assert "1-0 changed to 0-1 after round 2 was paired." in log


def test_a_correction_with_htmx_shows_the_question_and_a_button_on_the_row(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?")
    first = Pairing.objects.get(round__number=1, board=1)

    row = td_client.post(
        url(section, "result_record", pairing=first.pk),
        {"result": "draw", "based_on": "white_win"},
        HTTP_HX_REQUEST="true",
    )

    html = unescape(row.content.decode())
    assert "Round 2 was paired on the old scores" in html
    assert "Change it anyway" in html and 'name="result" value="draw"' in html
    first.refresh_from_db()
    assert first.result == "white_win"


def test_pairing_the_flagged_round_again_from_its_page(
    td_client: Client, tournament: Tournament
) -> None:
    section = corrected(tournament)

    done = td_client.post(url(section, "round_repair", number=2), follow=True)

    assert "Round 2 paired again on the present scores" in done.content.decode()
    two = Round.objects.get(section=section, number=2)
    assert two.status == Round.Status.DRAFT and not two.paired_on_old_scores
    games = {
        frozenset(g)
        for g in Pairing.objects.filter(round=two).values_list(
            "white__start_number", "black__start_number"
        )
    }
    assert games == {frozenset((2, 3)), frozenset((1, 4))}


def test_check_differences_block_posting_and_the_page_offers_an_override(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?")
    Round.objects.filter(section=section, number=2).update(status=Round.Status.DRAFT)
    services.result_check_record(
        pairing=Pairing.objects.get(round__number=1, board=2), result="draw"
    )

    one = td_client.get(url(section)).content.decode()
    assert "if the check entry is right, enter it here as the result" in one
    two = td_client.get(url(section, number=2)).content.decode()
    assert 'data-testid="check-blocks"' in two and 'name="override"' in two

    refused = td_client.post(url(section, "round_publish", number=2), follow=True)
    assert "where the check entry differs" in refused.content.decode()
    assert Round.objects.get(section=section, number=2).status == Round.Status.DRAFT

    td_client.post(
        url(section, "round_publish", number=2),
        {"override": "Scoresheet read again: 1-0 stands"},
    )
    assert Round.objects.get(section=section, number=2).status == Round.Status.PAIRED
    log = td_client.get(url(section, "round_history")).content.decode()
    assert "Scoresheet read again: 1-0 stands" in log


def test_check_in_for_a_draft_round_stays_open_and_says_to_pair_again(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 ?, 2-4 ?")
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)
    checkin = reverse(
        "tournaments:checkin",
        kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
    )

    html = td_client.get(checkin).content.decode()

    assert "remove its pairings and pair it again" in html
    assert "Check in Player 1" in html and " disabled>" not in html
    td_client.post(
        reverse(
            "tournaments:checkin_toggle",
            kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
        ),
        {"player": "1", "present": "1"},
    )
    assert CheckIn.objects.filter(player__start_number=1, round_number=1).exists()


def test_a_hand_paired_round_one_page_offers_the_default_order_with_the_posting(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 ?, 2-4 ?")
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)

    html = td_client.get(url(section)).content.decode()

    assert 'data-testid="no-order"' in html
    assert "Post pairings and the default tiebreak order" in html
    refused = td_client.post(url(section, "round_publish"), follow=True)
    assert "tiebreak order before posting round 1" in unescape(refused.content.decode())
    td_client.post(url(section, "round_publish"), {"post_default_order": "1"})
    assert Round.objects.get(section=section).status == Round.Status.PAIRED
    after = td_client.get(url(section)).content.decode()
    assert 'data-testid="no-order"' not in after


def test_the_byes_form_changes_a_draft_rounds_bye_but_not_a_posted_ones(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?")
    Round.objects.filter(section=section, number=2).update(status=Round.Status.DRAFT)
    byes = reverse(
        "tournaments:player_byes",
        kwargs={"slug": tournament.slug, "section": section.pk, "number": 4},
    )

    td_client.post(byes, {"round_1": "half", "round_2": "half", "round_3": "zero"})

    # Round 1 is posted: its field is fixed and keeps "plays"; the draft's round 2 changes.
    assert dict(
        RequestedBye.objects.filter(player__start_number=4).values_list(
            "round_number", "kind"
        )
    ) == {2: "half", 3: "zero"}


def form_version(page: str, action: str) -> str:
    """The pairings version the form posting to ``action`` carries."""
    form = page[page.index(f'action="{action}"') :]
    return form.split('name="based_on" value="')[1].split('"')[0]


def test_posting_a_draft_another_td_paired_again_since_is_refused_unseen(
    td_client: Client, tournament: Tournament
) -> None:
    # TD A checks round 2's draft; TD B removes it and pairs it again (or edits it); A's Post
    # button would post pairings A never saw.
    section = played(tournament, "1-3 1-0, 2-4 1-0")
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    services.round_pair(section=section, number=2)
    two = Round.objects.get(section=section, number=2)
    page = td_client.get(url(section, number=2)).content.decode()
    shown = form_version(page, url(section, "round_publish", number=2))
    rows = list(
        Pairing.objects.filter(round=two).values_list("board", "white_id", "black_id")
    )
    board_one, board_two = (r for r in rows if r[2] is not None)
    services.round_pairings_save(
        section=section,
        number=2,
        rows=[
            services.PairingInput(white=board_one[1], black=board_two[2], board=1),
            services.PairingInput(white=board_two[1], black=board_one[2], board=2),
        ],
    )

    refused = td_client.post(
        url(section, "round_publish", number=2), {"based_on": shown}, follow=True
    )

    assert services.ROUND_PUBLISH_STALE.format(round=2) in unescape(
        refused.content.decode()
    )
    assert Round.objects.get(pk=two.pk).status == Round.Status.DRAFT

    fresh = td_client.get(url(section, number=2)).content.decode()
    now = form_version(fresh, url(section, "round_publish", number=2))
    assert now != shown
    td_client.post(url(section, "round_publish", number=2), {"based_on": now})

    assert Round.objects.get(pk=two.pk).status == Round.Status.PAIRED


def test_post_pairings_sent_twice_is_answered_as_posted_not_refused(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 1-0, 2-4 1-0")
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    services.round_pair(section=section, number=2)
    page = td_client.get(url(section, number=2)).content.decode()
    post = url(section, "round_publish", number=2)
    shown = form_version(page, post)
    td_client.post(post, {"based_on": shown})

    # The first answer lost over the hall's Wi-Fi: the TD presses Post pairings again.
    again = td_client.post(post, {"based_on": shown}, follow=True)

    said = unescape(again.content.decode())
    assert "Round 2: pairings posted." in said
    assert services.ROUND_NOT_DRAFT.format(round=2) not in said
    assert Round.objects.get(section=section, number=2).status == Round.Status.PAIRED


def test_pair_again_from_a_page_older_than_another_tds_new_pairings_changes_nothing(
    td_client: Client, tournament: Tournament
) -> None:
    # Both TDs saw "paired on old scores"; TD B paired round 2 again and posted it. TD A's
    # older page would take back the pairings the players now have in front of them.
    section = corrected(tournament)
    page = td_client.get(url(section, number=2)).content.decode()
    repair = url(section, "round_repair", number=2)
    shown = form_version(page, repair)
    services.round_repair(section=section, number=2)
    two = Round.objects.get(section=section, number=2)
    services.round_publish(round_=two)
    posted_now = set(Pairing.objects.filter(round=two).values_list("pk", flat=True))

    done = td_client.post(repair, {"based_on": shown}, follow=True)

    assert services.ROUND_PAIRINGS_CHANGED.format(round=2) in unescape(
        done.content.decode()
    )
    assert Round.objects.get(pk=two.pk).status == Round.Status.PAIRED
    assert (
        set(Pairing.objects.filter(round=two).values_list("pk", flat=True))
        == posted_now
    )


def test_removing_pairings_from_a_page_older_than_another_tds_new_draft_changes_nothing(
    td_client: Client, tournament: Tournament
) -> None:
    # TD A's page shows round 2's draft; TD B removes it, pairs it by hand the way B wants and
    # A's Remove pairings (and its confirmation, for posted pairings) would take B's work away.
    section = played(tournament, "1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?")
    two = Round.objects.get(section=section, number=2)
    Round.objects.filter(pk=two.pk).update(status=Round.Status.DRAFT)
    page = td_client.get(url(section, number=2)).content.decode()
    unpair = url(section, "round_unpair", number=2)
    shown = form_version(page, unpair)
    services.round_pairings_remove(round_=two)
    pk = dict(section.players.values_list("start_number", "pk"))
    services.round_pairings_save(
        section=section,
        number=2,
        rows=[
            services.PairingInput(white=pk[1], black=pk[4], board=1),
            services.PairingInput(white=pk[2], black=pk[3], board=2),
        ],
    )

    done = td_client.post(unpair, {"based_on": shown}, follow=True)

    assert services.ROUND_PAIRINGS_CHANGED.format(round=2) in unescape(
        done.content.decode()
    )
    assert Pairing.objects.filter(round=two).count() == 2

    # Posted, the confirmation page carries the version its first page showed.
    services.round_publish(round_=Round.objects.get(pk=two.pk))
    page = td_client.get(url(section, number=2)).content.decode()
    shown = form_version(page, unpair)
    asked = td_client.post(unpair, {"based_on": shown}).content.decode()
    assert f'name="based_on" value="{shown}"' in asked
    td_client.post(unpair, {"based_on": shown, "confirm": "1"})
    assert not Pairing.objects.filter(round=two).exists()


def remove_form(page: str, action: str) -> dict[str, str]:
    """What the Remove pairings form posting to ``action`` carries (its hidden fields)."""
    form = page[page.index(f'action="{action}"') :].split("</form>")[0]
    return dict(re.findall(r'name="(based_on|results_seen)" value="([^"]*)"', form))


def test_a_stale_remove_pairings_press_after_results_were_entered_names_them_and_keeps_them(
    td_client: Client, other_td_client: Client, other_td: Any, tournament: Tournament
) -> None:
    # TD A has round 1's page open, drawn before any result; meanwhile TD B enters a result
    # on board 1 and a check-mode entry on board 2; then A presses the stale Remove pairings.
    tournament.directors.add(other_td)
    section = played(tournament, "1-3 ?, 2-4 ?")
    unpair = url(section, "round_unpair")
    shown = remove_form(td_client.get(url(section)).content.decode(), unpair)
    assert shown.keys() == {"based_on", "results_seen"}
    one, two = Pairing.objects.filter(round__section=section).order_by("board")
    entered = other_td_client.post(
        url(section, "result_record", pairing=one.pk),
        {"result": "white_win", "based_on": "pending"},
    )
    assert entered.status_code in (200, 302)
    services.result_check_record(pairing=two, result="draw")

    # The plain form post (no JavaScript), followed as the browser does.
    done = td_client.post(unpair, shown, follow=True)

    said = unescape(done.content.decode())
    assert done.redirect_chain == [(url(section), 302)]  # the round page, drawn afresh
    assert (
        services.ROUND_REMOVE_RESULTS_ENTERED.format(
            round=1,
            rows="board 1 (1. Player 1 – 3. Player 3) 1-0; "
            "board 2 (2. Player 2 – 4. Player 4) check entry ½-½",
        )
        in said
    )
    assert services.ROUND_REMOVE_RESULTS_STAND in said
    assert "pairings removed" not in said
    assert Pairing.objects.get(pk=one.pk).result == "white_win"
    assert ResultCheck.objects.filter(pairing=two).exists()
    assert unpair not in said  # a round with a result offers no Remove pairings


def test_a_check_entry_made_while_the_confirmation_was_open_is_asked_about_again(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 ?, 2-4 ?")
    unpair = url(section, "round_unpair")
    shown = remove_form(td_client.get(url(section)).content.decode(), unpair)
    asked = unescape(td_client.post(unpair, shown).content.decode())
    assert f'name="results_seen" value="{shown["results_seen"]}"' in asked
    two = Pairing.objects.get(round__section=section, board=2)
    services.result_check_record(pairing=two, result="black_win")

    refused = td_client.post(unpair, {**shown, "confirm": "1"}, follow=True)

    said = unescape(refused.content.decode())
    assert services.ROUND_REMOVE_CHECKS_WOULD_GO in said
    assert "board 2 (2. Player 2 – 4. Player 4) check entry 0-1" in said
    assert Pairing.objects.filter(round__section=section).count() == 2
    # The page drawn afresh offers Remove pairings again; its question names the entry.
    again = remove_form(said, unpair)
    question = unescape(td_client.post(unpair, again).content.decode())
    assert "Taken back with them: the check entry on board 2 (0-1)." in question
    td_client.post(unpair, {**again, "confirm": "1"})
    assert not Pairing.objects.filter(round__section=section).exists()


def test_pair_again_from_a_page_drawn_before_a_check_entry_names_it_and_keeps_it(
    td_client: Client, tournament: Tournament
) -> None:
    # TD A has round 2's page open ("paired on old scores"); TD B enters board 2 in check
    # mode; A's Pair round 2 again would throw B's entry away with the pairings.
    section = corrected(tournament)
    repair = url(section, "round_repair", number=2)
    shown = remove_form(td_client.get(url(section, number=2)).content.decode(), repair)
    assert shown.keys() == {"based_on", "results_seen"}
    two = Pairing.objects.get(round__number=2, board=2)
    services.result_check_record(pairing=two, result="black_win")

    done = td_client.post(repair, shown, follow=True)

    said = unescape(done.content.decode())
    assert done.redirect_chain == [(url(section, number=2), 302)]
    assert (
        services.ROUND_REMOVE_RESULTS_ENTERED.format(
            round=2, rows="board 2 (3. Player 3 – 4. Player 4) check entry 0-1"
        )
        in said
    )
    assert services.ROUND_REMOVE_CHECKS_WOULD_GO in said
    assert "Round 2 paired again on the present scores" not in said
    assert Pairing.objects.filter(pk=two.pk).exists()
    assert ResultCheck.objects.filter(pairing=two).exists()
    assert Round.objects.get(section=section, number=2).paired_on_old_scores

    # From the page drawn again, the press asks (the entry would go), then pairs again.
    asked = td_client.post(repair, remove_form(said, repair))
    assert "Taken back with them: the check entry on board 2 (0-1)." in unescape(
        asked.content.decode()
    )
    again = td_client.post(repair, hidden_fields(asked.content.decode()), follow=True)
    assert "Round 2 paired again on the present scores" in again.content.decode()
    assert not Round.objects.get(section=section, number=2).paired_on_old_scores


def hidden_fields(page: str) -> dict[str, str]:
    """What a confirmation page's form carries (its hidden fields, the CSRF token aside)."""
    form = page[page.index('data-testid="confirm-question"') :].split("</form>")[0]
    found = dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form))
    found.pop("csrfmiddlewaretoken", None)
    return found


def test_pair_again_from_a_fresh_page_asks_naming_the_check_entry_then_pairs(
    td_client: Client, tournament: Tournament
) -> None:
    # Round 2 paired on old scores has a check-mode entry the page shows; Pair round 2
    # again would take it back with the pairings: asked first, as Remove pairings asks.
    section = corrected(tournament)
    two = Pairing.objects.get(round__number=2, board=2)
    services.result_check_record(pairing=two, result="black_win")
    repair = url(section, "round_repair", number=2)
    shown = remove_form(td_client.get(url(section, number=2)).content.decode(), repair)

    asked = td_client.post(repair, shown)

    question = unescape(asked.content.decode())
    assert asked.status_code == 200
    assert (
        services.ROUND_REPAIR_CHECKS.format(round=2)
        + " "
        + services.ROUND_REMOVE_BYES.format(rows="the check entry on board 2 (0-1)")
        in question
    )
    assert ResultCheck.objects.filter(pairing=two).exists()
    assert Round.objects.get(section=section, number=2).paired_on_old_scores

    confirm = hidden_fields(asked.content.decode())
    assert confirm == shown | {"confirm": "1", "pair_key": confirm["pair_key"]}
    done = td_client.post(repair, confirm, follow=True)

    assert "Round 2 paired again on the present scores" in done.content.decode()
    assert not Round.objects.get(section=section, number=2).paired_on_old_scores
    assert not ResultCheck.objects.filter(pairing__round__number=2).exists()


def test_check_mode_on_a_draft_refuses_the_entry_and_says_to_post_first(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament, "1-3 ?, 2-4 ?")
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)
    one = Pairing.objects.get(round__section=section, board=1)

    done = td_client.post(
        url(section, "round_check"), {"pairing": one.pk, "result": "draw"}
    )

    assert services.RESULT_ROUND_NOT_POSTED.format(round=1) in unescape(
        done.content.decode()
    )
    assert not ResultCheck.objects.exists()


def pair_key(page: str) -> str:
    """The key the page's Pair form carries (one per page drawn)."""
    return page.split('name="pair_key" value="')[1].split('"')[0]


def round_two_ready(tournament: Tournament) -> Section:
    """Round 1 played and complete; round 2 not paired (no question asked before pairing)."""
    section = played(tournament, "1-3 1-0, 2-4 1-0")
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    return section


def round_two_rows(section: Section) -> list[tuple[Any, ...]]:
    return list(
        Pairing.objects.filter(round__section=section, round__number=2)
        .order_by("pk")
        .values_list("pk", "board", "white", "black", "result")
    )


def test_pair_sent_twice_is_answered_as_paired_showing_the_pairings_it_made(
    td_client: Client, tournament: Tournament
) -> None:
    section = round_two_ready(tournament)
    key = pair_key(td_client.get(url(section, number=2)).content.decode())
    # The plain form post (no JavaScript), as the page's button sends it.
    # Followed, as the browser does: the answer's message is read then, not on the next page.
    td_client.post(url(section, "round_pair", number=2), {"pair_key": key}, follow=True)
    made = round_two_rows(section)

    # The first answer lost over the hall's Wi-Fi: the TD presses Pair again.
    again = td_client.post(
        url(section, "round_pair", number=2), {"pair_key": key}, follow=True
    )

    said = unescape(again.content.decode())
    assert ROUND_PAIRED_AUTOMATICALLY.format(round=2) in said
    assert services.ROUND_PAIR_ALREADY_PAIRED.format(number=2) not in said
    assert services.ROUND_PAIR_PAIRED_MEANWHILE.format(number=2) not in said
    assert round_two_rows(section) == made and len(made) == 2
    assert "Player 1" in said and "Player 4" in said  # the round page, with its boards
    assert Round.objects.get(section=section, number=2).status == Round.Status.DRAFT


def test_pair_sent_again_after_its_pairings_were_removed_says_so_and_pairs_nothing(
    td_client: Client, tournament: Tournament
) -> None:
    section = round_two_ready(tournament)
    key = pair_key(td_client.get(url(section, number=2)).content.decode())
    td_client.post(url(section, "round_pair", number=2), {"pair_key": key}, follow=True)
    # The TD checks the draft and takes it back from the round page as drawn now.
    page = td_client.get(url(section, number=2)).content.decode()
    unpair = url(section, "round_unpair", number=2)
    td_client.post(
        unpair,
        {
            "based_on": form_version(page, unpair),
            "results_seen": page.split('name="results_seen" value="')[1].split('"')[0],
        },
    )
    assert round_two_rows(section) == []

    # The first press arrives again (the browser sends it again after a dropped connection,
    # or the page before it is pressed again): the removal was the TD's later word.
    again = td_client.post(
        url(section, "round_pair", number=2), {"pair_key": key}, follow=True
    )

    said = unescape(again.content.decode())
    assert services.ROUND_PAIR_REMOVED_MEANWHILE.format(number=2) in said
    assert ROUND_PAIRED_AUTOMATICALLY.format(round=2) not in said
    assert round_two_rows(section) == []
    assert Round.objects.get(section=section, number=2).status == (
        Round.Status.NOT_PAIRED
    )
    # The page it lands on offers Pair automatically with a key of its own, which pairs.
    fresh = pair_key(said)
    assert fresh != key
    done = td_client.post(
        url(section, "round_pair", number=2), {"pair_key": fresh}, follow=True
    )
    assert ROUND_PAIRED_AUTOMATICALLY.format(round=2) in unescape(done.content.decode())
    assert len(round_two_rows(section)) == 2


def test_pair_from_a_page_opened_before_another_td_paired_says_so_and_changes_nothing(
    td_client: Client,
    other_td_client: Client,
    other_td: Any,
    tournament: Tournament,
) -> None:
    tournament.directors.add(other_td)
    section = round_two_ready(tournament)
    mine = pair_key(td_client.get(url(section, number=2)).content.decode())
    theirs = pair_key(other_td_client.get(url(section, number=2)).content.decode())
    other_td_client.post(
        url(section, "round_pair", number=2), {"pair_key": theirs}, follow=True
    )
    made = round_two_rows(section)

    late = td_client.post(
        url(section, "round_pair", number=2), {"pair_key": mine}, follow=True
    )

    said = unescape(late.content.decode())
    assert services.ROUND_PAIR_PAIRED_MEANWHILE.format(number=2) in said
    assert "remove its pairings" not in said
    assert ROUND_PAIRED_AUTOMATICALLY.format(round=2) not in said
    assert round_two_rows(section) == made


def test_pair_sent_twice_after_its_pairings_were_changed_says_paired_meanwhile(
    td_client: Client, tournament: Tournament
) -> None:
    section = round_two_ready(tournament)
    key = pair_key(td_client.get(url(section, number=2)).content.decode())
    # Followed, as the browser does: the answer's message is read then, not on the next page.
    td_client.post(url(section, "round_pair", number=2), {"pair_key": key}, follow=True)
    # Edited since (another TD, another tab): each board's colours swapped.
    swapped = [
        services.PairingInput(white=black, black=white, board=board)
        for _pk, board, white, black, _result in round_two_rows(section)
    ]
    services.round_pairings_save(section=section, number=2, rows=swapped)
    edited = round_two_rows(section)

    again = td_client.post(
        url(section, "round_pair", number=2), {"pair_key": key}, follow=True
    )

    said = unescape(again.content.decode())
    assert services.ROUND_PAIR_PAIRED_MEANWHILE.format(number=2) in said
    assert ROUND_PAIRED_AUTOMATICALLY.format(round=2) not in said
    assert round_two_rows(section) == edited


def test_the_pair_key_travels_with_the_answers_so_the_answer_sent_twice_is_done(
    td_client: Client, five: Section
) -> None:
    key = pair_key(td_client.get(url(five)).content.decode())
    asked = td_client.post(url(five, "round_pair"), {"pair_key": key}).content.decode()
    assert pair_key(asked) == key
    answer = {
        "pair_key": key,
        "post_default_order": "1",
        "absent": services.ABSENT_PAIR,
        "absent_shown": [str(p.pk) for p in Player.objects.filter(section=five)],
    }
    td_client.post(url(five, "round_pair"), answer, follow=True)
    made = list(
        Pairing.objects.filter(round__section=five).values_list("pk", flat=True)
    )

    again = td_client.post(url(five, "round_pair"), answer, follow=True)

    assert ROUND_PAIRED_AUTOMATICALLY.format(round=1) in unescape(
        again.content.decode()
    )
    assert (
        list(Pairing.objects.filter(round__section=five).values_list("pk", flat=True))
        == made
    )


def test_a_pair_form_without_a_key_still_says_remove_the_pairings_first(
    td_client: Client, tournament: Tournament
) -> None:
    section = round_two_ready(tournament)
    services.round_pair(section=section, number=2)

    refused = td_client.post(
        url(section, "round_pair", number=2), {"pair_key": "x\x00" * 40}, follow=True
    )

    said = unescape(refused.content.decode())
    assert services.ROUND_PAIR_ALREADY_PAIRED.format(number=2) in said


def test_pair_again_sent_twice_is_answered_as_paired_again_not_as_changed(
    td_client: Client, tournament: Tournament
) -> None:
    # The hall's Wi-Fi loses the first answer to "Pair round 2 again" and the browser sends
    # the same form again: the pairings it made are not "changed by someone else".
    section = corrected(tournament)
    page = td_client.get(url(section, number=2)).content.decode()
    repair = url(section, "round_repair", number=2)
    form = page[page.index(f'action="{repair}"') :]
    sent = {
        "based_on": form_version(page, repair),
        "pair_key": form.split('name="pair_key" value="')[1].split('"')[0],
    }
    td_client.post(repair, sent)
    two = Round.objects.get(section=section, number=2)
    made = set(Pairing.objects.filter(round=two).values_list("pk", flat=True))

    again = td_client.post(repair, sent, follow=True)

    said = unescape(again.content.decode())
    assert "Round 2 paired again on the present scores" in said
    assert services.ROUND_PAIRINGS_CHANGED.format(round=2) not in said
    assert set(Pairing.objects.filter(round=two).values_list("pk", flat=True)) == made


def test_remove_pairings_after_a_byes_kind_was_entered_says_so_not_paired_again(
    td_client: Client, tournament: Tournament
) -> None:
    # The TD changes Eve's half-point bye to a full point on the round's pairings page (a
    # bye's row takes no result: result_record refuses it), then presses Remove pairings on
    # the page drawn before: refused (the confirmation named the
    # half point), but it said the pairings were "paired again, edited or posted".
    section = section_build(
        ratings=[None] * 5,
        rounds=["1-2 ?, 3-4 ?, 5 H"],
        rounds_total=3,
        tournament=tournament,
    )
    one = Round.objects.get(section=section, number=1)
    Round.objects.filter(pk=one.pk).update(status=Round.Status.PAIRED)
    bye = Pairing.objects.get(round=one, black=None)
    page = td_client.get(url(section, number=1)).content.decode()
    unpair = url(section, "round_unpair", number=1)
    shown = {
        "based_on": form_version(page, unpair),
        "results_seen": page.split('name="results_seen" value="')[1].split('"')[0],
        "confirm": "1",
    }
    number = dict(
        Player.objects.filter(section=section).values_list("start_number", "pk")
    )
    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            services.PairingInput(board=1, white=number[1], black=number[2]),
            services.PairingInput(board=2, white=number[3], black=number[4]),
            services.PairingInput(white=number[5], result=Result.BYE_FULL),
        ],
    )

    done = td_client.post(unpair, shown, follow=True)

    said = unescape(done.content.decode())
    assert services.ROUND_PAIRINGS_CHANGED.format(round=1) not in said
    assert (
        "Round 1: 5. "
        + bye.white.name
        + "'s bye was changed from half-point bye to full-point bye (requested)"
    ) in said
    assert Pairing.objects.filter(round=one).count() == 3
    assert Pairing.objects.get(pk=bye.pk).result == Result.BYE_FULL


def _round_one_open(tournament: Tournament) -> Section:
    """Fourteen players, round 1 posted with boards 4 and 7 still without a result."""
    games = ", ".join(
        f"{2 * b - 1}-{2 * b} {'?' if b in (4, 7) else '1-0'}" for b in range(1, 8)
    )
    section = section_build(
        ratings=[2000 - 10 * n for n in range(14)],
        rounds=[games],
        rounds_total=3,
        tournament=tournament,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def test_the_next_round_says_which_results_are_missing_instead_of_offering_to_pair_automatically(
    td_client: Client, tournament: Tournament
) -> None:
    section = _round_one_open(tournament)

    html = unescape(td_client.get(url(section, number=2)).content.decode())

    assert (
        "Round 1 still has 2 results missing (boards 4, 7): enter them on "
        f'<a href="{url(section, number=1)}">round 1\'s page</a>'
    ) in html
    assert "Pair automatically" not in html
    assert f'action="{url(section, "round_pair", number=2)}"' not in html
    # Pairing by hand only warns (an adjourned game): the TD may still pair so.
    assert "Pair by hand" in html

    Pairing.objects.filter(round__section=section, result=Result.PENDING).update(
        result=Result.DRAW
    )
    html = unescape(td_client.get(url(section, number=2)).content.decode())

    assert "results missing" not in html
    assert "Pair automatically" in html
    assert "Pair by hand" in html


def test_a_stale_round_page_pressing_pair_is_still_refused_by_the_service(
    td_client: Client, tournament: Tournament
) -> None:
    section = _round_one_open(tournament)

    response = td_client.post(url(section, "round_pair", number=2), follow=True)

    assert services.ROUND_PAIR_EARLIER_INCOMPLETE.format(
        earlier=1, number=2
    ) in unescape(response.content.decode())
    assert not Pairing.objects.filter(round__number=2).exists()


def test_a_round_two_rounds_on_names_the_first_round_not_in(
    td_client: Client, tournament: Tournament
) -> None:
    section = _round_one_open(tournament)

    html = unescape(td_client.get(url(section, number=3)).content.decode())

    assert "Round 1 still has 2 results missing (boards 4, 7)" in html
    assert "Pair automatically" not in html


@pytest.mark.parametrize("boards", [2, 40])
def test_finding_the_missing_boards_costs_the_same_queries_for_any_round_size(
    tournament: Tournament, boards: int, django_assert_num_queries: Any
) -> None:
    games = ", ".join(f"{2 * b - 1}-{2 * b} ?" for b in range(1, boards + 1))
    section = section_build(
        ratings=[1500] * (2 * boards),
        rounds=[games, games],
        rounds_total=3,
        tournament=tournament,
    )

    with django_assert_num_queries(2):
        found = selectors.rounds_earlier_open(section=section, number=3)

    assert found is not None
    assert (found.number, found.missing) == (1, boards)
    assert found.boards == list(range(1, boards + 1))
