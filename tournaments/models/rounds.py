"""Rounds and their pairings; results stored as codes (``Result``), points derived by the engine."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tournaments.models.event import (
    Player,
    Section,
)
from tournaments.validators import no_control_characters


class Round(models.Model):
    class Status(models.TextChoices):
        NOT_PAIRED = "not_paired", "Not paired"
        # Pairings made (by hand or by the pairing program) but not yet posted for players.
        DRAFT = "draft", "Pairings not posted"
        PAIRED = "paired", "Pairings posted"
        COMPLETE = "complete", "Results complete"

    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status, default=Status.NOT_PAIRED)
    # The pairing program's one-line reasons for choices a TD might question (a float, a
    # transposition, a colour against preference, a bye), shown on the round page.
    pairing_notes = models.JSONField(default=list, blank=True)
    # A result of an earlier round changed after this round was paired: its pairings rest on
    # the old scores (the section's log says which change); cleared when the round is paired
    # again, and cleared as well when the earlier results are set back so that every score its
    # pairings used is as it was (``paired_scores``).
    paired_on_old_scores = models.BooleanField(default=False)
    # The scores its pairings used, by player pk (a Fraction as text), kept at the first
    # correction of an earlier round after it was paired (the scores before that correction):
    # ``paired_on_old_scores`` is whether they differ from the scores now. Empty (null) until
    # then, and again when the round's pairings are taken back.
    paired_scores = models.JSONField(null=True, blank=True)
    # The key of the Pair press (one per page drawn) whose pairing program run made the round's
    # pairings, and their ``selectors.round_pairings_version`` then: the same press sent again
    # (its first answer lost) finds both and is answered as done; another page's press, or
    # pairings changed since, is told the round was paired meanwhile.
    pair_key = models.CharField(
        max_length=32, blank=True, default="", validators=[no_control_characters]
    )
    pair_version = models.CharField(
        max_length=16, blank=True, default="", validators=[no_control_characters]
    )

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "number"], name="round_number_unique_in_section"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section} – round {self.number}"


class Result(models.TextChoices):
    """A pairing's result code. Two-player codes need a black player; bye codes must not have one."""

    PENDING = "pending", "Not yet played"
    WHITE_WIN = "white_win", "1-0"
    DRAW = "draw", "½-½"
    BLACK_WIN = "black_win", "0-1"
    WHITE_FORFEIT_WIN = "white_forfeit_win", "1-0 forfeit"
    BLACK_FORFEIT_WIN = "black_forfeit_win", "0-1 forfeit"
    DOUBLE_FORFEIT = "double_forfeit", "0-0 double forfeit"
    # Played, but not to be rated (TRF-16 W / D / L).
    WHITE_WIN_UNRATED = "white_win_unrated", "1-0 unrated"
    DRAW_UNRATED = "draw_unrated", "½-½ unrated"
    BLACK_WIN_UNRATED = "black_win_unrated", "0-1 unrated"
    # One-player rows.
    BYE_PAIRING = "bye_pairing", "Full-point bye (pairing)"
    BYE_FULL = "bye_full", "Full-point bye (requested)"
    BYE_HALF = "bye_half", "Half-point bye"
    BYE_ZERO = "bye_zero", "Zero-point bye"
    # TRF-16 "+" with no opponent: a full point won without a game being scheduled.
    FORFEIT_WIN_NO_OPPONENT = "forfeit_win_no_opponent", "Forfeit win, no opponent"
    NOT_PAIRED = "not_paired", "Not paired"


ONE_PLAYER_RESULTS = frozenset(
    {
        Result.BYE_PAIRING,
        Result.BYE_FULL,
        Result.BYE_HALF,
        Result.BYE_ZERO,
        Result.FORFEIT_WIN_NO_OPPONENT,
        Result.NOT_PAIRED,
    }
)
TWO_PLAYER_RESULTS = frozenset(set(Result) - ONE_PLAYER_RESULTS)


class Pairing(models.Model):
    """A board in a round; a bye or an absence is a pairing with one player (``black`` empty).

    A player appears at most once per round: the unique constraints cover the same colour twice,
    and the triggers in migration 0002 cover white on one board and black on another. The
    triggers of migration 0003 refuse a player of another section. SQLite drops a table's
    triggers when a migration rebuilds the table: a migration that alters this model must create
    them again (tests/tournaments/test_models.py fails if they are missing).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    white = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="pairings_as_white"
    )
    black = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="pairings_as_black",
        null=True,
        blank=True,
    )
    result = models.CharField(max_length=24, choices=Result, default=Result.PENDING)

    class Meta:
        ordering = ["round", "board", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "white"], name="pairing_white_once_per_round"
            ),
            models.UniqueConstraint(
                fields=["round", "black"], name="pairing_black_once_per_round"
            ),
            models.UniqueConstraint(
                fields=["round", "board"],
                condition=Q(board__isnull=False),
                name="pairing_board_unique_in_round",
            ),
            models.CheckConstraint(
                condition=~Q(white=models.F("black")), name="pairing_not_against_self"
            ),
            models.CheckConstraint(
                condition=Q(board__isnull=True) | Q(board__gte=1),
                name="pairing_board_positive",
            ),
            models.CheckConstraint(
                condition=Q(black__isnull=True, result__in=sorted(ONE_PLAYER_RESULTS))
                | Q(black__isnull=False, result__in=sorted(TWO_PLAYER_RESULTS)),
                name="pairing_result_fits_players",
            ),
        ]

    def __str__(self) -> str:
        if self.black_id is None:
            return f"{self.white}: {self.get_result_display()}"
        return f"{self.white} – {self.black}: {self.get_result_display()}"
