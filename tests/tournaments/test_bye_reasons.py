"""Why a player has a zero-point bye they did not ask for (``RequestedBye.reason``): stored by the
services that give it (closing check-in, the questions before pairing), said by the round's
notes however the round is paired again, and kept or reset when the TD edits the byes."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.backup import tournament_export
from tournaments.models import (
    CheckIn,
    Player,
    RequestedBye,
    Round,
    Section,
    Tournament,
)
from tournaments.selectors import player_byes_version, section_default_tiebreaks
from tournaments.services.backup import tournament_restore

pytestmark = pytest.mark.django_db

NOT_CHECKED_IN = RequestedBye.Reason.NOT_CHECKED_IN
FORFEITED = RequestedBye.Reason.FORFEITED
ASKED = RequestedBye.Reason.ASKED


def played(tournament: Tournament | None = None) -> Section:
    """Eight players, round 1 complete (3 and 6 lost it by forfeit), the order posted; 1, 2, 4,
    5 and 7 checked in for round 2 (so 3, 6 and 8 have not)."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300],
        rounds=["1-5 1-0, 2-6 +-, 3-7 -+, 4-8 ="],
        rounds_total=3,
        tournament=tournament,
    )
    services.section_tiebreaks_post(
        section=section, order=section_default_tiebreaks(section.kind), user=None
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    CheckIn.objects.bulk_create(
        CheckIn(player=player(section, n), round_number=2) for n in (1, 2, 4, 5, 7)
    )
    return section


def player(section: Section, number: int) -> Player:
    return Player.objects.get(section=section, start_number=number)


def byes(section: Section) -> dict[tuple[int, int], tuple[str, str]]:
    """(start number, round) -> (kind, reason) of every requested bye of the section."""
    return {
        (n, r): (kind, reason)
        for n, r, kind, reason in RequestedBye.objects.filter(
            player__section=section
        ).values_list("player__start_number", "round_number", "kind", "reason")
    }


def bye_notes(section: Section, number: int = 2) -> list[str]:
    notes = Round.objects.get(section=section, number=number).pairing_notes
    return sorted(n for n in notes if "point bye" in n)


def both_answered(section: Section, *, post: bool = False) -> Round:
    """Round 2 paired: zero-point byes for 8 (not checked in), 3 and 6 (lost round 1 by
    forfeit; 3 has not checked in either: asked about once, as forfeited)."""
    return services.round_pair(
        section=section,
        number=2,
        post=post,
        absent=services.ABSENT_ZERO_BYE,
        forfeited=services.FORFEITED_ZERO_BYE,
    )


GIVEN_NOTES = [
    f"#3 Player 3: {services.BYE_FORFEITED.format(last=1)}",
    f"#6 Player 6: {services.BYE_FORFEITED.format(last=1)}",
    f"#8 Player 8: {services.BYE_NOT_CHECKED_IN}",
]


def test_the_questions_before_pairing_store_why_each_zero_point_bye_was_given() -> None:
    section = played()

    both_answered(section)

    assert byes(section) == {
        (3, 2): ("zero", FORFEITED),
        (6, 2): ("zero", FORFEITED),
        (8, 2): ("zero", NOT_CHECKED_IN),
    }
    assert bye_notes(section) == GIVEN_NOTES


def test_closing_check_in_stores_the_reason_and_the_pairing_notes_say_it() -> None:
    section = played()

    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )
    services.round_pair(section=section, number=2)

    assert set(byes(section).values()) == {("zero", NOT_CHECKED_IN)}
    assert bye_notes(section) == [
        f"#{n} Player {n}: {services.BYE_NOT_CHECKED_IN}" for n in (3, 6, 8)
    ]


def test_a_zero_point_bye_asked_for_is_still_called_requested() -> None:
    section = played()
    RequestedBye.objects.create(player=player(section, 8), round_number=2, kind="zero")

    services.round_pair(
        section=section, number=2, forfeited=services.FORFEITED_ZERO_BYE
    )

    assert byes(section)[(8, 2)] == ("zero", ASKED)
    assert "#8 Player 8: requested zero-point bye." in bye_notes(section)


@pytest.mark.parametrize("post", [False, True], ids=["draft", "posted"])
def test_removing_the_pairings_and_pairing_again_keeps_each_reason(post: bool) -> None:
    section = played()
    round_ = both_answered(section, post=post)

    services.round_pairings_remove(round_=round_, confirm=True, user=None)
    assert bye_notes(section) == []
    services.round_pair(section=section, number=2)

    assert bye_notes(section) == GIVEN_NOTES
    assert set(byes(section).values()) == {
        ("zero", FORFEITED),
        ("zero", NOT_CHECKED_IN),
    }


def test_pair_again_takes_the_reasons_from_the_byes_not_the_old_notes() -> None:
    section = played()
    both_answered(section)
    # Notes the program wrote are no record: wiped, the reasons still come back.
    Round.objects.filter(section=section, number=2).update(pairing_notes=[])

    services.round_repair(section=section, number=2)
    services.round_repair(section=section, number=2)

    assert bye_notes(section) == GIVEN_NOTES


def test_pressing_pair_twice_is_refused_and_leaves_the_reasons() -> None:
    section = played()
    both_answered(section)
    before = byes(section)

    with pytest.raises(services.PairingRefused, match="already paired"):
        both_answered(section)

    assert byes(section) == before
    assert bye_notes(section) == GIVEN_NOTES


def test_checked_in_after_all_loses_the_bye_and_undoing_it_does_not_bring_it_back() -> (
    None
):
    section = played()
    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )
    eight = player(section, 8)

    services.checkin_set(player=eight, round_number=2, present=True, user=None)
    services.checkin_set(player=eight, round_number=2, present=False, user=None)

    assert (8, 2) not in byes(section)
    # Not checked in and no bye: pairing asks about them again, it does not guess.
    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(section=section, number=2)
    assert [p.start_number for p in asked.value.players] == [8]


def test_saving_the_byes_form_keeps_the_reason_of_a_bye_left_as_it_is() -> None:
    section = played()
    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )

    services.player_byes_request(player=player(section, 8), byes={2: "zero", 3: "half"})

    assert byes(section)[(8, 2)] == ("zero", NOT_CHECKED_IN)
    assert byes(section)[(8, 3)] == ("half", ASKED)


def test_a_bye_whose_kind_the_td_changes_counts_as_asked_for() -> None:
    section = played()
    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )

    services.player_byes_request(player=player(section, 8), byes={2: "half"})
    services.round_pair(section=section, number=2)

    assert byes(section)[(8, 2)] == ("half", ASKED)
    assert "#8 Player 8: requested half-point bye." in bye_notes(section)


def test_a_bye_removed_and_chosen_again_counts_as_asked_for() -> None:
    section = played()
    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )
    eight = player(section, 8)

    services.player_byes_request(player=eight, byes={})
    services.player_byes_request(player=eight, byes={2: "zero"})

    assert byes(section)[(8, 2)] == ("zero", ASKED)


def test_a_byes_form_drawn_before_the_reason_was_given_is_refused() -> None:
    section = played()
    eight = player(section, 8)
    RequestedBye.objects.create(player=eight, round_number=2, kind="zero")
    shown = player_byes_version(player_id=eight.pk)
    # Another TD takes the bye back; check-in is closed and gives it again, with a reason.
    services.player_byes_request(player=eight, byes={})
    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )

    with pytest.raises(services.StaleEdit, match=r"round 2 zero-point bye \(did not"):
        services.player_byes_request(
            player=eight, byes={2: "zero", 3: "half"}, based_on=shown
        )

    assert byes(section)[(8, 2)] == ("zero", NOT_CHECKED_IN)
    assert (8, 3) not in byes(section)


def test_only_a_zero_point_bye_can_have_been_given_for_not_coming() -> None:
    section = played()

    with pytest.raises(IntegrityError), transaction.atomic():
        RequestedBye.objects.create(
            player=player(section, 8),
            round_number=2,
            kind=RequestedBye.Kind.HALF,
            reason=NOT_CHECKED_IN,
        )


def test_pairing_by_hand_warns_that_the_td_gave_the_bye_not_that_it_was_asked_for() -> (
    None
):
    section = played()
    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )
    pk = {n: player(section, n).pk for n in range(1, 9)}

    saved = services.round_pairings_save(
        section=section,
        number=2,
        rows=[
            services.PairingInput(white=pk[1], black=pk[2], board=1),
            services.PairingInput(white=pk[4], black=pk[5], board=2),
            services.PairingInput(white=pk[7], black=pk[8], board=3),
        ],
    )

    assert (
        "8. Player 8 was given a zero-point bye in round 2 (did not check in) but is "
        "paired." in saved.warnings
    )
    assert not [w for w in saved.warnings if "asked for" in w]


def page(client: Client, name: str, section: Section, **kwargs: int) -> str:
    url = reverse(
        f"tournaments:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kwargs},
    )
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_td_pages_say_why_a_zero_point_bye_was_given(
    td_client: Client, tournament: Tournament
) -> None:
    section = played(tournament)
    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )
    RequestedBye.objects.create(player=player(section, 1), round_number=3, kind="zero")

    checkin = page(td_client, "checkin", section, number=2)
    assert "8. Player 8 (zero-point bye: did not check in)" in checkin
    player_page = page(td_client, "player_edit", section, number=8)
    assert "not asked for: did not check in" in player_page
    assert "not asked for" not in page(td_client, "player_edit", section, number=1)
    section_page = page(td_client, "section_detail", section)
    assert "Round 2: zero-point bye (did not check in)" in section_page
    assert 'title="Round 3: zero-point bye"' in section_page
    by_hand = page(td_client, "round_pairings", section, number=2)
    assert "Zero-point bye (did not check in)" in by_hand
    assert "Zero-point bye requested" not in by_hand

    services.round_pair(section=section, number=2)

    round_page = page(td_client, "round_detail", section, number=2)
    assert "Player 8 · Zero-point bye (did not check in)" in round_page


def test_a_backup_keeps_why_a_bye_was_given_and_an_older_one_reads_asked_for(
    tournament: Tournament,
) -> None:
    section = played(tournament)
    services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=None
    )
    text = tournament_export(tournament)
    older = json.loads(text)
    for row in older["models"]["RequestedBye"]:
        del row["reason"]  # a backup written before the reason was kept

    copy = tournament_restore(text=text, slug="copy")
    old = tournament_restore(text=json.dumps(older), slug="old")

    assert reasons_of(copy) == {NOT_CHECKED_IN}
    assert reasons_of(old) == {ASKED}


def reasons_of(event: Tournament) -> set[str]:
    return set(
        RequestedBye.objects.filter(player__section__tournament=event).values_list(
            "reason", flat=True
        )
    )


@pytest.mark.parametrize(
    ("number", "why"),
    [
        (8, "give them a zero-point bye for not checking in"),
        (6, "give them a zero-point bye for losing round 1 by forfeit"),
    ],
)
def test_checking_in_one_the_draft_gives_a_bye_is_refused_saying_why_they_have_it(
    number: int, why: str
) -> None:
    section = played()
    both_answered(section)
    late = player(section, number)

    with pytest.raises(ValidationError) as refused:
        services.checkin_set(player=late, round_number=2, present=True, user=None)

    assert refused.value.messages == [
        services.CHECKIN_DRAFT_LEFT_OUT.format(round=2, player=late, why=why)
    ]
    assert byes(section)[(number, 2)][0] == "zero"


def test_checking_in_one_the_draft_gives_the_bye_they_asked_for_says_so() -> None:
    section = played()
    eight = player(section, 8)
    RequestedBye.objects.create(player=eight, round_number=2, kind="zero")
    services.round_pair(
        section=section, number=2, forfeited=services.FORFEITED_ZERO_BYE
    )

    with pytest.raises(ValidationError, match="the zero-point bye they asked for"):
        services.checkin_set(player=eight, round_number=2, present=True, user=None)
