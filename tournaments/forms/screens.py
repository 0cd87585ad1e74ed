"""Hall screens and the section's final mark: what the TD picks on the screens page."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.models import HallScreen, Tournament

PART_BEYOND_PARTS = "Part {part} of {parts} does not exist: the part is 1 to {parts}."


class HallScreenForm(forms.ModelForm):
    """A screen's name, section and content; its section must belong to the tournament."""

    seconds_per_page = forms.IntegerField(
        min_value=3, max_value=300, initial=15, label="Seconds per page"
    )
    rows_per_page = forms.IntegerField(
        min_value=3,
        max_value=60,
        required=False,
        label="Lines per page",
        help_text="Empty: as many as fit.",
    )
    part = forms.IntegerField(
        min_value=1, max_value=20, initial=1, required=False, label="Part"
    )
    parts = forms.IntegerField(
        min_value=1,
        max_value=20,
        initial=1,
        required=False,
        label="Of parts",
        help_text="Screens sharing a list: 1 of 3, 2 of 3...",
    )
    message = forms.CharField(
        max_length=200, required=False, label="Message line", strip=True
    )
    next_round_at = forms.TimeField(
        required=False,
        label="Next round at",
        help_text="Today. Empty: the section's round schedule, if it has one.",
        widget=forms.TimeInput(
            attrs={"type": "time", "class": "form-control"}, format="%H:%M"
        ),
    )

    class Meta:
        model = HallScreen
        fields = [
            "name",
            "section",
            "content",
            "seconds_per_page",
            "rows_per_page",
            "part",
            "parts",
            "message",
            "next_round_at",
        ]

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.instance.tournament = tournament
        section = self.fields["section"]
        assert isinstance(section, forms.ModelChoiceField)
        section.queryset = tournament.sections.all()
        section.empty_label = "First section"

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
