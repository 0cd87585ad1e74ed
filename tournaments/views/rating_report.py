"""The US Chess rating report: the pre-flight page (event or section) and the zip download."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from tournaments import uschess_report
from tournaments.access import tournament_for_director
from tournaments.models import Section

DOWNLOAD_REFUSED = (
    "The report has {count} error{s}: fix {them} first (or download it anyway, knowing US "
    "Chess may refuse it)."
)


@require_GET
@login_required
def rating_report(
    request: HttpRequest, slug: str, section: int | None = None
) -> HttpResponse:
    """Every problem that would make US Chess refuse or misrate the event (or one section)."""
    tournament = tournament_for_director(request, slug)
    event = uschess_report.rating_report_load(tournament)
    problems = uschess_report.rating_report_problems(event, today=timezone.localdate())
    shown = None
    if section is not None:
        shown = get_object_or_404(Section, tournament=tournament, pk=section)
        problems = [p for p in problems if p.section_id in (None, shown.pk)]
    errors = [p for p in problems if p.is_error]
    warnings = [p for p in problems if not p.is_error]
    return render(
        request,
        "tournaments/rating_report.html",
        {
            "tournament": tournament,
            "shown": shown,
            "event": event,
            "errors": errors,
            "warnings": warnings,
            # A final section's players and results are locked: fixing them needs a reopening.
            "final_with_problems": sorted(
                {
                    rs.section.name
                    for rs in event.sections
                    if rs.section.is_final
                    and any(p.section_id == rs.section.pk for p in problems)
                }
            ),
            "download": reverse(
                "tournaments:rating_report_download", kwargs={"slug": tournament.slug}
            ),
        },
    )


@require_GET
@login_required
def rating_report_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The zip of THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF; with errors only if ``force=1``."""
    tournament = tournament_for_director(request, slug)
    event = uschess_report.rating_report_load(tournament)
    errors = [
        p
        for p in uschess_report.rating_report_problems(
            event, today=timezone.localdate()
        )
        if p.is_error
    ]
    if errors and request.GET.get("force") != "1":
        count = len(errors)
        messages.error(
            request,
            DOWNLOAD_REFUSED.format(
                count=count,
                s="" if count == 1 else "s",
                them="it" if count == 1 else "them",
            ),
        )
        return redirect("tournaments:rating_report", slug=tournament.slug)
    response = HttpResponse(
        uschess_report.rating_report_zip(event), content_type="application/zip"
    )
    name = uschess_report.rating_report_filename(tournament)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
