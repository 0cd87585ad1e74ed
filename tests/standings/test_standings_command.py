"""manage.py standings: text, JSON and CSV output, the posted order, the coin-flip seed, errors."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import Player, Section

pytestmark = pytest.mark.django_db

NAMES = [
    "Alice Avery",
    "Bob Brandt",
    "Carol Chen",
    "Dan Diaz",
    "Eve Ertel",
    "Frank Fox",
]
RATINGS = [2210, 2050, 1900, 1720, None, 1500]

# The wall chart (white first). Frank withdraws after round 3.
#   R1: Alice-Dan 1-0, Bob-Eve ½-½, Carol-Frank forfeit win for Carol
#   R2: Carol-Alice ½-½, Dan-Bob 0-1, Eve pairing bye, Frank half-point bye
#   R3: Alice-Bob 1-0, Eve-Carol 0-1, Frank-Dan double forfeit
#   R4: Bob-Carol ½-½, Dan-Eve forfeit win for Eve, Alice zero-point bye, Frank not paired
ROUNDS = [
    "1-4 1-0, 2-5 =, 3-6 +-",
    "3-1 =, 4-2 0-1, 5 U, 6 H",
    "1-2 1-0, 5-3 0-1, 6-4 --",
    "2-3 =, 4-5 -+, 1 Z",
]

# Worked out by hand from US Chess 34E (Official Rules of Chess, 7th ed.), not by running the code.
#   Scores: Alice 2.5, Bob 2, Carol 3, Dan 0, Eve 2.5 (bye 1 + forfeit 1 + draw), Frank 0.5.
#   Adjusted scores (34E1: every unplayed round counts ½): Alice 2.5+½ = 3, Bob 2, Carol 2+½ = 2.5,
#   Dan 0+½+½ = 1, Eve ½+0+½+½ = 1.5, Frank 4 x ½ = 2.
#   Opponents (own unplayed rounds count 0): Alice [Dan 1, Carol 2.5, Bob 2, 0];
#   Bob [Eve 1.5, Dan 1, Alice 3, Carol 2.5]; Carol [0, Alice 3, Eve 1.5, Bob 2];
#   Dan [Alice 3, Bob 2, 0, 0]; Eve [Bob 2, 0, Carol 2.5, 0]; Frank [0, 0, 0, 0].
#   Modified Median, 4 rounds of max 4 (even = 2): plus drops the lowest, even drops highest and
#   lowest, minus drops the highest: Alice 5.5, Bob 4, Carol 6.5, Dan 2, Eve 4.5, Frank 0.
#   Solkoff (34E2, nothing dropped): Alice 5.5, Bob 8, Carol 6.5, Dan 5, Eve 4.5, Frank 0.
#   Cumulative (34E3; 1 off per unplayed win or full-point bye, ½ per half-point bye):
#   Alice 1+1.5+2.5+2.5 = 7.5 (a zero-point bye takes nothing off); Bob .5+1.5+1.5+2 = 5.5;
#   Carol 1+1.5+2.5+3 - 1 = 7; Dan 0; Eve .5+1.5+1.5+2.5 - 1 - 1 = 4; Frank 0+.5+.5+.5 - .5 = 1.
#   Cumulative of Opposition (34E9, opponents met over the board): Alice Dan 0 + Carol 7 + Bob 5.5
#   = 12.5; Bob Eve 4 + Dan 0 + Alice 7.5 + Carol 7 = 18.5; Carol Alice 7.5 + Eve 4 + Bob 5.5 = 17;
#   Dan Alice 7.5 + Bob 5.5 = 13; Eve Bob 5.5 + Carol 7 = 12.5; Frank 0.
#   Ranking: Carol 3; Alice and Eve 2.5, split by Modified Median 5.5 > 4.5; Bob 2; Frank; Dan.
US_CHESS_KEYS = ["modified_median", "solkoff", "cumulative", "cumulative_opposition"]
EXPECTED = [
    # rank, start number, name, rating, score, MM, Solkoff, Cumulative, Cumulative of Opposition
    (1, 3, "Carol Chen", 1900, "3", "6.5", "6.5", "7", "17"),
    (2, 1, "Alice Avery", 2210, "2.5", "5.5", "5.5", "7.5", "12.5"),
    (3, 5, "Eve Ertel", None, "2.5", "4.5", "4.5", "4", "12.5"),
    (4, 2, "Bob Brandt", 2050, "2", "4", "8", "5.5", "18.5"),
    (5, 6, "Frank Fox", 1500, "0.5", "0", "0", "1", "0"),
    (6, 4, "Dan Diaz", 1720, "0", "2", "5", "0", "13"),
]

# The places each score group covers (US Chess 34C), by start number: Alice and Eve share 2.5.
PLACES = {3: "1", 1: "2-3", 5: "2-3", 2: "4", 6: "5", 4: "6"}


@pytest.fixture
def section() -> Section:
    section = section_build(ratings=RATINGS, names=NAMES, rounds=ROUNDS)
    Player.objects.filter(section=section, start_number=6).update(
        status="withdrawn", withdrawn_after_round=3
    )
    return section


def run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("standings", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def run_json(*args: str) -> Any:
    return json.loads(run(*args, "--format", "json")[0])


def test_json_gives_the_us_chess_order_computed_by_hand(section: Section) -> None:
    document = run_json(section.tournament.slug)

    assert document == {
        "tournament": section.tournament.slug,
        "section": "Open",
        "rounds": 4,
        "after_round": 4,
        "final": False,
        "tiebreaks": [
            {"key": "modified_median", "name": "Modified Median"},
            {"key": "solkoff", "name": "Solkoff"},
            {"key": "cumulative", "name": "Cumulative"},
            {"key": "cumulative_opposition", "name": "Cumulative of Opposition"},
        ],
        "standings": [
            {
                "rank": rank,
                "shared": False,
                "places": PLACES[number],
                "start_number": number,
                "name": name,
                "rating": rating,
                "score": score,
                "tiebreaks": dict(zip(US_CHESS_KEYS, values, strict=True)),
                # Frank withdrew after round 3.
                "withdrawn_after_round": 3 if number == 6 else None,
            }
            for rank, number, name, rating, score, *values in EXPECTED
        ],
    }


def test_tie_left_after_the_last_tiebreak_shares_the_rank(section: Section) -> None:
    # Alice and Eve both have 2.5 and Cumulative of Opposition 12.5 (see EXPECTED).
    document = run_json(section.tournament.slug, "--tiebreaks", "cumulative_opposition")

    places = [
        (r["rank"], r["shared"], r["start_number"]) for r in document["standings"]
    ]
    assert places[:4] == [(1, False, 3), (2, True, 1), (2, True, 5), (4, False, 2)]


def test_after_round_gives_earlier_standings(section: Section) -> None:
    # After round 2: Alice, Bob, Carol and Eve have 1.5. Cumulative: Alice 1+1.5 = 2.5,
    # Bob .5+1.5 = 2, Carol 1+1.5-1 (forfeit win) = 1.5, Eve .5+1.5-1 (pairing bye) = 1;
    # Frank 0+.5-.5 (half-point bye) = 0, Dan 0.
    document = run_json(
        section.tournament.slug, "--after-round", "2", "--tiebreaks", "cumulative"
    )

    assert document["after_round"] == 2
    rows = [
        (r["start_number"], r["score"], r["tiebreaks"]["cumulative"])
        for r in document["standings"]
    ]
    assert rows == [
        (1, "1.5", "2.5"),
        (2, "1.5", "2"),
        (3, "1.5", "1.5"),
        (5, "1.5", "1"),
        (6, "0.5", "0"),
        (4, "0", "0"),
    ]


def test_without_tiebreaks_option_the_sections_posted_order_is_used(
    section: Section,
) -> None:
    Section.objects.filter(pk=section.pk).update(tiebreaks="solkoff,kashdan:unplayed=2")

    document = run_json(section.tournament.slug)

    assert document["tiebreaks"] == [
        {"key": "solkoff", "name": "Solkoff"},
        {"key": "kashdan:unplayed=2", "name": "Kashdan (unplayed rounds 2)"},
    ]
    # Solkoff alone splits Alice (5.5) from Eve (4.5) as well.
    assert [r["start_number"] for r in document["standings"]] == [3, 1, 5, 2, 6, 4]


def test_aliases_and_presets_are_printed_as_canonical_keys(section: Section) -> None:
    document = run_json(section.tournament.slug, "--tiebreaks", "buchholz,progress")

    assert [t["key"] for t in document["tiebreaks"]] == ["solkoff", "cumulative"]


def test_section_is_chosen_by_name_when_there_are_several(section: Section) -> None:
    section_build(
        ratings=[1200, 1100],
        rounds=["1-2 0-1"],
        tournament=section.tournament,
        name="U1600",
    )

    document = run_json(section.tournament.slug, "--section", "u1600")

    assert document["section"] == "U1600"
    assert [(r["start_number"], r["score"]) for r in document["standings"]] == [
        (2, "1"),
        (1, "0"),
    ]


def test_csv_has_a_header_and_one_row_per_player(section: Section) -> None:
    out, _ = run(section.tournament.slug, "--format", "csv")

    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == [
        "rank",
        "shared",
        "places",
        "start_number",
        "name",
        "rating",
        "score",
        *US_CHESS_KEYS,
        "withdrawn_after_round",
    ]
    assert rows[1:] == [
        [
            str(rank),
            "no",
            PLACES[number],
            str(number),
            name,
            "" if rating is None else str(rating),
            score,
            *values,
            "3" if number == 6 else "",
        ]
        for rank, number, name, rating, score, *values in EXPECTED
    ]


def test_text_is_an_aligned_table_with_labels_and_tied_ranks_marked(
    section: Section,
) -> None:
    out, _ = run(
        section.tournament.slug, "--tiebreaks", "modified_median,cumulative_opposition"
    )
    lines = out.splitlines()

    assert lines[0] == f"{section.tournament.name}, Open: standings after round 4 of 4"
    header = lines[2]
    assert header.split()[:5] == ["Rank", "No.", "Name", "Rating", "Score"]
    assert "Modified Median" in header
    assert "Cumulative of Opposition" in header
    table = lines[4:10]
    assert [line.split()[0] for line in table] == ["1", "2", "3", "4", "5", "6"]
    # Every row's name starts in the name column, and the last column is right-aligned.
    name_at = header.index("Name")
    assert [line[name_at:].split("  ")[0].strip() for line in table] == [
        e[2] for e in EXPECTED
    ]
    assert len({len(line) for line in [header, *table]}) == 1
    assert "unr." in table[2]

    tied = run(section.tournament.slug, "--tiebreaks", "cumulative_opposition")[
        0
    ].splitlines()
    assert [line.split()[0] for line in tied[4:8]] == ["1", "T2", "T2", "4"]


# --- Coin flip -------------------------------------------------------------------------------


def test_coin_flip_with_a_seed_is_reproducible_and_reported(section: Section) -> None:
    first = run_json(
        section.tournament.slug,
        "--tiebreaks",
        "cumulative_opposition,coin_flip",
        "--seed",
        "abc",
    )
    again = run_json(
        section.tournament.slug,
        "--tiebreaks",
        "cumulative_opposition,coin_flip",
        "--seed",
        "abc",
    )

    assert first["lots_seed"] == "abc"
    assert first == again
    # The coin flip breaks the one tie left (Alice and Eve), so no rank is shared.
    assert not any(r["shared"] for r in first["standings"])
    assert {r["start_number"] for r in first["standings"][1:3]} == {1, 5}


def test_coin_flip_uses_the_sections_recorded_seed(section: Section) -> None:
    Section.objects.filter(pk=section.pk).update(lots_seed="recorded-seed")

    document = run_json(section.tournament.slug, "--tiebreaks", "coin_flip")

    assert document["lots_seed"] == "recorded-seed"


def test_coin_flip_without_a_seed_generates_one_and_writes_nothing(
    section: Section,
) -> None:
    out, err = run(
        section.tournament.slug, "--tiebreaks", "coin_flip", "--format", "json"
    )
    seed = json.loads(out)["lots_seed"]

    assert len(seed) == 16
    int(seed, 16)
    assert seed in err
    assert "record it" in err
    section.refresh_from_db()
    assert section.lots_seed == ""

    text, _ = run(section.tournament.slug, "--tiebreaks", "coin_flip")
    assert "record it as the section's lots seed" in text


def test_no_lots_seed_in_json_without_coin_flip(section: Section) -> None:
    assert "lots_seed" not in run_json(section.tournament.slug, "--seed", "abc")


# --- Errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-event"], "no tournament with slug 'no-such-event'"),
        (
            ["{slug}", "--section", "Reserve"],
            "has no section 'Reserve'; its sections are 'Open', 'U1600'",
        ),
        (
            ["{slug}"],
            "has several sections; choose one with --section: 'Open', 'U1600'",
        ),
        (
            ["{slug}", "--section", "Open", "--after-round", "5"],
            "round 5 does not exist: Open has rounds 1 to 4",
        ),
        (
            ["{slug}", "--section", "Open", "--after-round", "-1"],
            "round -1 does not exist",
        ),
        (
            ["{slug}", "--section", "Open", "--tiebreaks", "solkof"],
            "'solkof'.*known ids: .*modified_median",
        ),
        (
            ["{slug}", "--section", "Open", "--tiebreaks", "kashdan:unplayed=7"],
            "--tiebreaks: .*kashdan",
        ),
        (
            ["{slug}", "--section", "U1600", "--after-round", "1"],
            "round 1, board 1: no result yet",
        ),
    ],
    ids=[
        "unknown-slug",
        "unknown-section",
        "several-sections-none-chosen",
        "round-past-the-last",
        "negative-round",
        "unknown-tiebreak",
        "bad-tiebreak-option",
        "result-missing",
    ],
)
def test_bad_input_is_a_command_error_with_a_clear_message(
    section: Section, args: list[str], message: str
) -> None:
    section_build(
        ratings=[1200, 1100],
        rounds=["1-2 ?"],
        tournament=section.tournament,
        name="U1600",
    )

    with pytest.raises(CommandError, match=message):
        run(*(a.format(slug=section.tournament.slug) for a in args))


def test_bad_posted_order_names_the_section() -> None:
    section = section_build(
        ratings=[1200], rounds=["1 U"], tiebreaks="solkoff,nonsense"
    )

    with pytest.raises(
        CommandError, match="the posted tiebreaks of Open: .*'nonsense'"
    ):
        run(section.tournament.slug)


def test_tournament_without_sections_is_an_error() -> None:
    tournament = tournament_build(name="Empty Open")

    with pytest.raises(CommandError, match="Empty Open has no sections"):
        run(tournament.slug)


def test_explain_shows_one_players_terms_by_start_number_and_name(
    section: Section,
) -> None:
    out, _ = run(section.tournament.slug, "--explain", "5")
    place, explained = out.split("How the tiebreaks of #5 Eve Ertel arose:")
    # Eve and Alice both have 2.5 (places 2-3); Modified Median put Alice above (see EXPECTED).
    assert (
        "#5 Eve Ertel: rank 3 with 2.5 points; the players on 2.5 occupy places 2-3."
        in place
    )
    assert (
        "  #1 Alice Avery (above, rank 2): decided by Modified Median: 4.5 against 5.5"
        in place
    )
    median = explained.split("Solkoff")[0]
    # Eve (plus score 2.5 of 4): Bob 2 and Carol count; her unplayed rounds 2 and 4 are
    # opponents with 0 (34E1) and the plus score drops the lowest of them. Carol scored 3, but
    # her round-1 forfeit win counts ½ in her adjusted score: 2.5.
    assert "R1 #2 Bob Brandt: 2 " in median
    assert "R3 #3 Carol Chen: 3 (2.5 with round 1 unplayed counted ½) " in median
    assert "dropped R" in median and "plus score" in median
    cumulative = explained.split("Cumulative: 4")[1].split("Cumulative of Opposition")[
        0
    ]
    # 34E3: one point off for the pairing bye (round 2) and the forfeit win (round 4); the
    # running scores name the round, not the opponent.
    assert "+ after round 1: 0.5  (running score after round 1 (draw))" in cumulative
    assert "Bob" not in cumulative
    assert "- R2 1:" in cumulative
    assert "- R4 1:" in cumulative


def test_explain_with_json_adds_an_explanation_object_and_changes_nothing_else(
    section: Section,
) -> None:
    plain = run_json(section.tournament.slug)
    document = run_json(section.tournament.slug, "--explain", "5")

    explanation = document.pop("explanation")
    assert document == plain
    assert explanation["start_number"] == 5
    assert explanation["name"] == "Eve Ertel"
    assert (explanation["rank"], explanation["score"]) == (3, "2.5")
    assert explanation["places"] == [2, 3]
    assert explanation["decided_by"] == "modified_median"
    assert explanation["neighbours"] == [
        {
            "start_number": 1,
            "name": "Alice Avery",
            "rank": 2,
            "above": True,
            "decided_by": "modified_median",
            "own": "4.5",
            "theirs": "5.5",
            "pass": 1,
            "text": "decided by Modified Median: 4.5 against 5.5",
        }
    ]
    assert [t["key"] for t in explanation["tiebreaks"]] == US_CHESS_KEYS
    [median, solkoff, cumulative, _] = explanation["tiebreaks"]
    carol = next(t for t in solkoff["terms"] if t["round"] == 3)
    assert carol == {
        "round": 3,
        "opponent": {"start_number": 3, "name": "Carol Chen"},
        "value": "2.5",
        "actual": "3",
        "note": carol["note"],
        "text": "R3 #3 Carol Chen: 3 (2.5 with round 1 unplayed counted ½)",
    }
    assert median["value"] == "4.5"
    assert [d["round"] for d in cumulative["deductions"]] == [2, 4]
    assert all(t["opponent"] is None for t in cumulative["terms"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--explain", "9"), "Open has no player number 9"),
        (("--explain", "9", "--format", "json"), "Open has no player number 9"),
        (
            ("--explain", "1", "--format", "csv"),
            "--explain goes with --format text or json",
        ),
    ],
    ids=["unknown-player", "unknown-player-json", "csv"],
)
def test_explain_refuses_an_unknown_player_or_csv(
    section: Section, args: tuple[str, ...], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        run(section.tournament.slug, *args)


# --- Round 0: the starting list -----------------------------------------------------------


def test_after_round_0_is_the_starting_list(section: Section) -> None:
    document = run_json(section.tournament.slug, "--after-round", "0")

    assert document["after_round"] == 0
    assert [
        (r["rank"], r["shared"], r["start_number"], r["score"])
        for r in document["standings"]
    ] == [(1, True, n, "0") for n in range(1, 7)]
    out, _ = run(section.tournament.slug, "--after-round", "0")
    assert out.splitlines()[0] == (
        f"{section.tournament.name}, Open: starting list before round 1 of 4 "
        "(no results yet: everyone on 0, listed by start number)"
    )


def test_round_out_of_range_names_the_rounds_and_round_0(section: Section) -> None:
    for bad in ("5", "-1"):
        with pytest.raises(
            CommandError,
            match=rf"round {bad} does not exist: Open has rounds 1 to 4 \(0 gives the "
            r"starting list, before round 1\)",
        ):
            run(section.tournament.slug, "--after-round", bad)
