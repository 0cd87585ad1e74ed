"""The one place where the ORM meets the engine: database rows in, an engine ``Snapshot`` out."""

from __future__ import annotations

from standings.engine.entities import (
    Colour,
    GameRecord,
    PlayerRef,
    Snapshot,
)
from tournaments.models import Pairing, Player, Result, Section

# What each result code means for white and black lives beside Result, on the write side.
from tournaments.results import OUTCOMES, section_scoring


class LoaderError(ValueError):
    """The database cannot give standings for the round asked for (bad round, missing results)."""


# One pairing as the loader reads it: round number, board, white's pk, black's pk, result code.
PairingRow = tuple[int, int | None, int, int | None, str]
# One player as the loader reads it: pk, start number, name, rating, federation, withdrawn after
# round, prize groups (comma-separated).
PlayerRow = tuple[int, int, str, int | None, str, int | None, str, str]


def player_rows(section: Section) -> list[PlayerRow]:
    """The section's players by start number, in one query: what the engine needs of them and
    what the pages show beside its values."""
    return list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list(
            "pk",
            "start_number",
            "name",
            "rating",
            "federation",
            "withdrawn_after_round",
            "groups",
            "title",
        )
    )


def snapshot_load(
    *,
    section: Section,
    through_round: int | None = None,
    players: list[PlayerRow] | None = None,
) -> Snapshot:
    """The engine's input for ``section`` through ``through_round``, in two queries (one when
    the caller has read the ``players`` already, ``player_rows``).

    ``through_round`` defaults to the last round of the unbroken run 1, 2, ... of rounds whose
    results are all entered (0 when round 1 is not complete). Rows come as plain tuples
    (``values_list``): model instances would cost seconds on a 5,000-player section.
    """
    if through_round is not None and not 0 <= through_round <= section.rounds_total:
        raise LoaderError(
            f"round {through_round} does not exist: {section.name} has rounds 1 to {section.rounds_total} "
            "(0 gives the starting list, before round 1)"
        )
    refs = tuple(
        PlayerRef(id=row[0], start_number=row[1], rating=row[3])
        for row in (player_rows(section) if players is None else players)
    )
    rows = Pairing.objects.filter(round__section=section)
    if through_round is not None:
        rows = rows.filter(round__number__lte=through_round)
    pairings: list[PairingRow] = list(
        rows.order_by("round__number", "board", "pk").values_list(
            "round__number", "board", "white_id", "black_id", "result"
        )
    )
    if through_round is None:
        through_round = _complete_rounds(pairings, section.rounds_total)
    else:
        _check_results_entered(pairings, refs, through_round)
    games: list[GameRecord] = []
    for number, _board, white, black, result in pairings:
        if number > through_round:
            continue
        white_outcome, black_outcome = OUTCOMES[result]
        if black is None or black_outcome is None:
            games.append(GameRecord(number, white, None, None, white_outcome))
        else:
            games.append(GameRecord(number, white, black, Colour.WHITE, white_outcome))
            games.append(GameRecord(number, black, white, Colour.BLACK, black_outcome))
    return Snapshot(
        players=refs,
        games=tuple(games),
        rounds_total=section.rounds_total,
        through_round=through_round,
        scoring=section_scoring(section),
    )


def _complete_rounds(pairings: list[PairingRow], rounds_total: int) -> int:
    """The last round N such that rounds 1..N all have pairings and no result is pending."""
    paired: set[int] = set()
    pending: set[int] = set()
    for number, _board, _white, _black, result in pairings:
        paired.add(number)
        if result == Result.PENDING:
            pending.add(number)
    complete = 0
    while (
        complete < rounds_total
        and complete + 1 in paired
        and complete + 1 not in pending
    ):
        complete += 1
    return complete


def _check_results_entered(
    pairings: list[PairingRow],
    players: tuple[PlayerRef, ...],
    through_round: int,
) -> None:
    """Refuse standings through a round that still has a game without a result."""
    missing = [p for p in pairings if p[4] == Result.PENDING]
    if not missing:
        return
    number, board, white, black, _result = missing[0]
    if board is None:
        start = {p.id: p.start_number for p in players}
        where = f"round {number}, players {start[white]} and {start[black]}"  # type: ignore[index]
    else:
        where = f"round {number}, board {board}"
    more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
    raise LoaderError(
        f"{where}: no result yet{more}; standings are available through round {number - 1}"
    )


def team_of_players(sections: list[Section]) -> dict[int, str]:
    """Each player's team (the "club / team" field) by player pk, for these sections, one query."""
    return dict(
        Player.objects.filter(section__in=sections)
        .exclude(club="")
        .values_list("pk", "club")
    )
