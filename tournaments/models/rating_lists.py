"""Rating lists loaded for registration: FIDE's players list and a US Chess member list.

Kept apart from the event's own tables: a list is shared by every tournament and replaced
whole when a newer file is loaded (docs/rating-lists.md).
"""

from __future__ import annotations

from django.db import models

from tournaments.validators import no_control_characters

TEXT = [no_control_characters]


class RatingList(models.Model):
    class Kind(models.TextChoices):
        FIDE = "fide", "FIDE players list"
        USCHESS = "uschess", "US Chess list (CSV)"

    kind = models.CharField(max_length=8, choices=Kind, unique=True)
    file_name = models.CharField(max_length=200, validators=TEXT)
    rows = models.PositiveIntegerField(default=0)
    loaded_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.file_name} ({self.rows} players)"


class RatingListEntry(models.Model):
    """One player of a list. ``name_key`` is the name folded to lower-case ASCII as
    "last, first"; ``name_head`` its first three characters, the index a lookup starts from."""

    rating_list = models.ForeignKey(
        RatingList, on_delete=models.CASCADE, related_name="entries"
    )
    member_id = models.CharField(max_length=16, validators=TEXT)
    name = models.CharField(max_length=100, validators=TEXT)
    name_key = models.CharField(max_length=100, validators=TEXT)
    name_head = models.CharField(max_length=3, validators=TEXT)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    federation = models.CharField(max_length=3, blank=True, validators=TEXT)
    state = models.CharField(max_length=2, blank=True, validators=TEXT)
    title = models.CharField(max_length=3, blank=True, validators=TEXT)

    class Meta:
        indexes = [
            models.Index(fields=["member_id"], name="rating_entry_member_id"),
            models.Index(fields=["name_head", "name_key"], name="rating_entry_name"),
        ]

    def __str__(self) -> str:
        return f"{self.member_id} {self.name}"
