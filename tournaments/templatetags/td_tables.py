"""Tags that write the TD pages' big tables in Python (``tournaments.tables``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from tournaments import tables

register = template.Library()


@register.simple_tag(takes_context=True)
def round_rows(context: Any, rows: Any) -> SafeString:
    """The round page's table body: every board, with its result buttons once posted."""
    return tables.round_rows_html(rows, context, table=True)


@register.simple_tag(takes_context=True)
def round_row(context: Any, row: Any) -> SafeString:
    """One board's row with its result buttons (an htmx answer swaps it in)."""
    return tables.round_rows_html([row], context)


@register.simple_tag(takes_context=True)
def players_rows(context: Any, players: Any) -> SafeString:
    """The section page's players table body: (player, requested byes) pairs."""
    return tables.players_rows_html(players, context)


@register.simple_tag(takes_context=True)
def checkin_rows(context: Any, rows: Any) -> SafeString:
    """Check-in rows: (player, checked in?) pairs."""
    return tables.checkin_rows_html(rows, context)


@register.simple_tag(takes_context=True)
def checkin_row(context: Any, player: Any, checked: bool) -> SafeString:
    """One player's check-in row."""
    return tables.checkin_rows_html([(player, checked)], context)


@register.simple_tag
def board_entry_rows(formset: Any) -> SafeString:
    """The pairings form's boards: white's and black's start numbers, a row per board."""
    return tables.board_entry_rows_html(formset)


@register.simple_tag
def pairing_players_rows(players: Any, number: int, requested: Any) -> SafeString:
    """The players listed beside the pairings form."""
    return tables.pairing_players_rows_html(players, number, requested)


@register.simple_tag(takes_context=True)
def check_rows(context: Any, rows: Any) -> SafeString:
    """Check mode's rows: each board with the buttons of its check entry."""
    return tables.check_rows_html(rows, context)


@register.simple_tag
def history_rows(changes: Any) -> SafeString:
    """The round's result changes, newest first."""
    return tables.history_rows_html(changes)


@register.simple_tag(takes_context=True)
def check_row(context: Any, row: Any) -> SafeString:
    """One board's check-mode row."""
    return tables.check_rows_html([row], context)


@register.simple_tag
def problem_items(problems: Any, button: str) -> SafeString:
    """The rating report's errors or warnings, a list item each."""
    return tables.problem_items_html(problems, button)
