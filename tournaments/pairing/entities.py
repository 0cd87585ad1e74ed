"""Plain data the pairing program works on: the players as they stand, the options, the result."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction


class Colour(enum.Enum):
    WHITE = "W"
    BLACK = "B"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @property
    def word(self) -> str:
        return "White" if self is Colour.WHITE else "Black"


class ByeKind(enum.Enum):
    """A round without a game: who gets what is decided by the kind."""

    PAIRING = "pairing"  # the odd player out gets a full point (US Chess 28L)
    FULL = "full"  # requested full-point bye
    HALF = "half"  # requested half-point bye
    ZERO = "zero"  # requested zero-point bye
    NO_GAME = "no_game"  # round robin: the dummy's opponent, or a withdrawn opponent's

    @property
    def words(self) -> str:
        return _BYE_WORDS[self]


_BYE_WORDS = {
    ByeKind.PAIRING: "pairing bye (full point)",
    ByeKind.FULL: "requested full-point bye",
    ByeKind.HALF: "requested half-point bye",
    ByeKind.ZERO: "requested zero-point bye",
    ByeKind.NO_GAME: "no game this round",
}

# Colour-preference strength (how hard a player is due a colour), weakest first.
NO_PREFERENCE, ALTERNATION, EQUALISATION, STRONG = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of the section as they stand before the round being paired.

    ``colours`` are the colours of the games actually played, in round order (forfeited games
    give no colour). ``opponents`` are everyone the player has been paired against, forfeits
    included. ``had_bye`` is true after a pairing bye, any requested bye or a win by forfeit,
    which rules the player out of the pairing bye.
    """

    id: int  # the start (pairing) number
    name: str = ""
    rating: int | None = None  # None: unrated
    score: Fraction = Fraction(0)
    colours: tuple[Colour, ...] = ()
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False
    requested_bye: ByeKind | None = None  # for the round being paired
    withdrawn: bool = False
    club: str = ""  # club, school or family: players of one are kept apart when posted

    @property
    def club_key(self) -> str:
        """The club as compared: case and surrounding spaces do not make two clubs."""
        return " ".join(self.club.split()).casefold()

    @property
    def label(self) -> str:
        return f"#{self.id} {self.name}".rstrip()

    @property
    def balance(self) -> int:
        """Whites minus blacks."""
        whites = sum(1 for c in self.colours if c is Colour.WHITE)
        return 2 * whites - len(self.colours)

    @property
    def due(self) -> Colour | None:
        """The colour this player should have next: equalise first, then alternate (27A4, 27A5)."""
        balance = self.balance
        if balance > 0:
            return Colour.BLACK
        if balance < 0:
            return Colour.WHITE
        if self.colours:
            return self.colours[-1].other
        return None

    @property
    def strength(self) -> int:
        """How strongly the player is due: a third colour in a row or an imbalance of 3 is STRONG."""
        balance = self.balance
        if abs(balance) >= 2 or (
            len(self.colours) >= 2 and self.colours[-1] is self.colours[-2]
        ):
            return STRONG
        if balance:
            return EQUALISATION
        return ALTERNATION if self.colours else NO_PREFERENCE


class OptionsError(ValueError):
    """A pairing option (``Section.pairing_options``) that cannot be used, with the reason."""


BOARD_ONE_CHOICES = ("lot", "white", "black")
TABLE_CHOICES = ("lot", "start_numbers")


@dataclass(frozen=True, slots=True)
class PairingOptions:
    """What a TD posts before the event (``Section.pairing_options``); see docs/pairing.md."""

    # Accelerated pairings, added-score method: in rounds 1..accelerated_rounds the top half by
    # rating is paired as if it had accelerated_points more.
    accelerated_rounds: int = 0
    accelerated_points: Fraction = Fraction(1)
    # Colour of the higher-ranked player on board 1 in round 1: "white", "black" or "lot".
    board_one_colour: str = "lot"
    # The rating unrated players are ranked by; None ranks them below every rated player.
    unrated_rating: int | None = None
    # Rating limits for moving players to fix colours: equalisation, then alternation.
    equalise_limit: int = 200
    alternate_limit: int = 80
    # Round robins: table numbers by lot, by start number, or {start number: table number}.
    tables: str | Mapping[int, int] = "lot"
    lots_seed: str = ""
    # Players of the same club / school / family kept apart where a swap within their score
    # group allows it (posted option; the rule book's team variation, 29E8).
    avoid_same_club: bool = False
    # Pairs of start numbers never to be paired together (same family...), the same way.
    do_not_pair: frozenset[frozenset[int]] = frozenset()
    # 28L2a (announced variation): the bye may go to a higher-ranked player of the lowest score
    # group when that gives more players their due colours.
    bye_for_colours: bool = False
    # Equal colour claims: look back to the latest game where the two players' colours differed
    # (False: the higher-ranked player gets the colour).
    colour_look_back: bool = True


def options_parse(data: object) -> PairingOptions:
    """``Section.pairing_options`` (a JSON object) checked and read; raises ``OptionsError``."""
    if data is None:
        return PairingOptions()
    if not isinstance(data, Mapping):
        raise OptionsError("pairing options must be a JSON object")
    known = {
        "accelerated_rounds",
        "accelerated_points",
        "board_one_colour",
        "unrated_rating",
        "equalise_limit",
        "alternate_limit",
        "tables",
        "lots_seed",
        "avoid_same_club",
        "do_not_pair",
        "bye_for_colours",
        "colour_look_back",
    }
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise OptionsError(
            f"unknown pairing option {unknown[0]!r}; the options are {', '.join(sorted(known))}"
        )
    values: dict[str, object] = {}
    for key in ("accelerated_rounds", "equalise_limit", "alternate_limit"):
        if key in data:
            values[key] = _whole(key, data[key])
    if "accelerated_points" in data:
        raw = data["accelerated_points"]
        try:
            if isinstance(raw, bool) or not isinstance(raw, int | str):
                raise ValueError
            points = Fraction(raw)
        except (ValueError, ZeroDivisionError):
            raise OptionsError(
                f'accelerated_points must be a number such as 1 or "0.5", not {raw!r}'
            ) from None
        if points <= 0:
            raise OptionsError("accelerated_points must be more than 0")
        values["accelerated_points"] = points
    if "board_one_colour" in data:
        colour = data["board_one_colour"]
        if colour not in BOARD_ONE_CHOICES:
            raise OptionsError(
                f"board_one_colour must be one of {', '.join(BOARD_ONE_CHOICES)}, not {colour!r}"
            )
        values["board_one_colour"] = colour
    if "unrated_rating" in data and data["unrated_rating"] is not None:
        values["unrated_rating"] = _whole("unrated_rating", data["unrated_rating"])
    if "tables" in data:
        values["tables"] = _tables(data["tables"])
    if "lots_seed" in data:
        seed = data["lots_seed"]
        if not isinstance(seed, str):
            raise OptionsError("lots_seed must be a string")
        values["lots_seed"] = seed
    for key in ("avoid_same_club", "bye_for_colours", "colour_look_back"):
        if key in data:
            if not isinstance(data[key], bool):
                raise OptionsError(f"{key} must be true or false, not {data[key]!r}")
            values[key] = data[key]
    if "do_not_pair" in data:
        values["do_not_pair"] = _do_not_pair(data["do_not_pair"])
    return PairingOptions(**values)  # type: ignore[arg-type]


def _do_not_pair(value: object) -> frozenset[frozenset[int]]:
    if not isinstance(value, list | tuple):
        raise OptionsError(
            "do_not_pair must be a list of pairs of start numbers, such as [[3, 17]]"
        )
    pairs: set[frozenset[int]] = set()
    for item in value:
        if (
            not isinstance(item, list | tuple)
            or len(item) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in item)
            or item[0] == item[1]
        ):
            raise OptionsError(
                f"do_not_pair: {item!r} is not a pair of two different start numbers"
            )
        pairs.add(frozenset(item))
    return frozenset(pairs)


def _whole(key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise OptionsError(f"{key} must be a whole number of 0 or more, not {value!r}")
    return value


def _tables(value: object) -> str | dict[int, int]:
    if isinstance(value, str):
        if value not in TABLE_CHOICES:
            raise OptionsError(
                f"tables must be {' or '.join(TABLE_CHOICES)} or an object "
                f"{{start number: table number}}, not {value!r}"
            )
        return value
    if not isinstance(value, Mapping):
        raise OptionsError("tables must be lot, start_numbers or an object")
    tables: dict[int, int] = {}
    for key, table in value.items():
        try:
            number = int(key)
        except (TypeError, ValueError):
            raise OptionsError(f"tables: {key!r} is not a start number") from None
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            raise OptionsError(f"tables: the table of {number} must be 1 or more")
        tables[number] = table
    if len(set(tables.values())) != len(tables):
        raise OptionsError("tables: two players have the same table number")
    return tables


@dataclass(frozen=True, slots=True)
class Board:
    white: int
    black: int


@dataclass(frozen=True, slots=True)
class Bye:
    player: int
    kind: ByeKind


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """A round's pairings: boards in order (board 1 first), byes, and the reasons a TD may ask for."""

    boards: tuple[Board, ...]
    byes: tuple[Bye, ...] = ()
    notes: tuple[str, ...] = field(default=())
