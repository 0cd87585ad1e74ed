"""Players of a section one at a time: enter, change, number by rating, withdraw, requested byes,
late entries."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, models, transaction

from tournaments.models import (
    RATING_MAX,
    Pairing,
    Player,
    PlayerChange,
    RequestedBye,
    Result,
    Round,
    Section,
)
from tournaments.results import withdrawal_words
from tournaments.selectors import (
    player_byes_version,
    player_first_row_round,
    posted_rounds,
    round_forfeited,
    round_one_paired,
)
from tournaments.services.common import (
    StaleEdit,
    model_check,
    round_lock,
    section_lock,
    section_open_check,
    stale_check,
)
from tournaments.services.results import result_record

PLAYER_RATING_RANGE = f"A rating is a whole number from 1 to {RATING_MAX}; leave it empty for an unrated player."
PLAYER_ID_DIGITS = "The {field} may hold digits only."
PLAYER_NAME_MISSING = "Every player needs a name."
RENUMBER_AFTER_ROUND_ONE = "Round 1 is paired: start numbers can no longer change (they are the pairing numbers)."
RENUMBER_NO_SPARE = "Every start number from 1 to 9999 is taken: take a player out before numbering again."
DELETE_HAS_GAMES = (
    "{player} has a row in round {round} (a game, a bye or not paired): a player with rows "
    "stays in the standings. Withdraw them instead."
)
WITHDRAW_ROUND_RANGE = (
    "A player withdraws after a round from 0 (before round 1) to {last} (this section has "
    "{rounds} rounds)."
)
WITHDRAW_PAIRED_LATER = (
    "{paired}: nothing was changed. Take {player} out of round {round}'s pairings first (on "
    "its pairings page), or withdraw {player} after round {round}."
)
WITHDRAW_PLAYED_LATER = (
    "{paired}, and that game has a result ({result}): nothing was changed. Withdraw {player} "
    "after round {round} or later."
)
# The forfeit asked for needs the player out of the next rounds; one paired by hand meanwhile
# (the program pairs no round before the one being played is complete) is in the way.
WITHDRAW_FORFEIT_PAIRED_LATER = (
    "{paired}: nothing was changed, and board {board} of round {game_round} still has no "
    "result. To withdraw {player} after round {game_round} with the forfeit, take them out "
    "of round {round}'s pairings first (on its pairings page), then withdraw again; or "
    "withdraw {player} after round {round} and enter round {game_round}'s forfeit on its "
    "round page."
)
WITHDRAW_GAME_UNPLAYED = (
    "{player} is paired on board {board} of round {round}, which is posted, and that game has "
    "no result yet: nothing was changed. If it will not be played, withdraw {player} with a "
    "forfeit win for {opponent} (round {round} is then {player}'s last round, lost by "
    "forfeit); if it will be played, withdraw them after round {round} and enter its result."
)
WITHDRAW_GAME_FORFEIT = (
    "Withdraw, {opponent} wins board {board} of round {round} by forfeit"
)
WITHDRAW_GAME_PENDING = (
    "Board {board} of round {round} ({player} – {opponent}) has no result yet: enter it when "
    "the game ends, or a forfeit win for {opponent} if it will not be played."
)
WITHDRAW_DRAFT_PAIRED = (
    "Round {round}'s draft pairings pair {player} {where}: nothing was changed. Remove the "
    "draft pairings on the round page, withdraw {player}, then pair the round again."
)
WITHDRAW_STALE = (
    "{player}'s withdrawal changed after this page was opened (another TD saved it): "
    "{player} {now}. Nothing was changed; withdraw again from the page as it is now."
)
WITHDRAW_ROUND_MISSING = (
    "Say after which round the player withdrew (0: before round 1)."
)
ACTIVE_HAS_NO_ROUND = "An active player has no withdrawal round: leave it empty."
REACTIVATE_NOT_WITHDRAWN = "{player} has not withdrawn."
REACTIVATE_STALE = (
    "{player}'s withdrawal changed after this page was opened (another TD saved it): "
    "{player} {now}. Nothing was changed; re-activate again from the page as it is now."
)
REACTIVATE_ALREADY = "{player} is active already: nothing changed."
REACTIVATE_DRAFT_LEFT_OUT = (
    "Round {round}'s draft pairings, made while {player} was withdrawn, leave them out: "
    "nothing was changed. Remove the draft pairings on the round page, re-activate {player}, "
    "then pair the round again (or enter them on the pairings page)."
)
NO_SHOW_WITHDRAWN = (
    "{player} withdrawn after round {round}: not paired from round {next} on."
)
NO_SHOW_ALREADY_WITHDRAWN = "{player} {words} already: nothing changed."
NO_SHOW_NOT_LISTED = (
    "{player} is no longer among the players who lost round {round} by forfeit and have not "
    "checked in for round {next}: since this page was opened, the result was changed, or they "
    "checked in or asked for a bye. Nothing changed."
)
BYE_ROUND_RANGE = "Round {round} is not a round of this section (rounds 1 to {rounds})."
BYE_AFTER_WITHDRAWAL = "{player} withdrew after round {last}: no bye for round {round}."
BYE_ROUND_PAIRED = (
    "Round {round} is paired already: change that round's pairings on its round page."
)
BYES_STALE = (
    "{player}'s requested byes changed after this page was opened (another TD saved them): "
    "nothing was saved. Now: {now}. Saving again replaces them with this form's."
)
LATE_ENTRY_FIRST_ROUND = "The first round played must be from 2 to {rounds}."
LATE_ENTRY_ROUND_POSTED = (
    "Round {round} is posted already, without this player: choose round {next} or later as "
    "the first round played (each round before gets a half-point bye or not paired)."
)
LATE_ENTRY_ROUND_DRAFT = (
    "Round {round}'s draft pairings were made without this player: nothing was entered. "
    "Remove the draft pairings on the round page, enter the player, then pair round {round} "
    "again; or choose round {next} as the first round played (round {round} then gets the "
    "half-point bye or not paired you choose)."
)
LATE_ENTRY_CHOICE = "For each missed round choose a half-point bye or not paired."

RATING_CHANGED_DRAFT = (
    "Round {round}'s draft pairings were made with {player}'s old rating: remove them and pair "
    "the round again if the new rating should count."
)

PLAYER_FIELDS = (
    "name",
    "rating",
    "uschess_id",
    "fide_id",
    "federation",
    "state",
    "title",
    "club",
)
PLAYER_FIXED_FIELDS = ("start_number", "status", "withdrawn_after_round", "section")
LATE_HALF, LATE_NOT_PAIRED = "half", "not_paired"


def player_check(*, player: Player) -> None:
    """Every rule a player's own values must meet (name, rating range, IDs), as sentences."""
    problems = []
    if not player.name.strip():
        problems.append(PLAYER_NAME_MISSING)
    if player.rating is not None and not 1 <= player.rating <= RATING_MAX:
        problems.append(PLAYER_RATING_RANGE)
    for column, label in (("uschess_id", "US Chess ID"), ("fide_id", "FIDE ID")):
        value = getattr(player, column)
        if value and not (value.isascii() and value.isdigit()):
            problems.append(PLAYER_ID_DIGITS.format(field=label))
    if problems:
        raise ValidationError(problems)
    # The start number is the services' to give (players_renumber, the next free one); the
    # section is the caller's (checking it would cost a query per player of a file).
    model_check(player, exclude=["start_number", "section"])


def player_update(
    *, player: Player, based_on: str | None = None, **fields: Any
) -> Player:
    """Change a player's details; the start number, status and withdrawal change through
    ``players_renumber``, ``player_withdraw`` and ``player_reactivate``.

    ``based_on`` is the ``selectors.row_version`` (over ``fields``) of the player the form
    showed: a save from a page opened before another TD changed the player is refused
    (``StaleEdit``), nothing changed, rather than undoing that change without a word.
    """
    for name in PLAYER_FIXED_FIELDS:
        fields.pop(name, None)
    with transaction.atomic():
        section_lock(player.section)
        changed = Player.objects.get(pk=player.pk)
        stale_check(
            row=changed,
            fields={
                k: v.strip() if isinstance(v, str) else v for k, v in fields.items()
            },
            based_on=based_on,
            what=f"{changed.name} (number {changed.start_number})",
        )
        rating_changed = "rating" in fields and fields["rating"] != changed.rating
        for name, value in fields.items():
            setattr(changed, name, value.strip() if isinstance(value, str) else value)
        player_check(player=changed)
        changed.save(update_fields=list(fields))
        if rating_changed and not round_one_paired(player.section):
            players_renumber(section=player.section)
    player.refresh_from_db()
    return player


def player_status_check(
    *, player: Player, status: str, after_round: int | None
) -> None:
    """Whether a player may be given this status and withdrawal round (for forms that show both)."""
    if status == Player.Status.WITHDRAWN:
        if after_round is None:
            raise ValidationError(WITHDRAW_ROUND_MISSING)
        _withdraw_check(player, after_round)
    elif after_round is not None:
        raise ValidationError(ACTIVE_HAS_NO_ROUND)


def player_status_set(
    *, player: Player, status: str, after_round: int | None
) -> Player:
    """Withdraw or re-activate a player to match ``status`` (one entry point for the admin)."""
    player_status_check(player=player, status=status, after_round=after_round)
    if status == Player.Status.WITHDRAWN:
        assert after_round is not None
        if (player.status, player.withdrawn_after_round) != (status, after_round):
            return player_withdraw(player=player, after_round=after_round)
    elif player.status == Player.Status.WITHDRAWN:
        player_reactivate(player=player)
    return player


def players_renumber(*, section: Section) -> list[Player]:
    """Number the players by rating, highest first and unrated last, until round 1 is paired."""
    with transaction.atomic():
        section_lock(section)
        if round_one_paired(section):
            raise ValidationError(RENUMBER_AFTER_ROUND_ONE)
        rows = list(
            Player.objects.filter(section=section).values_list(
                "pk", "start_number", "rating"
            )
        )
        # The key of selectors.rating_order, on (pk, start number, rating) rows.
        rows.sort(key=lambda r: (r[2] is None, -(r[2] or 0), r[1]))
        moves = {pk: (old, new) for new, (pk, old, _r) in enumerate(rows, start=1)}
        table = connection.ops.quote_name(Player._meta.db_table)
        with connection.cursor() as cursor:
            for batch in start_number_moves(moves):
                # Chunks of one batch are independent: the order of rows does not matter.
                for i in range(0, len(batch), 2000):
                    chunk = batch[i : i + 2000]
                    values = ", ".join(["(%s, %s)"] * len(chunk))
                    cursor.execute(
                        f"UPDATE {table} SET start_number = v.column2 FROM "
                        f"(VALUES {values}) AS v WHERE {table}.id = v.column1",
                        [x for number, pk in chunk for x in (pk, number)],
                    )
        _pairing_options_renumber(section, dict(moves.values()))
    return list(Player.objects.filter(section=section).order_by("start_number"))


def _pairing_options_renumber(section: Section, new_number: Mapping[int, int]) -> None:
    """The pairing options name players by start number (the do-not-pair list, TRF 260, and a
    round robin's own table numbers): they follow the players to their new numbers. What
    names a number no longer in ``new_number`` (a deleted player) goes with that player, so a
    number given again later inherits none of it.

    Table numbers are the players' own (drawn or set by the TD): a player keeps theirs. Once a
    player is deleted they are no longer 1 to n each once; pairing then refuses, saying so,
    until the TD sets them again (docs/pairing.md, "Options")."""
    options = Section.objects.get(pk=section.pk).pairing_options
    if not isinstance(options, dict):
        return
    changed = dict(options)
    if options.get("do_not_pair"):
        changed["do_not_pair"] = sorted(
            sorted(new_number[n] for n in pair)
            for pair in options["do_not_pair"]
            if all(n in new_number for n in pair)
        )
    tables = options.get("tables")
    if isinstance(tables, dict):
        moved = {}
        for key, table in tables.items():
            number = int(key) if str(key).strip().isdigit() else None
            if number is None:
                moved[key] = table  # not a start number: pairing says so, as before
            elif number in new_number:
                moved[str(new_number[number])] = table
        changed["tables"] = dict(sorted(moved.items(), key=lambda kv: _as_int(kv[0])))
    if changed == options:
        return
    Section.objects.filter(pk=section.pk).update(pairing_options=changed)
    section.pairing_options = changed


def _as_int(key: str) -> int:
    return int(key) if key.isdigit() else 0


def start_number_moves(
    moves: Mapping[int, tuple[int, int]], *, highest: int = 9999
) -> list[list[tuple[int, int]]]:
    """Batches of (number, pk) that give each player (pk -> (old, new)) its new number without
    two players ever sharing one: the unique constraint is checked row by row, in an order a
    statement does not promise, so every number a batch moves a player to is free before it.

    Players whose new number is free move first; that frees their old numbers for the players
    bound there, and so on. When every number wanted is held by another player still to move
    (a cycle: 1 -> 2 -> 1), some players are parked on numbers nobody holds, spread along the
    cycles, and the rest follow. Every number stays in 1 to 9999 (the model's range and
    TRF-16's four columns): with n players there are 9999 - n numbers to park on, so a few
    batches do at any size, and only a full section out of order has none.
    """
    target = {pk: new for pk, (old, new) in moves.items() if old != new}
    at = {pk: moves[pk][0] for pk in target}
    wanted = {new: pk for pk, new in target.items()}
    free = set(range(1, highest + 1)).difference(old for old, _new in moves.values())
    batches: list[list[tuple[int, int]]] = []
    ready = [pk for pk, new in target.items() if new in free]
    while target:
        if ready:
            batch = [(target.pop(pk), pk) for pk in ready]
            for number, _pk in batch:
                del wanted[number]
        else:
            if not free:
                raise ValidationError(RENUMBER_NO_SPARE)
            # Park every k-th player of the cycles (in the order of their new numbers).
            waiting = sorted(target, key=target.__getitem__)
            step = -(-len(waiting) // len(free))
            slots = sorted(free)
            batch = list(zip(slots, waiting[::step], strict=False))
        left = [at[pk] for _n, pk in batch]
        for number, pk in batch:
            free.discard(number)
            at[pk] = number
        free.update(left)
        ready = [wanted[n] for n in left if n in wanted]
        batches.append(batch)
    return batches


def _paired_words(row: Pairing, player: Player) -> str:
    """How a refusal names the player's row in a later round ("Round 4 is already paired with
    Smith on board 3 against Jones")."""
    number = row.round.number
    if row.black_id is None:
        return (
            f"Round {number}'s pairings already list {player.name} "
            f"({row.get_result_display().lower()})"
        )
    opponent = _opponent(row, player).name
    where = f"on board {row.board}" if row.board else "in a game"
    return f"Round {number} is already paired with {player.name} {where} against {opponent}"


def _withdraw_check(
    player: Player, after_round: int, forfeit: Pairing | None = None
) -> None:
    """Refuse a withdrawal after ``after_round`` while the player has a row in a later round,
    saying what is in the way and what the TD can do. ``forfeit``: the game of the round being
    played that the withdrawal would forfeit (it stays without a result when refused)."""
    section = player.section
    if not 0 <= after_round < section.rounds_total:
        raise ValidationError(
            WITHDRAW_ROUND_RANGE.format(
                last=section.rounds_total - 1, rounds=section.rounds_total
            )
        )
    later = (
        Pairing.objects.filter(round__section=section, round__number__gt=after_round)
        .filter(models.Q(white=player) | models.Q(black=player))
        .select_related("round", "white", "black")
        .order_by("round__number")
        .first()
    )
    if later is None:
        return
    number = later.round.number
    words = {
        "paired": _paired_words(later, player),
        "player": player.name,
        "round": number,
    }
    if forfeit is not None:
        raise ValidationError(
            WITHDRAW_FORFEIT_PAIRED_LATER.format(
                **words, board=forfeit.board or "–", game_round=forfeit.round.number
            )
        )
    if later.round.status == Round.Status.DRAFT and (
        later.black_id is not None or later.result == Result.BYE_PAIRING
    ):
        # Taking the player out of the draft by hand would leave the opponent without a
        # game, or the odd player without the bye: the program pairs the round again.
        where = (
            f"on board {later.board}"
            if later.black_id is not None and later.board
            else "in a game"
            if later.black_id is not None
            else "with the full-point bye (odd number of players)"
        )
        raise ValidationError(
            WITHDRAW_DRAFT_PAIRED.format(round=number, player=player, where=where)
        )
    if later.black_id is not None and later.result != Result.PENDING:
        raise ValidationError(
            WITHDRAW_PLAYED_LATER.format(
                **words, result=later.get_result_display().lower()
            )
        )
    raise ValidationError(WITHDRAW_PAIRED_LATER.format(**words))


class WithdrawGameUnplayed(ValidationError):
    """The player withdraws before a posted round where their game has no result: the TD says
    whether it will be played (``player_withdraw(forfeit=True)`` if not). ``button`` names
    the forfeit for the page's button."""

    def __init__(self, message: str, *, button: str) -> None:
        super().__init__(message)
        self.button = button


def _unplayed_games(player: Player) -> models.QuerySet[Pairing]:
    """The player's games in posted rounds without a result yet (the round being played)."""
    return (
        Pairing.objects.filter(models.Q(white=player) | models.Q(black=player))
        .filter(
            round__section_id=player.section_id,
            round__status=Round.Status.PAIRED,
            black__isnull=False,
            result=Result.PENDING,
        )
        .order_by("round__number")
    )


def player_unplayed_game(player: Player) -> Pairing | None:
    """The player's game in a posted round that has no result yet (the round being played),
    read under that round's lock, so a result another TD enters lands before or after."""
    found = _unplayed_games(player).values_list("pk", "round_id").first()
    if found is None:
        return None
    round_lock(round_id=found[1])
    return (
        Pairing.objects.select_related("round", "white", "black")
        .filter(pk=found[0], result=Result.PENDING)
        .first()
    )


def _opponent(game: Pairing, player: Player) -> Player:
    opponent = game.black if game.white_id == player.pk else game.white
    assert opponent is not None  # a game: two players
    return opponent


@dataclass(frozen=True)
class WithdrawPlan:
    """What a withdrawal will do, for the question the page asks before it
    (``player_withdraw_plan``) and for ``player_withdraw`` itself."""

    player: Player
    # Withdrawn after this round: the forfeited game's round when one is forfeited.
    after_round: int
    # The game of the round being played that the opponent wins by forfeit.
    forfeit: Pairing | None = None
    # False when there is nothing to withdraw from: the last round's game forfeited, or the
    # same withdrawal in place already (pressed twice, or another TD made it).
    withdraws: bool = True
    made: bool = False
    # The game of the round being played left to be played (withdrawn after that round).
    pending: Pairing | None = None
    # The later requested byes that go.
    byes: list[RequestedBye] = field(default_factory=list)


def _withdraw_plan(
    player: Player,
    after_round: int,
    shown: str | None,
    forfeit: bool,
    *,
    lock: bool,
) -> WithdrawPlan:
    """The checks of a withdrawal and what it will do; ``lock``: read the unplayed game under
    its round's lock (the write)."""
    player.refresh_from_db(fields=["status", "withdrawn_after_round"])
    if forfeit and _forfeit_withdrawal_made(player, after_round):
        return WithdrawPlan(player, after_round, withdraws=False, made=True)
    now = player.withdrawn_after_round
    if (
        shown is not None
        and shown != ("" if now is None else str(now))
        and now != after_round
    ):
        raise ValidationError(
            WITHDRAW_STALE.format(
                player=player.name,
                now="is active" if now is None else withdrawal_words(now),
            )
        )
    if lock:
        game = player_unplayed_game(player)
    else:
        game = _unplayed_games(player).select_related("round", "white", "black").first()
    if game is not None and 0 <= after_round < game.round.number:
        # Only when that game is the player's next row: a row in between (a game played
        # after the round named) is refused below, as any row after a withdrawal is.
        between = (
            Pairing.objects.filter(
                round__section_id=player.section_id,
                round__number__gt=after_round,
                round__number__lt=game.round.number,
            )
            .filter(models.Q(white=player) | models.Q(black=player))
            .exists()
        )
        if not between:
            words = {
                "player": player.name,
                "board": game.board or "–",
                "round": game.round.number,
                "opponent": _opponent(game, player).name,
            }
            if not forfeit:
                raise WithdrawGameUnplayed(
                    WITHDRAW_GAME_UNPLAYED.format(**words),
                    button=WITHDRAW_GAME_FORFEIT.format(**words),
                )
            after_round = game.round.number
    forfeited = game if forfeit and game and game.round.number == after_round else None
    last = player.section.rounds_total
    # A game of the last round forfeited: there is no round after it to withdraw from.
    withdraws = not (forfeited and after_round == last)
    if withdraws:
        _withdraw_check(player, after_round, forfeited)
    if forfeited is None and now == after_round:
        return WithdrawPlan(player, after_round, withdraws=False, made=True)
    return WithdrawPlan(
        player,
        after_round,
        forfeit=forfeited,
        withdraws=withdraws,
        pending=game
        if game and not forfeited and game.round.number <= after_round
        else None,
        byes=list(
            RequestedBye.objects.filter(
                player=player, round_number__gt=after_round
            ).order_by("round_number")
        )
        if withdraws
        else [],
    )


def player_withdraw_plan(
    *,
    player: Player,
    after_round: int,
    shown: str | None = None,
    forfeit: bool = False,
) -> WithdrawPlan:
    """What ``player_withdraw`` with these arguments would do, changing nothing: the page asks
    the TD about it first (a wrong player's button pressed in a noisy hall). Raises what
    ``player_withdraw`` would raise."""
    section_open_check(section=player.section_id)
    return _withdraw_plan(player, after_round, shown, forfeit, lock=False)


def player_withdraw(
    *,
    player: Player,
    after_round: int,
    shown: str | None = None,
    forfeit: bool = False,
    user: Any = None,
) -> Player:
    """Withdraw a player after a round (0: before round 1); their later requested byes go.

    ``shown``: the withdrawal the page showed ("" active, else the round): when another TD
    withdrew the player, or changed the round, since, a different round is refused rather
    than put over theirs without a word; the same round is fine (pressed twice), and so is
    the withdrawal with its forfeit made already (the forfeit pressed twice).

    A player with a game of the round being played (posted, no result) who withdraws before
    it leaves an opponent at the board: refused (``WithdrawGameUnplayed``) unless ``forfeit``
    says the game will not be played, and then the opponent wins it by forfeit (a result
    entry, in the round's history) and the player is withdrawn after that round, their last.
    With ``forfeit`` a withdrawal after that very round forfeits the game too. A draft round
    that pairs the player is refused, naming the board: it is paired again without them.
    """
    with transaction.atomic():
        # The section's lock, which a hand pairings save and the automatic pairing take too:
        # the check below (not paired in a later round) stays true until the withdrawal lands.
        section_lock(player.section)
        section_open_check(section=player.section_id)
        plan = _withdraw_plan(player, after_round, shown, forfeit, lock=True)
        game = plan.forfeit
        if game is not None:
            # The opponent came to play: a forfeit win, as the round page would enter it.
            result_record(
                pairing=game,
                result=Result.BLACK_FORFEIT_WIN
                if game.white_id == player.pk
                else Result.WHITE_FORFEIT_WIN,
                based_on=Result.PENDING,
                user=user,
            )
        if not plan.withdraws:
            return player
        player.status = Player.Status.WITHDRAWN
        player.withdrawn_after_round = plan.after_round
        player.save(update_fields=["status", "withdrawn_after_round"])
        RequestedBye.objects.filter(
            player=player, round_number__gt=plan.after_round
        ).delete()
    return player


def _forfeit_withdrawal_made(player: Player, after_round: int) -> bool:
    """Whether the withdrawal with its forfeit asked for is made already (the same post sent
    twice, its first answer lost; or another TD did the same): the game it would forfeit, the
    player's first row after ``after_round`` (or of that round itself), is lost by forfeit, and
    the player is withdrawn after that round, or it is the last round and they are not."""
    rows = list(
        Pairing.objects.filter(
            round__section_id=player.section_id, round__number__gte=after_round
        )
        .filter(models.Q(white=player) | models.Q(black=player))
        .order_by("round__number")
        .values_list("round__number", "white_id", "result")
    )
    later = [row for row in rows if row[0] > after_round]
    if not rows:
        return False
    number, white, result = later[0] if later else rows[0]
    lost = Result.BLACK_FORFEIT_WIN if white == player.pk else Result.WHITE_FORFEIT_WIN
    if result != lost:
        return False
    now = player.withdrawn_after_round
    return now == number or (now is None and number == player.section.rounds_total)


def player_withdraw_pending(player: Player) -> str:
    """The sentence a withdrawal's page adds when the player's game of the round being
    played still has no result (they withdrew after it: it may still be played), or ""."""
    game = _unplayed_games(player).select_related("round", "white", "black").first()
    if game is None:
        return ""
    return WITHDRAW_GAME_PENDING.format(
        board=game.board or "–",
        round=game.round.number,
        player=player.name,
        opponent=_opponent(game, player).name,
    )


def player_no_show_withdraw(*, player: Player, after_round: int) -> bool:
    """Withdraw, after round ``after_round``, a player the round page names as having lost it
    by forfeit (``selectors.round_forfeited``); returns False when they are withdrawn already
    (pressed twice, or another TD did it): nothing changes, and that is no error.

    Asked again under the section's lock: a player no longer named (the result corrected to a
    played game, checked in or a bye asked for since) is refused, nothing changed; one paired in
    the next round already is refused as ``player_withdraw`` refuses it.
    """
    with transaction.atomic():
        section_lock(player.section)
        player.refresh_from_db(fields=["status", "withdrawn_after_round"])
        if player.status == Player.Status.WITHDRAWN:
            return False
        named = round_forfeited(section=player.section, number=after_round + 1)
        if player.pk not in {p.pk for p in named}:
            raise ValidationError(
                NO_SHOW_NOT_LISTED.format(
                    player=player.name, round=after_round, next=after_round + 1
                )
            )
        player_withdraw(player=player, after_round=after_round)
    return True


def player_reactivate(*, player: Player, shown: str | None = None) -> bool:
    """Bring a withdrawn player back: paired again from the next round that is paired. Returns
    False when the player is active already and ``shown`` says the page showed them withdrawn
    (pressed twice, or another TD re-activated them): nothing changes, and that is no error.

    ``shown``: the withdrawal the page showed (as ``player_withdraw``): another round now (the
    withdrawal changed since) is refused, nothing changed. Without it (no page), an active
    player is refused as not withdrawn.

    Under the section's lock, which pairing takes: a re-activation and the pairing of the next
    round run one after the other, so the player is either active when the pairing reads who
    plays (then paired, or asked about) or finds the round paired. A draft round that leaves
    them out (paired while they were withdrawn) is then refused, saying how to pair them in it,
    as checking in a player a draft leaves out is: re-activated, they would expect a game.
    """
    with transaction.atomic():
        section_lock(player.section)
        player.refresh_from_db(fields=["status", "withdrawn_after_round"])
        now = player.withdrawn_after_round
        if player.status != Player.Status.WITHDRAWN or now is None:
            if shown:
                return False
            raise ValidationError(REACTIVATE_NOT_WITHDRAWN.format(player=player))
        if shown is not None and shown != str(now):
            raise ValidationError(
                REACTIVATE_STALE.format(player=player.name, now=withdrawal_words(now))
            )
        left_out = (
            Round.objects.filter(
                section_id=player.section_id,
                status=Round.Status.DRAFT,
                number__gt=now,
            )
            .exclude(
                pk__in=Pairing.objects.filter(
                    models.Q(white=player) | models.Q(black=player)
                )
                .exclude(result=Result.NOT_PAIRED)
                .values("round")
            )
            .order_by("number")
            .values_list("number", flat=True)
            .first()
        )
        if left_out is not None:
            raise ValidationError(
                REACTIVATE_DRAFT_LEFT_OUT.format(round=left_out, player=player.name)
            )
        player.status = Player.Status.ACTIVE
        player.withdrawn_after_round = None
        player.save(update_fields=["status", "withdrawn_after_round"])
    return True


def player_byes_check(*, player: Player, byes: Mapping[int, str]) -> None:
    """Whether ``byes`` (round -> full / half / zero) may be the player's requested byes."""
    section = player.section
    # A draft round's requested byes may still change: the TD pairs it again after.
    paired = posted_rounds(section)
    existing = (
        dict(
            RequestedBye.objects.filter(player=player).values_list(
                "round_number", "kind"
            )
        )
        if player.pk is not None
        else {}
    )
    problems = []
    for number, kind in sorted(byes.items()):
        if not 1 <= number <= section.rounds_total:
            problems.append(
                BYE_ROUND_RANGE.format(round=number, rounds=section.rounds_total)
            )
        elif (
            player.withdrawn_after_round is not None
            and number > player.withdrawn_after_round
        ):
            problems.append(
                BYE_AFTER_WITHDRAWAL.format(
                    player=player, last=player.withdrawn_after_round, round=number
                )
            )
        elif number in paired and existing.get(number) != kind:
            problems.append(BYE_ROUND_PAIRED.format(round=number))
        elif kind not in RequestedBye.Kind.values:
            problems.append(f"{kind!r} is not a kind of bye.")
    if problems:
        raise ValidationError(problems)


def player_byes_request(
    *, player: Player, byes: Mapping[int, str], based_on: str | None = None
) -> list[RequestedBye]:
    """Make ``byes`` (round -> full / half / zero) the player's requested byes.

    A bye left as it was keeps its reason (a zero-point bye the TD gave for not checking in
    stays one); a bye whose kind changes, or a new one, counts as asked for (docs/td-setup.md).

    Only rounds not yet paired change: a round already paired keeps what it has (its round page
    changes pairings), and naming it with a different bye is an error. ``based_on``: the
    ``selectors.player_byes_version`` the form showed; a save from a page opened before another
    TD changed these byes (or closed check-in) is refused, nothing changed (``StaleEdit``):
    the form names every round, so it would take back byes it never showed.
    """
    with transaction.atomic():
        # The lock the pairing and closing check-in take: the rounds posted stay as read.
        section_lock(player.section)
        section_open_check(section=player.section_id)
        player.refresh_from_db(fields=["status", "withdrawn_after_round"])
        player_byes_check(player=player, byes=byes)
        player_byes_stale_check(player=player, byes=byes, based_on=based_on)
        paired = posted_rounds(player.section)
        current = {
            b.round_number: b for b in RequestedBye.objects.filter(player=player)
        }
        for number, bye in current.items():
            if number not in paired and number not in byes:
                bye.delete()
        for number, kind in byes.items():
            if number in paired:
                continue
            had = current.get(number)
            if had is None:
                RequestedBye.objects.create(
                    player=player, round_number=number, kind=kind
                )
            elif had.kind != kind:
                # A bye the TD changes by hand is the one the player now has: asked for. One
                # left as it was keeps its reason (the form saves every round at once).
                had.kind, had.reason = kind, RequestedBye.Reason.ASKED
                had.save(update_fields=["kind", "reason"])
    return list(RequestedBye.objects.filter(player=player))


def player_byes_stale_check(
    *, player: Player, byes: Mapping[int, str], based_on: str | None
) -> None:
    """Refuse (``StaleEdit``) ``byes`` from a form drawn from another version of the player's
    requested byes (``based_on``, ``selectors.player_byes_version``; empty: not checked) when
    saving them would change the stored ones. Read under the section's lock, the caller's."""
    now = player_byes_version(player_id=player.pk)
    if not based_on or based_on == now:
        return
    paired = posted_rounds(player.section)
    rows = RequestedBye.objects.filter(player=player).order_by("round_number")
    stored = {b.round_number: b.kind for b in rows}
    wanted = {**{n: k for n, k in stored.items() if n in paired}, **byes}
    if wanted != stored:
        raise StaleEdit(
            BYES_STALE.format(
                player=player,
                now=", ".join(
                    f"round {b.round_number} {b.label().lower()}" for b in rows
                )
                or "none",
            ),
            version=now,
        )


def player_delete(*, player: Player, user: Any = None) -> None:
    """Take out a player who has no row in any round (entered by mistake, or never came): they
    leave no trace in the standings, the wall chart, the downloads or the TRF. Kept in the
    player list's changes (``PlayerChange``). Before round 1 is paired the section is numbered
    by rating again; after, the others keep their numbers (the pairing numbers)."""
    with transaction.atomic():
        section = Section.objects.get(pk=player.section_id)
        section_lock(section)
        section_open_check(section=section)
        found = Player.objects.filter(pk=player.pk).first()
        if found is None:
            return  # deleted already (pressed twice, or by another TD)
        first = player_first_row_round(found)
        if first is not None:
            raise ValidationError(DELETE_HAS_GAMES.format(player=found, round=first))
        PlayerChange.objects.create(
            section=section,
            player=found,
            start_number=found.start_number,
            name=found.name,
            kind=PlayerChange.Kind.DELETED,
            changed_by=user,
        )
        found.delete()
        if not round_one_paired(section):
            players_renumber(section=section)
        else:
            # The others keep their numbers; the pairing options naming this one forget it.
            numbers = Player.objects.filter(section=section).values_list(
                "start_number", flat=True
            )
            _pairing_options_renumber(section, {n: n for n in numbers})
