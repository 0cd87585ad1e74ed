"""Tiebreak orders as text: parsing, canonical form, aliases, presets and clear errors."""

from __future__ import annotations

import pytest

from standings.engine import (
    PRESETS,
    SYSTEMS,
    DuplicateTiebreak,
    InvalidTiebreakOption,
    TiebreakSpec,
    UnknownTiebreak,
    format_order,
    parse_order,
)

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


@pytest.mark.parametrize(
    ("preset", "text"),
    [
        ("uschess", "modified_median,solkoff,cumulative,cumulative_opposition"),
        ("sca", "modified_median,solkoff,median,cumulative,opposition_performance"),
        (
            "mca",
            "actual_play_first,modified_median:minus=drop_lowest:nine_rounds=drop_one,solkoff,"
            "cumulative:deduct=mca,result_between_tied,most_blacks,sonneborn_berger:scores=adjusted,"
            "kashdan:unplayed=2,coin_flip",
        ),
        (
            "swisssys",
            "modified_median,median,solkoff,cumulative,cumulative_opposition,cumulative_cut:cut=1,"
            "kashdan,opposition_performance,average_opposition,average_opposition_cut1,head_to_head,"
            "most_blacks,black_win_points,sonneborn_berger,wins",
        ),
    ],
    ids=lambda v: v[:12],
)
def test_presets_expand_to_the_posted_lists(preset: str, text: str) -> None:
    assert format_order(parse_order(preset)) == text
    assert format_order(PRESETS[preset]) == text


def test_preset_can_be_followed_by_more_items() -> None:
    assert format_order(parse_order("uschess,kashdan")).endswith(
        "cumulative_opposition,kashdan"
    )


@pytest.mark.parametrize(
    "text",
    [
        "uschess",
        "mca",
        "swisssys",
        "modified_median:even=wins_equal_losses:minus=drop_lowest:adjust=none:nine_rounds=drop_one",
        "cumulative_cut:cut=3:deduct=none,average_opposition:opponents=paired",
    ],
    ids=["uschess", "mca", "swisssys", "all-mm-options", "cut-and-opponents"],
)
def test_format_order_round_trips(text: str) -> None:
    specs = parse_order(text)
    assert parse_order(format_order(specs)) == specs


def test_label_names_the_options() -> None:
    assert parse_order("kashdan:unplayed=2")[0].label == "Kashdan (unplayed = 2)"
    assert parse_order("solkoff")[0].label == "Solkoff"


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
