"""The hall's screens (TVs) and what each shows."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tournaments.models.event import (
    Section,
    Tournament,
)
from tournaments.validators import (
    no_control_characters,
)


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
