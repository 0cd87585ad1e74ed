"""Fixed-roster team sections: teams, their rosters in board order, and each round's matches.

A team section (``Section.team_boards`` > 0) has ordinary players (start numbers, ratings) who
belong to teams; each match is played on ``team_boards`` boards, each board an ordinary
``Pairing`` of the round, so results are entered, corrected and audited as in any section.
Match table t uses the round's boards (t-1) x N + 1 .. t x N. Match and game points are derived
from the board results (docs/teams.md), never stored.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tournaments.validators import no_control_characters


class Team(models.Model):
    """A team of a team section: its team (pairing) number and name."""

    section = models.ForeignKey(
        "tournaments.Section", on_delete=models.CASCADE, related_name="teams"
    )
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=100, validators=[no_control_characters])

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "number"], name="team_number_unique_in_section"
            ),
            models.UniqueConstraint(
                fields=["section", "name"], name="team_name_unique_in_section"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="team_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class TeamMember(models.Model):
    """A player on a team's roster, at a board (1 = first board); a player plays for one team."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.OneToOneField(
        "tournaments.Player", on_delete=models.CASCADE, related_name="team_member"
    )
    board = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["team", "board"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "board"], name="team_member_board_unique"
            ),
            models.CheckConstraint(
                condition=Q(board__gte=1), name="team_member_board_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: board {self.board}"


class TeamMatch(models.Model):
    """A match of a round: table number, the team with White on board 1, the other (None: a bye)."""

    round = models.ForeignKey(
        "tournaments.Round", on_delete=models.CASCADE, related_name="team_matches"
    )
    table = models.PositiveSmallIntegerField()
    white_team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="matches_first"
    )
    black_team = models.ForeignKey(
        Team,
        on_delete=models.CASCADE,
        related_name="matches_second",
        null=True,
        blank=True,
    )

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table"], name="team_match_table_unique"
            ),
            models.UniqueConstraint(
                fields=["round", "white_team"], name="team_match_white_once_per_round"
            ),
            models.UniqueConstraint(
                fields=["round", "black_team"], name="team_match_black_once_per_round"
            ),
            models.CheckConstraint(
                condition=~Q(white_team=models.F("black_team")),
                name="team_match_not_against_itself",
            ),
            models.CheckConstraint(
                condition=Q(table__gte=1), name="team_match_table_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: table {self.table}"
