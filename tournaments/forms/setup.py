"""Forms for a tournament and its sections: shapes and one-field rules; the rest is in services."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Field, Fieldset, Layout, Row, Submit
from django import forms

from tournaments import services
from tournaments.models import Section, Tournament


class TournamentForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Tournament
        fields = [
            "name",
            "start_date",
            "end_date",
            "location",
            "organizer",
            "chief_td",
            "time_control",
            "rating_system",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }
        labels = {"start_date": "First day", "end_date": "Last day"}
        help_texts = {"time_control": "As posted, e.g. G/90;d5 or 40/120, SD/30;d10."}

    def __init__(self, *args: Any, submit: str = "Save", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.layout = Layout(
            Field("name", css_class="form-control-lg"),
            Row(
                Column("start_date", css_class="col-sm-6"),
                Column("end_date", css_class="col-sm-6"),
            ),
            Row(
                Column("location", css_class="col-md-6"),
                Column("organizer", css_class="col-md-6"),
            ),
            Row(
                Column("chief_td", css_class="col-md-4"),
                Column("time_control", css_class="col-md-4"),
                Column("rating_system", css_class="col-md-4"),
            ),
            Submit("save", submit, css_class="btn-lg"),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", services.TOURNAMENT_END_BEFORE_START)
        return data


class SectionForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Section
        fields = [
            "name",
            "rounds_total",
            "kind",
            "win_points",
            "draw_points",
            "loss_points",
        ]
        labels = {
            "rounds_total": "Rounds",
            "kind": "Pairing system",
            "win_points": "Win",
            "draw_points": "Draw",
            "loss_points": "Loss",
        }
        help_texts = {"name": "As players know it: Open, U1600, Reserve, K-3 ..."}
        widgets = {
            "rounds_total": forms.NumberInput(attrs={"min": 1, "max": 99}),
            "win_points": forms.NumberInput(
                attrs={"step": "0.5", "inputmode": "decimal"}
            ),
            "draw_points": forms.NumberInput(
                attrs={"step": "0.5", "inputmode": "decimal"}
            ),
            "loss_points": forms.NumberInput(
                attrs={"step": "0.5", "inputmode": "decimal"}
            ),
        }

    def __init__(self, *args: Any, submit: str = "Save", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.layout = Layout(
            Row(
                Column(
                    Field("name", css_class="form-control-lg"), css_class="col-md-6"
                ),
                Column("rounds_total", css_class="col-6 col-md-2"),
                Column("kind", css_class="col-6 col-md-4"),
            ),
            Fieldset(
                "Scoring (points for each result)",
                Row(
                    Column("win_points", css_class="col-4 col-md-2"),
                    Column("draw_points", css_class="col-4 col-md-2"),
                    Column("loss_points", css_class="col-4 col-md-2"),
                ),
            ),
            Submit("save", submit, css_class="btn-lg"),
        )

    def clean_rounds_total(self) -> int:
        rounds: int = self.cleaned_data["rounds_total"]
        if not 1 <= rounds <= 99:
            raise forms.ValidationError("A section has from 1 to 99 rounds.")
        return rounds
