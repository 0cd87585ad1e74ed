"""Post the team scoring of a section, or of the whole event, before round one."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from tournaments import selectors, services
from tournaments.access import tournament_for_director
from tournaments.forms.teams import (
    EventTeamScoringForm,
    TeamLineupForm,
    TeamScoringForm,
    TeamSectionForm,
)
from tournaments.models import Round, Tournament
from tournaments.validators import whole_number, whole_numbers
from tournaments.views.setup import section_for_director, stale_form_errors

TEMPLATE = "tournaments/team_scoring.html"


@require_http_methods(["GET", "POST"])
@login_required
def section_team_scoring(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    found = section_for_director(request, slug, section)
    locked = selectors.round_one_posted(found)
    context: dict[str, Any] = {
        "tournament": found.tournament,
        "section": found,
        "stored": found.team_scoring,
        "locked": locked,
        "action": reverse("tournaments:section_team_scoring", args=[slug, found.pk]),
        "public": reverse("standings:teams", args=[slug, found.pk]),
    }
    if request.method != "POST":
        form = TeamScoringForm.from_stored(found.team_scoring)
        return render(request, TEMPLATE, {**context, "form": form})
    form = TeamScoringForm(request.POST)
    if form.is_valid():
        try:
            if request.POST.get("action") == "clear":
                services.section_team_scoring_clear(
                    section=found, based_on=form.cleaned_data["based_on"]
                )
                messages.success(request, f"Team scoring taken down for {found.name}.")
            else:
                services.section_team_scoring_post(
                    section=found,
                    top=form.cleaned_data["top"],
                    min_players=form.cleaned_data["min_players"],
                    order=form.cleaned_data["order"],
                    prizes=form.prize_list(),
                    reason=form.cleaned_data["reason"],
                    based_on=form.cleaned_data["based_on"],
                )
                messages.success(request, f"Team scoring posted for {found.name}.")
        except ValidationError as error:
            stale_form_errors(form, error)
        else:
            return redirect(context["action"])
    return render(request, TEMPLATE, {**context, "form": form})


@require_http_methods(["GET", "POST"])
@login_required
def tournament_team_scoring(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's team groups (each a group of sections scored together, posted before its
    round 1) and the form for a new one."""
    tournament = tournament_for_director(request, slug)
    return _event_group(request, tournament, None)


@require_http_methods(["GET", "POST"])
@login_required
def tournament_team_group(request: HttpRequest, slug: str, group: int) -> HttpResponse:
    """One posted event team group: change it, or take it down before its round 1."""
    tournament = tournament_for_director(request, slug)
    if tournament.team_group(group) is None:
        raise Http404("No such team group.")
    return _event_group(request, tournament, group)


def _event_group(
    request: HttpRequest, tournament: Tournament, group: int | None
) -> HttpResponse:
    """A posted group's page (``group``), or the new group's (None)."""
    slug = tournament.slug
    choices = selectors.team_group_choices(tournament, group)
    posted = group is not None
    stored = tournament.team_group(group) if posted else None
    action = (
        reverse("tournaments:tournament_team_group", args=[slug, group])
        if posted
        else reverse("tournaments:tournament_team_scoring", args=[slug])
    )
    context: dict[str, Any] = {
        "tournament": tournament,
        "group": group,
        "groups": selectors.team_group_lines(tournament),
        "stored": stored or {},
        "locked": posted and selectors.team_group_started(tournament, group),
        "action": action,
        "public": posted and reverse("standings:event_team_group", args=[slug, group]),
    }
    if request.method != "POST":
        free = selectors.team_group_free(tournament, group)
        form = EventTeamScoringForm.for_event(stored or {}, choices, free)
        return render(request, TEMPLATE, {**context, "form": form})
    form = EventTeamScoringForm(request.POST, choices=choices)
    try:
        if group is not None and request.POST.get("action") == "clear":
            services.tournament_team_group_clear(
                tournament=tournament,
                group=group,
                based_on=str(request.POST.get("based_on", "")),
            )
            messages.success(
                request, f"Event team group taken down for {tournament.name}."
            )
            return redirect("tournaments:tournament_team_scoring", slug)
        if form.is_valid():
            posting = services.tournament_team_scoring_post(
                tournament=tournament,
                group=group,
                name=form.cleaned_data["name"],
                top=form.cleaned_data["top"],
                min_players=form.cleaned_data["min_players"],
                order=form.cleaned_data["order"],
                prizes=form.prize_list(),
                reason=form.cleaned_data["reason"],
                sections=form.cleaned_data["sections"],
                based_on=form.cleaned_data["based_on"],
            )
            messages.success(
                request, f"Event team scoring posted for {tournament.name}."
            )
            return redirect("tournaments:tournament_team_group", slug, posting["id"])
    except ValidationError as error:
        stale_form_errors(form, error)
    return render(request, TEMPLATE, {**context, "form": form})


SETUP_TEMPLATE = "tournaments/team_setup.html"


@require_http_methods(["GET", "POST"])
@login_required
def section_team_setup(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """A fixed-roster team section: rosters and team scoring (before round 1), pairing rounds."""
    found = section_for_director(request, slug, section)
    context: dict[str, Any] = {
        "tournament": found.tournament,
        "section": found,
        "locked": selectors.round_one_posted(found),
        "teams": selectors.section_teams(found),
        "next_round": selectors.team_next_round(found),
        # One per page drawn: the Pair press sent twice finds its own matches
        # (team_round_pair).
        "pair_key": services.pair_key_new(),
    }
    if request.method != "POST":
        form = TeamSectionForm(
            initial={
                **selectors.team_setup_initial(found),
                "based_on": selectors.team_setup_version(found),
            }
        )
        return render(request, SETUP_TEMPLATE, {**context, "form": form})
    form = TeamSectionForm(request.POST)
    if form.is_valid():
        try:
            services.section_teams_set(
                section=found,
                boards=form.cleaned_data["boards"],
                rosters=form.cleaned_data["rosters"],
                match_points=form.cleaned_data["match_points"],
                primary=form.cleaned_data["primary"],
                order=form.cleaned_data["order"],
                prizes=form.prize_list(),
                based_on=form.cleaned_data["based_on"],
            )
        except ValidationError as error:
            # The form keeps what the TD typed, the refusal above it; after another TD's save
            # (or a renumbering: the rosters are start numbers) the page lists the teams as they
            # are now and the form carries their version, so saving again replaces them.
            stale_form_errors(form, error)
        else:
            messages.success(request, f"Teams and rosters posted for {found.name}.")
            return redirect("tournaments:section_team_setup", slug, found.pk)
    return render(request, SETUP_TEMPLATE, {**context, "form": form})


@require_http_methods(["POST"])
@login_required
def team_round_pair(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """Pair and post the next round of matches; the TD enters the boards on the round page.

    Teams that forfeited the whole match of the round before get a page asking the TD to
    withdraw them or pair them; the answer is posted here again with the teams it named.
    """
    found = section_for_director(request, slug, section)
    # The round the button named: pressed twice, the second press finds that round paired by
    # its own key (answered as done) rather than pairing the round after it.
    shown = request.POST.get("number", "")
    forfeited = request.POST.get("forfeited") or None
    pair_key = services.pair_key_read(request.POST.get("pair_key", ""))
    try:
        round_ = services.team_round_pair(
            section=found,
            number=whole_number(shown),
            forfeited=forfeited,
            # An answer without the teams it named is for nobody: the TD is asked again.
            forfeited_shown=whole_numbers(request.POST.getlist("forfeited_shown"))
            if forfeited
            else None,
            pair_key=pair_key,
        )
    except services.TeamsForfeited as question:
        number = whole_number(shown) or selectors.team_next_round(found) or 1
        return render(
            request,
            "tournaments/team_pair_ask.html",
            {
                "tournament": found.tournament,
                "section": found,
                "question": " ".join(question.messages),
                "teams": question.teams,
                "number": number,
                "last": number - 1,
                # The press's key travels with the answer: sent twice, it finds its matches.
                "pair_key": pair_key or services.pair_key_new(),
                "FORFEITED_WITHDRAW": services.FORFEITED_WITHDRAW,
                "FORFEITED_PAIR": services.FORFEITED_PAIR,
            },
        )
    except services.TeamPairedMeanwhile as meanwhile:
        # Another press paired it: the round's matches as they are now, nothing changed.
        messages.error(request, " ".join(meanwhile.messages))
        return redirect("tournaments:round_detail", slug, found.pk, meanwhile.number)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("tournaments:section_team_setup", slug, found.pk)
    # Sent twice, the same press is answered as the first: its matches are paired and posted.
    messages.success(request, f"Round {round_.number} matches paired and posted.")
    return redirect("tournaments:round_detail", slug, found.pk, round_.number)


LINEUPS_TEMPLATE = "tournaments/team_lineups.html"


@require_http_methods(["GET", "POST"])
@login_required
def team_lineups(
    request: HttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """A team round's line-ups: which roster players play, set before the results are entered."""
    found = section_for_director(request, slug, section)
    if not found.team_boards:
        raise Http404("Not a team section.")
    round_ = get_object_or_404(Round, section=found, number=number)
    action = reverse("tournaments:team_lineups", args=[slug, found.pk, number])
    # A refused save: the error goes with that team's form, which keeps the TD's ticks (and,
    # after another TD's save, the line-up's version now: saving again replaces it).
    failed: dict[str, Any] = {}
    if request.method == "POST":
        form = TeamLineupForm(request.POST)
        if form.is_valid():
            try:
                services.team_lineup_set(
                    section=found,
                    number=number,
                    team=form.cleaned_data["team"],
                    players=form.cleaned_data["players"],
                    user=request.user,
                    based_on=form.cleaned_data["based_on"],
                )
            except ValidationError as refused:
                failed["error"] = " ".join(refused.messages)
                if isinstance(refused, services.StaleEdit):
                    failed["version"] = refused.version
            else:
                messages.success(request, f"Round {number} line-up saved.")
                return redirect(action)
        else:
            failed["error"] = " ".join(
                str(e) for errors in form.errors.values() for e in errors
            )
        failed["team"] = whole_number(str(form.data.get("team", "")))
        numbers = map(whole_number, request.POST.getlist("players"))
        failed["players"] = [n for n in numbers if n is not None]
        failed.setdefault("version", form.data.get("based_on", ""))
    matches = selectors.round_lineups(round_)
    context = {
        "tournament": found.tournament,
        "section": found,
        "number": number,
        "round": round_,
        "rounds": selectors.section_rounds(found),
        "matches": matches,
        "action": action,
        "error": failed.get("error", ""),
        # A refusal no team's form shows (a team no longer in the round) goes on top.
        "error_on_top": failed
        and not any(
            side.team.number == failed["team"]
            for match in matches
            for side in match.sides
        ),
        "failed": failed,
    }
    return render(request, LINEUPS_TEMPLATE, context)
