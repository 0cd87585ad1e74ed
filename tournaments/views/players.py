"""Players of a section: one by one, in bulk (CSV with a preview), edits, withdrawals, byes."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
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


def _rounds_words(first: int, last: int) -> str:
    return f"round {last}" if first == last else f"rounds {first} to {last}"


def withdraw_points(player: Player, plan: services.WithdrawPlan) -> list[str]:
    """What a withdrawal will do, one sentence each, for the question asked before it (the
    player page's Withdraw, the round page's no-show note): the game forfeited, the rounds
    the player is left out of, the requested byes cancelled, a game still to be played."""
    name = player.name
    section = player.section
    points: list[str] = []
    game = plan.forfeit
    now = player.withdrawn_after_round
    if game is not None:
        opponent = (game.black if game.white_id == player.pk else game.white).name  # type: ignore[union-attr]
        points.append(
            f"{opponent} wins board {game.board or '–'} of round {game.round.number} by "
            f"forfeit; {name} does not play it."
        )
    if plan.withdraws:
        when = withdrawal_words(plan.after_round).replace("withdrew", "withdraws")
        points.append(
            f"{name} {when}: not paired in "
            f"{_rounds_words(plan.after_round + 1, section.rounds_total)}"
            + (
                f" (until now {name} {withdrawal_words(now)})."
                if now is not None
                else "."
            )
        )
        if plan.byes:
            cancelled = ", ".join(
                f"round {b.round_number} ({b.get_kind_display().lower()})"
                for b in plan.byes
            )
            points.append(f"{name}'s requested byes are cancelled: {cancelled}.")
    elif game is not None:
        points.append(
            f"Round {game.round.number} is the last round: {name} stays in the standings "
            "with that game lost by forfeit."
        )
    if plan.pending is not None:
        points.append(services.player_withdraw_pending(player))
    return points


def _withdraw_ask(
    request: HttpRequest,
    player: Player,
    plan: services.WithdrawPlan,
    *,
    asked_after: int,
    unplayed: bool = False,
) -> HttpResponse:
    """The question before a withdrawal, saying what it will do: the game forfeited, the
    rounds the player is left out of, the requested byes cancelled, a game still to be played.
    Its buttons post the same withdrawal with ``confirm``; ``player_withdraw`` checks it again.

    ``unplayed``: the player's game of the round being played has no result and the
    withdrawal is before it (``WithdrawGameUnplayed``); the page asks whether it will be
    played (``plan`` is then the withdrawal with its forfeit)."""
    name = player.name
    section = player.section
    fields = {
        "player": str(player.pk),
        "shown": request.POST.get("shown", ""),
        "after_round": str(asked_after),
        "confirm": "1",
    }
    points = withdraw_points(player, plan)
    game = plan.forfeit
    now = player.withdrawn_after_round
    if game is not None:
        opponent = (game.black if game.white_id == player.pk else game.white).name  # type: ignore[union-attr]
    if game is not None:
        board = game.board or "–"
        label = (
            services.WITHDRAW_GAME_FORFEIT.format(
                opponent=opponent, board=board, round=game.round.number
            )
            if plan.withdraws
            else f"Forfeit: {opponent} wins board {board} of round {game.round.number}"
        )
        choices = [
            {"label": label, "fields": {**fields, "forfeit": "1"}, "danger": True}
        ]
    else:
        choices = [
            {
                "label": f"Withdraw {name} "
                + (
                    "before round 1"
                    if plan.after_round == 0
                    else f"after round {plan.after_round}"
                ),
                "fields": fields,
                "danger": True,
            }
        ]
    lead = ""
    if unplayed and game is not None:
        number = game.round.number
        lead = (
            f"{name} is paired on board {game.board or '–'} of round {number} against "
            f"{opponent}, and that game has no result yet. If it will not be played:"
        )
        if plan.withdraws:  # not in the last round: nothing after it to withdraw from
            choices.append(
                {
                    "label": f"It will be played: withdraw {name} after round {number}",
                    "fields": {**fields, "after_round": str(number)},
                    "danger": False,
                }
            )
    heading = (
        f"Change {name}'s withdrawal?"
        if now is not None
        else f"Withdraw {name}?"
        if plan.withdraws
        else f"Forfeit {name}'s game?"
    )
    return render(
        request,
        "tournaments/confirm.html",
        {
            "tournament": section.tournament,
            "section": section,
            "tab": "players",
            "heading": heading,
            "lead": lead,
            "points": points,
            "choices": choices,
            "action": request.path,
            "cancel_url": reverse(
                "tournaments:player_edit",
                kwargs={
                    "slug": section.tournament.slug,
                    "section": section.pk,
                    "number": player.start_number,
                },
            ),
            "cancel_label": f"Cancel: keep {name} as is",
        },
    )


@require_POST
@login_required
def player_withdraw(
    request: HttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Withdraw a player: a post without ``confirm`` asks first, saying what will happen (the
    button of the wrong player pressed in a noisy hall); one with it withdraws."""
    player = _player_for_director(request, slug, section, number)
    if (refused := _renumbered(request, player)) is not None:
        return refused
    form = WithdrawForm(request.POST, section=player.section)
    if not form.is_valid():
        return _player_page(request, player, withdraw_form=form)
    after_round = form.cleaned_data["after_round"]
    forfeit = request.POST.get("forfeit") == "1"
    shown = request.POST.get("shown")
    asked = {"player": player, "after_round": after_round, "shown": shown}
    try:
        if request.POST.get("confirm") != "1":
            plan = services.player_withdraw_plan(**asked, forfeit=forfeit)
            if not plan.made:
                return _withdraw_ask(request, player, plan, asked_after=after_round)
        services.player_withdraw(**asked, forfeit=forfeit, user=request.user)
    except services.WithdrawGameUnplayed:
        # Will the game be played? Asked with what the forfeit would do; a forfeit that
        # cannot be made (the player paired in a later round) is refused at once instead.
        try:
            plan = services.player_withdraw_plan(**asked, forfeit=True)
        except ValidationError as error:
            form_errors(form, error)
        else:
            return _withdraw_ask(
                request, player, plan, asked_after=after_round, unplayed=True
            )
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
    return _player_page(request, player, withdraw_form=form)


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
