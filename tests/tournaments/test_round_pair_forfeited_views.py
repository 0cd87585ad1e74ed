"""The TD's pages for players who lost a round by forfeit: the question before pairing the next
round (one page with the not-checked-in question), and the round page's note with a withdraw
button per player (plain post and htmx)."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import round_url as url
from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
    Tournament,
)
from tournaments.selectors import section_default_tiebreaks

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def player(section: Section, number: int) -> Player:
    return Player.objects.get(section=section, start_number=number)


def withdrawn(section: Section) -> dict[int, int | None]:
    return dict(
        Player.objects.filter(
            section=section, withdrawn_after_round__isnull=False
        ).values_list("start_number", "withdrawn_after_round")
    )


def withdraw_url(section: Section, number: int) -> str:
    return url(section, "round_no_show_withdraw", player=player(section, number).pk)


@pytest.fixture
def six(tournament: Tournament) -> Section:
    """Round 1 complete: 6 lost by forfeit to 2 (no word from them), the others played."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500],
        rounds=["1-4 1-0, 2-6 +-, 3-5 ="],
        rounds_total=3,
        tournament=tournament,
        names=["Ada", "Ben", "Cy", "Dee", "Eve", "Finn"],
    )
    services.section_tiebreaks_post(
        section=section, order=section_default_tiebreaks(section.kind), user=None
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    return section


# ---- the question before pairing


def test_pairing_the_next_round_names_the_forfeited_player_and_offers_three_answers(
    td_client: Client, six: Section
) -> None:
    response = td_client.post(url(six, "round_pair", 2))

    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert (
        services.ROUND_PAIR_FORFEITED.format(
            n=1, s="", have="has", last=1, number=2, names="6. Finn"
        )
        in html
    )
    assert 'data-testid="forfeited"' in html and 'data-testid="absent"' not in html
    assert f'name="forfeited_shown" value="{player(six, 6).pk}"' in html
    assert f'name="forfeited" value="{services.FORFEITED_WITHDRAW}"' in html
    assert f'name="forfeited" value="{services.FORFEITED_ZERO_BYE}"' in html
    assert f'name="forfeited" value="{services.FORFEITED_PAIR}"' in html
    # Plain submit buttons: the page answers without JavaScript.
    assert html.count('type="submit" name="forfeited"') == 3
    assert not Pairing.objects.filter(round__number=2).exists()


def test_withdrawing_from_the_question_withdraws_and_pairs_the_round_as_a_draft(
    td_client: Client, six: Section
) -> None:
    response = td_client.post(
        url(six, "round_pair", 2),
        {
            "forfeited": services.FORFEITED_WITHDRAW,
            "forfeited_shown": [str(player(six, 6).pk)],
        },
    )

    assert response.status_code == 302
    assert withdrawn(six) == {6: 1}
    assert Round.objects.get(section=six, number=2).status == Round.Status.DRAFT


def test_a_zero_point_bye_from_the_question_keeps_them_in_and_pairs_the_others(
    td_client: Client, six: Section
) -> None:
    answer = {
        "forfeited": services.FORFEITED_ZERO_BYE,
        "forfeited_shown": [str(player(six, 6).pk)],
    }

    response = td_client.post(url(six, "round_pair", 2), answer)
    again = td_client.post(url(six, "round_pair", 2), answer, follow=True)

    assert response.status_code == 302
    assert withdrawn(six) == {}
    assert Pairing.objects.get(round__number=2, white=player(six, 6)).result == (
        Result.BYE_ZERO
    )
    assert Round.objects.get(section=six, number=2).status == Round.Status.DRAFT
    # Pressed twice: the second press is told the round is paired; one bye, once.
    assert services.ROUND_PAIR_ALREADY_PAIRED.format(number=2) in unescape(
        again.content.decode()
    )
    assert Pairing.objects.filter(round__number=2, white=player(six, 6)).count() == 1
    assert f"6 Finn: {services.BYE_FORFEITED.format(last=1)}" in unescape(
        td_client.get(url(six, number=2)).content.decode()
    )


def test_a_zero_point_bye_answered_with_the_absent_travels_with_the_form(
    td_client: Client, six: Section
) -> None:
    CheckIn.objects.bulk_create(
        CheckIn(player=player(six, n), round_number=2) for n in (1, 2, 3, 4)
    )

    response = td_client.post(
        url(six, "round_pair", 2),
        {
            "forfeited": services.FORFEITED_ZERO_BYE,
            "forfeited_shown": [str(player(six, 6).pk)],
        },
    )

    html = unescape(response.content.decode())
    assert 'data-testid="absent"' in html and 'data-testid="forfeited"' not in html
    assert (
        f'<input type="hidden" name="forfeited" value="{services.FORFEITED_ZERO_BYE}">'
        in html
    )
    done = td_client.post(
        url(six, "round_pair", 2),
        {
            "forfeited": services.FORFEITED_ZERO_BYE,
            "forfeited_shown": [str(player(six, 6).pk)],
            "absent": services.ABSENT_PAIR,
            "absent_shown": [str(player(six, 5).pk)],
        },
    )
    assert done.status_code == 302
    assert Pairing.objects.get(round__number=2, white=player(six, 6)).result == (
        Result.BYE_ZERO
    )


def test_with_check_in_in_use_both_groups_are_asked_on_one_page_with_one_answer_each(
    td_client: Client, six: Section
) -> None:
    CheckIn.objects.bulk_create(
        CheckIn(player=player(six, n), round_number=2) for n in (1, 2, 3, 4)
    )

    response = td_client.post(url(six, "round_pair", 2))

    html = unescape(response.content.decode())
    assert 'data-testid="forfeited"' in html and 'data-testid="absent"' in html
    # 6 has not checked in either, but is asked about once, as forfeited.
    absent_part = html.split('data-testid="absent"')[1]
    assert "Eve" in absent_part and "Finn" not in absent_part
    # Withdraw, a zero-point bye, or pair: three answers for the forfeited, two for the absent.
    assert html.count('type="radio" name="forfeited"') == 3
    assert html.count('type="radio" name="absent"') == 2
    assert "Pair round 2</button>" in html

    done = td_client.post(
        url(six, "round_pair", 2),
        {
            "absent": services.ABSENT_ZERO_BYE,
            "absent_shown": [str(player(six, 5).pk)],
            "forfeited": services.FORFEITED_WITHDRAW,
            "forfeited_shown": [str(player(six, 6).pk)],
        },
    )

    assert done.status_code == 302
    assert withdrawn(six) == {6: 1}
    assert Pairing.objects.get(round__number=2, white=player(six, 5)).result == (
        Result.BYE_ZERO
    )


def test_one_answer_given_asks_only_the_other_and_carries_the_answer(
    td_client: Client, six: Section
) -> None:
    CheckIn.objects.bulk_create(
        CheckIn(player=player(six, n), round_number=2) for n in (1, 2, 3, 4)
    )

    response = td_client.post(
        url(six, "round_pair", 2),
        {
            "absent": services.ABSENT_ZERO_BYE,
            "absent_shown": [str(player(six, 5).pk)],
        },
    )

    html = unescape(response.content.decode())
    assert 'data-testid="forfeited"' in html and 'data-testid="absent"' not in html
    assert (
        f'<input type="hidden" name="absent" value="{services.ABSENT_ZERO_BYE}">'
        in html
    )
    assert (
        f'<input type="hidden" name="absent_shown" value="{player(six, 5).pk}">' in html
    )
    assert not Pairing.objects.filter(round__number=2).exists()


def test_an_answer_from_a_page_that_did_not_name_a_player_asks_again_and_changes_nothing(
    td_client: Client, six: Section
) -> None:
    # A post that names nobody (a page drawn before Finn's forfeit was entered): Finn is
    # asked about, never withdrawn on an answer given without him on the page.
    response = td_client.post(
        url(six, "round_pair", 2), {"forfeited": services.FORFEITED_WITHDRAW}
    )

    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert services.ROUND_PAIR_FORFEITED_CHANGED.format(names="6. Finn", last=1) in html
    assert withdrawn(six) == {}
    assert not Pairing.objects.filter(round__number=2).exists()


# ---- the round page's note


def test_the_round_page_names_the_forfeited_player_with_a_withdraw_button(
    td_client: Client, anonymous: Client, six: Section
) -> None:
    html = unescape(td_client.get(url(six)).content.decode())

    assert 'data-testid="no-shows"' in html
    note = html.split('data-testid="no-shows"')[1].split("</section>")[0]
    assert "Finn" in note and "Ada" not in note and "Ben" not in note
    action = withdraw_url(six, 6)
    assert f'action="{action}"' in note and f'hx-post="{action}"' in note
    public = anonymous.get(
        reverse(
            "standings:pairings",
            kwargs={"slug": six.tournament.slug, "section": six.pk, "number": 1},
        )
    )
    assert public.status_code == 200
    assert "no-shows" not in public.content.decode()
    assert "Withdraw" not in public.content.decode()


def test_no_note_once_the_next_round_is_paired_or_the_player_checked_in(
    td_client: Client, six: Section
) -> None:
    CheckIn.objects.create(player=player(six, 6), round_number=2)
    assert 'data-testid="no-shows"' not in td_client.get(url(six)).content.decode()

    CheckIn.objects.all().delete()
    services.round_pair(section=six, number=2, forfeited=services.FORFEITED_PAIR)
    assert 'data-testid="no-shows"' not in td_client.get(url(six)).content.decode()


def test_entering_a_forfeit_shows_the_note_at_once_and_a_played_result_does_not_touch_it(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        ratings=[1500] * 4,
        rounds=["1-3 ?, 2-4 ?"],
        rounds_total=3,
        tournament=tournament,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    one, two = Pairing.objects.filter(round__section=section).order_by("board")

    forfeit = td_client.post(
        url(section, "result_record", pairing=one.pk),
        {"result": Result.WHITE_FORFEIT_WIN, "based_on": Result.PENDING},
        headers=HTMX,
    )
    game = td_client.post(
        url(section, "result_record", pairing=two.pk),
        {"result": Result.DRAW, "based_on": Result.PENDING},
        headers=HTMX,
    )

    html = unescape(forfeit.content.decode())
    assert 'id="round-no-shows"' in html and 'hx-swap-oob="true"' in html
    # In a <template>, after the board's row: its withdraw form is parsed whole.
    note = html.split("<template>")[1].split("</template>")[0]
    assert "Player 3" in note
    assert (
        'action="' + url(section, "round_no_show_withdraw", player=one.black_id) in note
    )
    assert 'id="round-no-shows"' not in game.content.decode()


CONFIRM = {"confirm": "1"}


def test_withdraw_from_the_note_asks_first_saying_what_it_will_do(
    td_client: Client, six: Section
) -> None:
    RequestedBye.objects.create(
        player=player(six, 6), round_number=3, kind=RequestedBye.Kind.HALF
    )

    asked = td_client.post(withdraw_url(six, 6))

    html = unescape(asked.content.decode())
    assert asked.status_code == 200
    assert "Withdraw Finn after round 1?" in html
    question = html.split('data-testid="confirm-question"')[1].split("</div>")[0]
    assert "Finn withdraws after round 1: not paired in rounds 2 to 3." in question
    assert "Finn's requested byes are cancelled: round 3 (half-point bye)." in question
    form = html.split(f'action="{withdraw_url(six, 6)}"')[1].split("</form>")[0]
    assert 'name="confirm" value="1"' in form
    assert "Withdraw Finn after round 1</button>" in form
    assert f'href="{url(six)}#round-no-shows"' in html  # Cancel: back to the note
    assert withdrawn(six) == {}
    assert RequestedBye.objects.filter(player=player(six, 6)).exists()

    done = td_client.post(withdraw_url(six, 6), CONFIRM, follow=True)

    assert withdrawn(six) == {6: 1}
    assert not RequestedBye.objects.filter(player=player(six, 6)).exists()
    assert services.NO_SHOW_WITHDRAWN.format(
        player="Finn", round=1, next=2
    ) in unescape(done.content.decode())


def test_withdraw_from_the_note_with_htmx_asks_in_the_notes_place(
    td_client: Client, six: Section
) -> None:
    asked = td_client.post(withdraw_url(six, 6), headers=HTMX)

    html = unescape(asked.content.decode())
    # In a region of its own above the note: a result entered meanwhile (the poll, the
    # queue) sends the note again, and took the question away under the TD's thumb.
    assert asked["HX-Retarget"] == "#round-no-show-ask"
    assert asked["HX-Reswap"] == "outerHTML"
    assert html.lstrip().startswith('<div id="round-no-show-ask"')
    assert 'data-testid="no-show-question"' in html
    assert "Finn withdraws after round 1: not paired in rounds 2 to 3." in html
    action = withdraw_url(six, 6)
    assert f'action="{action}"' in html
    assert f'hx-post="{action}" hx-target="#round-no-shows"' in html
    assert 'name="confirm" value="1"' in html
    assert 'data-testid="no-shows"' not in html
    assert withdrawn(six) == {}


def test_withdrawing_from_the_note_twice_says_the_second_time_changed_nothing(
    td_client: Client, six: Section
) -> None:
    first = td_client.post(withdraw_url(six, 6), CONFIRM, follow=True)
    second = td_client.post(withdraw_url(six, 6), CONFIRM, follow=True)
    # The note's own button pressed on a page drawn before: answered, not asked.
    pressed = td_client.post(withdraw_url(six, 6), follow=True)

    assert withdrawn(six) == {6: 1}
    assert services.NO_SHOW_WITHDRAWN.format(
        player="Finn", round=1, next=2
    ) in unescape(first.content.decode())
    for again in (second, pressed):
        html = unescape(again.content.decode())
        assert again.status_code == 200
        assert (
            services.NO_SHOW_ALREADY_WITHDRAWN.format(
                player="Finn", words="withdrew after round 1"
            )
            in html
        )
        assert 'data-testid="no-shows"' not in html
        assert 'data-testid="confirm-question"' not in html


def test_withdrawing_with_htmx_returns_the_note_without_the_player(
    td_client: Client, six: Section
) -> None:
    response = td_client.post(withdraw_url(six, 6), CONFIRM, headers=HTMX)
    again = td_client.post(withdraw_url(six, 6), CONFIRM, headers=HTMX)

    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="round-no-shows"')
    assert services.NO_SHOW_WITHDRAWN.format(player="Finn", round=1, next=2) in html
    assert 'data-testid="no-shows"' not in html
    # The question it answered goes.
    ask = html.split('id="round-no-show-ask"')[1].split("</div>")[0]
    assert 'hx-swap-oob="true"' in ask and "no-show-question" not in ask
    assert withdrawn(six) == {6: 1}
    assert services.NO_SHOW_ALREADY_WITHDRAWN.format(
        player="Finn", words="withdrew after round 1"
    ) in unescape(again.content.decode())


@pytest.mark.parametrize("confirm", [{}, CONFIRM], ids=["asked", "answered"])
def test_a_withdrawal_from_a_page_drawn_before_the_forfeit_was_corrected_is_refused(
    td_client: Client, six: Section, confirm: dict[str, str]
) -> None:
    Pairing.objects.filter(round__section=six, board=2).update(result=Result.WHITE_WIN)

    response = td_client.post(withdraw_url(six, 6), confirm, headers=HTMX)

    html = unescape(response.content.decode())
    assert services.NO_SHOW_NOT_LISTED.format(player="Finn", round=1, next=2) in html
    assert "alert-danger" in html
    assert 'data-testid="confirm-question"' not in html
    assert withdrawn(six) == {}


def test_an_answer_to_the_question_after_the_player_checked_in_is_refused(
    td_client: Client, six: Section
) -> None:
    td_client.post(withdraw_url(six, 6))  # the question, on its page
    CheckIn.objects.create(player=player(six, 6), round_number=2)

    answered = td_client.post(withdraw_url(six, 6), CONFIRM, follow=True)

    assert services.NO_SHOW_NOT_LISTED.format(
        player="Finn", round=1, next=2
    ) in unescape(answered.content.decode())
    assert withdrawn(six) == {}


def test_another_directors_withdrawal_post_is_refused_and_changes_nothing(
    other_td_client: Client, six: Section
) -> None:
    response = other_td_client.post(withdraw_url(six, 6))

    assert response.status_code == 403
    assert withdrawn(six) == {}


def test_a_player_of_another_section_is_not_found(
    td_client: Client, six: Section, tournament: Tournament
) -> None:
    other = section_build(
        ratings=[1500, 1500], rounds=[], tournament=tournament, name="U1600"
    )
    stranger = Player.objects.get(section=other, start_number=1)

    response = td_client.post(url(six, "round_no_show_withdraw", player=stranger.pk))

    assert response.status_code == 404
    assert withdrawn(other) == {}
