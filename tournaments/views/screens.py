"""The TD's page for the hall: what each screen shows, and marking a section's results final."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import selectors, services
from tournaments.access import tournament_for_director
from tournaments.forms.screens import HallScreenForm, SectionFinalForm
from tournaments.models import HallScreen, Section, Tournament
from tournaments.views.setup import form_errors, stale_form_errors


def _page(
    request: HttpRequest,
    tournament: Tournament,
    new: HallScreenForm,
    bound: HallScreenForm | None = None,
) -> HttpResponse:
    screens = list(tournament.screens.select_related("section"))
    forms = [
        bound
        if bound is not None and bound.instance.pk == s.pk
        else HallScreenForm(instance=s, tournament=tournament, prefix=f"s{s.pk}")
        for s in screens
    ]
    sections = list(tournament.sections.all())
    progress = selectors.sections_progress(sections)
    return render(
        request,
        "tournaments/screens.html",
        {
            "tournament": tournament,
            "screens": list(zip(screens, forms, strict=True)),
            "new": new,
            "sections": [(s, progress[s.pk]) for s in sections],
            # The form a save refused, named at the top of the page.
            "refused": bound if bound is not None else (new if new.errors else None),
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def screens(request: HttpRequest, slug: str) -> HttpResponse:
    """List the hall screens with what each shows; POST adds a screen."""
    tournament = tournament_for_director(request, slug)
    if request.method == "POST":
        form = HallScreenForm(request.POST, tournament=tournament, prefix="new")
        if form.is_valid():
            try:
                screen = services.hall_screen_save(screen=form.save(commit=False))
            except ValidationError as error:
                form_errors(form, error)
            else:
                messages.success(request, f"Screen {screen.name} added.")
                return redirect("tournaments:screens", slug=tournament.slug)
        return _page(request, tournament, form)
    return _page(
        request, tournament, HallScreenForm(tournament=tournament, prefix="new")
    )


@require_POST
@login_required
def screen_update(request: HttpRequest, slug: str, screen: int) -> HttpResponse:
    """Change what one screen shows; the screen picks it up at its next refresh."""
    tournament = tournament_for_director(request, slug)
    shown = get_object_or_404(HallScreen, pk=screen, tournament=tournament)
    form = HallScreenForm(
        request.POST, instance=shown, tournament=tournament, prefix=f"s{shown.pk}"
    )
    if form.is_valid():
        try:
            services.hall_screen_save(
                screen=form.save(commit=False),
                based_on=form.cleaned_data.get("based_on"),
            )
        except ValidationError as error:
            stale_form_errors(form, error)
    if not form.is_valid():
        new = HallScreenForm(tournament=tournament, prefix="new")
        return _page(request, tournament, new, bound=form)
    messages.success(
        request, f"Screen {shown.name} now shows {shown.get_content_display().lower()}."
    )
    return redirect("tournaments:screens", slug=tournament.slug)


def _unfinished(section: Section) -> str:
    """What a section still lacks before its results are final ("" when its last round is
    paired, posted and complete): the question asked before marking it final."""
    progress = selectors.sections_progress([section])[section.pk]
    total = section.rounds_total
    if progress.round_number is None:
        return f"{section.name} has not started: none of its {total} rounds is paired."
    lacking = []
    if progress.round_number < total:
        lacking.append(
            f"the last round paired is round {progress.round_number} of {total}"
        )
    if progress.results_missing:
        missing = progress.results_missing
        lacking.append(
            f"{missing} result{pluralize(missing)} of round {progress.round_number} "
            f"{pluralize(missing, 'is,are')} missing"
        )
    return (
        f"{section.name} is not finished: {' and '.join(lacking)}." if lacking else ""
    )


@require_POST
@login_required
def section_final(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """Mark a section's results final (locked: its pages say so and offer the files), or reopen
    it with a reason.

    A section not finished is asked about first, by name: the button of the section next to
    it, tapped on a phone, would lock a section in play, and only a reopening shown on its
    public pages would undo it."""
    tournament = tournament_for_director(request, slug)
    obj = get_object_or_404(tournament.sections, pk=section)
    form = SectionFinalForm(request.POST)
    form.is_valid()  # optional fields only: always valid
    final = form.cleaned_data["final"]
    if final and not obj.is_final and not form.cleaned_data["confirm"]:
        unfinished = _unfinished(obj)
        if unfinished:
            return render(
                request,
                "tournaments/section_final_confirm.html",
                {
                    "tournament": tournament,
                    "section_asked": obj,
                    "question": unfinished,
                },
            )
    try:
        services.section_final_set(
            section=obj,
            final=final,
            reason=form.cleaned_data.get("reason") or "",
            user=request.user,
        )
    except ValidationError as refused:
        messages.error(request, f"{obj.name}: " + " ".join(refused.messages))
    else:
        messages.success(
            request,
            f"{obj.name}: results marked final. Results, pairings and players are locked."
            if obj.is_final
            else f"{obj.name}: results reopened (not final).",
        )
    return redirect(reverse("tournaments:screens", kwargs={"slug": tournament.slug}))
