"""Tiebreak orders as text: parsing, canonical form, aliases, presets and clear errors."""

from __future__ import annotations

import pytest

from standings.engine import (
    CATALOGUES,
    PRESETS,
    SYSTEMS,
    DuplicateTiebreak,
    InvalidTiebreakOption,
    TiebreakSpec,
    UnknownTiebreak,
    default_order,
    format_order,
    parse_order,
)
from standings.engine.systems import OptionDef
from standings.engine.teams import TEAM_SYSTEMS, parse_team_order

REQUIRED_IDS = {
    "modified_median",
    "median",
    "solkoff",
    "cumulative",
    "cumulative_opposition",
    "cumulative_cut",
    "sonneborn_berger",
    "kashdan",
    "wins",
    "most_blacks",
    "black_win_points",
    "result_between_tied",
    "head_to_head",
    "average_opposition",
    "average_opposition_cut1",
    "opposition_rating_sum",
    "opposition_performance",
    "actual_play_first",
    "coin_flip",
}


def test_registry_has_exactly_the_required_ids() -> None:
    assert set(SYSTEMS) == REQUIRED_IDS


def test_every_system_cites_a_source_and_names_its_options() -> None:
    for system in SYSTEMS.values():
        assert system.name and system.source
        for option in system.options:
            assert option.help
            assert option.default is None or option.default in option.values


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("solkoff", ["solkoff"]),
        (
            "modified_median,solkoff,cumulative_cut:cut=2,kashdan:unplayed=2",
            [
                "modified_median",
                "solkoff",
                "cumulative_cut:cut=2",
                "kashdan:unplayed=2",
            ],
        ),
        ("  Solkoff ,  Modified Median ", ["solkoff", "modified_median"]),
        ("sonneborn-berger", ["sonneborn_berger"]),
        (
            "kashdan:unplayed=0",
            ["kashdan"],
        ),  # a default value is left out of the canonical text
        (
            "modified_median:minus=drop_lowest:even=wins_equal_losses",
            ["modified_median:even=wins_equal_losses:minus=drop_lowest"],
        ),
        ("cumulative_cut:cut=01", ["cumulative_cut:cut=1"]),
        (
            "cumulative_cut:cut=1,cumulative_cut:cut=2",
            ["cumulative_cut:cut=1", "cumulative_cut:cut=2"],
        ),
        ("", []),
        ("solkoff,", ["solkoff"]),
    ],
    ids=[
        "one",
        "brief-example",
        "spaces-and-case",
        "hyphen",
        "default-dropped",
        "sorted-options",
        "cut-number",
        "cut-twice",
        "empty",
        "trailing-comma",
    ],
)
def test_parse_order_gives_canonical_keys(text: str, keys: list[str]) -> None:
    assert [s.key for s in parse_order(text)] == keys


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("buchholz", "solkoff"),
        ("median_buchholz", "median"),
        ("Median-Buchholz", "median"),
        ("harkness", "median"),
        ("basic_median", "median"),
        ("progress", "cumulative"),
        ("berger", "sonneborn_berger"),
        ("performance_of_opposition", "opposition_performance"),
    ],
    ids=lambda v: v,
)
def test_fide_and_other_names_are_aliases(alias: str, canonical: str) -> None:
    (spec,) = parse_order(alias)
    assert spec.id == canonical
    assert format_order([spec]) == canonical


def test_alias_keeps_its_options() -> None:
    assert (
        format_order(parse_order("berger:scores=adjusted"))
        == "sonneborn_berger:scores=adjusted"
    )


# Each preset, item by item, as its text words it (the quote), and the spec that reading gives.
# Written from the texts, not from the preset strings.
PRESET_TEXTS: dict[str, list[tuple[str, str]]] = {
    # US Chess, Official Rules of Chess, 7th ed., 34E: the list, each system as 34E1-34E9 define it
    "uschess": [
        ("1. Modified Median", "modified_median"),
        ("2. Solkoff", "solkoff"),
        ("3. Cumulative", "cumulative"),
        ("4. Cumulative of Opposition", "cumulative_opposition"),
    ],
    # The SCA posting: "SCA uses the following 5 tie-breaks in the order indicated."
    "sca": [
        (
            "1 [M] Modified Median: summing the final scores of his or her opponents ... more "
            "than 50 percent score have only their lowest-scoring opponent's score discarded "
            "(no unplayed-game adjustment, no nine-round clause)",
            "modified_median:adjust=none:nine_rounds=drop_one",
        ),
        (
            "2 [S] Solkoff: just like the Median except that no opponents' scores are discarded",
            "solkoff:adjust=none",
        ),
        (
            "3 [B] Basic Median: works just like the modified median, but highs and lows are "
            "discarded regardless of the player's score",
            "median:adjust=none:nine_rounds=drop_one",
        ),
        (
            "4 [C] Cumulative Score: just add up the cumulative (running) score for each round "
            "(no deduction)",
            "cumulative:deduct=none",
        ),
        (
            "5 [P] Performance of Opposition: averages the performance ratings of the players' "
            "opposition",
            "opposition_performance",
        ),
    ],
    # MCA tiebreak rules (amended 2001): "this ordered list of tiebreak systems"
    "mca": [
        (
            "If a player who scored in actual play ties with one whose entire point total is due "
            "to unplayed games ... the player who scored in actual play wins automatically.",
            "actual_play_first",
        ),
        (
            "MODIFIED MEDIAN. ... Players with minus scores have the lowest opponent's adjusted "
            "score dropped. (no nine-round clause)",
            "modified_median:minus=drop_lowest:nine_rounds=drop_one",
        ),
        ("SOLKOFF. Add the adjusted scores of all opponents", "solkoff"),
        (
            "CUMULATIVE. ... subtract one point for each one-point bye or forfeit win",
            "cumulative:deduct=mca",
        ),
        ("RESULT BETWEEN TIED PLAYERS.", "result_between_tied"),
        ("MOST BLACKS.", "most_blacks"),
        (
            "SONNENBORN-BERGER. Add the adjusted scores of each opponent defeated",
            "sonneborn_berger:scores=adjusted",
        ),
        ("KASHDAN. ... Each unplayed game counts as two points.", "kashdan:unplayed=2"),
        ("COIN FLIP.", "coin_flip"),
    ],
}


@pytest.mark.parametrize("preset", sorted(PRESET_TEXTS))
def test_each_preset_is_its_texts_list_read_literally(preset: str) -> None:
    expected = ",".join(key for _, key in PRESET_TEXTS[preset])
    assert format_order(parse_order(preset)) == expected
    assert format_order(PRESETS[preset]) == expected


def test_presets_are_exactly_the_posted_orders() -> None:
    assert set(PRESETS) == set(PRESET_TEXTS)


def test_swisssys_is_a_catalogue_not_a_posted_order() -> None:
    # The SwissSys list: "the tiebreak systems which SwissSys supports", in the text's order;
    # "cut X starts at 1"; the last, unnamed "straightforward method" read as Number of Wins.
    assert "swisssys" not in PRESETS
    assert format_order(CATALOGUES["swisssys"]) == (
        "modified_median,median,solkoff,cumulative,cumulative_opposition,cumulative_cut:cut=1,"
        "kashdan,opposition_performance,average_opposition,average_opposition_cut1,head_to_head,"
        "most_blacks,black_win_points,sonneborn_berger,wins"
    )
    with pytest.raises(UnknownTiebreak, match="catalogue .* not a posted order"):
        parse_order("swisssys")


@pytest.mark.parametrize(
    ("round_robin", "expected"),
    [
        # US Chess 34E: "players will expect the following sequence"
        (False, "modified_median,solkoff,cumulative,cumulative_opposition"),
        # SwissSys list, Sonneborn-Berger: "most often used for round robin events"; Rozycki
        # 1997: result between tied players, and Number of Wins "(particularly in round-robins)"
        (True, "sonneborn_berger,result_between_tied,wins"),
    ],
    ids=["swiss", "round-robin"],
)
def test_default_order_offered_for_a_section(round_robin: bool, expected: str) -> None:
    text = default_order(round_robin)
    assert text == expected
    assert format_order(parse_order(text)) == text


def test_preset_can_be_followed_by_more_items() -> None:
    assert format_order(parse_order("uschess,kashdan")).endswith(
        "cumulative_opposition,kashdan"
    )


@pytest.mark.parametrize(
    "text",
    [
        "uschess",
        "mca",
        "sca",
        "modified_median:even=wins_equal_losses:minus=drop_lowest:adjust=none:nine_rounds=drop_one",
        "cumulative_cut:cut=3:deduct=none,average_opposition:opponents=paired",
    ],
    ids=["uschess", "mca", "sca", "all-mm-options", "cut-and-opponents"],
)
def test_format_order_round_trips(text: str) -> None:
    specs = parse_order(text)
    assert parse_order(format_order(specs)) == specs


def test_label_names_the_options_in_words() -> None:
    assert parse_order("kashdan:unplayed=2")[0].label == "Kashdan (unplayed rounds 2)"
    assert (
        parse_order("modified_median:adjust=none:nine_rounds=drop_one")[0].label
        == "Modified Median (plain scores, no extra drop at 9+ rounds)"
    )
    # 34E1: the Median drops the highest and the lowest, two of each at nine rounds.
    assert (
        parse_order("median:nine_rounds=drop_one")[0].label
        == "Median (one dropped at each end at 9+ rounds)"
    )
    assert (
        parse_order("cumulative_cut:cut=1")[0].label
        == "Cumulative cut (first round cut)"
    )
    assert (
        parse_order("cumulative_cut:cut=3")[0].label
        == "Cumulative cut (first 3 rounds cut)"
    )
    assert parse_order("solkoff")[0].label == "Solkoff"
    assert (
        parse_team_order("opponents_score:score=game_points")[0].label
        == "Sum of opposing teams' scores (game points)"
    )


def _option_values() -> list[tuple[str, OptionDef, str]]:
    """(system, option, value) for every option value of every registered system, player and
    team; a whole-number option is read at 1 (singular) and 3 (plural)."""
    registered: list[tuple[str, tuple[OptionDef, ...]]] = [
        *((s.id, s.options) for s in SYSTEMS.values()),
        *((f"team {s.id}", s.options) for s in TEAM_SYSTEMS.values()),
    ]
    return [
        (sid, o, v)
        for sid, options in registered
        for o in options
        for v in (o.values or ("1", "3"))
    ]


@pytest.mark.parametrize(
    ("system", "option", "value"),
    _option_values(),
    ids=[f"{s}:{o.name}={v}" for s, o, v in _option_values()],
)
def test_every_option_value_has_its_own_phrase(
    system: str, option: OptionDef, value: str
) -> None:
    # One phrase per value (two for a whole number: singular and plural), none blank, none
    # shared: a label must tell the values apart without showing the option's code.
    assert len(option.phrases) == (len(option.values) if option.values else 2)
    phrase = option.phrase(value)
    assert phrase.strip() and "{" not in phrase and "=" not in phrase
    others = [option.phrase(v) for v in (option.values or ("1", "3")) if v != value]
    assert phrase not in others
    if not option.values:
        assert value in phrase or value == "1"


def _one_option_specs() -> list[TiebreakSpec]:
    """Every system with one option off its default (a required option also set, at 2)."""
    return [
        TiebreakSpec(
            s.id,
            ((o.name, v),)
            + tuple((r.name, "2") for r in s.options if r.default is None and r != o),
        )
        for s in SYSTEMS.values()
        for o in s.options
        for v in (o.values or ("1", "3"))
        if v != o.default
    ]


@pytest.mark.parametrize("spec", _one_option_specs(), ids=lambda spec: spec.key)
def test_label_shows_no_option_code(spec: TiebreakSpec) -> None:
    # What players read: the system's name and, in brackets, the option in words, never its
    # code ("nine_rounds = drop_one").
    name, _, rest = spec.label.partition(" (")
    assert name == spec.system.name
    assert rest.endswith(")") and "=" not in rest and "_" not in rest


def test_spec_built_directly_is_canonical() -> None:
    spec = TiebreakSpec("Buchholz", (("adjust", "uschess"),))
    assert spec == TiebreakSpec("solkoff")
    assert spec.key == "solkoff"


@pytest.mark.parametrize(
    ("text", "error", "fragments"),
    [
        (
            "solkof",
            UnknownTiebreak,
            ["item 1", "'solkof'", "solkoff", "buchholz", "uschess"],
        ),
        ("solkoff,bogus", UnknownTiebreak, ["item 2", "'bogus'"]),
        (
            "kashdan:unplayed=3",
            InvalidTiebreakOption,
            ["item 1", "kashdan", "unplayed=0|2"],
        ),
        (
            "kashdan:colour=white",
            InvalidTiebreakOption,
            ["no option 'colour'", "unplayed=0|2"],
        ),
        (
            "cumulative_cut",
            InvalidTiebreakOption,
            ["needs the option cut", "whole number"],
        ),
        (
            "cumulative_cut:cut=0",
            InvalidTiebreakOption,
            ["cut='0'", "whole number from 1 to 999"],
        ),
        ("cumulative_cut:cut=two", InvalidTiebreakOption, ["cut='two'"]),
        (
            "cumulative_cut:cut=\u00b2",
            InvalidTiebreakOption,
            ["cumulative_cut", "whole number"],
        ),
        (
            "cumulative_cut:cut=\u0663",
            InvalidTiebreakOption,
            ["cumulative_cut", "whole number"],
        ),
        (
            "cumulative_cut:cut=" + "1" * 5000,
            InvalidTiebreakOption,
            ["whole number from 1 to 999"],
        ),
        ("kashdan:unplayed", InvalidTiebreakOption, ["name=value"]),
        ("kashdan:unplayed=2:unplayed=0", InvalidTiebreakOption, ["given twice"]),
        ("solkoff:adjust=none:", InvalidTiebreakOption, ["name=value"]),
        ("uschess:cut=1", InvalidTiebreakOption, ["preset takes no options"]),
        ("most_blacks:x=1", InvalidTiebreakOption, ["most_blacks takes no options"]),
        ("solkoff,buchholz", DuplicateTiebreak, ["solkoff appears twice"]),
        ("uschess,solkoff", DuplicateTiebreak, ["solkoff appears twice"]),
        (
            "cumulative_cut:cut=2,cumulative_cut:cut=02",
            DuplicateTiebreak,
            ["cumulative_cut:cut=2"],
        ),
    ],
    ids=[
        "typo",
        "second-item",
        "bad-value",
        "unknown-option",
        "missing-cut",
        "cut-zero",
        "cut-word",
        "cut-superscript",
        "cut-arabic-indic-digit",
        "cut-huge",
        "no-equals",
        "option-twice",
        "empty-option",
        "preset-options",
        "system-without-options",
        "alias-duplicate",
        "preset-duplicate",
        "same-cut-twice",
    ],
)
def test_bad_orders_raise_clear_errors(
    text: str, error: type[ValueError], fragments: list[str]
) -> None:
    with pytest.raises(error) as caught:
        parse_order(text)
    assert isinstance(caught.value, ValueError)
    for fragment in fragments:
        assert fragment in str(caught.value)
