"""Players of a section: one by one, in bulk (CSV with a preview), edits, withdrawals, byes."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import selectors, services
from tournaments.forms.players import (
    ByesForm,
    LateEntryForm,
    PlayerAddForm,
    PlayerForm,
    PlayersImportForm,
    WithdrawForm,
)
from tournaments.models import Player, RatingList, Section
from tournaments.results import withdrawal_words
from tournaments.views.rating_lists import fill_initial, lookup_matches
from tournaments.views.setup import (
    form_errors,
    section_for_director,
    stale_form_errors,
)


def _player_for_director(
    request: HttpRequest, slug: str, section: int, number: int
) -> Player:
    found = section_for_director(request, slug, section)
    player = get_object_or_404(Player, section=found, start_number=number)
    player.section = found
    return player


PLAYER_RENUMBERED = (
    "The start numbers changed after this page was opened (numbered by rating again): number "
    "{number} is {player} now. Nothing was changed: open the player from the list again."
)


def _renumbered(request: HttpRequest, player: Player) -> HttpResponse | None:
    """A page names its player by start number; before round 1 another TD's rating change can
    renumber the section. A post from an older page carries the player it showed: if that is
    not who holds the number now, nothing is done (rather than withdraw or delete the wrong
    player)."""
    shown = request.POST.get("player", "")
    if not shown or shown == str(player.pk):
        return None
    messages.error(
        request,
        PLAYER_RENUMBERED.format(number=player.start_number, player=player.name),
    )
    return _back(player.section)


def _back(section: Section) -> HttpResponse:
    return redirect(
        "tournaments:section_detail", slug=section.tournament.slug, section=section.pk
    )


@require_http_methods(["GET", "POST"])
@login_required
def player_add(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    found = section_for_director(request, slug, section)
    form = PlayerAddForm(request.POST or None, initial=fill_initial(request))
    if request.method == "POST" and form.is_valid():
        try:
            player = services.player_create(
                section=found,
                user=request.user,
                **form.player_fields(),
                **form.answers(),
            )
        except ValidationError as error:
            form_errors(form, error)
            if isinstance(error, services.PlayersAddRefused):
                form.ask(error)
        else:
            messages.success(
                request, f"Added {player.name} as number {player.start_number}."
            )
            if "another" in request.POST:
                return redirect("tournaments:player_add", slug=slug, section=found.pk)
            return _back(found)
    return render(
        request,
        "tournaments/player_form.html",
        {
            "tournament": found.tournament,
            "section": found,
            "form": form,
            # Said before the TD types: the form refuses a player once a round is posted.
            "posted": max(selectors.posted_rounds(found), default=0),
            **_lookup_context(request),
        },
    )


def _lookup_context(request: HttpRequest) -> dict[str, Any]:
    lookup = request.GET.get("lookup", "").strip()
    return {
        "lookup": lookup,
        "matches": lookup_matches(lookup),
        "lists_loaded": RatingList.objects.exists(),
    }


@require_http_methods(["GET", "POST"])
@login_required
def players_import(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """Paste or upload, preview every row's problems, fix in the text, then save all at once."""
    found = section_for_director(request, slug, section)
    context: dict[str, Any] = {"tournament": found.tournament, "section": found}
    # Said before the TD pastes, and on every preview: no file is entered once a round is
    # posted (Late entry takes each player).
    context["refused"] = services.players_import_preview(section=found, text="").refused
    if request.method != "POST":
        context["form"] = PlayersImportForm()
        return render(request, "tournaments/players_import.html", context)
    form = PlayersImportForm(request.POST, request.FILES)
    if not form.is_valid():
        context["form"] = form
        return render(request, "tournaments/players_import.html", context)
    text = form.cleaned_data["text"]
    fill = bool(form.cleaned_data.get("fill_ratings"))
    if request.POST.get("action") == "save":
        try:
            players = services.players_import_save(
                section=found,
                text=text,
                confirm_duplicates=form.cleaned_data["confirm_duplicates"],
                duplicates_shown=form.cleaned_data["duplicates_shown"],
                override_reason=form.cleaned_data["override_reason"],
                user=request.user,
                fill_ratings=fill,
            )
        except ValidationError as error:
            context["save_errors"] = error.messages
        else:
            messages.success(
                request,
                f"Saved {len(players)} player{'s' if len(players) != 1 else ''} to "
                f"{found.name}.",
            )
            return _back(found)
    preview = services.players_import_preview(
        section=found, text=text, fill_ratings=fill
    )
    named = preview.duplicates_named
    context["form"] = PlayersImportForm(
        initial={
            "text": text,
            "fill_ratings": fill,
            # Ticked again only for the players the page names now: one entered since (this
            # file saved twice, another TD's entry) is asked about afresh.
            "confirm_duplicates": form.cleaned_data["confirm_duplicates"]
            and named == form.cleaned_data["duplicates_shown"],
            "duplicates_shown": ",".join(map(str, named)),
            "override_reason": form.cleaned_data["override_reason"],
        }
    )
    context["preview"] = preview
    context["refused"] = preview.refused  # read again: a round posted since is said too
    return render(request, "tournaments/players_import.html", context)


@require_POST
@login_required
def players_renumber(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    found = section_for_director(request, slug, section)
    try:
        services.players_renumber(section=found)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request, "Players numbered by rating: highest first, unrated last."
        )
    return _back(found)


def _player_page(
    request: HttpRequest, player: Player, status: int = 200, **forms: Any
) -> HttpResponse:
    section = player.section
    paired = selectors.paired_rounds(section)
    context = {
        "tournament": section.tournament,
        "section": section,
        "player": player,
        "form": forms.get("form") or PlayerForm(instance=player, submit="Save changes"),
        "withdraw_form": forms.get("withdraw_form")
        or WithdrawForm(
            section=section,
            initial={"after_round": max(paired, default=0) if paired else 0},
        ),
        # A draft round's byes still change (the TD pairs it again): only posted rounds are fixed.
        "byes_form": forms.get("byes_form")
        or ByesForm(player=player, paired=selectors.posted_rounds(section)),
        "byes": list(player.requested_byes.all()),
        "can_delete": selectors.player_first_row_round(player) is None,
        # The withdrawal asked about a game not played yet: one press forfeits it.
        "forfeit_button": forms.get("forfeit_button", ""),
    }
    return render(request, "tournaments/player_detail.html", context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def player_edit(
    request: HttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    player = _player_for_director(request, slug, section, number)
    if request.method != "POST":
        return _player_page(request, player)
    form = PlayerForm(
        request.POST, instance=Player.objects.get(pk=player.pk), submit="Save changes"
    )
    if form.is_valid():
        before = player.rating
        try:
            services.player_update(player=player, **form.cleaned_data)
        except ValidationError as error:
            stale_form_errors(form, error)
        else:
            messages.success(request, f"Saved {player.name}.")
            # A draft ranked the player by the rating they had: the TD decides whether the
            # new one should count (start numbers stay once round 1 is paired).
            drafts = selectors.paired_rounds(player.section) - selectors.posted_rounds(
                player.section
            )
            if player.rating != before and drafts:
                messages.warning(
                    request,
                    services.RATING_CHANGED_DRAFT.format(
                        round=min(drafts), player=player.name
                    ),
                )
            return _back(player.section)
    return _player_page(request, player, form=form)


@require_POST
@login_required
def player_withdraw(
    request: HttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    player = _player_for_director(request, slug, section, number)
    if (refused := _renumbered(request, player)) is not None:
        return refused
    form = WithdrawForm(request.POST, section=player.section)
    forfeit_button = ""
    if form.is_valid():
        forfeit = request.POST.get("forfeit") == "1"
        try:
            services.player_withdraw(
                player=player,
                after_round=form.cleaned_data["after_round"],
                shown=request.POST.get("shown"),
                forfeit=forfeit,
                user=request.user,
            )
        except services.WithdrawGameUnplayed as asked:
            form_errors(form, asked)
            forfeit_button = asked.button
        except ValidationError as error:
            form_errors(form, error)
        else:
            player.refresh_from_db(fields=["status", "withdrawn_after_round"])
            if player.withdrawn_after_round is None:
                # The game of the last round forfeited: no round after it to withdraw from.
                messages.success(request, f"{player.name}: game lost by forfeit.")
            else:
                text = (
                    f"{player.name} {withdrawal_words(player.withdrawn_after_round)}"
                    f"{' (game lost by forfeit)' if forfeit else ''}: "
                    "not paired from the next round on."
                )
                if pending := services.player_withdraw_pending(player):
                    text += " " + pending
                messages.success(request, text)
            return _back(player.section)
    return _player_page(
        request, player, withdraw_form=form, forfeit_button=forfeit_button
    )


@require_POST
@login_required
def player_reactivate(
    request: HttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    player = _player_for_director(request, slug, section, number)
    if (refused := _renumbered(request, player)) is not None:
        return refused
    try:
        reactivated = services.player_reactivate(
            player=player, shown=request.POST.get("shown")
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        if reactivated:
            messages.success(
                request, f"{player.name} is active again: paired from the next round."
            )
        else:
            messages.info(
                request, services.REACTIVATE_ALREADY.format(player=player.name)
            )
    return redirect(
        "tournaments:player_edit", slug=slug, section=player.section.pk, number=number
    )


@require_POST
@login_required
def player_byes(
    request: HttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    player = _player_for_director(request, slug, section, number)
    form = ByesForm(
        request.POST, player=player, paired=selectors.posted_rounds(player.section)
    )
    if form.is_valid():
        try:
            byes = services.player_byes_request(
                player=player,
                byes=form.byes(),
                based_on=form.cleaned_data["based_on"],
            )
        except ValidationError as error:
            stale_form_errors(form, error)
        else:
            messages.success(
                request,
                f"{player.name}: "
                + (
                    ", ".join(
                        f"round {b.round_number} {b.label().lower()}" for b in byes
                    )
                    if byes
                    else "no requested byes"
                )
                + ".",
            )
            return redirect(
                "tournaments:player_edit",
                slug=slug,
                section=player.section.pk,
                number=number,
            )
    return _player_page(request, player, byes_form=form)


@require_http_methods(["GET", "POST"])
@login_required
def player_late_entry(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    found = section_for_director(request, slug, section)
    paired = selectors.paired_rounds(found)
    form = LateEntryForm(
        request.POST or None,
        section=found,
        next_round=max(paired, default=0) + 1,
        initial=fill_initial(request),
    )
    if request.method == "POST" and form.is_valid():
        try:
            player = services.player_late_entry(
                section=found,
                first_round=form.cleaned_data["first_round"],
                missed=form.missed(),
                user=request.user,
                **form.player_fields(),
                **form.answers(),
            )
        except ValidationError as error:
            form_errors(form, error)
            if isinstance(error, services.PlayersAddRefused):
                form.ask(error)
        else:
            messages.success(
                request,
                f"Entered {player.name} as number {player.start_number}, "
                f"playing from round {form.cleaned_data['first_round']}.",
            )
            return _back(found)
    return render(
        request,
        "tournaments/late_entry.html",
        {
            "tournament": found.tournament,
            "section": found,
            "form": form,
            "paired": sorted(paired),
            **_lookup_context(request),
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def player_delete(
    request: HttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Asks first (GET), deletes on the confirmation's POST."""
    player = _player_for_director(request, slug, section, number)
    if request.method == "POST":
        if (refused := _renumbered(request, player)) is not None:
            return refused
        try:
            services.player_delete(player=player, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect(
                "tournaments:player_edit",
                slug=slug,
                section=player.section.pk,
                number=number,
            )
        messages.success(
            request,
            f"Deleted {player.name} (number {number}): kept in the player list's changes.",
        )
        return _back(player.section)
    return render(
        request,
        "tournaments/player_delete.html",
        {
            "tournament": player.section.tournament,
            "section": player.section,
            "player": player,
            "first_round": selectors.player_first_row_round(player),
            "renumbers": not selectors.round_one_paired(player.section),
        },
    )
