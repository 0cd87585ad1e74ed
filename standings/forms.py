"""The public pages' query parameters, checked: a bad one gets a message, not an error page."""

from __future__ import annotations

from django import forms

ORDER_CHOICES = [("rank", "rank"), ("number", "start number")]


class RoundPickForm(forms.Form):
    """``?round=N``: standings or wall chart after round N (default: the last complete round)."""

    round = forms.IntegerField(min_value=0, max_value=99, required=False)
    order = forms.ChoiceField(choices=ORDER_CHOICES, required=False)
    # The wall chart with each game's colour beside it ("W12w"), as chess-results and SwissSys
    # print it on request.
    colours = forms.ChoiceField(choices=[("1", "shown")], required=False)
    # A big section's page of rows, and "jump to player N" (standings.pages.paging).
    page = forms.IntegerField(min_value=1, max_value=10_000, required=False)
    player = forms.IntegerField(min_value=1, max_value=100_000, required=False)
    # The pairings' list by name is paged apart from its boards.
    names = forms.IntegerField(min_value=1, max_value=10_000, required=False)
    # "Find a name" on the pairings: leads to the page and row where that player sits.
    find = forms.CharField(max_length=100, required=False, strip=True)


class NameSearchForm(forms.Form):
    """``?q=...``: a player looks for their own name."""

    q = forms.CharField(
        label="Your name, start number or US Chess ID",
        max_length=100,
        required=False,
        strip=True,
    )

    def clean_q(self) -> str:
        q: str = self.cleaned_data["q"]
        # A start number may be one digit; a name needs two letters to mean anything.
        if q and not q.isdigit() and len(q) < 2:
            raise forms.ValidationError(
                "Type at least two letters of your name, or your start number."
            )
        return q
