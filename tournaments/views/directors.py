"""A tournament's directors: the creator and the users a director adds by user name."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import services
from tournaments.access import tournament_for_director
from tournaments.forms.directors import DirectorAccountForm, DirectorAddForm
from tournaments.models import Tournament
from tournaments.views.setup import form_errors


def _page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    form: DirectorAddForm | None = None,
    account_form: DirectorAccountForm | None = None,
    invitation: tuple[User, str] | None = None,
) -> HttpResponse:
    return render(
        request,
        "tournaments/directors.html",
        {
            "tournament": tournament,
            "directors": tournament.directors.order_by("username"),
            "form": form or DirectorAddForm(),
            "account_form": account_form or DirectorAccountForm(),
            "invitation": invitation,
        },
    )


def invitation_link(request: HttpRequest, user: User) -> str:
    """The one-use link where ``user`` sets a password (Django's password-reset token: it stops
    working once a password is set, or after ``PASSWORD_RESET_TIMEOUT``)."""
    path = reverse(
        "tournaments:invitation",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )
    return request.build_absolute_uri(path)


@require_http_methods(["GET", "POST"])
@login_required
def directors(request: HttpRequest, slug: str) -> HttpResponse:
    """The list of directors, a form to add one, and one to create another TD's account."""
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
            # Said as it is now: the same for a form sent twice (its first answer lost).
            messages.success(
                request, f"{user.get_username()} is a director of {tournament.name}."
            )
            return redirect("tournaments:directors", slug=slug)
    return _page(request, tournament, form=form)


@require_POST
@login_required
def director_account_create(request: HttpRequest, slug: str) -> HttpResponse:
    """Create another TD's account; the page then shows their invitation link, once."""
    tournament = tournament_for_director(request, slug)
    form = DirectorAccountForm(request.POST)
    if form.is_valid():
        try:
            user = services.director_account_create(
                tournament=tournament,
                username=form.cleaned_data["new_username"],
                full_name=form.cleaned_data["full_name"],
            )
        except ValidationError as error:
            form_errors(form, error)
        else:
            messages.success(
                request,
                f"Created the account {user.get_username()}, a director of "
                f"{tournament.name}. Send them the link below.",
            )
            return _page(
                request, tournament, invitation=(user, invitation_link(request, user))
            )
    return _page(request, tournament, account_form=form)


@require_POST
@login_required
def director_invitation(request: HttpRequest, slug: str) -> HttpResponse:
    """A new invitation link for a director who has not set a password yet (a lost link)."""
    tournament = tournament_for_director(request, slug)
    # Matched among the directors, not in a query: PostgreSQL refuses a name holding a NUL.
    username = request.POST.get("username", "")
    user = next(
        (u for u in tournament.directors.all() if u.get_username() == username), None
    )
    if user is None or user.has_usable_password():
        messages.error(request, "That director has set a password already.")
        return redirect("tournaments:directors", slug=slug)
    return _page(request, tournament, invitation=(user, invitation_link(request, user)))


class InvitationView(auth_views.PasswordResetConfirmView):
    """The invited TD sets a password, then logs in."""

    template_name = "registration/invitation.html"
    success_url = reverse_lazy("login")

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(
            self.request,
            f"Your password is set, {form.user.get_username()}: log in with it.",
        )
        return response


@require_POST
@login_required
def director_remove(request: HttpRequest, slug: str) -> HttpResponse:
    """Take a director off the tournament. Oneself is asked about first: the "Remove" of the
    next row, tapped by mistake, would lock the TD out of their own event in play, and only
    another director could add them back."""
    tournament = tournament_for_director(request, slug)
    username = request.POST.get("username", "")
    oneself = username == request.user.get_username() and not request.user.is_superuser
    if oneself and request.POST.get("confirm") != "1":
        others = [
            d.get_username()
            for d in tournament.directors.order_by("username")
            if d.get_username() != username
        ]
        if others:  # the last director is refused below, with its own sentence
            return render(
                request,
                "tournaments/director_remove_confirm.html",
                {"tournament": tournament, "username": username, "others": others},
            )
    try:
        services.tournament_director_remove(tournament=tournament, username=username)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        # Said as it is now: the same for the button pressed twice (its first answer lost).
        messages.success(request, f"{username} is not a director of {tournament.name}.")
        if oneself:
            return redirect("tournaments:dashboard")
    return redirect("tournaments:directors", slug=slug)
