"""The round page's steps of a round's life: what to do before pairing (no posted order, players
not checked in), removing a round's pairings, a correction after a later round was paired, check
mode's differences before posting, and the section's log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_POST

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
    withdraw the players who lost the round before by forfeit, give them zero-point byes, or
    pair them?

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
            forfeited_players=getattr(question, "forfeited", []),
            forfeited_choice=request.POST.get("forfeited", ""),
            forfeited_shown=request.POST.getlist("forfeited_shown"),
            last=page.number - 1,
            default_order=_order_names(default),
            post_default_order=request.POST.get("post_default_order") == "1",
            absent_choice=request.POST.get("absent", ""),
            absent_shown=request.POST.getlist("absent_shown"),
            # The press's key travels with the answer: sent twice, it finds its own pairings.
            pair_key=services.pair_key_read(request.POST.get("pair_key", ""))
            or services.pair_key_new(),
            ABSENT_ZERO_BYE=services.ABSENT_ZERO_BYE,
            ABSENT_PAIR=services.ABSENT_PAIR,
            FORFEITED_WITHDRAW=services.FORFEITED_WITHDRAW,
            FORFEITED_ZERO_BYE=services.FORFEITED_ZERO_BYE,
            FORFEITED_PAIR=services.FORFEITED_PAIR,
        ),
    )


def result_confirm(
    request: HtmxHttpRequest,
    page: Any,
    context: Callable[..., dict[str, Any]],
    board: Any,
    cleaned: dict[str, str],
    asked: services.LaterRoundsPaired,
) -> HttpResponse:
    """A correction after a later round was paired, without JavaScript: say what it changes
    and ask before saving it."""
    page.load_rounds()
    return render(
        request,
        "tournaments/round_confirm.html",
        context(
            page,
            heading="confirm a correction",
            question=asked.messages[0],
            action=request.path,
            fields={
                "result": cleaned["result"],
                "based_on": cleaned["based_on"],
                "confirm_later": "1",
            },
            button=f"Change board {board.board or '–'} anyway",
        ),
    )


@require_POST
@login_required
def round_unpair(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Remove the round's pairings (a draft at once; posted ones with a confirmation)."""
    # The round page's loader, imported here: the round page imports this module.
    from tournaments.views.rounds import _context, _round_page

    page = _round_page(request, slug, section, number)
    if page.round is None:
        messages.error(request, services.ROUND_REMOVE_NOTHING.format(round=number))
        return HttpResponseRedirect(page.url())
    confirm = request.POST.get("confirm") == "1"
    based_on = request.POST.get("based_on") or None
    # The results the page showed (none, or check entries): results entered since are a change.
    results_seen = request.POST.get("results_seen") or None
    try:
        services.round_pairings_remove(
            round_=page.round,
            confirm=confirm,
            user=request.user,
            based_on=based_on,
            results_seen=results_seen,
        )
    except ValidationError as refused:
        if not confirm and isinstance(refused, services.RemoveNeedsConfirm):
            return render(
                request,
                "tournaments/round_confirm.html",
                _context(
                    page,
                    heading="remove pairings",
                    question=refused.messages[0],
                    action=request.path,
                    # The confirmation is for the pairings (and results) the first page
                    # showed.
                    fields={
                        "confirm": "1",
                        "based_on": based_on or "",
                        "results_seen": results_seen or "",
                    },
                    button=f"Take back round {number}'s pairings",
                    danger=True,
                ),
            )
        messages.error(request, " ".join(refused.messages))
    else:
        messages.success(
            request,
            f"Round {number}: pairings removed. Check-in and requested byes are open; "
            "pair it again when ready.",
        )
    return HttpResponseRedirect(page.url())


@require_POST
@login_required
def round_repair(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Pair a round again on the present scores (a round paired on old scores, not yet
    started): its pairings are removed and the program pairs it as a draft."""
    from tournaments.views.rounds import _context, _round_page  # see round_unpair

    page = _round_page(request, slug, section, number)
    confirm = request.POST.get("confirm") == "1"
    shown = {
        "based_on": request.POST.get("based_on", ""),
        "results_seen": request.POST.get("results_seen", ""),
        "pair_key": request.POST.get("pair_key", ""),
    }
    try:
        services.round_repair(
            section=page.section,
            number=number,
            user=request.user,
            based_on=shown["based_on"] or None,
            # As Remove pairings: results entered since the page was drawn are named.
            results_seen=shown["results_seen"] or None,
            pair_key=services.pair_key_read(shown["pair_key"]),
            confirm=confirm,
        )
    except services.RemoveNeedsConfirm as asked:
        # Check entries would go with the pairings: asked as Remove pairings asks, the
        # confirmation carrying what the first page showed.
        return render(
            request,
            "tournaments/round_confirm.html",
            _context(
                page,
                heading="pair again",
                question=asked.messages[0],
                action=request.path,
                fields={**shown, "confirm": "1"},
                button=f"Pair round {number} again",
                danger=True,
            ),
        )
    except (ValidationError, services.PairingRefused) as refused:
        text = (
            str(refused)
            if isinstance(refused, services.PairingRefused)
            else " ".join(refused.messages)
        )
        messages.error(request, text)
    else:
        messages.success(
            request,
            f"Round {number} paired again on the present scores, as a draft: check it, "
            "then post the pairings.",
        )
    return HttpResponseRedirect(page.url())


# Boards named in the "results missing" line before the rest are counted: a round with 40
# games out says the first few and how many more, on one line of a phone.
BOARDS_NAMED = 10


def _boards_named(boards: list[int]) -> str:
    """ "board 4", "boards 4, 7", "boards 1, 2, ... 10 and 30 more"."""
    if not boards:
        return ""
    shown = ", ".join(str(b) for b in boards[:BOARDS_NAMED])
    more = len(boards) - BOARDS_NAMED
    return (
        ("board " if len(boards) == 1 else "boards ")
        + shown
        + (f" and {more} more" if more > 0 else "")
    )


def round_life_context(page: Any) -> dict[str, Any]:
    """What the round page shows of the round's life: final, paired on old scores (and whether
    it can be paired again), whether its pairings can be removed, check differences of the
    round before that block posting this one."""
    round_ = page.round
    states = page.rounds
    later_paired = any(
        s.round is not None and s.round.status != "not_paired"
        for s in states[page.number :]
    )
    started = page.state is not None and page.state.done > 0
    has_pairings = round_ is not None and round_.status != "not_paired"
    removable = has_pairings and not started and not later_paired
    removable = removable and not page.section.is_final
    blocking = (
        selectors.round_check_differences(section=page.section, number=page.number - 1)
        if round_ is not None and round_.status == "draft" and page.number > 1
        else []
    )
    no_order = (
        page.number == 1
        and round_ is not None
        and round_.status == "draft"
        and not selectors.section_tiebreaks_posted(page.section)
    )
    # Said before the Pair press that round_pair would refuse (ROUND_PAIR_EARLIER_INCOMPLETE):
    # the page offers pairing only once the rounds before are in, as SwissSys pairs only then.
    # A page drawn before a result was taken back can still press; the service refuses it.
    earlier = (
        selectors.rounds_earlier_open(section=page.section, number=page.number)
        if not has_pairings and not page.section.is_final
        else None
    )
    return {
        "life_earlier": earlier,
        "life_earlier_boards": _boards_named(earlier.boards) if earlier else "",
        "life_no_order": no_order,
        "life_default_order": _order_names(
            selectors.section_default_tiebreaks(page.section.kind)
        )
        if no_order
        else "",
        "life_final": page.section.is_final,
        "life_removable": removable,
        # What the Remove pairings form saw of the results side (check entries): results
        # entered after the page was drawn refuse the removal (round_pairings_remove).
        "life_results_version": selectors.round_results_version(round_id=round_.pk)
        if removable
        else "",
        "life_posted": round_ is not None and round_.status in ("paired", "complete"),
        "life_repair": bool(round_ and round_.paired_on_old_scores)
        and removable
        and not page.section.is_final,
        "life_blocking": blocking,
    }
