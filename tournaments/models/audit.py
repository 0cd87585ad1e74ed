"""What changed and who changed it: the player list, tiebreak orders, results, check entries,
check-in and the section's log."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.event import (
    Player,
    Section,
)
from tournaments.models.rounds import (
    Pairing,
    Result,
    Round,
)
from tournaments.validators import (
    no_control_characters,
    no_control_characters_but_lines,
)


class PlayerChange(models.Model):
    """A change of the player list a TD confirmed or justified, kept for the other TDs: a player
    entered outside the section's rating limit (with the reason), entered though they looked
    like a player already there, or deleted (no games yet)."""

    class Kind(models.TextChoices):
        OUTSIDE_LIMIT = "outside", "Entered outside the rating limit"
        DUPLICATE = "duplicate", "Entered though a likely duplicate"
        DELETED = "deleted", "Deleted"

    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="player_changes"
    )
    # Empty once the player is deleted: the name and number below stay.
    player = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="changes",
    )
    start_number = models.PositiveIntegerField()
    name = models.CharField(max_length=100, validators=[no_control_characters])
    kind = models.CharField(max_length=10, choices=Kind)
    reason = models.TextField(blank=True, validators=[no_control_characters_but_lines])
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.section}: {self.name} ({self.get_kind_display()})"


class TiebreakChange(models.Model):
    """A change of a section's posted tiebreak order, kept and shown next to the standings."""

    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="tiebreak_changes"
    )
    old_order = models.CharField(max_length=500, validators=[no_control_characters])
    new_order = models.CharField(max_length=500, validators=[no_control_characters])
    # Required once round 1 is paired (the order was posted before round one).
    reason = models.TextField(blank=True, validators=[no_control_characters_but_lines])
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.section}: {self.old_order} -> {self.new_order}"


class ResultChange(models.Model):
    """One change of a pairing's result: the audit trail a TD reads.

    The trail outlives its board: a pairing taken out of the round (its players changed after
    its result was cleared) leaves ``pairing`` empty, and ``board`` and ``players`` then say
    which board it was. Each change names its round.
    """

    class Source(models.TextChoices):
        ENTRY = "entry", "Result entry"
        CHECK = "check", "Check entry"
        ADMIN = "admin", "Admin"
        IMPORT = "import", "Import"
        PAIRING = "pairing", "Pairings"

    pairing = models.ForeignKey(
        Pairing,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="result_changes",
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="result_changes"
    )
    # The board and its players as they were, written when the pairing is taken out of the round.
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    players = models.CharField(
        max_length=250, blank=True, validators=[no_control_characters]
    )
    old_result = models.CharField(max_length=24, choices=Result)
    new_result = models.CharField(max_length=24, choices=Result)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(max_length=8, choices=Source, default=Source.ENTRY)

    class Meta:
        ordering = ["pairing", "changed_at", "pk"]
        indexes = [models.Index(fields=["pairing", "-changed_at"])]

    def __str__(self) -> str:
        return f"{self.pairing_id}: {self.old_result} -> {self.new_result}"


class ResultCheck(models.Model):
    """A second TD's blind entry of a board's result (check mode)."""

    pairing = models.OneToOneField(
        Pairing, on_delete=models.CASCADE, related_name="result_check"
    )
    result = models.CharField(max_length=24, choices=Result)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    entered_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.pairing_id}: {self.result} (check)"


class CheckIn(models.Model):
    """A player checked in before a round."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="checkins"
    )
    round_number = models.PositiveSmallIntegerField()
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    checked_in_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"], name="checkin_once_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: checked in for round {self.round_number}"


class SectionEvent(models.Model):
    """A step of a section's life a TD may be asked about later: the audit trail beside the
    result changes (marked final, reopened with a reason, pairings removed, posted pairings
    changed by hand, a check-mode difference overridden, an earlier round corrected after a
    later one was paired, a zero-point bye dropped when its player checked in)."""

    class Kind(models.TextChoices):
        FINAL = "final", "Marked final"
        REOPENED = "reopened", "Reopened"
        PAIRINGS_REMOVED = "pairings_removed", "Pairings removed"
        CHECK_OVERRIDE = "check_override", "Check differences overridden"
        CORRECTION = "correction", "Earlier round corrected"
        ORDER_POSTED = "order_posted", "Default tiebreak order posted"
        LINEUP = "lineup", "Team line-up changed"
        PAIRINGS_CHANGED = "pairings_changed", "Posted pairings changed"
        BYE_DROPPED = "bye_dropped", "Zero-point bye dropped at check-in"

    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="events"
    )
    kind = models.CharField(max_length=20, choices=Kind)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    # The TD's reason (required to reopen a final section or to override check mode).
    reason = models.TextField(blank=True, validators=[no_control_characters_but_lines])
    # What happened, in one sentence the log shows.
    detail = models.TextField(blank=True, validators=[no_control_characters_but_lines])
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.section}: {self.get_kind_display()}"
