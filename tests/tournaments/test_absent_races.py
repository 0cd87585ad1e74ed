"""The question before pairing about players who have not checked in, and a re-activation,
raced by another TD on real concurrent connections (PostgreSQL). Whatever the order the database
picks, an answer is applied only to the players its page named, and a player re-activated while
the round is paired is either paired (or asked about) or told the draft leaves them out: never
active, left out of the round, and never asked about."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.db.models import Q

from tests.tournaments.builders import RACE_MARKS, section_build, tournament_build
from tests.tournaments.test_round_pair_absent import six_players, zero_byes
from tests.tournaments.test_round_pair_forfeited import player
from tests.tournaments.test_round_races import _race
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
)
from tournaments.selectors import round_absent

pytestmark = RACE_MARKS

SECTIONS = 30


def _outcome(write: Callable[[], object], done: str) -> Callable[[], str]:
    def attempt() -> str:
        try:
            write()
        except services.AbsentPlayers as asked:
            return f"asked: {asked}"
        except services.PairingRefused as refused:
            return f"refused: {refused}"
        except ValidationError as refused:
            return f"refused: {' '.join(refused.messages)}"
        return done

    return attempt


def _answer(section: Section, number: int = 1) -> Callable[[], str]:
    """The TD's answer "zero-point byes for them", for the players the page named now."""
    shown = {p.pk for p in round_absent(section=section, number=number)}
    return _outcome(
        lambda: services.round_pair(
            section=section,
            number=number,
            absent=services.ABSENT_ZERO_BYE,
            absent_shown=shown,
        ),
        "paired",
    )


def _round_one_played(ratings: list[int], round_one: str) -> list[Section]:
    """Sections of one tournament, round 1 played as ``round_one`` and complete."""
    tournament = tournament_build()
    sections = [
        section_build(
            ratings=ratings,
            rounds=[round_one],
            rounds_total=3,
            tournament=tournament,
            name=f"S{n}",
        )
        for n in range(SECTIONS)
    ]
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.COMPLETE
    )
    return sections


def _row(section: Section, number: int, start_number: int) -> str | None:
    who = player(section, start_number)
    return (
        Pairing.objects.filter(round__section=section, round__number=number)
        .filter(Q(white=who) | Q(black=who))
        .values_list("result", flat=True)
        .first()
    )


def _drafted(section: Section, number: int) -> bool:
    return Round.objects.filter(
        section=section, number=number, status=Round.Status.DRAFT
    ).exists()


def test_a_check_in_undone_while_the_td_answers_never_gets_a_bye_it_was_not_asked_about() -> (
    None
):
    # The page named 5 and 6; as TD A answers "zero-point byes", TD B un-checks 4. Either B
    # lands first (A is asked again, nothing paired) or A does (B is refused: the draft pairs
    # 4). Never a zero-point bye for 4 on an answer given without 4 on the page.
    tournament = tournament_build()
    sections = [
        six_players(tournament=tournament, name=f"S{n}") for n in range(SECTIONS)
    ]
    draft_pairs = (
        f"refused: {services.CHECKIN_DRAFT_PAIRED.split('{why}')[0].format(round=1)}"
    )

    outcomes = _race(sections, lambda s: (_answer(s), _uncheck(s, 4, 1)))

    assert not [o for _s, a, b in outcomes for o in (a, b) if o.startswith("error")]
    for section, a, b in outcomes:
        zero = sorted(
            RequestedBye.objects.filter(player__section=section).values_list(
                "player__start_number", flat=True
            )
        )
        if b == "unchecked":
            assert a.startswith(
                "asked: "
                + services.ROUND_PAIR_ABSENT_CHANGED.format(
                    names="4. Player 4", number=1
                )
            )
            assert not _drafted(section, 1) and zero == []
        else:
            assert a == "paired" and b.startswith(draft_pairs), (a, b)
            assert _row(section, 1, 4) in (Result.PENDING, Result.BYE_PAIRING)
            assert zero == [5, 6]


def test_a_reactivation_while_the_td_answers_is_asked_about_or_refused() -> None:
    # 6 withdrew before round 1; the page named 5 only. As TD A answers, TD B re-activates
    # 6: either B lands first (6 is not checked in and was not on A's page: A is asked
    # again) or A does (B is refused: the draft leaves 6 out).
    tournament = tournament_build()
    sections = []
    for n in range(SECTIONS):
        section = six_players(tournament=tournament, name=f"S{n}")
        services.player_withdraw(player=player(section, 6), after_round=0)
        sections.append(section)
    left_out = {
        s.pk: "refused: "
        + services.REACTIVATE_DRAFT_LEFT_OUT.format(round=1, player="Player 6")
        for s in sections
    }

    outcomes = _race(
        sections,
        lambda s: (
            _answer(s),
            _outcome(
                lambda: services.player_reactivate(player=player(s, 6), shown="0"),
                "reactivated",
            ),
        ),
    )

    assert not [o for _s, a, b in outcomes for o in (a, b) if o.startswith("error")]
    for section, a, b in outcomes:
        six = player(section, 6)
        if b == "reactivated":
            assert six.status == Player.Status.ACTIVE
            assert a.startswith(
                "asked: "
                + services.ROUND_PAIR_ABSENT_CHANGED.format(
                    names="6. Player 6", number=1
                )
            )
            assert not _drafted(section, 1)
        else:
            assert (a, b) == ("paired", left_out[section.pk])
            assert six.status == Player.Status.WITHDRAWN
            assert _row(section, 1, 5) == Result.BYE_ZERO


def test_a_reactivation_while_a_round_is_paired_without_check_in_is_paired_or_refused() -> (
    None
):
    # Check-in not used: 4 withdrew after round 1; TD A pairs round 2 as TD B re-activates
    # 4. Either 4 is active before the pairing reads who plays (paired) or B is refused.
    sections = _round_one_played([2000, 1900, 1800, 1700], "1-3 1-0, 2-4 =")
    for section in sections:
        services.player_withdraw(player=player(section, 4), after_round=1)

    outcomes = _race(
        sections,
        lambda s: (
            _outcome(lambda: services.round_pair(section=s, number=2), "paired"),
            _outcome(
                lambda: services.player_reactivate(player=player(s, 4), shown="1"),
                "reactivated",
            ),
        ),
    )

    refused = "refused: " + services.REACTIVATE_DRAFT_LEFT_OUT.format(
        round=2, player="Player 4"
    )
    for section, a, b in outcomes:
        assert a == "paired", a
        four = player(section, 4)
        if b == "reactivated":
            assert four.status == Player.Status.ACTIVE
            assert _row(section, 2, 4) in (Result.PENDING, Result.BYE_PAIRING)
        else:
            assert b == refused, b
            assert four.status == Player.Status.WITHDRAWN
            assert _row(section, 2, 4) in (None, Result.NOT_PAIRED)


def test_the_last_check_in_undone_while_the_td_answers_zero_byes_is_never_paired_over_it() -> (
    None
):
    # Round 2: only 1 checked in, the page named 2 to 8. As TD A answers "zero-point byes",
    # TD B un-checks 1. Either B lands first (A is refused: check-in is no longer used, nothing
    # paired) or A does (2 to 8 get their byes, B is refused: the draft pairs 1). Never 2 to 8
    # paired against the answer.
    sections = _round_one_played(
        [2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300],
        "1-5 1-0, 2-6 0-1, 3-7 1-0, 4-8 =",
    )
    for section in sections:
        services.checkin_set(
            player=player(section, 1), round_number=2, present=True, user=None
        )
    draft_pairs = (
        f"refused: {services.CHECKIN_DRAFT_PAIRED.split('{why}')[0].format(round=2)}"
    )

    outcomes = _race(sections, lambda s: (_answer(s, 2), _uncheck(s, 1, 2)))

    assert not [o for _s, a, b in outcomes for o in (a, b) if o.startswith("error")]
    for section, a, b in outcomes:
        zero = zero_byes(section)
        if b == "unchecked":
            assert a == "refused: " + services.ROUND_PAIR_ABSENT_CHECKIN_UNDONE.format(
                number=2
            ), a
            assert not _drafted(section, 2) and zero == []
        else:
            assert a == "paired" and b.startswith(draft_pairs), (a, b)
            assert zero == [2, 3, 4, 5, 6, 7, 8]
            assert _row(section, 2, 1) == Result.BYE_PAIRING


def _uncheck(section: Section, start_number: int, number: int) -> Callable[[], str]:
    """TD B un-checks a player for a round. The player is loaded with its section before the
    race: B then reaches the section's lock about as fast as A does, so both orders happen."""
    who = Player.objects.select_related("section").get(
        section=section, start_number=start_number
    )
    return _outcome(
        lambda: services.checkin_set(
            player=who, round_number=number, present=False, user=None
        ),
        "unchecked",
    )
