"""A round's pairings: boards, byes, absences and withdrawals, and the same by player name."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from standings.names import last_name_key
from standings.pages.games import asked_zero_byes
from standings.reports import PlayerInfo
from tournaments.models import Pairing, Result, Section


@dataclass(frozen=True, slots=True)
class Seat:
    pk: int
    start_number: int
    name: str
    rating: int | None
    score: Fraction | None  # before the round
    title: str = ""  # "FM", "IM"... shown before the name, as chess-results does


@dataclass(frozen=True, slots=True)
class Board:
    board: int | None
    white: Seat
    black: Seat
    result: str  # display text, "" while pending


@dataclass(frozen=True, slots=True)
class Bye:
    seat: Seat
    what: str


@dataclass(frozen=True, slots=True)
class NameLine:
    """The alphabetical list: where each player sits this round."""

    seat: Seat
    board: int | None
    colour: str  # "White", "Black" or ""
    opponent: Seat | None
    note: str  # a bye or absence
    result: str = ""  # the board's result once entered ("1-0"), else ""


@dataclass
class RoundPairings:
    number: int
    boards: list[Board] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    absent: list[Seat] = field(default_factory=list)  # not paired, not withdrawn
    withdrawn: list[Seat] = field(default_factory=list)

    def by_name(self) -> list[NameLine]:
        lines = []
        for b in self.boards:
            lines.append(NameLine(b.white, b.board, "White", b.black, "", b.result))
            lines.append(NameLine(b.black, b.board, "Black", b.white, "", b.result))
        for bye in self.byes:
            lines.append(NameLine(bye.seat, None, "", None, bye.what))
        for seat in self.absent:
            lines.append(NameLine(seat, None, "", None, "not paired"))
        # By last name, as players look for themselves ("Ju, Wenjun" and "Wenjun Ju" under J).
        lines.sort(
            key=lambda line: (last_name_key(line.seat.name), line.seat.start_number)
        )
        return lines


RESULT_SHORT: dict[str, str] = {
    Result.PENDING: "",
    Result.WHITE_WIN: "1-0",
    Result.DRAW: "½-½",
    Result.BLACK_WIN: "0-1",
    Result.WHITE_FORFEIT_WIN: "1-0 ff",
    Result.BLACK_FORFEIT_WIN: "0-1 ff",
    Result.DOUBLE_FORFEIT: "0-0 ff",
    Result.WHITE_WIN_UNRATED: "1-0",
    Result.DRAW_UNRATED: "½-½",
    Result.BLACK_WIN_UNRATED: "0-1",
}


def round_pairings(
    *,
    section: Section,
    number: int,
    players: dict[int, PlayerInfo],
    scores: dict[int, Fraction] | None,
) -> RoundPairings:
    """Round ``number``'s boards, byes and absences (one query); ``scores`` are before the round."""

    def seat(pk: int) -> Seat:
        p = players[pk]
        return Seat(
            pk,
            p.start_number,
            p.name,
            p.rating,
            None if scores is None else scores.get(pk),
            p.title,
        )

    out = RoundPairings(number)
    seen: set[int] = set()
    byes: list[tuple[int, str]] = []
    for board, white, black, result in (
        Pairing.objects.filter(round__section=section, round__number=number)
        .order_by("board", "pk")
        .values_list("board", "white_id", "black_id", "result")
    ):
        seen.add(white)
        if black is None:
            if result == Result.NOT_PAIRED:
                continue  # listed with the absent players below
            byes.append((white, result))
        else:
            seen.add(black)
            out.boards.append(
                Board(board, seat(white), seat(black), RESULT_SHORT.get(result, ""))
            )
    # A zero-point bye the player asked for says so (games.OUTCOME_WORDS says why one the TD
    # gave does not): one more query, only when the round has one.
    asked = (
        asked_zero_byes(section, number=number)
        if any(result == Result.BYE_ZERO for _pk, result in byes)
        else set()
    )
    for pk, result in byes:
        what = Result(result).label
        if result == Result.BYE_HALF or (
            result == Result.BYE_ZERO and (pk, number) in asked
        ):
            what = f"{what} (requested)"
        out.byes.append(Bye(seat(pk), what))
    for pk, info in sorted(players.items(), key=lambda item: item[1].start_number):
        if pk in seen:
            continue
        withdrawn = info.withdrawn_after_round
        if withdrawn is not None and withdrawn < number:
            out.withdrawn.append(seat(pk))
        else:
            out.absent.append(seat(pk))
    return out
