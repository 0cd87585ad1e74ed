"""The posted team scoring of a section or a whole event: counting players, minimum, team order."""

from __future__ import annotations

from typing import Any, cast

from crispy_forms.helper import FormHelper
from django import forms

from standings.engine.teams import DEFAULT_MEMBER_ORDER
from tournaments.selectors import json_version
from tournaments.validators import whole_number

ORDER_HELP = (
    "Comma-separated or one per line: team_points (MCA 2001: total game points of all team "
    "members), or any player tiebreak, added up over the counting players (e.g. "
    "modified_median, solkoff, sonneborn_berger, cumulative)."
)


class OrderWidget(forms.Textarea):
    """The tiebreaks shown whole, one after the other with a space after each comma: in one-line
    input a phone showed ``modified_median,solkoff,sonneborn_be`` and hid the rest of the order."""

    def __init__(self) -> None:
        super().__init__(attrs={"rows": 2, "class": "font-monospace"})

    def format_value(self, value: Any) -> str | None:
        text = super().format_value(value)
        return ", ".join(i.strip() for i in text.split(",")) if text else text


class OrderField(forms.CharField):
    """A tiebreak order typed with commas or one per line, handed on as the comma-separated
    text the posting services read."""

    widget = OrderWidget

    def to_python(self, value: Any) -> str:
        text = super().to_python(value) or ""
        items = (i.strip() for i in text.replace("\n", ",").split(","))
        return ",".join(i for i in items if i)


class TeamScoringForm(forms.Form):
    top = forms.IntegerField(
        label="Counting players (top N scores)",
        min_value=1,
        max_value=99,
        required=False,
        help_text="Empty: every player's score counts.",
    )
    min_players = forms.IntegerField(
        label="Players a team needs to place", min_value=1, max_value=99, initial=2
    )
    order = OrderField(
        label="Team tiebreaks",
        max_length=300,
        required=False,
        initial=DEFAULT_MEMBER_ORDER,
        help_text=ORDER_HELP,
    )
    prizes = forms.CharField(
        label="Team prizes, one per place",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One line per place: 1st place trophy, 2nd place trophy, ...",
    )
    reason = forms.CharField(
        label="Reason for changing it after round 1",
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    # The ``selectors.json_version`` of the posting the form was drawn from.
    based_on = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.render_hidden_fields = True

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> TeamScoringForm:
        return cls(initial=cls.initial_of(stored))

    @staticmethod
    def initial_of(stored: dict[str, Any]) -> dict[str, Any]:
        """The form's values for the posted scoring (nothing posted: the fields' defaults)."""
        if not stored:
            return {"based_on": json_version(stored)}
        return {
            "based_on": json_version(stored),
            "top": stored.get("top"),
            "min_players": stored.get("min_players", 1),
            "order": stored.get("order", ""),
            "prizes": "\n".join(stored.get("prizes", [])),
        }

    def prize_list(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["prizes"].splitlines()]


class EventTeamScoringForm(TeamScoringForm):
    """The event's team scoring and the group of sections it pools (K-3, K-5, K-8 together)."""

    name = forms.CharField(
        label="Group name",
        max_length=60,
        required=False,
        help_text='Shown on the public page, e.g. "Primary (K-1, K-3)". Empty: the '
        "sections' names.",
    )
    sections = forms.TypedMultipleChoiceField(
        label="Sections scored together",
        coerce=int,
        required=False,  # none ticked: the service says to choose one
        widget=forms.CheckboxSelectMultiple,
        help_text="Each team's players in these sections count together (each with their "
        "section's score). Fixed-roster team sections have standings of their own.",
    )

    def __init__(
        self, *args: Any, choices: list[tuple[int, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["sections"]
        assert isinstance(field, forms.TypedMultipleChoiceField)
        field.choices = choices
        self.order_fields(["name", "sections"])

    @classmethod
    def for_event(
        cls, stored: dict[str, Any], choices: list[tuple[int, str]], free: list[int]
    ) -> EventTeamScoringForm:
        """The form showing a posted group (a new one: the sections in no group ticked)."""
        initial = cls.initial_of(stored)
        initial["name"] = stored.get("name", "")
        initial["sections"] = stored.get("sections", free if not stored else None)
        if initial["sections"] is None:  # an older posting: every section
            initial["sections"] = [pk for pk, _name in choices]
        return cls(initial=initial, choices=choices)


ROSTERS_HELP = (
    "One team per line: the team's name, a colon, then its players' start numbers in board "
    'order (first board first), e.g. "Knights: 3 7 12 15 21". Teams are numbered in this order.'
)
ROSTER_LINE_BAD = 'Line {n} ({line!r}) must be "Team name: start numbers".'


class TeamSectionForm(forms.Form):
    """A fixed-roster team section: boards per match, rosters, match points, order, prizes."""

    boards = forms.IntegerField(
        label="Boards per match", min_value=1, max_value=12, initial=4
    )
    # The ``selectors.team_setup_version`` the form was drawn from.
    based_on = forms.CharField(widget=forms.HiddenInput, required=False)
    rosters = forms.CharField(
        label="Teams and rosters",
        widget=forms.Textarea(attrs={"rows": 10, "class": "font-monospace"}),
        help_text=ROSTERS_HELP,
    )
    match_points = forms.ChoiceField(
        label="Match points (win/draw/loss)",
        choices=[("2/1/0", "2 / 1 / 0"), ("1/0.5/0", "1 / ½ / 0")],
    )
    primary = forms.ChoiceField(
        label="Ranked first by",
        choices=[("match_points", "Match points"), ("game_points", "Game points")],
    )
    order = OrderField(
        label="Team tiebreaks",
        max_length=300,
        required=False,
        help_text="Comma-separated or one per line: game_points, opponents_score_x_points, "
        "opponents_score, head_to_head, match_points (docs/teams.md).",
    )
    prizes = forms.CharField(
        label="Team prizes, one per place",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.render_hidden_fields = True

    def clean_rosters(self) -> list[tuple[str, list[int]]]:
        rosters = []
        for n, line in enumerate(self.cleaned_data["rosters"].splitlines(), start=1):
            if not line.strip():
                continue
            name, sep, numbers = line.rpartition(":")
            words = numbers.replace(",", " ").split()
            numbers = [whole_number(w) for w in words]
            if not sep or not name.strip() or None in numbers:
                raise forms.ValidationError(
                    ROSTER_LINE_BAD.format(n=n, line=line.strip())
                )
            rosters.append((name.strip(), cast(list[int], numbers)))
        return rosters

    def prize_list(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["prizes"].splitlines()]


class StartNumbersField(forms.Field):
    """Start numbers sent as several values (ticked boxes), kept in the order sent."""

    widget = forms.CheckboxSelectMultiple

    def to_python(self, value: Any) -> list[int]:
        numbers = [whole_number(str(v)) for v in value or [] if str(v).strip()]
        if None in numbers:
            raise forms.ValidationError("Start numbers are whole numbers.")
        return cast(list[int], numbers)


class TeamLineupForm(forms.Form):
    """One team's line-up for a round: the roster players who play, in roster order."""

    team = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    players = StartNumbersField(required=False)
    # The ``selectors.team_lineup_version`` of the line-up the page showed.
    based_on = forms.CharField(widget=forms.HiddenInput, required=False)
