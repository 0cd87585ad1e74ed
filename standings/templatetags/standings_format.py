"""Formatting at the edge: the engine's Fractions as the text players read ("4½", "14.5")."""

from __future__ import annotations

import functools
import re
from fractions import Fraction

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from standings.engine import format_decimal
from tournaments.results import withdrawal_words

register = template.Library()


@functools.cache
def _points(value: Fraction) -> str:
    # Scores are whole or half points (US Chess 1 / ½ / 0); the ½ glyph is what wall charts use.
    # Any other fraction (a section scored 3 / 1 / 0 never has one; an average may) is a decimal.
    if value.denominator == 2:
        whole = value.numerator // 2
        if value < 0:
            return format_decimal(value)
        return f"{whole}½" if whole else "½"
    return format_decimal(value)


@register.filter
def points(value: Fraction | None) -> str:
    """A score or tiebreak value: 4 -> "4", 9/2 -> "4½", 1/2 -> "½", 5300/3 -> "1766.67"."""
    if value is None:
        return ""
    return _points(value if type(value) is Fraction else Fraction(value))


# A half in the engine's text ("8.5", format_decimal's way), not inside a longer number or after
# a minus sign (``points`` keeps a negative value a decimal).
_HALF = re.compile(r"(?<![\d.\-])(\d+)\.5(?![\d.])")


def halves(text: str) -> str:
    """The engine's text (a summary, never a name) with its halves written as the page writes
    them: "8.5: every member's score" -> "8½: every member's score", "0.5" -> "½"."""
    return _HALF.sub(lambda m: f"{m[1]}½" if m[1] != "0" else "½", text)


@register.filter
def half_room(value: Fraction | int | str | None) -> str:
    """ " w" for a whole score or tiebreak value, the class of its cell: the cell keeps the room
    of a "½" after it (site.css), so that in a right-aligned column "9" stands under the "10"
    of "10½" and not under its "½". Empty for any other value."""
    if value is None:
        return ""
    if isinstance(value, str):  # a value already written, "10" or "10½"
        return " w" if value.lstrip("-").isdigit() else ""
    if type(value) is int or Fraction(value).denominator == 1:
        return " w"
    return ""


@register.filter
def rating(value: int | None) -> str:
    """A rating, or "unr." for an unrated player."""
    return "unr." if value is None else str(value)


@register.filter
def css_string(value: object) -> str:
    """``value`` as the inside of a double-quoted CSS string (for an ``@page`` margin box):
    every character that could end the string, the rule or the ``<style>`` element is written
    as a CSS hex escape."""
    out = []
    for c in str(value):
        if c.isalnum() or c in " –-·,.()&'":
            out.append(c)
        else:
            out.append(f"\\{ord(c):06x}")
    return "".join(out)


@register.filter
def withdrawal(after_round: int | None) -> str:
    """A withdrawal in words: before round 1 for round 0 (``withdrawal_words``)."""
    return "" if after_round is None else withdrawal_words(after_round)


@register.filter
def url_breaks(address: str) -> SafeString:
    """An address that wraps after a "/" rather than inside a word: "https://host/t/<wbr>slug/"."""
    scheme, sep, rest = str(address).partition("://")
    if not sep:
        scheme, rest = "", scheme
    parts = "/<wbr>".join(escape(part) for part in rest.split("/"))
    return mark_safe(f"{escape(scheme)}{sep}{parts}")  # noqa: S308 - each part escaped
