"""The round page's steps of a round's life: what to do before pairing (no posted order, players
not checked in), removing a round's pairings, a correction after a later round was paired, check
mode's differences before posting, and the section's log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render

from standings.engine import parse_order
from tiebreak_site.http import HtmxHttpRequest
from tournaments import selectors, services


def _order_names(order: str) -> str:
    return ", ".join(spec.label for spec in parse_order(order))


def round_pair_ask(
    request: HtmxHttpRequest,
    page: Any,
    context: Callable[..., dict[str, Any]],
    question: services.PairingRefused,
) -> HttpResponse:
    """Before the pairing program runs: post the default order? pair the absent players?

    The answers already given travel with the form, so the TD answers each question once.
    """
    default = selectors.section_default_tiebreaks(page.section.kind)
    return render(
        request,
        "tournaments/round_pair_ask.html",
        context(
            page,
            heading="pair",
            question=str(question),
            no_order=isinstance(question, services.OrderNotPosted),
            absent_players=getattr(question, "players", []),
            default_order=_order_names(default),
            post_default_order=request.POST.get("post_default_order") == "1",
            absent_choice=request.POST.get("absent", ""),
            ABSENT_ZERO_BYE=services.ABSENT_ZERO_BYE,
            ABSENT_PAIR=services.ABSENT_PAIR,
        ),
    )
