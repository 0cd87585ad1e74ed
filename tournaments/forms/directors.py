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
