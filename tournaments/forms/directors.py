"""Adding a director by user name."""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Layout
from django import forms


class DirectorAddForm(forms.Form):
    username = forms.CharField(label="User name", max_length=150)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout(Field("username", autocomplete="off"))


class DirectorAccountForm(forms.Form):
    """A new account for another TD, who becomes a director of this tournament."""

    new_username = forms.CharField(
        label="User name",
        max_length=150,
        help_text="Letters, digits and @ . + - _; the other TD logs in with it.",
    )
    full_name = forms.CharField(label="Name (optional)", max_length=150, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout(
            Field("new_username", autocomplete="off"), Field("full_name")
        )
