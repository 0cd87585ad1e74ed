"""The TD's prize page of a section: the prize fund (editor, JSON upload and download) and playoffs."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import selectors, services
from tournaments.access import tournament_for_director
from tournaments.forms.prizes import (
    FundUploadForm,
    PlayoffAnnouncedForm,
    PlayoffForm,
    PrizeFormSet,
    prize_initial,
)
from tournaments.models import Section

PREFIX = "prizes"
ROWS_ADDED = 3
FUND_SAVED = "Prize fund saved: {count} prize line{s}."
PLAYOFF_SAVED = "Playoff recorded."
PLAYOFF_DELETED = "Playoff deleted."
ANNOUNCED_SAVED = {
    True: "Playoffs now decide cash too (announced in advance).",
    False: "Playoffs decide non-cash items only.",
}


def _section(request: HttpRequest, slug: str, section: int) -> Section:
    tournament = tournament_for_director(request, slug)
    return get_object_or_404(
        Section.objects.select_related("tournament"), pk=section, tournament=tournament
    )


def _page_url(section: Section) -> str:
    return reverse(
        "tournaments:prizes",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _playoffs(section: Section) -> list[dict[str, Any]]:
    """The section's playoffs as the page lists them: number, (start number, name) pairs, note."""
    names = dict(section.players.values_list("start_number", "name"))
    return [
        {
            "number": n,
            "players": [
                (p, names.get(p, "(not in the section)")) for p in entry["players"]
            ],
            "note": entry.get("note", ""),
        }
        for n, entry in enumerate(section.playoffs, start=1)
        if isinstance(entry, dict) and isinstance(entry.get("players"), list)
    ]


def _render(
    request: HttpRequest,
    section: Section,
    *,
    formset: Any = None,
    upload: FundUploadForm | None = None,
    playoff: PlayoffForm | None = None,
    status: int = 200,
    based_on: str | None = None,
) -> HttpResponse:
    context = {
        "section": section,
        "tournament": section.tournament,
        "formset": formset
        or PrizeFormSet(initial=prize_initial(section.prize_fund), prefix=PREFIX),
        "upload": upload or FundUploadForm(),
        "playoff_form": playoff or PlayoffForm(),
        "announced_form": PlayoffAnnouncedForm(
            initial={"announced": section.playoff_announced}
        ),
        "playoffs": _playoffs(section),
        # The fund the editor was drawn from (kept through "add rows" and refusals).
        "based_on": based_on or selectors.json_version(section.prize_fund),
        "prize_count": len((section.prize_fund or {}).get("prizes", [])),
    }
    return render(request, "tournaments/prizes.html", context, status=status)


def _fund_save(
    request: HttpRequest,
    section: Section,
    fund: dict[str, Any],
    based_on: str = "",
    *,
    uploaded: bool = False,
) -> bool | str:
    """Save the fund through the service and say so; False (with the messages) if it refuses,
    or the fund's version now if it refused a stale editor (the editor carries it then)."""
    try:
        services.section_prize_fund_set(
            section=section, fund=fund, based_on=based_on, uploaded=uploaded
        )
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return error.version if isinstance(error, services.StaleEdit) else False
    count = len(section.prize_fund["prizes"])
    messages.success(
        request, FUND_SAVED.format(count=count, s="" if count == 1 else "s")
    )
    return True


@require_http_methods(["GET", "POST"])
@login_required
def prizes(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """The prize page; POST saves the editor's rows as the fund ("add rows" only adds blank rows)."""
    found = _section(request, slug, section)
    if request.method == "GET":
        return _render(request, found)
    if "add_rows" in request.POST:
        data = request.POST.copy()
        try:
            total = int(data.get(f"{PREFIX}-TOTAL_FORMS", "0"))
        except ValueError:
            total = 0
        data[f"{PREFIX}-TOTAL_FORMS"] = str(total + ROWS_ADDED)
        return _render(
            request,
            found,
            formset=PrizeFormSet(data, prefix=PREFIX),
            based_on=request.POST.get("based_on"),
        )
    formset = PrizeFormSet(request.POST, prefix=PREFIX)
    based_on = request.POST.get("based_on", "")
    if formset.is_valid():
        saved = _fund_save(request, found, formset.fund, based_on)
        if saved is True:
            return redirect(_page_url(found))
        based_on = saved or based_on
    return _render(request, found, formset=formset, based_on=based_on)


@require_POST
@login_required
def prize_fund_upload(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """Replace the fund with an uploaded or pasted fund JSON."""
    found = _section(request, slug, section)
    upload = FundUploadForm(request.POST, request.FILES)
    # The fund the page was drawn from: an upload from an older page does not take back
    # another TD's save without a word, as the editor does not.
    based_on = request.POST.get("based_on", "")
    if upload.is_valid():
        saved = _fund_save(
            request, found, upload.cleaned_data["fund"], based_on, uploaded=True
        )
        if saved is True:
            return redirect(_page_url(found))
        based_on = saved or based_on
    return _render(request, found, upload=upload, based_on=based_on)


@require_GET
@login_required
def prize_fund_download(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """The fund JSON, as ``manage.py prizes --fund`` and the upload read it."""
    found = _section(request, slug, section)
    fund = found.prize_fund or {"prizes": []}
    response = HttpResponse(
        json.dumps(fund, indent=2, ensure_ascii=False) + "\n",
        content_type="application/json; charset=utf-8",
    )
    name = f"{found.tournament.slug}-{slugify(found.name)}-prizes.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_POST
@login_required
def playoff_record(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    found = _section(request, slug, section)
    form = PlayoffForm(request.POST)
    if form.is_valid():
        try:
            services.section_playoff_record(
                section=found,
                players=form.cleaned_data["players"],
                note=form.cleaned_data["note"],
            )
        except ValidationError as error:
            form.add_error("players", error)
        else:
            messages.success(request, PLAYOFF_SAVED)
            return redirect(_page_url(found) + "#playoffs")
    return _render(request, found, playoff=form)


def _numbers(text: str | None) -> list[int] | None:
    """The start numbers a form sent ("12,7"); None when it sent none, or not numbers."""
    try:
        return [int(n) for n in text.split(",")] if text else None
    except ValueError:
        return None


def _playoff_ask(
    request: HttpRequest, section: Section, playoff: dict[str, Any], players: str
) -> HttpResponse:
    """The question before a playoff is deleted, naming it and its players."""
    order = " › ".join(f"#{n} {name}" for n, name in playoff["players"])
    note = f" ({playoff['note']})" if playoff["note"] else ""
    return render(
        request,
        "tournaments/confirm.html",
        {
            "tournament": section.tournament,
            "section": section,
            "tab": "prizes",
            "heading": f"Delete playoff {playoff['number']}?",
            "lead": f"Playoff {playoff['number']}: {order}{note}.",
            "points": [
                "Once it is deleted, the prize list orders these players by their "
                "tiebreaks again.",
            ],
            "choices": [
                {
                    "label": f"Delete playoff {playoff['number']}",
                    "fields": {"players": players, "confirm": "1"},
                    "danger": True,
                }
            ],
            "action": request.path,
            "cancel_url": _page_url(section) + "#playoffs",
            "cancel_label": "Cancel: keep it",
        },
    )


@require_POST
@login_required
def playoff_delete(
    request: HttpRequest, slug: str, section: int, playoff: int
) -> HttpResponse:
    """Delete a playoff: a post without ``confirm`` asks first, naming its players."""
    found = _section(request, slug, section)
    players = _numbers(request.POST.get("players"))
    if request.POST.get("confirm") != "1":
        # Found as the service finds it (by its players when the page sent them); one no
        # longer there (pressed twice, another TD deleted it) is answered as done below.
        asked = next(
            (
                p
                for p in _playoffs(found)
                if [n for n, _name in p["players"]] == players
                or (players is None and p["number"] == playoff)
            ),
            None,
        )
        if asked is not None:
            return _playoff_ask(request, found, asked, request.POST.get("players", ""))
    try:
        services.section_playoff_delete(section=found, number=playoff, players=players)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, PLAYOFF_DELETED)
    return redirect(_page_url(found) + "#playoffs")


@require_POST
@login_required
def playoff_announced(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    found = _section(request, slug, section)
    form = PlayoffAnnouncedForm(request.POST)
    # A checkbox form is always valid: unticked means not announced.
    form.is_valid()
    announced = bool(form.cleaned_data.get("announced"))
    services.section_playoff_announced_set(section=found, announced=announced)
    messages.success(request, ANNOUNCED_SAVED[announced])
    return redirect(_page_url(found) + "#playoffs")
