"""Forms for players: one player, bulk entry, withdrawal, requested byes, late entry."""

from __future__ import annotations

import re
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Column, Field, Layout, Row, Submit
from django import forms

from tournaments import selectors, services
from tournaments.forms.setup import version_field_add
from tournaments.models import RATING_MAX, Player, RequestedBye, Section

IMPORT_NOTHING = "Paste the players, or choose a CSV file."
IMPORT_NOT_TEXT = (
    "This file is not a text (CSV) file: save it from the spreadsheet as CSV (UTF-8)."
)
IMPORT_TOO_BIG = "The file is larger than 1 MB: a CSV of players is far smaller."


class PlayerForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Player
        fields = list(services.PLAYER_FIELDS)
        widgets = {
            "rating": forms.NumberInput(
                attrs={"inputmode": "numeric", "min": 1, "max": RATING_MAX}
            ),
            "uschess_id": forms.TextInput(attrs={"inputmode": "numeric"}),
            "fide_id": forms.TextInput(attrs={"inputmode": "numeric"}),
        }
        labels = {"federation": "Federation"}
        help_texts = {"rating": "Empty for an unrated player."}
        error_messages = {
            "name": {"required": "Enter the player's name, e.g. Ana Ortiz."}
        }

    def __init__(self, *args: Any, submit: str = "Save", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout(
            Row(
                Column(
                    Field("name", css_class="form-control-lg", autofocus=True),
                    css_class="col-md-8",
                ),
                Column("rating", css_class="col-md-4"),
            ),
            Row(
                Column("uschess_id", css_class="col-6 col-md-4"),
                Column("fide_id", css_class="col-6 col-md-4"),
                Column("federation", css_class="col-6 col-md-2"),
                Column("state", css_class="col-6 col-md-2"),
            ),
            Row(
                Column("title", css_class="col-4 col-md-2"),
                Column("club", css_class="col-8 col-md-10"),
            ),
        )
        if submit:
            self.helper.layout.append(Submit("save", submit, css_class="btn-lg"))
        version_field_add(self)

    def clean_rating(self) -> int | None:
        rating: int | None = self.cleaned_data.get("rating")
        if rating is not None and not 1 <= rating <= RATING_MAX:
            raise forms.ValidationError(services.PLAYER_RATING_RANGE)
        return rating

    def _clean_digits(self, field: str, label: str) -> str:
        value: str = self.cleaned_data.get(field, "").strip()
        if value and not (value.isascii() and value.isdigit()):
            raise forms.ValidationError(services.PLAYER_ID_DIGITS.format(field=label))
        return value

    def clean_title(self) -> str:
        return str(self.cleaned_data.get("title", "")).strip().upper()

    def clean_state(self) -> str:
        return str(self.cleaned_data.get("state", "")).strip().upper()

    def clean_uschess_id(self) -> str:
        return self._clean_digits("uschess_id", "US Chess ID")

    def clean_fide_id(self) -> str:
        return self._clean_digits("fide_id", "FIDE ID")


CONFIRM_DUPLICATE_LABEL = "Add anyway: this is a different player"


def duplicates_shown_field() -> forms.CharField:
    """The players a likely-duplicate question named (their pks), sent back with the answer:
    the answer is for them only (``players_add``)."""
    return forms.CharField(required=False, widget=forms.HiddenInput)


def duplicates_shown_clean(form: forms.BaseForm) -> list[int] | None:
    """The pks the page named; None from a form that never asked."""
    if "duplicates_shown" not in form.data:
        return None
    text = form.cleaned_data.get("duplicates_shown") or ""
    return [int(n) for n in text.split(",") if re.fullmatch(r"[0-9]{1,18}", n)]


OVERRIDE_REASON_LABEL = "Reason to enter this player outside the section limits"


class PlayerAddForm(PlayerForm):
    """A new player; the questions ``players_add`` may ask appear once it asks them."""

    confirm_duplicate = forms.BooleanField(
        label=CONFIRM_DUPLICATE_LABEL, required=False
    )
    duplicates_shown = duplicates_shown_field()
    override_reason = forms.CharField(
        label=OVERRIDE_REASON_LABEL,
        required=False,
        max_length=500,
        help_text="Kept with the player list, for the other TDs.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("submit", "")
        super().__init__(*args, **kwargs)
        data = self.data if self.is_bound else {}
        self.asked: list[str] = []
        for name in ("confirm_duplicate", "duplicates_shown", "override_reason"):
            if name in data:
                self._show(name)

    def _show(self, name: str) -> None:
        if name not in self.asked:
            self.asked.append(name)
            self.helper.layout.append(Field(name, wrapper_class="entry-question"))

    def ask(self, refusal: services.PlayersAddRefused) -> None:
        """Show the question the refusal asks (a likely duplicate, a rating limit)."""
        if refusal.asks_confirmation:
            self._show("confirm_duplicate")
            self._show("duplicates_shown")
            named = refusal.duplicates_named
            if named != self.cleaned_data.get("duplicates_shown"):
                # Asked about other players than the page named (one entered since, by this
                # form sent twice or by another TD): the box is ticked again only on purpose.
                data = self.data.copy()  # type: ignore[attr-defined]
                data["duplicates_shown"] = ",".join(map(str, named))
                data.pop("confirm_duplicate", None)
                self.data = data
        if refusal.asks_reason:
            self._show("override_reason")

    def clean_duplicates_shown(self) -> list[int] | None:
        return duplicates_shown_clean(self)

    def answers(self) -> dict[str, Any]:
        return {
            "confirm_duplicate": self.cleaned_data.get("confirm_duplicate", False),
            "duplicates_shown": self.cleaned_data.get("duplicates_shown"),
            "override_reason": self.cleaned_data.get("override_reason", ""),
        }

    def player_fields(self) -> dict[str, Any]:
        return {k: self.cleaned_data[k] for k in services.PLAYER_FIELDS}


class PlayersImportForm(forms.Form):
    text = forms.CharField(
        label="Players, one per line",
        required=False,
        max_length=1_000_000,
        widget=forms.Textarea(
            attrs={
                "rows": 10,
                "spellcheck": "false",
                "class": "font-monospace players-text",
                "wrap": "off",
                "placeholder": "Name, US Chess ID, FIDE ID, rating, federation/state, club\n"
                "Ana Ortiz, 12345678, , 1850, IL, Springfield CC",
            }
        ),
        help_text="Columns: name, US Chess ID, FIDE ID, rating, federation/state, club "
        "(comma, semicolon or tab separated; a header row may name them in another order). "
        "Paste straight from a spreadsheet.",
    )
    file = forms.FileField(label="…or a CSV file", required=False)
    # Shown with a preview that asks them (players_add's questions).
    confirm_duplicates = forms.BooleanField(
        label="Add the rows marked as likely duplicates anyway: they are different players",
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )
    duplicates_shown = duplicates_shown_field()
    override_reason = forms.CharField(
        label="Reason to enter the rows outside the section limits",
        required=False,
        max_length=500,
        widget=forms.TextInput(attrs={"class": "form-control"}),
    )
    fill_ratings = forms.BooleanField(
        label="Fill missing ratings from the loaded rating lists (by US Chess or FIDE ID)",
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout("text", "file", "fill_ratings")

    def clean_duplicates_shown(self) -> list[int] | None:
        return duplicates_shown_clean(self)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        upload = data.get("file")
        if upload is not None:
            if upload.size > 1_000_000:
                self.add_error("file", IMPORT_TOO_BIG)
                return data
            raw = upload.read()
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                try:
                    # Spreadsheets on Windows save CSV as Windows-1252 unless told otherwise.
                    text = raw.decode("cp1252")
                except UnicodeDecodeError:
                    self.add_error("file", IMPORT_NOT_TEXT)
                    return data
            if "\x00" in text:
                self.add_error("file", IMPORT_NOT_TEXT)
                return data
            data["text"] = text
        if not (data.get("text") or "").strip():
            self.add_error("text", IMPORT_NOTHING)
        return data


class WithdrawForm(forms.Form):
    after_round = forms.TypedChoiceField(label="Withdraws after round", coerce=int)

    def __init__(self, *args: Any, section: Section, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        after_round: Any = self.fields["after_round"]
        after_round.choices = [(0, "0 (before round 1)")] + [
            (n, str(n)) for n in range(1, section.rounds_total)
        ]
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout("after_round")


NO_BYE = ""


class ByesForm(forms.Form):
    """One choice per round: no bye, or a full-, half- or zero-point bye (rounds paired are shown, fixed)."""

    def __init__(
        self, *args: Any, player: Player, paired: set[int], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        current = {b.round_number: b for b in player.requested_byes.all()}
        last = player.withdrawn_after_round
        self.round_fields: list[str] = []
        for n in range(1, player.section.rounds_total + 1):
            name = f"round_{n}"
            bye = current.get(n)
            field = forms.ChoiceField(
                label=f"Round {n}",
                required=False,
                choices=[(NO_BYE, "Plays"), *RequestedBye.Kind.choices],
                initial=bye.kind if bye else NO_BYE,
            )
            notes = []
            if bye is not None and bye.reason != RequestedBye.Reason.ASKED:
                # Given by the TD, not asked for: kept while the kind is left as it is.
                notes.append(f"not asked for: {bye.get_reason_display()}")
            if n in paired or (last is not None and n > last):
                field.disabled = True
                notes.append("paired" if n in paired else "withdrawn")
            field.help_text = "; ".join(notes)
            self.fields[name] = field
            self.round_fields.append(name)
        self.fields["based_on"] = forms.CharField(
            widget=forms.HiddenInput,
            required=False,
            initial=selectors.player_byes_version(player_id=player.pk),
        )
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.render_hidden_fields = True
        self.helper.layout = Layout(
            Row(
                *(
                    Column(name, css_class="col-6 col-sm-4 col-lg-3")
                    for name in self.round_fields
                )
            )
        )

    def byes(self) -> dict[int, str]:
        return {
            int(name.removeprefix("round_")): value
            for name in self.round_fields
            if (value := self.cleaned_data.get(name))
        }


LATE_ENTRY_CHOOSE = (
    "Choose for round{s} {rounds}: a half-point bye or not paired (rounds before the first "
    "round played)."
)


class LateEntryForm(PlayerAddForm):
    """A late entry: the player's fields, the first round played and, for each round before it
    (and only those: a later round is not offered), a half-point bye or not paired."""

    first_round = forms.TypedChoiceField(label="First round played", coerce=int)

    def __init__(
        self, *args: Any, section: Section, next_round: int = 2, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        rounds = section.rounds_total
        self.section = section
        first_round: Any = self.fields["first_round"]
        first_round.choices = [(n, str(n)) for n in range(2, rounds + 1)]
        first_round.initial = min(max(next_round, 2), rounds)
        try:
            shown = int(self.data.get("first_round", first_round.initial))
        except (TypeError, ValueError):
            shown = first_round.initial
        self.missed_fields: list[str] = []
        for n in range(1, rounds):
            name = f"missed_{n}"
            self.fields[name] = forms.ChoiceField(
                label=f"Round {n}",
                required=False,
                choices=[
                    (services.LATE_HALF, "Half-point bye"),
                    (services.LATE_NOT_PAIRED, "Not paired (0)"),
                ],
                # A round not offered has no answer: posted without one, it is asked for.
                initial=services.LATE_HALF if n < shown else None,
                widget=forms.RadioSelect,
            )
            self.missed_fields.append(name)
        self.helper.layout.append(
            Row(
                Column(
                    Field("first_round", data_late_first_round=""),
                    css_class="col-6 col-md-3 mt-2",
                )
            )
        )
        self.helper.layout.append(
            HTML(
                '<p class="form-text mb-2">For each round before the first round played: a '
                "half-point bye or not paired. Rounds already paired get the row now; later ones "
                "a requested bye.</p>"
            )
        )
        # Only the rounds before the first round played are offered (late_entry.js shows
        # and hides them when the first round changes).
        self.helper.layout.append(
            Row(
                *(
                    Column(
                        name,
                        css_class="col-6 col-md-3 missed-round"
                        + (" d-none" if n >= shown else ""),
                        data_missed_round=str(n),
                    )
                    for n, name in enumerate(self.missed_fields, start=1)
                )
            )
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        first = data.get("first_round")
        if first is not None and self.is_bound:
            # A round the page did not offer (the first round changed without the script):
            # ask for it rather than guess.
            unanswered = [
                n for n in range(1, first) if not self.data.get(f"missed_{n}")
            ]
            if unanswered:
                self.add_error(
                    None,
                    LATE_ENTRY_CHOOSE.format(
                        s="" if len(unanswered) == 1 else "s",
                        rounds=", ".join(map(str, unanswered)),
                    ),
                )
        return data

    def missed(self) -> dict[int, str]:
        first = self.cleaned_data["first_round"]
        return {
            n: self.cleaned_data.get(f"missed_{n}") or services.LATE_HALF
            for n in range(1, first)
        }
