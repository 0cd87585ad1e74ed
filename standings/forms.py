"""The public pages' query parameters, checked: a bad one gets a message, not an error page."""

from __future__ import annotations

from django import forms

ORDER_CHOICES = [("rank", "rank"), ("number", "start number")]


class RoundPickForm(forms.Form):
    """``?round=N``: standings or wall chart after round N (default: the last complete round)."""

    round = forms.IntegerField(min_value=0, max_value=99, required=False)
    order = forms.ChoiceField(choices=ORDER_CHOICES, required=False)


class NameSearchForm(forms.Form):
    """``?q=...``: a player looks for their own name."""

    q = forms.CharField(
        label="Your name", min_length=2, max_length=100, required=False, strip=True
    )
