"""A section's prize fund as JSON: checked prize by prize, stored and downloaded in one canonical form.

The fund file (``manage.py prizes --fund FILE``, the TD page's upload and download)::

    {"prizes": [
        {"label": "1st", "places": [1], "cash": "500", "item": "Trophy"},
        {"label": "U1600 1st", "max_rating": 1599, "places": [1], "cash": "100"},
        {"label": "Best unrated", "unrated": true, "places": [1], "item": "Book"},
        {"label": "Under 12", "group": "Under 12", "places": [1, 2], "cash": "25"}
    ]}

A prize with no class limit (``max_rating``, ``min_rating``, ``unrated``, ``group``) is a place
prize. ``places`` are the places it pays, each the same ``cash`` and ``item`` (overall places for
a place prize, places among the eligible players for a class prize). Pure validation, no
database: the service ``section_prize_fund_set`` saves what ``fund_clean`` returns.
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from typing import Any

from standings.engine.prizes import Prize
from tournaments.models import RATING_MAX

FUND_NOT_OBJECT = 'The prize fund must be a JSON object with a "prizes" list.'
FUND_NOT_JSON = "The prize fund is not valid JSON: {error}."
FUND_UNKNOWN_KEYS = 'The prize fund has unknown keys: {keys} (only "prizes").'
PRIZE_NOT_OBJECT = "must be an object with a label and places"
PRIZE_UNKNOWN_KEYS = "unknown keys {keys}; allowed: {allowed}"
PRIZE_LABEL_MISSING = "needs a label (the name shown on the prize list)"
PRIZE_LABEL_TOO_LONG = "label is longer than {n} characters"
PRIZE_LABEL_TWICE = "label {label!r} is used by an earlier prize; labels must differ"
PRIZE_PLACES_BAD = (
    "places must be a list of whole numbers from 1, e.g. [1] or [1, 2, 3]"
)
PRIZE_PLACES_TWICE = "places lists place {place} twice"
PRIZE_CASH_BAD = "cash {cash!r} is not an amount like 500 or 12.50"
PRIZE_CASH_NEGATIVE = "cash cannot be negative"
PRIZE_CASH_CENTS = "cash {cash!r} has more than two decimal places"
PRIZE_CASH_TOO_LARGE = "cash {cash!r} is more than 10,000,000"
PRIZE_EMPTY = "has neither cash nor an item"
PRIZE_ITEM_BAD = "item must be text (a trophy, title or qualifier)"
PRIZE_RATING_BAD = "{field} must be a whole number from 0 to {max}"
PRIZE_RATING_ORDER = "min_rating {low} is above max_rating {high}: nobody can win it"
PRIZE_UNRATED_BAD = "unrated must be true or false"
PRIZE_UNRATED_WITH_LIMIT = "an unrated prize cannot have a rating limit as well"
PRIZE_GROUP_BAD = 'group must be the name of a players\' group, e.g. "Under 12"'

LABEL_MAX = 100
PLACE_MAX = 9999
CASH_MAX = Decimal(10_000_000)
ALLOWED = (
    "label",
    "places",
    "cash",
    "item",
    "max_rating",
    "min_rating",
    "unrated",
    "group",
)


class FundError(ValueError):
    """A fund that cannot be saved: every problem found, each naming its prize."""

    def __init__(
        self, messages: list[str], problems: list[tuple[int, str]] | None = None
    ) -> None:
        super().__init__("; ".join(messages))
        self.messages = messages
        # (prize number from 1, problem) for each problem of one prize, so a form can show it
        # on its row.
        self.problems = problems or []


def fund_loads(text: str) -> dict[str, Any]:
    """The fund JSON text as a canonical fund; ``FundError`` if it is not JSON or not a fund."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise FundError([FUND_NOT_JSON.format(error=error)]) from None
    except RecursionError:
        # Thousands of nested brackets: the parser runs out of stack, not into a ValueError.
        raise FundError([FUND_NOT_JSON.format(error="nested too deeply")]) from None
    return fund_clean(data)


def fund_clean(data: object) -> dict[str, Any]:
    """The fund in canonical form (what is stored and downloaded); ``FundError`` lists every problem."""
    if not isinstance(data, dict) or not isinstance(data.get("prizes"), list):
        raise FundError([FUND_NOT_OBJECT])
    extra = sorted(set(data) - {"prizes"})
    errors = []
    per_prize: list[tuple[int, str]] = []
    if extra:
        errors.append(FUND_UNKNOWN_KEYS.format(keys=", ".join(extra)))
    prizes = []
    labels: set[str] = set()
    for n, raw in enumerate(data["prizes"], start=1):
        prize, problems = _prize(raw, labels)
        if problems:
            name = f"Prize {n}"
            if isinstance(raw, dict) and isinstance(raw.get("label"), str):
                name += f" ({raw['label'].strip()})"
            errors += [f"{name}: {p}." for p in problems]
            per_prize += [(n, p) for p in problems]
        else:
            prizes.append(prize)
    if errors:
        raise FundError(errors, per_prize)
    return {"prizes": prizes}


def fund_prizes(fund: object) -> tuple[Prize, ...]:
    """The engine's prizes of a fund (as stored: ``{}`` is an empty fund); ``FundError`` if bad."""
    if fund in ({}, None):
        return ()
    return tuple(
        Prize(
            label=p["label"],
            places=tuple(p["places"]),
            cash=cents(p.get("cash", "0")),
            item=p.get("item", ""),
            max_rating=p.get("max_rating"),
            min_rating=p.get("min_rating"),
            unrated=p.get("unrated", False),
            group=p.get("group"),
        )
        for p in fund_clean(fund)["prizes"]
    )


def cents(amount: str) -> int:
    """ "12.50" -> 1250 (an amount ``fund_clean`` accepted)."""
    return int(Decimal(amount) * 100)


def _amount_text(value: Decimal) -> str:
    """Whole amounts without decimals ("500"), others with two ("12.50")."""
    if value == value.to_integral_value():
        return str(int(value))
    return f"{value:.2f}"


def _prize(raw: object, labels: set[str]) -> tuple[dict[str, Any], list[str]]:
    """One prize in canonical form and the problems found (an empty list when it is fine)."""
    if not isinstance(raw, dict):
        return {}, [PRIZE_NOT_OBJECT]
    problems = []
    out: dict[str, Any] = {}
    extra = sorted(set(raw) - set(ALLOWED))
    if extra:
        problems.append(
            PRIZE_UNKNOWN_KEYS.format(keys=", ".join(extra), allowed=", ".join(ALLOWED))
        )
    label = raw.get("label")
    if not isinstance(label, str) or not label.strip():
        problems.append(PRIZE_LABEL_MISSING)
    elif len(label.strip()) > LABEL_MAX:
        problems.append(PRIZE_LABEL_TOO_LONG.format(n=LABEL_MAX))
    elif label.strip().casefold() in labels:
        problems.append(PRIZE_LABEL_TWICE.format(label=label.strip()))
    else:
        out["label"] = label.strip()
        labels.add(label.strip().casefold())
    places = raw.get("places")
    if (
        not isinstance(places, list)
        or not places
        or not all(
            isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= PLACE_MAX
            for p in places
        )
    ):
        problems.append(PRIZE_PLACES_BAD)
    elif len(set(places)) != len(places):
        twice = next(p for p in places if places.count(p) > 1)
        problems.append(PRIZE_PLACES_TWICE.format(place=twice))
    else:
        out["places"] = sorted(places)
    known = len(problems)
    cash = _cash(raw.get("cash"), problems)
    cash_bad = len(problems) > known
    if cash:
        out["cash"] = _amount_text(cash)
    item = raw.get("item", "")
    if not isinstance(item, str):
        problems.append(PRIZE_ITEM_BAD)
    elif item.strip():
        out["item"] = item.strip()
    if not cash and not cash_bad and not (isinstance(item, str) and item.strip()):
        problems.append(PRIZE_EMPTY)
    for field in ("max_rating", "min_rating"):
        value = raw.get(field)
        if value is None:
            continue
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or not 0 <= value <= RATING_MAX
        ):
            problems.append(PRIZE_RATING_BAD.format(field=field, max=RATING_MAX))
        else:
            out[field] = value
    low, high = out.get("min_rating"), out.get("max_rating")
    if low is not None and high is not None and low > high:
        problems.append(PRIZE_RATING_ORDER.format(low=low, high=high))
    unrated = raw.get("unrated", False)
    if not isinstance(unrated, bool):
        problems.append(PRIZE_UNRATED_BAD)
    elif unrated:
        if "max_rating" in raw or "min_rating" in raw:
            problems.append(PRIZE_UNRATED_WITH_LIMIT)
        out["unrated"] = True
    group = raw.get("group")
    if group is not None:
        if not isinstance(group, str) or not group.strip() or "," in group:
            problems.append(PRIZE_GROUP_BAD)
        else:
            out["group"] = group.strip()
    return out, problems


def _cash(value: object, problems: list[str]) -> Decimal:
    """The cash amount (0 when absent); appends a problem and gives 0 when it is bad."""
    if value is None or value == "":
        return Decimal(0)
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        problems.append(PRIZE_CASH_BAD.format(cash=value))
        return Decimal(0)
    text = str(value).strip().removeprefix("$").replace(",", "")
    try:
        amount = Decimal(text)
    except InvalidOperation:
        problems.append(PRIZE_CASH_BAD.format(cash=value))
        return Decimal(0)
    if not amount.is_finite():
        problems.append(PRIZE_CASH_BAD.format(cash=value))
    elif amount < 0:
        problems.append(PRIZE_CASH_NEGATIVE)
    elif amount > CASH_MAX:
        problems.append(PRIZE_CASH_TOO_LARGE.format(cash=value))
    elif amount != amount.quantize(Decimal("0.01")):
        problems.append(PRIZE_CASH_CENTS.format(cash=value))
    else:
        return amount
    return Decimal(0)
