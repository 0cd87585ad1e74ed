"""Check-in at the door before a round: tap a row, search by name, see who is still missing."""

from __future__ import annotations

import time

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_POST

from tiebreak_site.http import HtmxHttpRequest
from tournaments import selectors, services
from tournaments.forms.checkin import CheckinCloseForm
from tournaments.models import CheckIn, Player, RatingListEntry, RequestedBye, Section
from tournaments.views.rating_lists import lookup_matches
from tournaments.views.setup import section_for_director

TEMPLATE = "tournaments/checkin.html"


def _context(section: Section, number: int, query: str = "") -> dict[str, object]:
    # When the count was read: of two check-ins answered out of order (two taps on a slow
    # connection), the page keeps the count read last (checkin.js). Taken before the counting
    # queries: every check-in saved before the stamp is in its count, so the count with the
    # latest stamp holds each check-in the page has been answered for.
    counted_at = time.time_ns() // 1000  # microseconds: exact in a JavaScript number
    expected = list(selectors.checkin_expected(section, number))
    checked = set(
        CheckIn.objects.filter(
            player__section=section, round_number=number
        ).values_list("player_id", flat=True)
    )
    shown = [p for p in expected if query.casefold() in p.name.casefold()]
    away = list(
        RequestedBye.objects.filter(player__section=section, round_number=number)
        .select_related("player")
        .order_by("player__start_number")
    )
    present = sum(1 for p in expected if p.pk in checked)
    return {
        "tournament": section.tournament,
        "section": section,
        "number": number,
        "rows": [(p, p.pk in checked) for p in shown],
        "query": query,
        "expected": len(expected),
        "present": present,
        "missing": len(expected) - present,
        "counted_at": counted_at,
        "away": away,
        "closed": number in selectors.posted_rounds(section),
        # A draft's check-in stays open; the page says the draft must be paired again.
        "draft": number in selectors.paired_rounds(section),
        "in_range": 1 <= number <= section.rounds_total,
        "round_numbers": range(1, section.rounds_total + 1),
        # A walk-in not yet entered: the rating lists' matches, to enter with one tap.
        "list_matches": _list_matches(section, query),
        "entry_url": reverse(
            "tournaments:player_late_entry"
            if selectors.round_one_paired(section)
            else "tournaments:player_add",
            kwargs={"slug": section.tournament.slug, "section": section.pk},
        ),
    }


def _list_matches(section: Section, query: str) -> list[RatingListEntry]:
    entered = set(
        Player.objects.filter(section=section).values_list("uschess_id", "fide_id")
    )
    ids = {i for pair in entered for i in pair if i}
    return [e for e in lookup_matches(query) if e.member_id not in ids]


@require_GET
@login_required
def checkin(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    found = section_for_director(request, slug, section)
    context = _context(found, number, request.GET.get("q", "").strip())
    context["close_form"] = CheckinCloseForm()
    template = TEMPLATE + "#checkin-table" if request.htmx else TEMPLATE
    return render(request, template, context)


@require_POST
@login_required
def checkin_toggle(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Check a player in or out; htmx gets the row and the counts, a plain post the page."""
    found = section_for_director(request, slug, section)
    try:
        start_number = int(request.POST.get("player", ""))
    except ValueError:
        # Plain text: the page's script (htmx_errors.js) shows a plain-text reason as it is.
        return HttpResponseBadRequest(
            "Say which player (their start number).",
            content_type="text/plain; charset=utf-8",
        )
    player = get_object_or_404(Player, section=found, start_number=start_number)
    player.section = found
    try:
        saved = services.checkin_set(
            player=player,
            round_number=number,
            present=request.POST.get("present") == "1",
            user=request.user,  # type: ignore[arg-type]
        )
    except ValidationError as error:
        if request.htmx:
            # The row again, with the reason under the name (htmx swaps only 2xx answers).
            context = _context(found, number)
            checked = CheckIn.objects.filter(
                player=player, round_number=number
            ).exists()
            context.update(
                {
                    "player": player,
                    "checked": checked,
                    "row_error": " ".join(error.messages),
                }
            )
            return render(request, TEMPLATE + "#checkin-row", context)
        # A plain post: the page again (not a redirect), the refusal on the player's row as
        # with htmx (or by their name in the list of byes), and above the list too.
        messages.error(request, f"{player}: {' '.join(error.messages)}")
        context = _context(found, number, request.POST.get("q", ""))
        context.update(
            {"row_error": " ".join(error.messages), "row_error_for": player.pk}
        )
        return render(request, TEMPLATE, context)
    if saved.bye_dropped:
        # The TD is told (the next page shows it), as the section's log keeps it.
        messages.info(request, saved.bye_dropped)
    if not request.htmx:
        query = request.POST.get("q", "")
        url = redirect(
            "tournaments:checkin", slug=slug, section=found.pk, number=number
        )
        if query:
            url["Location"] += "?" + urlencode({"q": query})
        return url
    context = _context(found, number)
    context.update({"player": player, "checked": saved.present, "oob": True})
    html = render_to_string(
        TEMPLATE + "#checkin-row", context, request
    ) + render_to_string(TEMPLATE + "#checkin-count", context, request)
    return HttpResponse(html)


@require_POST
@login_required
def checkin_close(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    found = section_for_director(request, slug, section)
    form = CheckinCloseForm(request.POST)
    if form.is_valid():
        try:
            missing = services.checkin_close(
                section=found,
                round_number=number,
                action=form.cleaned_data["action"],
                user=request.user,  # type: ignore[arg-type]
            )
        except ValidationError as error:
            form.add_error(None, " ".join(error.messages))
        else:
            what = (
                "a zero-point bye"
                if form.cleaned_data["action"] == services.CLOSE_ZERO_BYE
                else "withdrawn"
            )
            names = ", ".join(p.name for p in missing) or "nobody"
            messages.success(
                request,
                f"Check-in for round {number} closed. {what.capitalize()}: {names}.",
            )
            return redirect(
                "tournaments:checkin", slug=slug, section=found.pk, number=number
            )
    context = _context(found, number)
    context["close_form"] = form
    return render(request, TEMPLATE, context)
