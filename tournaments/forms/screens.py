"""Hall screens and the section's final mark: what the TD picks on the screens page."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments import selectors
from tournaments.models import HallScreen, Tournament
from tournaments.services import HALL_SCREEN_FIELDS

PART_BEYOND_PARTS = "Part {part} of {parts} does not exist: the part is 1 to {parts}."
SCREEN_NAME_MISSING = (
    "Give the screen a name, e.g. Door TV: the list of screens tells them apart by it."
)


def _between(message: str) -> dict[str, str]:
    """A number field's refusals, saying the range instead of Django's "Ensure this value is
    greater than or equal to 3"."""
    return {"min_value": message, "max_value": message}


class TimeInput(forms.TimeInput):
    """The browser's time picker (the page's template draws the field from its input type)."""

    input_type = "time"


class SectionChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    """A section by its own name: the list holds one tournament's sections, and "Riverside
    Spring Open 2025 – Open" was cut to the tournament's name in a phone's list."""

    def label_from_instance(self, obj: Any) -> str:
        return str(obj.name)


class HallScreenForm(forms.ModelForm):
    """A screen's name, section and content; its section must belong to the tournament."""

    seconds_per_page = forms.IntegerField(
        min_value=3,
        max_value=300,
        initial=15,
        label="Seconds per page",
        error_messages=_between("Each page stays up from 3 to 300 seconds."),
    )
    rows_per_page = forms.IntegerField(
        min_value=3,
        max_value=60,
        required=False,
        label="Lines per page",
        help_text="Empty: as many as fit.",
        error_messages=_between("From 3 to 60 lines a page, or empty: as many as fit."),
    )
    part = forms.IntegerField(
        min_value=1,
        max_value=20,
        initial=1,
        required=False,
        label="Part",
        error_messages=_between("A list is split in 1 to 20 parts."),
    )
    parts = forms.IntegerField(
        min_value=1,
        max_value=20,
        initial=1,
        required=False,
        label="Of parts",
        help_text="Screens sharing a list: 1 of 3, 2 of 3...",
        error_messages=_between("A list is split in 1 to 20 parts."),
    )
    message = forms.CharField(
        max_length=200, required=False, label="Message line", strip=True
    )
    next_round_at = forms.TimeField(
        required=False,
        label="Next round at",
        help_text="Today. Empty: the section's round schedule, if it has one.",
        error_messages={"invalid": "Enter a time such as 19:30, or leave it empty."},
        widget=TimeInput(format="%H:%M"),
    )

    class Meta:
        model = HallScreen
        labels = {"name": "Screen name"}
        field_classes = {"section": SectionChoiceField}
        error_messages = {"name": {"required": SCREEN_NAME_MISSING}}
        fields = list(HALL_SCREEN_FIELDS)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.instance.tournament = tournament
        section = self.fields["section"]
        assert isinstance(section, forms.ModelChoiceField)
        section.queryset = tournament.sections.all()
        section.empty_label = "First section"
        if self.instance.pk is not None:
            # The screen as the page showed it (``services.hall_screen_save``).
            self.fields["based_on"] = forms.CharField(
                widget=forms.HiddenInput,
                required=False,
                initial=selectors.row_version(self.instance, HALL_SCREEN_FIELDS),
            )

    def clean_name(self) -> str:
        # Unique in the tournament: ``services.hall_screen_save`` checks it, under a lock.
        return str(self.cleaned_data["name"]).strip()

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        # Left empty: the whole list on this one screen.
        for name in ("part", "parts"):
            if name not in self.errors and cleaned.get(name) is None:
                cleaned[name] = 1
        part, parts = cleaned.get("part"), cleaned.get("parts")
        if part is not None and parts is not None and part > parts:
            self.add_error("part", PART_BEYOND_PARTS.format(part=part, parts=parts))
        return cleaned


class SectionFinalForm(forms.Form):
    """Mark a section's results final (checked) or reopen them (unchecked, with a reason)."""

    final = forms.BooleanField(required=False)
    # The answer to "not finished: mark it final anyway?".
    confirm = forms.BooleanField(required=False)
    reason = forms.CharField(
        required=False,
        max_length=500,
        label="Why reopen?",
        help_text="Kept in the section's log and shown with its standings.",
    )
