"""The tiebreak order builder: rows of the engine's systems with their options, carried in the
form itself, so that add / remove / up / down work as plain form posts without JavaScript."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Layout
from django import forms

from standings.engine import PRESETS, SYSTEMS, TiebreakSpec, parse_order
from standings.engine.systems import OptionDef, SystemDef

OVERRIDE_NEEDED = "Tick the override to change an order that is locked."
REASON_NEEDED = "Say why the order changes after round 1: players will read it."
MAX_ROWS = 30
# How the presets are named on the page: by the published text each follows.
PRESET_TITLES = {
    "uschess": "US Chess default (Official Rules of Chess, rule 34E)",
    "sca": "SCA posted order",
    "mca": "MCA tiebreak rules (2001)",
    "swisssys": "Every system SwissSys supports, in its list's order",
}


def system_description(system: SystemDef) -> str:
    """The engine's own one-line description of a system (its registry text, else its docstring)."""
    text = getattr(system, "description", "") or (system.compute.__doc__ or "")
    return text.strip().splitlines()[0] if text.strip() else system.name


def order_labels(text: str) -> list[str]:
    """The order's items as a TD reads them ("Kashdan (unplayed rounds 2)"); [] if it does not parse."""
    try:
        return [spec.label for spec in parse_order(text)]
    except ValueError:
        return []


@dataclass
class OptionValue:
    option: OptionDef
    value: str
    field_name: str

    @property
    def label(self) -> str:
        return self.option.name.replace("_", " ").capitalize()

    @property
    def phrase(self) -> str:
        """The value in the words of the posted label ("plain scores"); a value the engine would
        refuse (typed in, or not set) reads as the option's name and the value."""
        o, v = self.option, self.value
        if v in o.values or (
            not o.values and v.isascii() and v.isdigit() and int(v) >= 1
        ):
            return o.phrase(v if o.values else str(int(v)))
        return f"{self.label.lower()} {v or 'not set'}"


@dataclass
class BuilderRow:
    system: SystemDef
    options: list[OptionValue]
    error: str = ""
    description: str = field(default="")

    @property
    def changed_options(self) -> list[OptionValue]:
        """The options set to something other than their default."""
        return [o for o in self.options if o.value != (o.option.default or "")]

    @property
    def needs_input(self) -> bool:
        """An option with no default (cumulative cut's number of rounds) is still empty."""
        return any(o.option.default is None and not o.value for o in self.options)

    @property
    def text(self) -> str:
        given = "".join(f":{o.option.name}={o.value}" for o in self.options if o.value)
        return self.system.id + given


class TiebreakBuilder:
    """An order being edited: a list of rows; ``apply`` performs one button's action."""

    def __init__(self, rows: Sequence[tuple[str, Mapping[str, str]]]) -> None:
        self.rows: list[BuilderRow] = []
        for system_id, values in rows[:MAX_ROWS]:
            system = SYSTEMS.get(system_id)
            if system is None:
                continue
            self._append(system, values)

    def _append(self, system: SystemDef, values: Mapping[str, str]) -> None:
        i = len(self.rows)
        self.rows.append(
            BuilderRow(
                system=system,
                options=[
                    OptionValue(
                        o, values.get(o.name, o.default or ""), f"r{i}-{o.name}"
                    )
                    for o in system.options
                ],
                description=system_description(system),
            )
        )

    @classmethod
    def from_order(cls, text: str) -> TiebreakBuilder:
        try:
            specs = parse_order(text)
        except ValueError:
            specs = ()
        return cls([(s.id, s.resolved_options()) for s in specs])

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TiebreakBuilder:
        try:
            count = min(int(data.get("rows", 0)), MAX_ROWS)
        except (TypeError, ValueError):
            count = 0
        rows = []
        for i in range(count):
            system_id = str(data.get(f"r{i}-system", ""))
            system = SYSTEMS.get(system_id)
            if system is None:
                continue
            values = {
                o.name: str(data.get(f"r{i}-{o.name}", "")).strip()
                for o in system.options
            }
            rows.append((system_id, values))
        return cls(rows)

    def _rebuild(self, rows: list[BuilderRow]) -> None:
        pairs = [
            (r.system.id, {o.option.name: o.value for o in r.options}) for r in rows
        ]
        self.rows = []
        for system_id, values in pairs:
            self._append(SYSTEMS[system_id], values)

    def apply(self, action: str, data: Mapping[str, Any]) -> None:
        """Perform ``up:i``, ``down:i``, ``remove:i``, ``add`` or ``preset``."""
        verb, _, index = action.partition(":")
        rows = list(self.rows)
        if verb == "add":
            system = SYSTEMS.get(str(data.get("add_system", "")))
            if system is not None and len(rows) < MAX_ROWS:
                self._append(system, {})
            return
        if verb == "preset":
            preset = index or str(data.get("preset", ""))
            if preset in PRESETS:
                self.rows = []
                for spec in PRESETS[preset]:
                    self._append(spec.system, spec.resolved_options())
            return
        if not index.isdigit() or int(index) >= len(rows):
            return
        i = int(index)
        if verb == "remove":
            del rows[i]
        elif verb == "up" and i > 0:
            rows[i - 1], rows[i] = rows[i], rows[i - 1]
        elif verb == "down" and i + 1 < len(rows):
            rows[i + 1], rows[i] = rows[i], rows[i + 1]
        self._rebuild(rows)

    def check_rows(self) -> bool:
        """Mark each row whose options the engine refuses; True when every row is valid."""
        ok = True
        for row in self.rows:
            try:
                TiebreakSpec(
                    row.system.id,
                    tuple((o.option.name, o.value) for o in row.options if o.value),
                )
                row.error = ""
            except ValueError as error:
                row.error = str(error)
                ok = False
        return ok

    def order_text(self) -> str:
        return ",".join(row.text for row in self.rows)


class TiebreakPostForm(forms.Form):
    """What goes with a posting: for a locked order, the override and its reason."""

    override = forms.BooleanField(
        label="Override: change the order after round 1 pairings were posted",
        required=False,
    )
    reason = forms.CharField(
        label="Reason (shown to players with the standings)",
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args: Any, locked: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.locked = locked
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout(Field("override"), Field("reason"))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        if self.locked:
            if not data.get("override"):
                self.add_error("override", OVERRIDE_NEEDED)
            if not (data.get("reason") or "").strip():
                self.add_error("reason", REASON_NEEDED)
        return data
