"""The pairing options a TD posts before the event (docs/pairing.md, "Options")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Fieldset, Layout, Submit
from django import forms

from tournaments import pairing
from tournaments.models import Section

CUSTOM_TABLES = "custom"
SWISS_FIELDS = (
    "accelerated_rounds",
    "accelerated_points",
    "board_one_colour",
    "unrated_rating",
    "equalise_limit",
    "alternate_limit",
    "avoid_same_club",
    "do_not_pair",
    "bye_for_colours",
    "colour_look_back",
)
# A pair of start numbers in the do-not-pair field: "3-17", "3 17", "3/17".
PAIR_RE = re.compile(r"(\d+)\s*[-/\s]\s*(\d+)")
# The yes/no options, stored as JSON true/false.
SWISS_CHOICES = ("avoid_same_club", "bye_for_colours", "colour_look_back")


class PairingOptionsForm(forms.Form):
    accelerated_rounds = forms.IntegerField(
        label="Accelerated rounds",
        min_value=0,
        max_value=99,
        initial=0,
        help_text="Added-score method: in rounds 1 to this the top half by rating is paired "
        "as if it had the points below more (0 = not accelerated).",
    )
    accelerated_points = forms.DecimalField(
        label="Points added",
        min_value=Decimal("0.5"),
        max_value=99,
        decimal_places=1,
        step_size=Decimal("0.5"),
        initial=1,
        help_text="The points added to the top half in the accelerated rounds.",
    )
    board_one_colour = forms.ChoiceField(
        label="Board 1 colour in round 1",
        choices=[
            ("lot", "By lot (seeded and recorded)"),
            ("white", "White"),
            ("black", "Black"),
        ],
        initial="lot",
        help_text="The colour of the higher-ranked player on board 1; colours then alternate "
        "down the boards.",
    )
    unrated_rating = forms.IntegerField(
        label="Rating given to unrated players",
        min_value=0,
        max_value=3000,
        required=False,
        help_text="Empty: unrated players are ranked below every rated player of their score "
        "group.",
    )
    equalise_limit = forms.IntegerField(
        label="Rating limit to equalise colours",
        min_value=0,
        max_value=3000,
        initial=200,
        help_text="Transpositions and interchanges that equalise colours move players at most "
        "this many rating points (200, rule 29E5b).",
    )
    alternate_limit = forms.IntegerField(
        label="Rating limit to alternate colours",
        min_value=0,
        max_value=3000,
        initial=80,
        help_text="Transpositions and interchanges that alternate colours move players at most "
        "this many rating points (80, rule 29E5a).",
    )
    avoid_same_club = forms.BooleanField(
        label="Keep players of the same club apart",
        required=False,
        help_text="Players whose club / team is the same are not paired together when a "
        "swap within their score group allows it (rule 29E8).",
    )
    do_not_pair = forms.CharField(
        label="Never pair these players",
        required=False,
        max_length=2000,
        help_text="Pairs of start numbers, separated by commas, such as 3-17, 4-9: each two "
        "are kept apart like players of one club (a family, a coach's pupils). A TRF-2026 "
        "file's prohibited pairings fill it.",
    )
    bye_for_colours = forms.BooleanField(
        label="Bye may go to a higher-rated player of the lowest group for colours",
        required=False,
        help_text="Announced variation 28L2a: the pairing bye goes to the player of the "
        "lowest score group whose bye gives the most players their due colours.",
    )
    colour_look_back = forms.BooleanField(
        label="Equal colour claims: look back in the colour history",
        required=False,
        initial=True,
        help_text="Two players due the same colour with equal claims: the one who had the "
        "other colour in the latest game where their colours differed gets it (off: the "
        "higher-ranked player gets it).",
    )
    tables = forms.ChoiceField(
        label="Round-robin table numbers",
        choices=[
            ("lot", "By lot (seeded and recorded)"),
            ("start_numbers", "By start number"),
        ],
        initial="lot",
        help_text="How players get their numbers in the Berger table (FIDE Handbook C.05, "
        "Annex 1).",
    )

    def __init__(
        self,
        *args: Any,
        section: Section,
        stored: Mapping[str, Any],
        locked: bool = False,
        version: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.section = section
        self.stored = dict(stored)
        # The stored options' version (``selectors.json_version``) the page was drawn from.
        self.fields["based_on"] = forms.CharField(
            widget=forms.HiddenInput, required=False, initial=version
        )
        self.robin = section.kind != Section.Kind.SWISS
        # A round robin follows the Berger table: only its table numbers are the TD's choice;
        # a Swiss section has no tables. Options not shown are kept as stored.
        if self.robin:
            for name in SWISS_FIELDS:
                del self.fields[name]
            if isinstance(self.stored.get("tables"), Mapping):
                field = self.fields["tables"]
                field.choices = [  # type: ignore[attr-defined]
                    *field.choices,  # type: ignore[attr-defined]
                    (CUSTOM_TABLES, "The table list already set (kept)"),
                ]
        else:
            del self.fields["tables"]
        if locked:
            for field in self.fields.values():
                field.disabled = True
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.render_hidden_fields = True
        self.helper.layout = (
            Layout(Fieldset("Round robin", "tables"))
            if self.robin
            else Layout(
                Fieldset(
                    "Accelerated pairings",
                    Div(
                        Div(Field("accelerated_rounds"), css_class="col-sm-6"),
                        Div(Field("accelerated_points"), css_class="col-sm-6"),
                        css_class="row",
                    ),
                ),
                Fieldset(
                    "Colours", "board_one_colour", "colour_look_back", "bye_for_colours"
                ),
                Fieldset("Players kept apart", "avoid_same_club", "do_not_pair"),
                Fieldset("Unrated players", "unrated_rating"),
                Fieldset(
                    "Rating limits for colour transpositions and interchanges",
                    Div(
                        Div(Field("equalise_limit"), css_class="col-sm-6"),
                        Div(Field("alternate_limit"), css_class="col-sm-6"),
                        css_class="row",
                    ),
                ),
            )
        )
        if not locked:
            self.helper.add_input(
                Submit("save", "Save pairing options", css_class="btn-lg")
            )

    @staticmethod
    def initial_from(stored: Mapping[str, Any]) -> dict[str, Any]:
        """The form's values for options as stored (defaults where unset)."""
        parsed = pairing.options_parse(stored)
        points = parsed.accelerated_points
        tables = parsed.tables
        return {
            "accelerated_rounds": parsed.accelerated_rounds,
            "accelerated_points": Decimal(points.numerator) / points.denominator,
            "board_one_colour": parsed.board_one_colour,
            "unrated_rating": parsed.unrated_rating,
            "equalise_limit": parsed.equalise_limit,
            "alternate_limit": parsed.alternate_limit,
            "tables": tables if isinstance(tables, str) else CUSTOM_TABLES,
            "avoid_same_club": parsed.avoid_same_club,
            "do_not_pair": pairs_text(parsed.do_not_pair),
            "bye_for_colours": parsed.bye_for_colours,
            "colour_look_back": parsed.colour_look_back,
        }

    def clean_do_not_pair(self) -> list[list[int]]:
        """The pairs typed, as the options store them (``[[3, 17], [4, 9]]``, each pair and the
        list in order); a pair that is not two start numbers of the section's players is
        refused."""
        text = self.cleaned_data.get("do_not_pair") or ""
        numbers = set(self.section.players.values_list("start_number", flat=True))
        pairs: set[tuple[int, int]] = set()
        for item in re.split(r"[,;\n]", text):
            if not item.strip():
                continue
            match = PAIR_RE.fullmatch(item.strip())
            if match is None or match[1] == match[2]:
                raise forms.ValidationError(
                    f"{item.strip()!r} is not a pair of two different start numbers, "
                    "such as 3-17."
                )
            a, b = sorted((int(match[1]), int(match[2])))
            for n in (a, b):
                if n not in numbers:
                    raise forms.ValidationError(
                        f"{item.strip()}: no player of {self.section.name} has start "
                        f"number {n}."
                    )
            pairs.add((a, b))
        return [list(pair) for pair in sorted(pairs)]

    def options(self) -> dict[str, Any]:
        """The JSON object to store: the stored one (``lots_seed``, options of the other kind of
        section, a table list) with the fields shown put in."""
        data = self.cleaned_data
        result = dict(self.stored)
        if self.robin:
            if data["tables"] != CUSTOM_TABLES:
                result["tables"] = data["tables"]
            return result
        points: Decimal = data["accelerated_points"].normalize()
        result.update(
            accelerated_rounds=data["accelerated_rounds"],
            # JSON keeps a half point exactly as a string (options_parse reads "0.5").
            accelerated_points=int(points) if points == int(points) else str(points),
            board_one_colour=data["board_one_colour"],
            equalise_limit=data["equalise_limit"],
            alternate_limit=data["alternate_limit"],
        )
        result.update({key: bool(data[key]) for key in SWISS_CHOICES})
        if data["do_not_pair"]:
            result["do_not_pair"] = data["do_not_pair"]
        else:
            result.pop("do_not_pair", None)
        if data["unrated_rating"] is None:
            result.pop("unrated_rating", None)
        else:
            result["unrated_rating"] = data["unrated_rating"]
        return result


def pairs_text(pairs: frozenset[frozenset[int]]) -> str:
    """The do-not-pair list as the field shows it: ``3-17, 4-9``."""
    return ", ".join(f"{a}-{b}" for a, b in sorted(tuple(sorted(p)) for p in pairs))
