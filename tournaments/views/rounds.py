"""The round page: pairings by hand, posting them, fast result entry, check mode, the history.

Each view loads through ``_round_page`` (404 for a round the section does not have, 403 for a
user who does not direct the tournament), validates a form, calls one service and renders. The
reads are in ``tournaments.selectors``: the section's rounds with their progress in one query
(the rounds list, the progress bar and the round's own row come from it), a round's boards with
their check entries in another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh, trigger_client_event

from tiebreak_site.http import HtmxHttpRequest
from tournaments import selectors, services
from tournaments.access import tournament_for_director
from tournaments.forms.rounds import BoardFormSet, ByeFormSet, CheckForm, ResultForm
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    ResultCheck,
    Round,
    Section,
    Team,
    Tournament,
    bye_label,
)
from tournaments.results import withdrawal_words
from tournaments.selectors import RoundState
from tournaments.validators import whole_numbers
from tournaments.views.round_life import (
    result_confirm,
    round_life_context,
    round_pair_ask,
)

TEMPLATE = "tournaments/round_detail.html"
CHECK_NO_BOARD = "Choose a board and one of the results shown."
RESULT_NOT_OFFERED = "Choose one of the results shown."
ROUND_PAIRED_POSTED = "Round {round} is paired: its pairings are posted."
ROUND_PAIRED_AUTOMATICALLY = (
    "Round {round} paired by the pairing program: check the boards and the notes, then post "
    "the pairings."
)
# The one-click results, in the order of the buttons, with their keys: 1, = and 0, the characters
# a result is written with, so a TD types what the scoresheet says.
MAIN_RESULTS = [
    (Result.WHITE_WIN, "1-0", "1"),
    (Result.DRAW, "½-½", "="),
    (Result.BLACK_WIN, "0-1", "0"),
]
# One step away, behind "More": forfeits (keys + and -), the double forfeit (key *), unrated
# games, clear.
MORE_RESULTS = [
    (Result.WHITE_FORFEIT_WIN, "1-0 forfeit", "+"),
    (Result.BLACK_FORFEIT_WIN, "0-1 forfeit", "-"),
    (Result.DOUBLE_FORFEIT, "Double forfeit", "*"),
    (Result.WHITE_WIN_UNRATED, "1-0 unrated", ""),
    (Result.DRAW_UNRATED, "½-½ unrated", ""),
    (Result.BLACK_WIN_UNRATED, "0-1 unrated", ""),
    (Result.PENDING, "Not played yet", ""),
]
POLL_SECONDS = 3
FORFEIT_RESULTS = {
    *selectors.FORFEIT_LOSS_AS_WHITE,
    *selectors.FORFEIT_LOSS_AS_BLACK,
}


@dataclass
class RoundPage:
    tournament: Tournament
    section: Section
    number: int
    round: Round | None = None
    # The section's rounds, 1 to its last, for the rounds list and the progress bar; read by
    # ``load_rounds`` when the page shows them.
    rounds: list[RoundState] = field(default_factory=list)

    def load_rounds(self) -> None:
        """Read the section's rounds in one query; the round's own row comes with them."""
        self.rounds = selectors.section_rounds(self.section)
        self.round = self.rounds[self.number - 1].round

    @property
    def state(self) -> RoundState | None:
        return self.rounds[self.number - 1] if self.rounds else None

    def kwargs(self) -> dict[str, Any]:
        return {
            "slug": self.tournament.slug,
            "section": self.section.pk,
            "number": self.number,
        }

    def url(self, name: str = "round_detail") -> str:
        return reverse(f"tournaments:{name}", kwargs=self.kwargs())


@dataclass
class Row:
    """A board as the page shows it: the pairing, the check entry, and an error to show on it."""

    pairing: Pairing
    check: str | None = None
    error: str = ""
    # A correction that needs the TD's word (a later round is paired): the result to confirm.
    confirm: str = ""
    # A team section: the match this board starts ("Table 1: Knights – Rooks"), else "".
    match_label: str = ""

    @classmethod
    def of(cls, pairing: Pairing, error: str = "") -> Row:
        """The row of a pairing read by ``selectors.pairings_with_checks``."""
        return cls(pairing, pairing.check_result, error)  # type: ignore[attr-defined]

    @property
    def differs(self) -> bool:
        return self.check is not None and self.check != self.pairing.result

    @property
    def check_label(self) -> str:
        return Result(self.check).label if self.check else ""


def _round_page(
    request: HtmxHttpRequest,
    slug: str,
    section: int,
    number: int,
    *,
    rounds: bool = True,
) -> RoundPage:
    """The round's page, with the section's rounds unless ``rounds`` is False (the caller reads
    what it needs itself)."""
    tournament = tournament_for_director(request, slug)
    section_obj = get_object_or_404(Section, pk=section, tournament=tournament)
    section_obj.tournament = tournament
    if not 1 <= number <= section_obj.rounds_total:
        raise Http404(f"{section_obj.name} has no round {number}.")
    page = RoundPage(tournament, section_obj, number)
    if rounds:
        page.load_rounds()
    return page


def _context(page: RoundPage, **extra: Any) -> dict[str, Any]:
    return {
        "page": page,
        "tournament": page.tournament,
        "section": page.section,
        "round": page.round,
        "rounds": page.rounds,
        "progress": page.state,
        "number": page.number,
        "main_results": MAIN_RESULTS,
        "more_results": MORE_RESULTS,
        "poll_seconds": POLL_SECONDS,
        **extra,
    }


@require_GET
@login_required
def round_detail(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """The round page: its boards with one-click results, progress, byes, notes, actions."""
    page = _round_page(request, slug, section, number)
    return _detail(request, page)


def _bye_reasons(page: RoundPage, byes: list[Pairing]) -> list[tuple[Pairing, str]]:
    """Each row without a game, with why the TD gave it when it is a zero-point bye the player
    did not ask for ("did not check in"), else ""."""
    given: dict[int, str] = {}
    if any(b.result == Result.BYE_ZERO for b in byes):
        given = {
            player_id: RequestedBye.Reason(reason).label
            for player_id, reason in RequestedBye.objects.filter(
                player__section=page.section,
                round_number=page.number,
                kind=RequestedBye.Kind.ZERO,
            )
            .exclude(reason=RequestedBye.Reason.ASKED)
            .values_list("player_id", "reason")
        }
    return [
        (b, given.get(b.white_id, "") if b.result == Result.BYE_ZERO else "")
        for b in byes
    ]


def _detail(
    request: HtmxHttpRequest, page: RoundPage, refused: tuple[int, str] | None = None
) -> HttpResponse:
    """The round page; ``refused``: (pairing pk, refusal) of a board whose result was just
    refused (a plain post), shown on its row as the htmx answer shows it."""
    boards, byes = selectors.round_pairings(page.round)
    # "Go to board N" (a slip handed in from board 412 of 600): without JavaScript the form asks
    # the page again with ?board=N, answered with the page at that board's row (round.js moves
    # the focus there without asking). A board the round does not have is said on the page.
    board_asked = (
        request.GET.get("board", "").strip() if request.method == "GET" else ""
    )
    board_missing = ""
    if board_asked:
        wanted = (
            int(board_asked) if board_asked.isascii() and board_asked.isdigit() else 0
        )
        found = next((p for p in boards if wanted and p.board == wanted), None)
        if found is not None:
            return HttpResponseRedirect(f"{request.path}#pairing-{found.pk}")
        numbers = [p.board for p in boards if p.board is not None]
        board_missing = f"Round {page.number} has no board {board_asked[:12]}" + (
            f" (boards {min(numbers)} to {max(numbers)})." if numbers else "."
        )
    errors = dict([refused]) if refused is not None else {}
    rows = [Row.of(p, errors.get(p.pk, "")) for p in boards]
    if page.section.team_boards and page.round is not None:
        labels = selectors.team_match_labels(page.round)
        for row in rows:
            row.match_label = labels.get(row.pairing.board or 0, "")
    since, signature = selectors.round_version(page.round)
    posted = page.round is not None and page.round.status in (
        Round.Status.PAIRED,
        Round.Status.COMPLETE,
    )
    # Who lost this round by forfeit, read only when a board says someone did (in a team
    # section, a line-up that fielded nobody leaves the other team's points without a game).
    no_shows = (
        _no_shows(page)
        if any(p.result in FORFEIT_RESULTS for p in boards)
        or (
            page.section.team_boards
            and any(b.result == Result.FORFEIT_WIN_NO_OPPONENT for b in byes)
        )
        else []
    )
    return render(
        request,
        TEMPLATE,
        _context(
            page,
            rows=rows,
            byes=byes,
            bye_rows=_bye_reasons(page, byes),
            differing=[r for r in rows if r.differs],
            since=since,
            signature=signature,
            posted=posted,
            # The pairings the Post, Remove and Pair-again buttons act on: another TD's change
            # since is not posted, or taken back, unseen. From the rows read above (every row
            # of the round): round_pairings_version without a query of its own.
            pairings_version=selectors.pairings_digest(
                (p.board, p.white_id, p.black_id, p.result) for p in [*boards, *byes]
            ),
            auto_pair_url=page.url("round_pair"),
            # One per page drawn: the Pair press sent twice finds its own pairings (round_pair).
            pair_key=services.pair_key_new(),
            no_shows=no_shows,
            board_missing=board_missing,
            **round_life_context(page),
        ),
    )


@require_POST
@login_required
def result_record(
    request: HtmxHttpRequest, slug: str, section: int, number: int, pairing: int
) -> HttpResponse:
    """Record one board's result; htmx gets the row back (and the progress), a plain post a redirect."""
    # The rounds are read once, after the write: the service reads the round's state itself.
    page = _round_page(request, slug, section, number, rounds=False)
    board = get_object_or_404(
        selectors.pairings_with_checks(),
        pk=pairing,
        round__section=page.section,
        round__number=number,
    )
    form = ResultForm(request.POST)
    error = confirm = ""
    before = board.result
    if not form.is_valid():
        error = RESULT_NOT_OFFERED
    else:
        try:
            services.result_record(
                pairing=board,
                result=form.cleaned_data["result"],
                based_on=form.cleaned_data["based_on"],
                user=request.user,
                source=ResultChange.Source.ENTRY,
                confirm_later=request.POST.get("confirm_later") == "1",
            )
        except services.LaterRoundsPaired as asked:
            if not request.htmx:
                return result_confirm(
                    request, page, _context, board, form.cleaned_data, asked
                )
            error = asked.messages[0]
            confirm = form.cleaned_data["result"]
        except services.ResultConflict as conflict:
            error = conflict.messages[0]
            board.result = conflict.current
        except ValidationError as invalid:
            error = " ".join(invalid.messages)
    if not request.htmx:
        if error:
            # The page again (not a redirect), the refusal on the board's row as with htmx,
            # and above the boards too: the page opens at its top.
            messages.error(request, f"Board {board.board or ''}: {error}")
            page.load_rounds()
            return _detail(request, page, (board.pk, error))
        next_pk = selectors.round_next_pending(board)
        anchor = f"#pairing-{next_pk}" if next_pk else ""
        return HttpResponseRedirect(page.url() + anchor)
    page.load_rounds()
    row = Row.of(board, error)
    row.confirm = confirm
    response = render(
        request,
        f"{TEMPLATE}#result-response",
        _context(
            page,
            row=row,
            progress_oob=True,
            # A forfeit entered or taken back changes who the note names; other results do
            # not, and cost no query for it.
            no_shows=_no_shows(page)
            if {before, board.result} & FORFEIT_RESULTS
            else None,
        ),
    )
    if not error:
        trigger_client_event(response, "result-recorded", {"pairing": board.pk})
    return response


@require_GET
@login_required
def round_rows(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """The rows changed since ``since`` (other TDs' entries), for the page's polling."""
    # Most polls find nothing new: the section's rounds are read only when there is something
    # to send.
    page = _round_page(request, slug, section, number, rounds=False)
    page.round = selectors.section_round(page.section, number)
    since, signature = selectors.round_version(page.round)
    try:
        seen = int(request.GET.get("since", "0"))
    except ValueError:
        seen = 0
    if page.round is None or request.GET.get("pv", signature) != signature:
        # The pairings themselves changed (a re-pair): the whole page is out of date.
        return HttpResponseClientRefresh()
    if seen >= since:
        return HttpResponse(status=204)
    page.load_rounds()
    boards, _byes = selectors.round_pairings(page.round, changed_after=seen)
    return render(
        request,
        f"{TEMPLATE}#rows-update",
        _context(
            page,
            rows=[Row.of(p) for p in boards],
            progress_oob=True,
            no_shows=_no_shows(page),
            row_oob=True,
            since=since,
            signature=signature,
            posted=True,
        ),
    )


@require_http_methods(["GET", "POST"])
@login_required
def round_pairings(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Enter or change the round's pairings by hand: boards by start number, then byes."""
    page = _round_page(request, slug, section, number)
    players = {p.start_number: p for p in Player.objects.filter(section=page.section)}
    byes_asked = RequestedBye.objects.filter(
        player__section=page.section, round_number=number
    ).values_list("player__start_number", "kind", "reason")
    requested = {n: kind for n, kind, _reason in byes_asked}
    formset_kwargs: dict[str, Any] = {
        "players": players,
        "section_name": page.section.name,
    }
    # The version of the pairings this form shows: a save from it is refused once another TD
    # has saved this round's pairings since.
    version = selectors.round_pairings_version(section=page.section, number=number)
    # And of the results side (results, check-mode entries): every row emptied takes the
    # pairings back, and what was entered since the page was drawn is named, not thrown away
    # (round_pairings_remove's rule).
    results_seen = (
        selectors.round_results_version(round_id=page.round.pk) if page.round else ""
    )
    confirm_remove, confirm_emptied = "", False
    # A change of points under a later round paired on them: asked on this page, as a
    # correction on the round page asks (round_pairings_save's confirm_later).
    confirm_later, confirmed = "", request.POST.get("confirm") == "1"
    if request.method == "POST":
        version = request.POST.get("version", "")
        results_now, results_seen = results_seen, request.POST.get("results_seen", "")
        boards = BoardFormSet(request.POST, prefix="boards", **formset_kwargs)
        byes = ByeFormSet(request.POST, prefix="byes", **formset_kwargs)
        if boards.is_valid() and byes.is_valid():
            rows, forms = _rows_from(boards, byes)
            try:
                saved = services.round_pairings_save(
                    section=page.section,
                    number=number,
                    rows=rows,
                    user=request.user,
                    source=ResultChange.Source.PAIRING,
                    based_on=version,
                    confirm=confirmed,
                    results_seen=results_seen or None,
                    confirm_later=request.POST.get("confirm_later") == "1",
                )
            except services.LaterRoundsPaired as asked:
                confirm_later = asked.messages[0]
            except ValidationError as invalid:
                if isinstance(invalid, services.ResultsEnteredSince):
                    # Named above the rows: a save from this page now asks about them.
                    results_seen = results_now
                if isinstance(invalid, services.RemoveNeedsConfirm):
                    # Every row emptied on posted pairings: asked as "Remove pairings"
                    # asks, on this page (a second button of the same form, no script).
                    confirm_remove = invalid.messages[0]
                    # Or rows with check entries taken out (round_pairings_save).
                    confirm_emptied = not rows
                else:
                    _attach(invalid, forms, boards)
            else:
                messages.success(
                    request,
                    f"Round {number}: pairings removed. Check-in and requested byes are "
                    "open; pair it again when ready."
                    if saved.round.status == Round.Status.NOT_PAIRED and not rows
                    else f"Round {number}: pairings saved."
                    + (
                        " Post them when they are right."
                        if saved.round.status == Round.Status.DRAFT
                        else ""
                    ),
                )
                for warning in saved.warnings:
                    messages.warning(request, warning)
                return HttpResponseRedirect(page.url())
    else:
        boards_now, byes_now = selectors.round_pairings(page.round)
        active = sum(
            1
            for p in players.values()
            if p.withdrawn_after_round is None or p.withdrawn_after_round >= number
        )
        wanted = max(len(boards_now), math.ceil(max(active - len(requested), 0) / 2))
        board_rows = [
            {"white": p.white.start_number, "black": p.black.start_number}  # type: ignore[union-attr]
            for p in boards_now
        ] + [{} for _ in range(wanted - len(boards_now) + (1 if boards_now else 0))]
        bye_rows = [
            {"player": p.white.start_number, "kind": p.result} for p in byes_now
        ]
        listed = {row["player"] for row in bye_rows}
        bye_rows += [
            {"player": n, "kind": services.REQUESTED_BYE_RESULTS[kind]}
            for n, kind in sorted(requested.items())
            if n not in listed and page.round is None
        ]
        bye_rows += [{}, {}]
        boards = BoardFormSet(initial=board_rows, prefix="boards", **formset_kwargs)
        byes = ByeFormSet(initial=bye_rows, prefix="byes", **formset_kwargs)
    has_results = page.round is not None and selectors.round_has_results(
        round_=page.round
    )
    return render(
        request,
        "tournaments/round_pairings.html",
        _context(
            page,
            boards=boards,
            byes=byes,
            players=sorted(players.values(), key=lambda p: p.start_number),
            # Shown under each number as it is typed, so a typo shows before saving.
            player_names={
                n: f"{p.name} ({p.rating or 'unr.'})" for n, p in players.items()
            },
            # "Zero-point bye requested", or "Zero-point bye (did not check in)": the TD
            # gave it, the player asked for nothing.
            requested={
                n: bye_label(kind, reason)
                + (" requested" if reason == RequestedBye.Reason.ASKED else "")
                for n, kind, reason in byes_asked
            },
            has_results=has_results,
            version=version,
            results_seen=results_seen,
            confirm_remove=confirm_remove,
            confirm_emptied=confirm_emptied,
            confirm_later=confirm_later,
            # The check entries' question answered on the page before: not asked again.
            confirmed=confirmed,
            auto_pair_url=page.url("round_pair"),
        ),
    )


def _rows_from(boards: Any, byes: Any) -> tuple[list[services.PairingInput], list[Any]]:
    """The service's rows from the filled-in forms (boards numbered 1, 2, ... as listed)."""
    rows: list[services.PairingInput] = []
    forms: list[Any] = []
    for form in boards.forms:
        white, black = form.cleaned_data.get("white"), form.cleaned_data.get("black")
        if white is None:
            continue
        rows.append(
            services.PairingInput(white=white.pk, black=black.pk, board=len(rows) + 1)
        )
        forms.append(form)
    for form in byes.forms:
        player = form.cleaned_data.get("player")
        if player is None:
            continue
        rows.append(
            services.PairingInput(white=player.pk, result=form.cleaned_data["kind"])
        )
        forms.append(form)
    return rows, forms


def _attach(invalid: ValidationError, forms: list[Any], boards: Any) -> None:
    """Put each of the service's sentences next to the row it is about, the rest on top."""
    for error in invalid.error_list:
        row = (error.params or {}).get("row")
        message = str(error.message % error.params if error.params else error.message)
        if row is not None and row < len(forms):
            forms[row].add_error(None, message)
        else:
            boards.non_form_errors().append(message)


@require_POST
@login_required
def round_publish(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Post the round's pairings for the players."""
    page = _round_page(request, slug, section, number)
    if page.round is None:
        messages.error(request, services.ROUND_EMPTY.format(round=number))
    else:
        try:
            services.round_publish(
                round_=page.round,
                user=request.user,
                override=request.POST.get("override", ""),
                post_default_order=request.POST.get("post_default_order") == "1",
                based_on=request.POST.get("based_on") or None,
            )
        except ValidationError as invalid:
            messages.error(request, " ".join(invalid.messages))
        else:
            messages.success(request, f"Round {number}: pairings posted.")
    return HttpResponseRedirect(page.url())


@require_POST
@login_required
def round_pair(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Pair the round with the pairing program; saved as a draft for the TD to check and post.

    Round 1 without a posted tiebreak order, players who have not checked in, or who lost the
    round before by forfeit, get a page asking the TD what to do (``round_life.round_pair_ask``);
    the answer is posted here again, with the players the page named for each question (an
    answer without them is for nobody: the TD is asked again).
    """
    page = _round_page(request, slug, section, number)
    try:
        paired = services.round_pair(
            section=page.section,
            number=number,
            absent=request.POST.get("absent") or None,
            absent_shown=whole_numbers(request.POST.getlist("absent_shown"))
            if request.POST.get("absent")
            else None,
            forfeited=request.POST.get("forfeited") or None,
            forfeited_shown=whole_numbers(request.POST.getlist("forfeited_shown"))
            if request.POST.get("forfeited")
            else None,
            post_default_order=request.POST.get("post_default_order") == "1",
            user=request.user,
            pair_key=services.pair_key_read(request.POST.get("pair_key", "")),
        )
    except (services.OrderNotPosted, services.AbsentPlayers) as question:
        return round_pair_ask(request, page, _context, question)
    except services.PairingRefused as refused:
        messages.error(request, str(refused))
    else:
        said = (
            ROUND_PAIRED_AUTOMATICALLY
            if paired.status == Round.Status.DRAFT
            else ROUND_PAIRED_POSTED  # the press sent twice, its pairings posted since
        )
        messages.success(request, said.format(round=number))
    return HttpResponseRedirect(page.url())


def _no_shows(page: RoundPage) -> list[Player] | list[Team]:
    """The players who lost this round by forfeit and are still active (not checked in, no
    bye asked for the next round), while the next round is not paired: the page names them and
    offers to withdraw each; pairing the next round asks about them too. In a team section,
    the teams that forfeited the whole match and have not been withdrawn."""
    if (
        page.round is None
        or page.round.status not in (Round.Status.PAIRED, Round.Status.COMPLETE)
        or page.number >= page.section.rounds_total
        or page.rounds[page.number].status != Round.Status.NOT_PAIRED
    ):
        return []
    if page.section.team_boards:
        return selectors.team_round_forfeited(
            section=page.section, number=page.number + 1
        )
    return selectors.round_forfeited(section=page.section, number=page.number + 1)


@require_POST
@login_required
def round_no_show_withdraw(
    request: HtmxHttpRequest, slug: str, section: int, number: int, player: int
) -> HttpResponse:
    """Withdraw, after this round, a player the page names as having lost it by forfeit.

    Pressed twice (or after another TD did it) says so and changes nothing; htmx gets the
    note back, a plain post the round page.
    """
    page = _round_page(request, slug, section, number, rounds=False)
    who = get_object_or_404(Player, pk=player, section=page.section)
    level = messages.SUCCESS
    try:
        withdrawn = services.player_no_show_withdraw(player=who, after_round=number)
    except ValidationError as refused:
        level, text = messages.ERROR, " ".join(refused.messages)
    else:
        if withdrawn:
            text = services.NO_SHOW_WITHDRAWN.format(
                player=who.name, round=number, next=number + 1
            )
        else:
            assert (
                who.withdrawn_after_round is not None
            )  # withdrawn, read by the service
            level = messages.INFO
            text = services.NO_SHOW_ALREADY_WITHDRAWN.format(
                player=who.name, words=withdrawal_words(who.withdrawn_after_round)
            )
    return _no_shows_answer(request, page, level, text)


def _no_shows_answer(
    request: HtmxHttpRequest, page: RoundPage, level: int, text: str
) -> HttpResponse:
    """After a withdrawal from the no-show note: htmx gets the note back with ``text``, a plain
    post the round page (the message above it)."""
    if not request.htmx:
        messages.add_message(request, level, text)
        return HttpResponseRedirect(page.url() + "#round-no-shows")
    page.load_rounds()
    return render(
        request,
        f"{TEMPLATE}#no-shows",
        _context(
            page,
            no_shows=_no_shows(page),
            no_show_message=text,
            no_show_level={messages.ERROR: "danger", messages.INFO: "info"}.get(
                level, "success"
            ),
        ),
    )


@require_POST
@login_required
def round_team_no_show_withdraw(
    request: HtmxHttpRequest, slug: str, section: int, number: int, team: int
) -> HttpResponse:
    """Withdraw, after this round, a team the page names as having forfeited the whole match
    (every active player on its roster); as ``round_no_show_withdraw`` for a player."""
    page = _round_page(request, slug, section, number, rounds=False)
    found = get_object_or_404(Team, pk=team, section=page.section)
    level = messages.SUCCESS
    try:
        withdrawn = services.team_no_show_withdraw(
            section=page.section, team=found, after_round=number
        )
    except ValidationError as refused:
        level, text = messages.ERROR, " ".join(refused.messages)
    else:
        if withdrawn:
            text = services.TEAM_NO_SHOW_WITHDRAWN.format(
                team=found.name, round=number, next=number + 1
            )
        else:
            level = messages.INFO
            text = services.TEAM_NO_SHOW_ALREADY_WITHDRAWN.format(team=found.name)
    return _no_shows_answer(request, page, level, text)


@require_http_methods(["GET", "POST"])
@login_required
def round_check(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Check mode: a second TD enters the round's results blind; differences show on the round page."""
    page = _round_page(request, slug, section, number)
    if request.method == "POST":
        form = CheckForm(request.POST)
        error = ""
        board = None
        if form.is_valid():
            board = get_object_or_404(
                Pairing.objects.select_related("white", "black"),
                pk=form.cleaned_data["pairing"],
                round=page.round,
            )
            try:
                services.result_check_record(
                    pairing=board, result=form.cleaned_data["result"], user=request.user
                )
            except ValidationError as invalid:
                error = " ".join(invalid.messages)
        elif "pairing" not in form.errors:
            # The board is known, the result is not one of the page's: refused on that row.
            board = (
                Pairing.objects.select_related("white", "black")
                .filter(pk=form.cleaned_data["pairing"], round=page.round)
                .first()
            )
            error = RESULT_NOT_OFFERED if board else CHECK_NO_BOARD
        else:
            error = CHECK_NO_BOARD
        if request.htmx:
            if board is None:
                # No board to answer with its row: a redirect would be followed and a whole
                # page put in the row. A refusal in plain text, which the page shows.
                return HttpResponseBadRequest(
                    error, content_type="text/plain; charset=utf-8"
                )
            check = ResultCheck.objects.filter(pairing=board).values_list(
                "result", flat=True
            )
            return render(
                request,
                "tournaments/round_check.html#check-row",
                _context(page, row=Row(board, check.first(), error)),
            )
        if error:
            messages.error(request, error)
        if not error or board is None:
            return HttpResponseRedirect(page.url("round_check"))
        # A plain post refused: the page again (not a redirect to its top), the refusal on
        # the board's row as htmx shows it, and above the boards.
    refused = {board.pk: error} if request.method == "POST" and board else {}
    boards, _byes = selectors.round_pairings(page.round)
    return render(
        request,
        "tournaments/round_check.html",
        _context(
            page,
            rows=[Row.of(p, refused.get(p.pk, "")) for p in boards],
        ),
    )


@require_GET
@login_required
def round_history(
    request: HtmxHttpRequest, slug: str, section: int, number: int
) -> HttpResponse:
    """Every change of a result in the round: board, old, new, who, when, through which page."""
    page = _round_page(request, slug, section, number)
    changes = (
        ResultChange.objects.filter(round__section=page.section, round__number=number)
        .select_related("pairing__white", "pairing__black", "changed_by")
        .order_by("-changed_at", "-pk")
    )
    return render(
        request,
        "tournaments/round_history.html",
        _context(page, changes=changes, events=selectors.section_log(page.section)),
    )
