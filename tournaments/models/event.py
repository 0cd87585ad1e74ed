"""The event as the TD sets it up: tournaments, sections, players and their requested byes."""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments import uschess
from tournaments.validators import (
    no_control_characters,
)

# No rating pool reaches 3500: a larger number is a typing error (an extra digit).
RATING_MAX = 3500

US_CHESS_DEFAULT_TIEBREAKS = "modified_median,solkoff,cumulative,cumulative_opposition"


class Tournament(models.Model):
    class Status(models.TextChoices):
        SETUP = "setup", "Setup"
        RUNNING = "running", "Running"
        FINAL = "final", "Final"

    class RatingSystem(models.TextChoices):
        US_CHESS = "uschess", "US Chess"
        FIDE = "fide", "FIDE"
        US_CHESS_AND_FIDE = "uschess_fide", "US Chess and FIDE"
        UNRATED = "unrated", "Not rated"

    name = models.CharField(max_length=200, validators=[no_control_characters])
    slug = models.SlugField(max_length=100, unique=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    location = models.CharField(
        max_length=200, blank=True, validators=[no_control_characters]
    )
    organizer = models.CharField(
        max_length=200, blank=True, validators=[no_control_characters]
    )
    chief_td = models.CharField(
        "chief TD", max_length=200, blank=True, validators=[no_control_characters]
    )
    time_control = models.CharField(
        max_length=100, blank=True, validators=[no_control_characters]
    )
    # What the US Chess rating report needs (docs/rating-report.md); widths are the report's.
    affiliate_id = models.CharField(
        "US Chess affiliate ID",
        max_length=8,
        blank=True,
        validators=[no_control_characters, uschess.validate_affiliate_id],
    )
    chief_td_id = models.CharField(
        "chief TD's US Chess ID",
        max_length=8,
        blank=True,
        validators=[no_control_characters, uschess.validate_uschess_id],
    )
    assistant_td_id = models.CharField(
        "assistant chief TD's US Chess ID",
        max_length=8,
        blank=True,
        validators=[no_control_characters, uschess.validate_uschess_id],
    )
    other_td_ids = models.CharField(
        "other TDs' US Chess IDs",
        max_length=255,
        blank=True,
        validators=[no_control_characters, uschess.validate_other_tds],
    )
    city = models.CharField(
        max_length=21, blank=True, validators=[no_control_characters]
    )
    state = models.CharField(
        max_length=2,
        blank=True,
        validators=[no_control_characters, uschess.validate_state],
    )
    zip_code = models.CharField(
        "ZIP code",
        max_length=10,
        blank=True,
        validators=[no_control_characters, uschess.validate_zip],
    )
    rating_system = models.CharField(
        max_length=16, choices=RatingSystem, default=RatingSystem.US_CHESS
    )
    status = models.CharField(max_length=8, choices=Status, default=Status.SETUP)
    # A draft (not published) is seen only by its directors and superusers.
    is_published = models.BooleanField("published", default=False)
    # The users who may change this tournament (its creator and whoever a director adds).
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="directed_tournaments", blank=True
    )
    created = models.DateTimeField(auto_now_add=True)
    # Team standings over groups of sections (school teams of a scholastic's K-3 + K-5, its
    # high school sections...), each posted before its round 1: {"groups": [{"id": 1, "name":
    # "Primary", "sections": [pks] (absent: every section), "top": N or null, "min_players": M,
    # "order": "...", "prizes": [...], "reason": "..."}, ...]} (tournaments/services/teams.py
    # checks it; empty: no event team standings). A section is in at most one group.
    team_scoring = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def team_groups(self) -> list[dict[str, Any]]:
        """The posted team groups (``team_scoring["groups"]``), by id."""
        groups = (self.team_scoring or {}).get("groups", [])
        return sorted(groups, key=lambda g: int(g["id"]))

    def team_group(self, group: int | None = None) -> dict[str, Any] | None:
        """The team group ``group`` (None: the first posted), or None if there is none."""
        groups = self.team_groups()
        if group is None:
            return groups[0] if groups else None
        return next((g for g in groups if g["id"] == group), None)

    def team_group_of(self, section: int) -> dict[str, Any] | None:
        """The team group that pools section ``section`` (a group naming no sections pools
        every one), or None."""
        return next(
            (g for g in self.team_groups() if section in g.get("sections", [section])),
            None,
        )


class Section(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        DOUBLE_ROUND_ROBIN = "double_round_robin", "Double round robin"

    class Scholastic(models.TextChoices):
        # The report's letters: N not scholastic, S scholastic, P primary (PreK-3), J in-school.
        NO = "N", "Not scholastic"
        SCHOLASTIC = "S", "Scholastic"
        PRIMARY = "P", "Primary (K-3)"
        IN_SCHOOL = "J", "In-school (JTP)"

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="sections"
    )
    name = models.CharField(max_length=100, validators=[no_control_characters])
    position = models.PositiveSmallIntegerField(
        default=0, help_text="Display order within the tournament."
    )
    rounds_total = models.PositiveSmallIntegerField("rounds")
    kind = models.CharField(max_length=20, choices=Kind, default=Kind.SWISS)
    # The US Chess rating report's section fields (docs/rating-report.md).
    time_control = models.CharField(
        max_length=40,
        blank=True,
        validators=[no_control_characters, uschess.validate_time_control],
        help_text="In US Chess's spelling: G/60;d5, G/90;+30, 40/90,SD/30;d5.",
    )
    scholastic = models.CharField(
        "scholastic level", max_length=1, choices=Scholastic, default=Scholastic.NO
    )
    grand_prix = models.BooleanField("Grand Prix", default=False)
    grand_prix_points = models.PositiveSmallIntegerField(
        "Grand Prix points", null=True, blank=True
    )
    fide_rated = models.BooleanField("FIDE-rated", default=False)
    # Who may enter (a class section, "U1600": highest rating 1599; whether unrated players
    # may play in it). A player outside is entered only with a TD's reason (PlayerChange).
    rating_max = models.PositiveSmallIntegerField(
        "highest rating",
        null=True,
        blank=True,
        help_text="For a class section: U1600 takes ratings up to 1599. Empty: no limit.",
    )
    unrated_allowed = models.BooleanField("unrated players may enter", default=True)
    # Points for a win, a draw and a loss (US Chess default 1 / ½ / 0). Exact decimals, never
    # floats: the loader hands them to the engine's ScoringSystem as Fractions.
    win_points = models.DecimalField(max_digits=4, decimal_places=2, default=1)
    draw_points = models.DecimalField(max_digits=4, decimal_places=2, default="0.5")
    loss_points = models.DecimalField(max_digits=4, decimal_places=2, default=0)
    # The posted tiebreak order: engine ids with options, comma-separated (docs/tiebreaks.md).
    tiebreaks = models.CharField(
        max_length=500,
        default=US_CHESS_DEFAULT_TIEBREAKS,
        validators=[no_control_characters],
    )
    # Seed for the drawing of lots (coin flip), recorded so that the standings can be reproduced.
    lots_seed = models.CharField(
        max_length=64, blank=True, validators=[no_control_characters]
    )
    # Options the pairing program reads (accelerated rounds, colour of board 1 in round 1,
    # placement of unrated players): a JSON object, checked by the pairing code.
    pairing_options = models.JSONField(default=dict, blank=True)
    # TRF-16 header records the model has no field for (092, 102, 122, 132, ###), in file
    # order, as [code, value] pairs: they come back on export.
    trf_records = models.JSONField(default=list, blank=True)
    # The prize fund as the fund JSON of `manage.py prizes --fund` ({"prizes": [...]}).
    prize_fund = models.JSONField(default=dict, blank=True)
    # Playoffs among tied players (34A, 34C): [{"players": [start numbers, winner first],
    # "note": "..."}]; they order those players ahead of the tiebreaks for non-cash items.
    playoffs = models.JSONField(default=list, blank=True)
    # A playoff announced in advance also decides cash (34C).
    playoff_announced = models.BooleanField(default=False)
    # The TD marked the section's results final.
    is_final = models.BooleanField("final", default=False)
    # Team standings of this section's players by their club / team field, posted before round
    # 1 like the tiebreak order: {"top": N or null, "min_players": M, "order": "...",
    # "prizes": [...]} (tournaments/services/teams.py checks it; empty: no team standings).
    team_scoring = models.JSONField(default=dict, blank=True)
    # Boards per match of a fixed-roster team section (models/teams.py); 0: an individual section.
    team_boards = models.PositiveSmallIntegerField("boards per team match", default=0)
    # The round schedule the TD sets (optional): when each round starts, an ISO 8601 date-time
    # with its UTC offset or null, round 1 first (``section_schedule_set`` checks it). On the
    # section rather than on Round: a round's row is made when the round is paired, and a row
    # made early for its time would read as a posted round on the public pages.
    round_starts = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["tournament", "position", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"], name="section_name_unique_in_tournament"
            ),
            models.CheckConstraint(
                condition=Q(rounds_total__gte=1), name="section_has_rounds"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – {self.name}"

    def round_start(self, number: int) -> datetime.datetime | None:
        """When round ``number`` starts (None: no time set)."""
        starts = self.round_starts
        if not 1 <= number <= min(len(starts), self.rounds_total):
            return None
        text = starts[number - 1]
        return datetime.datetime.fromisoformat(text) if text else None

    def round_schedule(self) -> list[tuple[int, datetime.datetime]]:
        """Each round with a start time set, in round order."""
        return [
            (n, when)
            for n in range(1, self.rounds_total + 1)
            if (when := self.round_start(n)) is not None
        ]


class Player(models.Model):
    """A player's entry in one section."""

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        WITHDRAWN = "withdrawn", "Withdrawn"

    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="players"
    )
    start_number = models.PositiveIntegerField(help_text="Pairing number.")
    name = models.CharField(max_length=100, validators=[no_control_characters])
    rating = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty for an unrated player."
    )
    uschess_id = models.CharField(
        "US Chess ID",
        max_length=16,
        blank=True,
        validators=[no_control_characters, uschess.validate_uschess_id],
    )
    fide_id = models.CharField(
        "FIDE ID", max_length=16, blank=True, validators=[no_control_characters]
    )
    federation = models.CharField(
        "federation / state",
        max_length=8,
        blank=True,
        validators=[no_control_characters],
    )
    # The US state the player lives in (the rating report's D_STATE); ``federation`` is FIDE's.
    state = models.CharField(
        max_length=2,
        blank=True,
        validators=[no_control_characters, uschess.validate_state],
    )
    club = models.CharField(
        "club / team", max_length=100, blank=True, validators=[no_control_characters]
    )
    title = models.CharField(
        max_length=3, blank=True, validators=[no_control_characters]
    )
    sex = models.CharField(max_length=1, blank=True, validators=[no_control_characters])
    birth_date = models.CharField(
        max_length=10,
        blank=True,
        help_text="As given, e.g. 1991.09.27 or 1991.",
        validators=[no_control_characters],
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.ACTIVE)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Named groups for class prizes ("Under 12", "Senior"), comma-separated.
    groups = models.CharField(
        max_length=200, blank=True, validators=[no_control_characters]
    )

    class Meta:
        ordering = ["section", "start_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "start_number"],
                name="player_start_number_unique_in_section",
            ),
            models.CheckConstraint(
                condition=Q(start_number__gte=1), name="player_start_number_positive"
            ),
            # TRF-16 gives the start number four columns.
            models.CheckConstraint(
                condition=Q(start_number__lte=9999), name="player_start_number_fits_trf"
            ),
            models.CheckConstraint(
                condition=Q(rating__isnull=True) | Q(rating__lte=RATING_MAX),
                name="player_rating_in_range",
            ),
            models.CheckConstraint(
                condition=Q(status="withdrawn", withdrawn_after_round__isnull=False)
                | Q(status="active", withdrawn_after_round__isnull=True),
                name="player_withdrawal_has_round",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.start_number}. {self.name}"


class RequestedBye(models.Model):
    """A bye a player asked for in advance (US Chess 28M: requested byes), or a zero-point bye
    the TD gave before the round to a player who did not come (``reason``): it stands as a
    requested bye so that pairing the round again keeps it."""

    class Kind(models.TextChoices):
        FULL = "full", "Full-point bye"
        HALF = "half", "Half-point bye"
        ZERO = "zero", "Zero-point bye"

    class Reason(models.TextChoices):
        ASKED = "asked", "asked for"
        # Closing check-in, or the question before pairing, gave it: the player did not come.
        NOT_CHECKED_IN = "not_checked_in", "did not check in"
        # The question before pairing: lost the round before by forfeit, stays in the event.
        FORFEITED = "forfeited", "lost the round before by forfeit"

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="requested_byes"
    )
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=4, choices=Kind, default=Kind.HALF)
    reason = models.CharField(max_length=16, choices=Reason, default=Reason.ASKED)

    class Meta:
        ordering = ["player", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"], name="requested_bye_once_per_round"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="requested_bye_round_positive"
            ),
            # The TD gives only zero-point byes to players who did not come.
            models.CheckConstraint(
                condition=Q(reason="asked") | Q(kind="zero"),
                name="requested_bye_given_is_zero",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.label()} in round {self.round_number}"

    def label(self) -> str:
        """The bye in words: "Zero-point bye (did not check in)", "Half-point bye"."""
        return bye_label(self.kind, self.reason)

    @classmethod
    def given(cls, player: Player, round_number: int, reason: str) -> RequestedBye:
        """A zero-point bye the TD gives (not saved) to a player who did not come."""
        return cls(
            player=player,
            round_number=round_number,
            kind=cls.Kind.ZERO,
            reason=reason,
        )


def bye_label(kind: str, reason: str = RequestedBye.Reason.ASKED) -> str:
    """A requested bye's kind in words, with the reason when the player did not ask for it."""
    words = RequestedBye.Kind(kind).label
    if reason == RequestedBye.Reason.ASKED:
        return words
    return f"{words} ({RequestedBye.Reason(reason).label})"
