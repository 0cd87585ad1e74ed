"""Setting up a tournament: create and edit it and its sections, publish it, the TD section page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import selectors, services
from tournaments.access import tournament_for_director
from tournaments.forms.setup import (
    RoundScheduleForm,
    SectionForm,
    TournamentForm,
    section_initial,
    version_field_renew,
)
from tournaments.forms.tiebreaks import order_labels
from tournaments.models import Player, RequestedBye, Section, Tournament, bye_label

# How a requested bye shows in the players table: the wall chart's letters (B full-point bye,
# H half-point bye, U zero-point bye / not paired) after the round number, e.g. "R3 H".
BYE_LETTER: dict[str, str] = {
    RequestedBye.Kind.FULL: "B",
    RequestedBye.Kind.HALF: "H",
    RequestedBye.Kind.ZERO: "U",
}
# A bye the TD gave says why in the table itself, short ("R3 U no check-in"): the full words
# were only a title, which a phone never shows.
BYE_REASON_SHORT: dict[str, str] = {
    RequestedBye.Reason.NOT_CHECKED_IN: "no check-in",
    RequestedBye.Reason.FORFEITED: "after forfeit",
}


def section_for_director(request: HttpRequest, slug: str, section: int) -> Section:
    """The section of a tournament the user directs (404 if none, 403 if not a director)."""
    tournament = tournament_for_director(request, slug)
    found = get_object_or_404(Section, tournament=tournament, pk=section)
    found.tournament = tournament
    # The round the section's tabs open check-in for: the first one not yet paired.
    paired = selectors.paired_rounds(found)
    found.next_round = min(max(paired, default=0) + 1, found.rounds_total)  # type: ignore[attr-defined]
    return found


def form_errors(form: object, error: ValidationError) -> None:
    """Put a service's refusal on the form, as sentences above its fields."""
    for message in error.messages:
        form.add_error(None, message)  # type: ignore[attr-defined]


def stale_form_errors(form: forms.BaseForm, error: ValidationError) -> None:
    """``form_errors``; after a stale save (``services.StaleEdit``) the form also carries the
    row's current version, so saving it again (the TD has read the error) replaces it."""
    form_errors(form, error)
    if isinstance(error, services.StaleEdit):
        version_field_renew(form, error)


@require_http_methods(["GET", "POST"])
@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None, submit="Create tournament")
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(
                user=request.user,  # type: ignore[arg-type]
                **form.cleaned_data,
            )
        except services.TournamentSameName as error:
            form_errors(form, error)
            form.ask_same_name()
            return render(request, "tournaments/tournament_form.html", {"form": form})
        messages.success(
            request, f"{tournament.name} is created as a draft. Add its sections next."
        )
        return redirect("tournaments:section_create", slug=tournament.slug)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@require_GET
@login_required
def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    sections = list(tournament.sections.all())
    progress = selectors.sections_progress(sections)
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "sections": [(s, progress[s.pk]) for s in sections],
            "directors": tournament.directors.order_by("username"),
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    form = TournamentForm(
        request.POST or None, instance=Tournament.objects.get(pk=tournament.pk)
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(tournament=tournament, **form.cleaned_data)
        except ValidationError as error:
            stale_form_errors(form, error)
        else:
            messages.success(request, "Tournament details saved.")
            return redirect("tournaments:tournament_detail", slug=tournament.slug)
    return render(
        request,
        "tournaments/tournament_form.html",
        {"form": form, "tournament": tournament},
    )


@require_POST
@login_required
def tournament_publish(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    choice = request.POST.get("published")
    if choice not in ("1", "0"):
        messages.error(
            request, "Choose to publish the tournament or to make it a draft."
        )
    else:
        services.tournament_publish(tournament=tournament, published=choice == "1")
        messages.success(
            request,
            f"{tournament.name} is published: its pages are public."
            if choice == "1"
            else f"{tournament.name} is a draft again: only its directors see it.",
        )
    return redirect("tournaments:tournament_detail", slug=tournament.slug)


@require_http_methods(["GET", "POST"])
@login_required
def section_create(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    form = SectionForm(
        request.POST or None,
        initial=section_initial(tournament),
        submit="Create section",
    )
    if request.method == "POST" and form.is_valid():
        try:
            section = services.section_create(
                tournament=tournament, **form.cleaned_data
            )
        except ValidationError as error:
            form_errors(form, error)
        else:
            messages.success(
                request, f"Section {section.name} created. Add its players next."
            )
            return redirect(
                "tournaments:section_detail", slug=tournament.slug, section=section.pk
            )
    return render(
        request,
        "tournaments/section_form.html",
        {"form": form, "tournament": tournament},
    )


@require_http_methods(["GET", "POST"])
@login_required
def section_edit(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    found = section_for_director(request, slug, section)
    form = SectionForm(request.POST or None, instance=Section.objects.get(pk=found.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.section_update(section=found, **form.cleaned_data)
        except ValidationError as error:
            stale_form_errors(form, error)
        else:
            messages.success(request, f"Section {found.name} saved.")
            return redirect("tournaments:section_detail", slug=slug, section=found.pk)
    return render(
        request,
        "tournaments/section_form.html",
        {"form": form, "tournament": found.tournament, "section": found},
    )


@require_http_methods(["GET", "POST"])
@login_required
def section_schedule(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """When each round starts: shown on the tournament page, the pairings and the hall screens."""
    found = section_for_director(request, slug, section)
    form = RoundScheduleForm(request.POST or None, section=found)
    if request.method == "POST" and form.is_valid():
        try:
            services.section_schedule_set(
                section=found,
                starts=form.starts(),
                based_on=form.cleaned_data["based_on"],
            )
        except services.StaleEdit as error:
            # Show the times as they are now: the TD checks them and saves again.
            messages.error(request, " ".join(error.messages))
            return redirect("tournaments:section_schedule", slug=slug, section=found.pk)
        except ValidationError as error:
            form_errors(form, error)
        else:
            messages.success(request, f"Round schedule of {found.name} saved.")
            return redirect("tournaments:section_schedule", slug=slug, section=found.pk)
    return render(
        request,
        "tournaments/section_schedule.html",
        {
            "form": form,
            "tournament": found.tournament,
            "section": found,
            "time_zone": timezone.get_current_timezone_name(),
        },
    )


@require_GET
@login_required
def section_detail(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """The TD's section page: the players table and where the section stands."""
    found = section_for_director(request, slug, section)
    players = list(Player.objects.filter(section=found))
    # The requested byes in one query, grouped here: prefetch_related cost 0.3 s of queryset
    # copies for 1,200 players.
    byes: dict[int, list[tuple[str, str, str]]] = {p.pk: [] for p in players}
    for player_id, number, kind, reason in RequestedBye.objects.filter(
        player__section=found
    ).values_list("player_id", "round_number", "kind", "reason"):
        byes[player_id].append(
            (
                f"R{number}\u00a0{BYE_LETTER[kind]}",
                BYE_REASON_SHORT.get(reason, ""),
                f"Round {number}: {bye_label(kind, reason).lower()}",
            )
        )
    return render(
        request,
        "tournaments/section_detail.html",
        {
            "tournament": found.tournament,
            "section": found,
            "players": [(p, byes[p.pk]) for p in players],
            "progress": selectors.sections_progress([found])[found.pk],
            "rounds": selectors.section_rounds(found),
            "can_renumber": not selectors.round_one_paired(found),
            "out_of_order": not selectors.players_in_rating_order(players),
            "posted": selectors.section_tiebreaks_posted(found),
            "order": order_labels(found.tiebreaks),
            "player_changes": selectors.section_player_changes(found),
        },
    )
