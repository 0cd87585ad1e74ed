"""Two TDs writing the same section at the same moment, on real concurrent connections
(PostgreSQL): late entries, player files imported, the prize fund and the section's settings,
alone or while another TD pairs the round. Each race runs in many sections, so the database
picks both orders; whichever it picks, the outcome is one a TD could have made one step after
the other: nothing written twice, nothing lost without a word, and the loser told."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q

from tests.tournaments.builders import RACE_MARKS, section_build, tournament_build
from tests.tournaments.test_round_races import _attempt, _race
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
)
from tournaments.selectors import json_version, row_version

pytestmark = RACE_MARKS

RACES = 30


def _sections(rounds: list[str], rounds_total: int = 4) -> list[Section]:
    """RACES sections of four players with ``rounds`` played (each complete)."""
    tournament = tournament_build()
    sections = [
        section_build(
            ratings=[2000, 1900, 1800, 1700],
            rounds=rounds,
            rounds_total=rounds_total,
            tournament=tournament,
            name=f"Section {n}",
        )
        for n in range(RACES)
    ]
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.COMPLETE
    )
    if not rounds:
        for section in sections:
            services.section_tiebreaks_post(section=section, order="uschess", user=None)
    return sections


def _errors(outcomes: list[tuple[Section, str, str]]) -> list[str]:
    """Outcomes that are neither done nor a refusal in a sentence (a server error)."""
    return [o for _s, a, b in outcomes for o in (a, b) if o.startswith("error")]


def _late_entry(section: Section, name: str, rating: int) -> Any:
    return _attempt(
        lambda: services.player_late_entry(
            section=section,
            name=name,
            rating=rating,
            first_round=2,
            missed={1: services.LATE_HALF},
        ),
        "entered",
    )


def _pair(section: Section, number: int, **answers: Any) -> Any:
    def pair() -> str:
        try:
            services.round_pair(
                section=Section.objects.get(pk=section.pk),
                number=number,
                absent="pair",
                **answers,
            )
        except (services.PairingRefused, ValidationError):
            return "refused"
        return "paired"

    return pair


# ---- late entries


def test_one_late_entry_sent_twice_at_once_enters_the_player_once() -> None:
    # A double tap, or two TDs at two laptops entering the same latecomer: the second is
    # asked whether they are another player (same name and rating), not entered twice.
    sections = _sections(["1-3 1-0, 2-4 1-0"])

    outcomes = _race(
        sections,
        lambda s: (
            _late_entry(s, "Dee Late", 1500),
            _late_entry(s, "Dee Late", 1500),
        ),
    )

    assert not _errors(outcomes)
    assert {(a, b) for _s, a, b in outcomes} <= {
        ("entered", "refused"),
        ("refused", "entered"),
    }
    for section in sections:
        (late,) = Player.objects.filter(section=section, name="Dee Late")
        assert late.start_number == 5
        assert Pairing.objects.filter(white=late, result=Result.BYE_HALF).count() == 1
        assert RequestedBye.objects.filter(player=late).count() == 1


def test_two_late_entries_at_once_get_a_start_number_and_a_bye_each() -> None:
    sections = _sections(["1-3 1-0, 2-4 1-0"])

    outcomes = _race(
        sections,
        lambda s: (_late_entry(s, "Dee Late", 1500), _late_entry(s, "Eve Later", 1400)),
    )

    assert {(a, b) for _s, a, b in outcomes} == {("entered", "entered")}
    for section in sections:
        late = Player.objects.filter(section=section, start_number__gt=4)
        assert sorted(late.values_list("start_number", flat=True)) == [5, 6]
        byes = Pairing.objects.filter(white__in=late, round__number=1)
        assert sorted(byes.values_list("result", flat=True)) == [Result.BYE_HALF] * 2


def test_a_late_entry_while_another_td_pairs_and_posts_the_round_is_paired_or_refused() -> (
    None
):
    # Entered first, the player is in the posted pairings; paired first, the entry is refused
    # (the round was posted without them). Never entered and missing from the round.
    sections = _sections(["1-3 1-0, 2-4 1-0"])

    outcomes = _race(
        sections,
        lambda s: (_late_entry(s, "Dee Late", 1500), _pair(s, 2, post=True)),
    )

    assert not _errors(outcomes)
    for section, entered, paired in outcomes:
        assert paired == "paired"
        late = Player.objects.filter(section=section, name="Dee Late").first()
        two = Pairing.objects.filter(round__section=section, round__number=2)
        if entered == "entered":
            assert late is not None
            assert two.filter(Q(white=late) | Q(black=late)).exists()
        else:
            assert late is None
        assert Round.objects.get(section=section, number=2).status == "paired"


# ---- player files imported

FILE_A = "Ann Field,,,1650,,\nBo Field,,,1550,,\n"
FILE_B = "Cy Other,,,2100,,\nDi Other,,,1450,,\n"


def _import(section: Section, text: str) -> Any:
    return _attempt(
        lambda: services.players_import_save(section=section, text=text), "imported"
    )


def test_one_file_imported_twice_at_once_adds_its_players_once() -> None:
    sections = _sections([])

    outcomes = _race(sections, lambda s: (_import(s, FILE_A), _import(s, FILE_A)))

    assert not _errors(outcomes)
    assert {(a, b) for _s, a, b in outcomes} <= {
        ("imported", "refused"),
        ("refused", "imported"),
    }
    for section in sections:
        assert Player.objects.filter(section=section).count() == 6


def test_two_files_imported_at_once_number_every_player_once() -> None:
    sections = _sections([])

    outcomes = _race(sections, lambda s: (_import(s, FILE_A), _import(s, FILE_B)))

    assert {(a, b) for _s, a, b in outcomes} == {("imported", "imported")}
    for section in sections:
        players = Player.objects.filter(section=section).order_by("start_number")
        # Numbered by rating, as each import numbers a section before round 1.
        assert list(players.values_list("start_number", flat=True)) == list(range(1, 9))
        ratings = [rating or 0 for rating in players.values_list("rating", flat=True)]
        assert ratings == sorted(ratings, reverse=True)


def test_a_file_imported_while_another_td_pairs_round_one_is_paired_or_refused() -> (
    None
):
    sections = _sections([])

    outcomes = _race(sections, lambda s: (_import(s, FILE_A), _pair(s, 1)))

    assert not _errors(outcomes)
    for section, imported, paired in outcomes:
        assert paired == "paired"
        added = Player.objects.filter(section=section, name__endswith="Field")
        one = Pairing.objects.filter(round__section=section, round__number=1)
        if imported == "imported":
            assert added.count() == 2
            assert one.filter(Q(white__in=added) | Q(black__in=added)).count() == 2
        else:
            assert not added.exists()
            assert one.count() == 2


# ---- the prize fund

FUND_A = {"prizes": [{"label": "1st", "places": [1], "cash": "500"}]}
FUND_B = {"prizes": [{"label": "1st", "places": [1], "cash": "300"}]}


def test_two_tds_saving_the_prize_fund_from_one_page_keep_one_and_tell_the_other() -> (
    None
):
    sections = _sections([])
    page = json_version({})

    def save(section: Section, fund: dict[str, Any]) -> Any:
        return _attempt(
            lambda: services.section_prize_fund_set(
                section=section, fund=fund, based_on=page
            ),
            "saved A" if fund is FUND_A else "saved B",
        )

    outcomes = _race(sections, lambda s: (save(s, FUND_A), save(s, FUND_B)))

    assert not _errors(outcomes)
    assert {(a, b) for _s, a, b in outcomes} <= {
        ("saved A", "refused"),
        ("refused", "saved B"),
    }
    for section, a, _b in outcomes:
        section.refresh_from_db()
        kept = FUND_A if a == "saved A" else FUND_B
        assert section.prize_fund["prizes"][0]["cash"] == kept["prizes"][0]["cash"]


# ---- the section's settings


def test_two_tds_changing_the_settings_from_one_page_keep_one_and_tell_the_other() -> (
    None
):
    sections = _sections([])
    fields = ["name", "rounds_total"]

    def change(section: Section, td: str) -> Any:
        # Both pages drawn from the section as it was; each renames it and sets its rounds.
        page = row_version(section, fields)
        return _attempt(
            lambda: services.section_update(
                section=Section.objects.get(pk=section.pk),
                based_on=page,
                name=f"{section.name} {td}",
                rounds_total=5 if td == "A" else 6,
            ),
            td,
        )

    outcomes = _race(sections, lambda s: (change(s, "A"), change(s, "B")))

    assert not _errors(outcomes)
    assert {(a, b) for _s, a, b in outcomes} <= {("A", "refused"), ("refused", "B")}
    for section, a, _b in outcomes:
        name = section.name
        section.refresh_from_db()
        assert (section.name, section.rounds_total) == (
            (f"{name} A", 5) if a == "A" else (f"{name} B", 6)
        )


def test_the_pairing_options_saved_while_round_one_is_paired_are_the_ones_it_used() -> (
    None
):
    # TD A changes board 1's colour in round 1 from white to black while TD B pairs round 1
    # from a page read before: either the options land first and round 1 is paired by them,
    # or the pairing lands first and the change is refused (the options stand once round 1 is
    # paired). Never options stored that the round was not paired by.
    sections = _sections([])
    white = {"board_one_colour": "white"}
    Section.objects.filter(pk__in=[s.pk for s in sections]).update(
        pairing_options=white
    )

    def options(section: Section) -> Any:
        return _attempt(
            lambda: services.section_pairing_options_set(
                section=Section.objects.get(pk=section.pk),
                options={"board_one_colour": "black"},
                based_on=json_version(white),
            ),
            "set",
        )

    def pair_from_page(page: Section) -> Any:
        return _attempt(
            lambda: services.round_pair(section=page, number=1, absent="pair"), "paired"
        )

    players = dict(
        Player.objects.filter(section__in=sections, start_number=1).values_list(
            "section_id", "pk"
        )
    )
    outcomes = _race(
        sections,
        lambda s: (options(s), pair_from_page(Section.objects.get(pk=s.pk))),
    )

    assert not _errors(outcomes)
    for section, set_, paired in outcomes:
        assert paired == "paired"
        section.refresh_from_db()
        board_one = Pairing.objects.get(
            round__section=section, round__number=1, board=1
        )
        top_black = board_one.black_id == players[section.pk]
        assert (section.pairing_options.get("board_one_colour") == "black") is (
            set_ == "set"
        )
        assert top_black is (set_ == "set"), section.pairing_options


def test_a_section_made_a_round_robin_while_round_one_is_paired_is_paired_as_it_says() -> (
    None
):
    # Changed first, round 1 is paired by the round-robin table (table numbers drawn by lot);
    # paired first, the change is refused (a Swiss round 1 would be followed by a table nobody
    # was given).
    sections = _sections([])
    swiss = {frozenset({1, 3}), frozenset({2, 4})}

    def made(section: Section) -> Any:
        return _attempt(
            lambda: services.section_update(
                section=Section.objects.get(pk=section.pk),
                kind=Section.Kind.ROUND_ROBIN,
            ),
            "changed",
        )

    outcomes = _race(sections, lambda s: (made(s), _pair(s, 1)))

    assert not _errors(outcomes)
    for section, changed, paired in outcomes:
        assert paired == "paired"
        section.refresh_from_db()
        pairs = {
            frozenset({w, b})
            for w, b in Pairing.objects.filter(
                round__section=section, round__number=1
            ).values_list("white__start_number", "black__start_number")
        }
        notes = Round.objects.get(section=section, number=1).pairing_notes
        drawn = any(note.startswith("Table numbers drawn by lot") for note in notes)
        if changed == "changed":
            assert (section.kind, drawn) == (Section.Kind.ROUND_ROBIN, True)
        else:
            assert (section.kind, drawn, pairs) == (Section.Kind.SWISS, False, swiss)


def test_the_last_round_paired_while_another_td_lowers_the_rounds_is_one_or_the_other() -> (
    None
):
    # TD A pairs round 4 while TD B makes it a 3-round section: either the pairing lands
    # first and B is told a round 4 exists, or the change lands first and A is told there
    # is no round 4. Never a round 4 in a section of 3 rounds.
    sections = _sections(["1-3 1-0, 2-4 1-0", "1-2 =, 3-4 =", "1-4 1-0, 2-3 1-0"])

    def lower(section: Section) -> Any:
        return _attempt(
            lambda: services.section_update(
                section=Section.objects.get(pk=section.pk), rounds_total=3
            ),
            "lowered",
        )

    outcomes = _race(sections, lambda s: (_pair(s, 4), lower(s)))

    assert not _errors(outcomes)
    assert {(a, b) for _s, a, b in outcomes} <= {
        ("paired", "refused"),
        ("refused", "lowered"),
    }
    for section, paired, _lowered in outcomes:
        section.refresh_from_db()
        four = Pairing.objects.filter(round__section=section, round__number=4)
        assert (section.rounds_total, four.exists()) == (
            (4, True) if paired == "paired" else (3, False)
        )
