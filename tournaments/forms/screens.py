"""Hall screens and the section's final mark: what the TD picks on the screens page."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.models import HallScreen, Tournament

SCREEN_NAME_TAKEN = "This tournament already has a screen called {name}."


class HallScreenForm(forms.ModelForm):
    """A screen's name, section and content; its section must belong to the tournament."""

    seconds_per_page = forms.IntegerField(
        min_value=3, max_value=300, initial=15, label="Seconds per page"
    )

    class Meta:
        model = HallScreen
        fields = ["name", "section", "content", "seconds_per_page"]

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.instance.tournament = tournament
        section = self.fields["section"]
        assert isinstance(section, forms.ModelChoiceField)
        section.queryset = tournament.sections.all()
        section.empty_label = "First section"

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        taken = HallScreen.objects.filter(tournament=self.tournament, name=name)
        if self.instance.pk:
            taken = taken.exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(SCREEN_NAME_TAKEN.format(name=name))
        return name


class SectionFinalForm(forms.Form):
    """Mark a section's results final (checked) or reopen them (unchecked, with a reason)."""

    final = forms.BooleanField(required=False)
    reason = forms.CharField(
        required=False,
        max_length=500,
        label="Why reopen?",
        help_text="Kept in the section's log and shown with its standings.",
    )
