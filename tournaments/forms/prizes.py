"""The TD's prize fund editor (one row per prize), the fund JSON upload, playoffs."""

from __future__ import annotations

import re
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.forms import BaseFormSet, formset_factory

from tournaments.models import RATING_MAX
from tournaments.prize_fund import (
    LABEL_MAX,
    PLACE_MAX,
    FundError,
    fund_clean,
    fund_loads,
)
from tournaments.validators import whole_number

PLACES_BAD = "Write places as 1, or 2-4, or 1, 3, 5."
FUND_NEITHER = "Choose a fund JSON file or paste the JSON."
FUND_BOTH = "Choose a file or paste the JSON, not both."
FUND_FILE_BAD = "The file is not UTF-8 text."
FUND_FILE_TOO_LARGE = "The file is larger than 1 MB: a prize fund is a few kilobytes."
PLAYOFF_PLAYERS_BAD = (
    "Write the players' start numbers in finishing order, winner first, e.g. 12, 7."
)
UPLOAD_MAX = 1_000_000  # bytes: a fund is a few kilobytes

_RANGE = re.compile(r"^(\d+)\s*-\s*(\d+)$")


def places_parse(text: str) -> list[int]:
    """ "1" -> [1]; "2-4" -> [2, 3, 4]; "1, 3" -> [1, 3]; ``ValueError`` otherwise."""
    places: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        match = _RANGE.match(part)
        if match:
            low, high = int(match[1]), int(match[2])
            if not 1 <= low <= high <= PLACE_MAX:
                raise ValueError(part)
            places += range(low, high + 1)
        elif part.isdigit():
            places.append(int(part))
        else:
            raise ValueError(part)
    return places


def places_text(places: list[int]) -> str:
    """[2, 3, 4] -> "2-4"; [1, 3] -> "1, 3"."""
    runs: list[list[int]] = []
    for p in sorted(places):
        if runs and p == runs[-1][-1] + 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


class CashField(forms.DecimalField):
    """An amount as a TD types it: 500, $500, $1,500.00 (a text box: a number box would refuse
    the dollar sign before the server sees it)."""

    widget = forms.TextInput(attrs={"inputmode": "decimal"})

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().removeprefix("$").replace(",", "").strip()
        return super().to_python(value)

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        # DecimalField would add step/min for a number box; a text box takes neither.
        return {}


class PrizeRowForm(forms.Form):
    """One prize; a row left blank is no prize. A row with any class limit is a class prize."""

    label = forms.CharField(max_length=LABEL_MAX, required=False)
    places = forms.CharField(max_length=100, required=False)
    cash = CashField(required=False, min_value=0, max_digits=10, decimal_places=2)
    item = forms.CharField(max_length=100, required=False)
    max_rating = forms.IntegerField(required=False, min_value=0, max_value=RATING_MAX)
    min_rating = forms.IntegerField(required=False, min_value=0, max_value=RATING_MAX)
    unrated = forms.BooleanField(required=False)
    group = forms.CharField(max_length=100, required=False)

    def clean_places(self) -> list[int]:
        text = self.cleaned_data["places"].strip()
        if not text:
            return []
        try:
            return places_parse(text)
        except ValueError:
            raise ValidationError(PLACES_BAD) from None

    def prize(self) -> dict[str, Any] | None:
        """The row as a fund prize (not yet checked), or None for a blank row."""
        data = self.cleaned_data
        prize: dict[str, Any] = {
            "label": data.get("label", ""),
            "places": data.get("places") or [],
        }
        if data.get("cash") is not None:
            prize["cash"] = str(data["cash"])
        for key in ("item", "group"):
            if data.get(key):
                prize[key] = data[key]
        for key in ("max_rating", "min_rating"):
            if data.get(key) is not None:
                prize[key] = data[key]
        if data.get("unrated"):
            prize["unrated"] = True
        if prize == {"label": "", "places": []}:
            return None
        return prize


# generic only in django-stubs (see tournaments/admin.py)
class BasePrizeFormSet(BaseFormSet):  # type: ignore[type-arg]
    fund: dict[str, Any]  # set by clean() when the rows make a valid fund

    def clean(self) -> None:
        """Check the rows together as a fund; a problem of one prize is shown on its row."""
        if any(self.errors):
            return
        rows = self._rows()
        try:
            self.fund = fund_clean({"prizes": [prize for _form, prize in rows]})
        except FundError as error:
            for number, problem in error.problems:
                rows[number - 1][0].add_error(
                    None, f"{problem[0].upper()}{problem[1:]}."
                )
            if not error.problems:
                raise ValidationError(error.messages) from None

    def _rows(self) -> list[tuple[PrizeRowForm, dict[str, Any]]]:
        rows = []
        for form in self.forms:
            if self.can_delete and form.cleaned_data.get("DELETE"):
                continue
            prize = form.prize()
            if prize is not None:
                rows.append((form, prize))
        return rows


PrizeFormSet = cast(
    type[BasePrizeFormSet],
    formset_factory(
        PrizeRowForm, formset=BasePrizeFormSet, extra=3, can_delete=True, max_num=200
    ),
)


def prize_initial(fund: dict[str, Any]) -> list[dict[str, Any]]:
    """The stored fund as the rows' initial values."""
    return [
        {
            "label": p.get("label", ""),
            "places": places_text(p.get("places", [])),
            "cash": p.get("cash"),
            "item": p.get("item", ""),
            "max_rating": p.get("max_rating"),
            "min_rating": p.get("min_rating"),
            "unrated": p.get("unrated", False),
            "group": p.get("group", ""),
        }
        for p in (fund or {}).get("prizes", [])
    ]


class FundUploadForm(forms.Form):
    """The fund JSON as a file or pasted text."""

    file = forms.FileField(required=False, label="Fund JSON file")
    text = forms.CharField(
        required=False,
        label="or paste the fund JSON",
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if upload and text:
            raise ValidationError(FUND_BOTH)
        if not upload and not text:
            raise ValidationError(FUND_NEITHER)
        if upload:
            if upload.size > UPLOAD_MAX:
                raise ValidationError(FUND_FILE_TOO_LARGE)
            try:
                text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise ValidationError(FUND_FILE_BAD) from None
        try:
            data["fund"] = fund_loads(text)
        except FundError as error:
            raise ValidationError(error.messages) from None
        return data


class PlayoffForm(forms.Form):
    players = forms.CharField(
        max_length=200,
        label="Players in finishing order",
        help_text="Start numbers, winner first, e.g. 12, 7",
    )
    note = forms.CharField(
        max_length=200, required=False, label="Note", help_text="e.g. G/5 playoff"
    )

    def clean_players(self) -> list[int]:
        parts = [
            p.strip() for p in self.cleaned_data["players"].replace(";", ",").split(",")
        ]
        numbers = [whole_number(p) for p in parts]
        if not parts or None in numbers:
            raise ValidationError(PLAYOFF_PLAYERS_BAD)
        return cast(list[int], numbers)


class PlayoffAnnouncedForm(forms.Form):
    announced = forms.BooleanField(
        required=False,
        label="A playoff was announced in all detailed pre-tournament publicity: playoffs decide cash too (34C)",
    )
