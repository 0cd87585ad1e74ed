"""A team snapshot laid out per team and round, checked once and shared by every team system."""

from __future__ import annotations

from fractions import Fraction

from .entities import ByeResult, MatchRecord, TeamId, TeamRef, TeamSnapshot

PRIMARY_SCORES = ("match_points", "game_points")


class TeamTable:
    """Per team (in team-number order) and round: opposing team position (-1: none), game points
    for and against, match points. ``match_points`` and ``game_points`` are the totals."""

    def __init__(self, snapshot: TeamSnapshot) -> None:
        if snapshot.primary not in PRIMARY_SCORES:
            raise ValueError(
                f"primary score {snapshot.primary!r}: must be one of {', '.join(PRIMARY_SCORES)}"
            )
        n = snapshot.through_round
        if snapshot.rounds_total < 0 or not 0 <= n <= snapshot.rounds_total:
            raise ValueError(
                f"through_round must be between 0 and rounds_total ({snapshot.rounds_total}), got {n}"
            )
        self.snapshot = snapshot
        self.rounds = n
        self.teams = tuple(sorted(snapshot.teams, key=lambda t: t.number))
        self.index: dict[TeamId, int] = {t.id: i for i, t in enumerate(self.teams)}
        if len(self.index) != len(self.teams) or len(
            {t.number for t in self.teams}
        ) != len(self.teams):
            raise ValueError("two teams in the snapshot share an id or a number")
        count = len(self.teams)
        self.records: list[list[MatchRecord | None]] = [
            [None] * n for _ in range(count)
        ]
        self.opponents: list[list[int]] = [[-1] * n for _ in range(count)]
        for record in snapshot.records:
            self._place(record)
        self._check_both_sides()
        scoring = snapshot.scoring
        self.mp: list[list[Fraction]] = []
        self.gp: list[list[Fraction]] = []
        for row in self.records:
            mp_row, gp_row = [], []
            for entry in row:
                if entry is None:
                    mp_row.append(Fraction(0))
                    gp_row.append(Fraction(0))
                    continue
                if entry.opponent is None:
                    result = (entry.bye or ByeResult.LOSS).value
                elif entry.points > entry.against:
                    result = "win"
                elif entry.points == entry.against:
                    result = "draw"
                else:
                    result = "loss"
                mp_row.append(getattr(scoring, result))
                gp_row.append(entry.points)
            self.mp.append(mp_row)
            self.gp.append(gp_row)
        self.match_points = [sum(row, Fraction(0)) for row in self.mp]
        self.game_points = [sum(row, Fraction(0)) for row in self.gp]

    def _place(self, record: MatchRecord) -> None:
        r = record.round - 1
        if record.round > self.snapshot.rounds_total or r < 0:
            raise ValueError(
                f"record for team {record.team} in round {record.round}: the event has rounds "
                f"1 to {self.snapshot.rounds_total}"
            )
        if r >= self.rounds:
            return  # after through_round
        i = self.index.get(record.team)
        if i is None:
            raise ValueError(
                f"record for team {record.team}: no such team in the snapshot"
            )
        if self.records[i][r] is not None:
            raise ValueError(
                f"team {record.team} has two records for round {record.round}"
            )
        if record.points < 0 or record.against < 0:
            raise ValueError(
                f"team {record.team}, round {record.round}: negative game points"
            )
        if record.opponent is not None:
            j = self.index.get(record.opponent)
            if j is None or j == i or record.bye is not None:
                raise ValueError(
                    f"team {record.team}, round {record.round}: opponent {record.opponent} is not "
                    "possible (another team of the snapshot, and no bye result for a match)"
                )
            self.opponents[i][r] = j
        self.records[i][r] = record

    def _check_both_sides(self) -> None:
        """Both teams of a match name each other and agree on the game points of each side."""
        for i, row in enumerate(self.opponents):
            for r, j in enumerate(row):
                if j < 0:
                    continue
                mine, theirs = self.records[i][r], self.records[j][r]
                assert mine is not None
                if (
                    theirs is None
                    or self.opponents[j][r] != i
                    or theirs.points != mine.against
                    or theirs.against != mine.points
                ):
                    a, b = self.teams[i].id, self.teams[j].id
                    raise ValueError(
                        f"round {r + 1}: team {a}'s record of its match against team {b} does not "
                        f"match team {b}'s record"
                    )

    def score(self, i: int, which: str) -> Fraction:
        """A team's total "match_points" or "game_points" ("primary": the posted first score)."""
        if which == "primary":
            which = self.snapshot.primary
        return self.match_points[i] if which == "match_points" else self.game_points[i]

    def team(self, i: int) -> TeamRef:
        return self.teams[i]
