"""Forms for a tournament and its sections: shapes and one-field rules; the rest is in services."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Column, Field, Fieldset, Layout, Row, Submit
from django import forms
from django.core.exceptions import ValidationError

from tournaments import selectors, services, uschess
from tournaments.models import Section, Tournament


def version_field_add(form: forms.ModelForm) -> None:  # type: ignore[type-arg]
    """Give an edit form a hidden ``based_on``: the version of the row it was drawn from, which
    the service compares with the row's version at save time (``services.stale_check``)."""
    if form.instance.pk is None:
        return
    form.fields["based_on"] = forms.CharField(
        widget=forms.HiddenInput,
        required=False,
        initial=selectors.row_version(form.instance, form._meta.fields or ()),
    )
    form.helper.render_hidden_fields = True  # type: ignore[attr-defined]


def version_field_renew(form: forms.BaseForm, error: services.StaleEdit) -> None:
    """After a refused stale save, the form keeps what the TD typed and the error says what a
    second save would change: it now carries the row's current version, so that save goes."""
    if form.is_bound and "based_on" in form.fields:
        data = form.data.copy()  # type: ignore[attr-defined]
        data[form.add_prefix("based_on")] = error.version
        form.data = data


CONFIRM_SAME_NAME_LABEL = "Create another tournament with this name"


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
            "city",
            "state",
            "zip_code",
            "affiliate_id",
            "chief_td_id",
            "assistant_td_id",
            "other_td_ids",
        ]
        labels = {
            "start_date": "First day",
            "end_date": "Last day",
            "chief_td_id": "Chief TD's ID",
            "assistant_td_id": "Assistant chief TD's ID",
            "other_td_ids": "Other TDs' IDs",
        }
        error_messages = {
            "name": {
                "required": "Name the tournament as players will see it, e.g. Riverside Spring Open."
            }
        }
        help_texts = {
            "time_control": "As posted, e.g. G/90;d5 or 40/120, SD/30;d10.",
            "affiliate_id": "A and 7 digits, e.g. A6051416.",
            "state": "Two letters, e.g. IL.",
            "other_td_ids": "US Chess IDs, separated by commas.",
        }
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
            "chief_td_id": forms.TextInput(attrs={"inputmode": "numeric"}),
            "assistant_td_id": forms.TextInput(attrs={"inputmode": "numeric"}),
            "zip_code": forms.TextInput(attrs={"inputmode": "numeric"}),
        }

    def __init__(self, *args: Any, submit: str = "Save", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False  # the page's template draws the <form>
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
            Fieldset(
                "For the US Chess rating report",
                Row(
                    Column("city", css_class="col-md-6"),
                    Column("state", css_class="col-4 col-md-2"),
                    Column("zip_code", css_class="col-8 col-md-4"),
                ),
                # One a line on a phone: two labels side by side wrapped to different
                # heights and set the two fields at different heights.
                Row(
                    Column("affiliate_id", css_class="col-sm-6 col-lg-3"),
                    Column("chief_td_id", css_class="col-sm-6 col-lg-3"),
                    Column("assistant_td_id", css_class="col-sm-6 col-lg-3"),
                    Column("other_td_ids", css_class="col-sm-6 col-lg-3"),
                ),
            ),
            Submit("save", submit, css_class="btn-lg"),
        )
        version_field_add(self)
        if self.instance.pk is None:
            # A new tournament: asked only when the TD directs one of that name already.
            self.fields["confirm_same_name"] = forms.BooleanField(
                label=CONFIRM_SAME_NAME_LABEL, required=False
            )
            if self.is_bound and "confirm_same_name" in self.data:
                self.ask_same_name()

    def ask_same_name(self) -> None:
        """Show the question ``services.TournamentSameName`` asks, above the button."""
        if not getattr(self, "asked_same_name", False):
            self.asked_same_name = True
            self.helper.layout.insert(
                len(self.helper.layout) - 1, Field("confirm_same_name")
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", services.TOURNAMENT_END_BEFORE_START)
        return data

    def clean_state(self) -> str:
        return str(self.cleaned_data.get("state", "")).strip().upper()

    def clean_affiliate_id(self) -> str:
        return str(self.cleaned_data.get("affiliate_id", "")).strip().upper()

    def clean_other_td_ids(self) -> str:
        return ",".join(
            uschess.other_tds_split(self.cleaned_data.get("other_td_ids", ""))
        )


def section_initial(tournament: Tournament) -> dict[str, str]:
    """A new section's time control: the tournament's, when it reads as US Chess's spelling
    (a section's own is what the rating report takes; the tournament's is free text as posted,
    and a section left without one was refused by the report beside a tournament that had it)."""
    try:
        return {
            "time_control": uschess.time_control_parse(tournament.time_control).spelling
        }
    except ValidationError:
        return {}


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
            "time_control",
            "scholastic",
            "grand_prix",
            "grand_prix_points",
            "fide_rated",
            "rating_max",
            "unrated_allowed",
        ]
        labels = {
            "rounds_total": "Rounds",
            "kind": "Pairing system",
            "win_points": "Win",
            "draw_points": "Draw",
            "loss_points": "Loss",
        }
        error_messages = {
            "name": {"required": "Name the section as players know it: Open, U1600 ..."}
        }
        help_texts = {
            "name": "As players know it: Open, U1600, Reserve, K-3 ...",
            "time_control": (
                "This section's, for the rating report, in US Chess's spelling: "
                "G/60;d5, G/90;+30, 40/90,SD/30;d5."
            ),
        }
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
        self.fields["scholastic"].required = False
        self.helper = FormHelper()
        self.helper.form_tag = False  # the page's template draws the <form>
        self.helper.layout = Layout(
            Row(
                # The name at the height of the two fields beside it: large, it stood 10 px
                # taller than Rounds and Kind on its row (the tournament form's name is alone).
                Column("name", css_class="col-md-6"),
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
            Fieldset(
                "Who may enter",
                Row(
                    Column("rating_max", css_class="col-6 col-md-4"),
                    Column("unrated_allowed", css_class="col-6 col-md-4 pt-md-4"),
                ),
                HTML(
                    '<p class="form-text mt-0">A player outside these limits is entered '
                    "only with a TD's reason, kept with the player list.</p>"
                ),
            ),
            Fieldset(
                "For the US Chess rating report",
                Row(
                    Column("time_control", css_class="col-md-4"),
                    Column("scholastic", css_class="col-md-4"),
                    Column("grand_prix_points", css_class="col-md-4"),
                ),
                Row(
                    Column("grand_prix", css_class="col-6 col-md-4"),
                    Column("fide_rated", css_class="col-6 col-md-4"),
                ),
            ),
            Submit("save", submit, css_class="btn-lg"),
        )
        version_field_add(self)

    def clean_scholastic(self) -> str:
        # A form posted without the field (an older page, a script) keeps "not scholastic".
        return str(self.cleaned_data.get("scholastic") or Section.Scholastic.NO)

    def clean_time_control(self) -> str:
        """Stored in US Chess's canonical spelling (g/60; D5 -> G/60;d5), as the report needs."""
        value = str(self.cleaned_data.get("time_control", "")).strip()
        if not value:
            return value
        try:
            return uschess.time_control_parse(value).spelling
        except ValidationError as error:
            raise forms.ValidationError(error.messages) from None

    def clean_rounds_total(self) -> int:
        rounds: int = self.cleaned_data["rounds_total"]
        if not 1 <= rounds <= 99:
            raise forms.ValidationError("A section has from 1 to 99 rounds.")
        return rounds


class RoundScheduleForm(forms.Form):
    """When each round starts: a date and time per round, each optional (the hall's time zone,
    ``TIME_ZONE``)."""

    def __init__(self, *args: Any, section: Section, **kwargs: Any) -> None:
        kwargs["initial"] = {
            f"round_{n}": section.round_start(n)
            for n in range(1, section.rounds_total + 1)
        }
        super().__init__(*args, **kwargs)
        self.rounds = section.rounds_total
        for n in range(1, self.rounds + 1):
            self.fields[f"round_{n}"] = forms.DateTimeField(
                label=f"Round {n}",
                required=False,
                widget=forms.DateTimeInput(
                    attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
                ),
            )
        # The schedule the page was drawn from (``services.section_schedule_set``).
        self.fields["based_on"] = forms.CharField(
            widget=forms.HiddenInput,
            required=False,
            initial=selectors.json_version(section.round_starts),
        )
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.render_hidden_fields = True
        self.helper.layout = Layout(
            Row(
                *(
                    Column(f"round_{n}", css_class="col-sm-6 col-lg-4")
                    for n in range(1, self.rounds + 1)
                )
            ),
            Submit("save", "Save schedule", css_class="btn-lg"),
        )

    def starts(self) -> list[Any]:
        """Round 1's start first, None where the TD left the round empty."""
        return [self.cleaned_data[f"round_{n}"] for n in range(1, self.rounds + 1)]
