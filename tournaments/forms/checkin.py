"""Closing check-in: what happens to the players who did not check in."""

from __future__ import annotations

from django import forms

from tournaments import services


class CheckinCloseForm(forms.Form):
    action = forms.ChoiceField(
        label="Players not checked in",
        choices=[
            (services.CLOSE_ZERO_BYE, "Zero-point bye this round (not paired)"),
            (services.CLOSE_WITHDRAW, "Withdraw them from the event"),
        ],
        widget=forms.RadioSelect,
        error_messages={"required": services.CHECKIN_CLOSE_ACTION},
    )
