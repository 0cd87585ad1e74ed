"""A tournament's directors: the creator and the users a director adds by user name."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import services
from tournaments.access import tournament_for_director
from tournaments.forms.directors import DirectorAddForm
from tournaments.views.setup import form_errors


@require_http_methods(["GET", "POST"])
@login_required
def directors(request: HttpRequest, slug: str) -> HttpResponse:
    """The list of directors, and a form to add one."""
    tournament = tournament_for_director(request, slug)
    form = DirectorAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.tournament_director_add(
                tournament=tournament, username=form.cleaned_data["username"]
            )
        except ValidationError as error:
            form_errors(form, error)
        else:
            messages.success(
                request, f"{user.get_username()} now directs {tournament.name}."
            )
            return redirect("tournaments:directors", slug=slug)
    return render(
        request,
        "tournaments/directors.html",
        {
            "tournament": tournament,
            "directors": tournament.directors.order_by("username"),
            "form": form,
        },
    )


@require_POST
@login_required
def director_remove(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    username = request.POST.get("username", "")
    try:
        services.tournament_director_remove(tournament=tournament, username=username)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, f"{username} no longer directs {tournament.name}.")
        if username == request.user.get_username() and not request.user.is_superuser:
            return redirect("tournaments:dashboard")
    return redirect("tournaments:directors", slug=slug)
