"""A tournament's directors: the creator and the users a director adds by user name."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import services
from tournaments.access import can_direct, tournament_for_director
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


# The session of the browser that set an invited account's password: the account's pk.
INVITATION_DONE = "tiebreak_invitation_done"


class InvitationView(auth_views.PasswordResetConfirmView):
    """The invited TD sets a password, then logs in."""

    template_name = "registration/invitation.html"
    success_url = reverse_lazy("login")

    def dispatch(self, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = super().dispatch(*args, **kwargs)
        user = getattr(self, "user", None)
        if (
            self.request.method == "POST"
            and not self.validlink
            and user is not None
            and self.request.session.get(INVITATION_DONE) == user.pk
        ):
            # The password form sent again by the browser that set it (its first answer lost
            # over the hall's Wi-Fi): the link is spent, but the password is set; said so
            # rather than "this link has been used already". Only this browser's session is
            # told, so the page says nothing about any other account.
            return self._done(user)
        return response

    def form_valid(self, form: Any) -> HttpResponse:
        super().form_valid(form)
        self.request.session[INVITATION_DONE] = form.user.pk
        return self._done(form.user)

    def _done(self, user: User) -> HttpResponse:
        messages.success(
            self.request,
            f"Your password is set, {user.get_username()}: log in with it.",
        )
        return redirect("login")


def _remove_ask(
    request: HttpRequest,
    tournament: Tournament,
    asked: User,
    others: list[str],
    *,
    oneself: bool,
) -> HttpResponse:
    """The question before a director is removed, naming them (oneself: who can add one
    back; a superuser is never locked out, so is asked as about anyone)."""
    username = asked.get_username()
    full_name = asked.get_full_name()
    who = f"{username} ({full_name})" if full_name else username
    return render(
        request,
        "tournaments/confirm.html",
        {
            "tournament": tournament,
            "heading": f"Remove {'yourself' if oneself else username} from "
            f"{tournament.name}?",
            "lead": (
                f"You ({username}) will no longer see or change {tournament.name}. Only "
                f"another director ({', '.join(others)}) can add you back."
                if oneself
                else f"{who} will no longer see or change {tournament.name}. A director "
                "can add them back on the directors page."
            ),
            "choices": [
                {
                    "label": "Remove myself" if oneself else f"Remove {username}",
                    "fields": {"username": username, "confirm": "1"},
                    "danger": True,
                }
            ],
            "action": reverse(
                "tournaments:director_remove", kwargs={"slug": tournament.slug}
            ),
            "cancel_url": reverse(
                "tournaments:directors", kwargs={"slug": tournament.slug}
            ),
            "cancel_label": "Cancel: stay a director"
            if oneself
            else f"Cancel: keep {username}",
        },
    )


@require_POST
@login_required
def director_remove(request: HttpRequest, slug: str) -> HttpResponse:
    """Take a director off the tournament, asked about first by name: the "Remove" of the
    next row, tapped by mistake, would lock a TD out of the event in play (oneself: only
    another director could add them back)."""
    username = request.POST.get("username", "")
    removed = get_object_or_404(Tournament, slug=slug)
    if username == request.user.get_username() and not can_direct(
        request.user, removed
    ):
        # Removing oneself sent twice (its first answer lost over the hall's Wi-Fi): the
        # first press took this TD off the event, so this one is answered as the first was,
        # not refused as a stranger's. It names no more than that refusal would.
        messages.success(request, f"{username} is not a director of {removed.name}.")
        return redirect("tournaments:dashboard")
    tournament = tournament_for_director(request, slug)
    oneself = username == request.user.get_username() and not request.user.is_superuser
    if request.POST.get("confirm") != "1":
        directors = list(tournament.directors.order_by("username"))
        asked = next((d for d in directors if d.get_username() == username), None)
        others = [d.get_username() for d in directors if d != asked]
        # No longer a director (pressed twice, another TD removed them) is answered as done
        # below; the last director is refused below, with its own sentence.
        if asked is not None and others:
            return _remove_ask(request, tournament, asked, others, oneself=oneself)
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
