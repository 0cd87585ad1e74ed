"""Forms of the round page: hand pairings (boards and byes by start number), a result, a check entry.

They check the shape of the input; the rules across rows and models (a player twice, a withdrawn
player, a rematch) are in ``tournaments/services/rounds.py`` (``round_pairings_check``, which
``round_pairings_save`` runs).
"""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.models import ONE_PLAYER_RESULTS, TWO_PLAYER_RESULTS, Player, Result

NUMBER_UNKNOWN = "There is no player number {number} in {section}."
GIVE_BOTH = "Give both players' numbers, or leave the board empty."

# The one-player rows a TD enters by hand, in the order a TD thinks of them.
BYE_CHOICES = [
    (Result.BYE_PAIRING.value, "Full-point bye (pairing)"),
    (Result.BYE_FULL.value, "Full-point bye (requested)"),
    (Result.BYE_HALF.value, "Half-point bye"),
    (Result.BYE_ZERO.value, "Zero-point bye"),
    (Result.NOT_PAIRED.value, "Not paired"),
]


class _NumberForm(forms.Form):
    """A form whose players are given by start number, looked up in the section's players."""

    def __init__(
        self, *args: Any, players: dict[int, Player], section_name: str, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        self.section_name = section_name

    def _player(self, field: str) -> Player | None:
        number = self.cleaned_data.get(field)
        if number is None:
            return None
        player = self.players.get(number)
        if player is None:
            raise forms.ValidationError(
                NUMBER_UNKNOWN.format(number=number, section=self.section_name)
            )
        return player


class BoardForm(_NumberForm):
    white = forms.IntegerField(
        min_value=1,
        required=False,
        label="White",
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "No."}),
    )
    black = forms.IntegerField(
        min_value=1,
        required=False,
        label="Black",
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "No."}),
    )

    def clean_white(self) -> Player | None:
        return self._player("white")

    def clean_black(self) -> Player | None:
        return self._player("black")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        if not self.errors and (data.get("white") is None) != (
            data.get("black") is None
        ):
            raise forms.ValidationError(GIVE_BOTH)
        return data


class ByeForm(_NumberForm):
    player = forms.IntegerField(
        min_value=1,
        required=False,
        label="Player",
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "No."}),
    )
    kind = forms.ChoiceField(
        choices=BYE_CHOICES, initial=Result.BYE_HALF.value, label="Kind"
    )

    def clean_player(self) -> Player | None:
        return self._player("player")


class _Base(forms.BaseFormSet):  # type: ignore[type-arg]
    def __init__(
        self, *args: Any, players: dict[int, Player], section_name: str, **kwargs: Any
    ) -> None:
        kwargs["form_kwargs"] = {"players": players, "section_name": section_name}
        super().__init__(*args, **kwargs)

    def __getitem__(self, index: int) -> forms.Form:
        # The template language tries ``boards["management_form"]`` before
        # ``boards.management_form``: that built every form of a 600-board round (0.1 s) just
        # to fail. Only a form's number looks a form up.
        if not isinstance(index, int):
            raise TypeError("A formset's forms are looked up by number.")
        return super().__getitem__(index)


BoardFormSet = forms.formset_factory(BoardForm, formset=_Base, extra=0, max_num=2000)
ByeFormSet = forms.formset_factory(ByeForm, formset=_Base, extra=0, max_num=2000)


class ResultForm(forms.Form):
    """One board's result, and the result the page showed when the TD chose it."""

    result = forms.ChoiceField(choices=Result.choices)
    based_on = forms.ChoiceField(choices=Result.choices)


class CheckForm(forms.Form):
    """A check-mode entry: the board and the result the second TD saw."""

    pairing = forms.IntegerField(min_value=1)
    result = forms.ChoiceField(
        choices=[
            (r.value, r.label)
            for r in Result
            if r in TWO_PLAYER_RESULTS | ONE_PLAYER_RESULTS
        ]
    )
