"""The fund JSON: canonical form, one clear message per problem naming its prize, engine prizes."""

from __future__ import annotations

from typing import Any

import pytest

from standings.engine.prizes import Prize
from tournaments import prize_fund
from tournaments.prize_fund import FundError, fund_clean, fund_loads, fund_prizes

ISSUE_EXAMPLE = {
    "prizes": [
        {"label": "1st", "places": [1], "cash": "500", "item": "Trophy"},
        {"label": "U1600 1st", "max_rating": 1599, "places": [1], "cash": "100"},
        {"label": "Best unrated", "unrated": True, "places": [1], "item": "Book"},
    ]
}


def test_the_issue_example_is_a_valid_fund_and_stays_as_written() -> None:
    assert fund_clean(ISSUE_EXAMPLE) == ISSUE_EXAMPLE


def test_amounts_and_text_are_written_one_way() -> None:
    cleaned = fund_clean(
        {
            "prizes": [
                {"label": " 2nd ", "places": [3, 2], "cash": "$1,200.50"},
                {"label": "Under 12", "group": " Under 12 ", "places": [1], "cash": 25},
                {"label": "Class B", "min_rating": 1600, "max_rating": 1799, "places": [1], "cash": "40.00", "item": ""},
            ]
        }
    )  # fmt: skip
    assert cleaned["prizes"] == [
        {"label": "2nd", "places": [2, 3], "cash": "1200.50"},
        {"label": "Under 12", "places": [1], "cash": "25", "group": "Under 12"},
        {"label": "Class B", "places": [1], "cash": "40", "max_rating": 1799, "min_rating": 1600},
    ]  # fmt: skip


def test_engine_prizes_carry_cents_and_limits() -> None:
    assert fund_prizes(ISSUE_EXAMPLE) == (
        Prize("1st", (1,), 50000, "Trophy"),
        Prize("U1600 1st", (1,), 10000, max_rating=1599),
        Prize("Best unrated", (1,), 0, "Book", unrated=True),
    )
    assert fund_prizes({}) == ()


def prize(**fields: Any) -> dict[str, Any]:
    return {"label": "X", "places": [1], "cash": "10", **fields}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (prize(label=""), prize_fund.PRIZE_LABEL_MISSING),
        (prize(places=[]), prize_fund.PRIZE_PLACES_BAD),
        (prize(places=["1"]), prize_fund.PRIZE_PLACES_BAD),
        (prize(places=[True]), prize_fund.PRIZE_PLACES_BAD),
        (prize(places=[1, 1]), prize_fund.PRIZE_PLACES_TWICE.format(place=1)),
        (prize(cash="ten"), prize_fund.PRIZE_CASH_BAD.format(cash="ten")),
        (prize(cash="-1"), prize_fund.PRIZE_CASH_NEGATIVE),
        (prize(cash="1.005"), prize_fund.PRIZE_CASH_CENTS.format(cash="1.005")),
        (prize(cash="NaN"), prize_fund.PRIZE_CASH_BAD.format(cash="NaN")),
        (prize(cash="0"), prize_fund.PRIZE_EMPTY),
        (prize(item=5), prize_fund.PRIZE_ITEM_BAD),
        (
            prize(max_rating=4000),
            prize_fund.PRIZE_RATING_BAD.format(field="max_rating", max=3500),
        ),
        (
            prize(min_rating=1800, max_rating=1600),
            prize_fund.PRIZE_RATING_ORDER.format(low=1800, high=1600),
        ),
        (prize(unrated="yes"), prize_fund.PRIZE_UNRATED_BAD),
        (prize(unrated=True, max_rating=1599), prize_fund.PRIZE_UNRATED_WITH_LIMIT),
        (prize(group="A, B"), prize_fund.PRIZE_GROUP_BAD),
        (prize(colour="red"), "unknown keys colour"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 else None,
)
def test_each_problem_is_named_with_its_prize(
    raw: dict[str, Any], message: str
) -> None:
    with pytest.raises(FundError) as error:
        fund_clean({"prizes": [prize(label="1st"), raw]})
    assert any(
        m.startswith("Prize 2") and message in m for m in error.value.messages
    ), error.value.messages


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(FundError) as error:
        fund_clean({"prizes": [prize(places=[0]), prize(label="Y", cash="-1"), "x"]})
    assert len(error.value.messages) == 3
    assert error.value.messages[2] == f"Prize 3: {prize_fund.PRIZE_NOT_OBJECT}."


def test_labels_must_differ() -> None:
    with pytest.raises(FundError, match="used by an earlier prize"):
        fund_clean({"prizes": [prize(label="1st"), prize(label="1ST", places=[2])]})


@pytest.mark.parametrize("text", ["", "[", '{"prizes": 5}', '{"prizes": [], "x": 1}'])
def test_text_that_is_not_a_fund_is_refused(text: str) -> None:
    with pytest.raises(FundError):
        fund_loads(text)
