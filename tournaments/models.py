"""The tournament as a TD enters it: tournaments, sections, players, rounds and pairings.

Results are stored as codes (``Result``); points are derived from the codes by the engine's
scoring system and never stored.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments import uschess
from tournaments.validators import (
    no_control_characters,
    no_control_characters_but_lines,
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
    # Team standings over every section's players (school teams of a whole scholastic), posted
    # before round 1: {"top": N or null, "min_players": M, "order": "...", "prizes": [...]}
    # (tournaments/services/teams.py checks it; empty: no event team standings).
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
    # Boards per match of a fixed-roster team section (models_teams.py); 0: an individual section.
    team_boards = models.PositiveSmallIntegerField("boards per team match", default=0)

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
    """A bye a player asked for in advance (US Chess 28M: requested byes)."""

    class Kind(models.TextChoices):
        FULL = "full", "Full-point bye"
        HALF = "half", "Half-point bye"
        ZERO = "zero", "Zero-point bye"

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="requested_byes"
    )
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=4, choices=Kind, default=Kind.HALF)

    class Meta:
        ordering = ["player", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"], name="requested_bye_once_per_round"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="requested_bye_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_kind_display()} in round {self.round_number}"


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
    # again.
    paired_on_old_scores = models.BooleanField(default=False)

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


class HallScreen(models.Model):
    """A TV or projector in the hall and what it shows."""

    class Content(models.TextChoices):
        PAIRINGS_BY_BOARD = "pairings_board", "Pairings by board"
        PAIRINGS_BY_NAME = "pairings_name", "Pairings by name"
        STANDINGS = "standings", "Standings"
        LAST_RESULTS = "last_results", "Last results"

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="screens"
    )
    name = models.CharField(max_length=50, validators=[no_control_characters])
    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    content = models.CharField(
        max_length=16, choices=Content, default=Content.PAIRINGS_BY_NAME
    )
    # Seconds each page of a long list stays up before the next one rotates in.
    seconds_per_page = models.PositiveSmallIntegerField(default=15)
    # Lines on each page; empty: as many as fit the screen in its large type.
    rows_per_page = models.PositiveSmallIntegerField(null=True, blank=True)
    # A long list shared by several screens: this one shows part ``part`` of ``parts`` equal
    # parts (pairings by name: screen 1 shows A-F, screen 2 G-M...).
    part = models.PositiveSmallIntegerField(default=1)
    parts = models.PositiveSmallIntegerField(default=1)
    # A line the TD sets ("players X and Y, please report your result"), shown above the list.
    message = models.CharField(
        max_length=200, blank=True, validators=[no_control_characters]
    )
    # When the next round starts (today, local time): the screen counts down to it.
    next_round_at = models.TimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"], name="hall_screen_name_unique"
            ),
            models.CheckConstraint(
                condition=Q(part__gte=1, parts__gte=models.F("part"), parts__lte=20),
                name="hall_screen_part_of_parts",
            ),
            models.CheckConstraint(
                condition=Q(rows_per_page__isnull=True)
                | Q(rows_per_page__gte=3, rows_per_page__lte=60),
                name="hall_screen_rows_per_page_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.name}"


# The fixed-roster team models live beside these (their own module, for size); Django finds
# them through this import.
from tournaments.models_teams import Team, TeamMatch, TeamMember  # noqa: E402, F401


class SectionEvent(models.Model):
    """A step of a section's life a TD may be asked about later: the audit trail beside the
    result changes (marked final, reopened with a reason, pairings removed, a check-mode
    difference overridden, an earlier round corrected after a later one was paired)."""

    class Kind(models.TextChoices):
        FINAL = "final", "Marked final"
        REOPENED = "reopened", "Reopened"
        PAIRINGS_REMOVED = "pairings_removed", "Pairings removed"
        CHECK_OVERRIDE = "check_override", "Check differences overridden"
        CORRECTION = "correction", "Earlier round corrected"
        ORDER_POSTED = "order_posted", "Default tiebreak order posted"

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


# The rating lists live in their own module; imported here so that Django finds them.
from tournaments.rating_list_models import (  # noqa: E402, F401
    RatingList,
    RatingListEntry,
)
