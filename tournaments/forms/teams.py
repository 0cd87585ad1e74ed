"""The posted team scoring of a section or a whole event: counting players, minimum, team order."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from django import forms

from standings.engine.teams import DEFAULT_MEMBER_ORDER

ORDER_HELP = (
    "Comma-separated: team_points (MCA 2001: total game points of all team members), or any "
    "player tiebreak, added up over the counting players (e.g. modified_median,solkoff,"
    "sonneborn_berger,cumulative)."
)


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
    order = forms.CharField(
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> TeamScoringForm:
        if not stored:
            return cls()
        return cls(
            initial={
                "top": stored.get("top"),
                "min_players": stored.get("min_players", 1),
                "order": stored.get("order", ""),
                "prizes": "\n".join(stored.get("prizes", [])),
            }
        )

    def prize_list(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["prizes"].splitlines()]
