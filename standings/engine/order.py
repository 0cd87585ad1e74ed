"""A section's tiebreak order as text: parse, validate, print back, and the posted presets.

Syntax: items separated by commas; each item is a system id (or alias, or preset name) followed by
options, each as ``:name=value``. Example: ``modified_median,solkoff,cumulative_cut:cut=2,kashdan:unplayed=2``.
Ids are case-insensitive; spaces and hyphens inside an id read as underscores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .systems import ALIASES, SYSTEMS, SystemDef
from .systems.base import OrderItem

__all__ = [
    "CATALOGUES",
    "PRESETS",
    "SYSTEMS",
    "DuplicateTiebreak",
    "InvalidTiebreakOption",
    "TiebreakSpec",
    "UnknownTiebreak",
    "default_order",
    "format_order",
    "parse_order",
]


class UnknownTiebreak(ValueError):
    """An id that is neither a system, an alias nor a preset."""


class InvalidTiebreakOption(ValueError):
    """An option a system does not have, a value it does not allow, or a missing required option."""


class DuplicateTiebreak(ValueError):
    """The same system with the same options twice in one order (it could never break a tie)."""


def _normalise(word: str) -> str:
    return "_".join(word.strip().lower().replace("-", " ").split())


def _allowed_text(system: SystemDef) -> str:
    if not system.options:
        return f"{system.id} takes no options"
    parts = []
    for o in system.options:
        values = "|".join(o.values) if o.values else "a whole number >= 1"
        default = f" (default {o.default})" if o.default is not None else " (required)"
        parts.append(f"{o.name}={values}{default}")
    return f"{system.id} takes " + ", ".join(parts)


@dataclass(frozen=True, slots=True)
class TiebreakSpec(OrderItem):
    """One tiebreak in an order: a system id and its options.

    Always canonical: aliases become the system id, options equal to their default are left out,
    and the rest are sorted by name, so equal specs have equal ``key`` text.
    """

    id: str
    options: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        sid = _normalise(self.id)
        sid = ALIASES.get(sid, sid)
        system = SYSTEMS.get(sid)
        if system is None:
            raise UnknownTiebreak(
                f"unknown tiebreak {self.id!r}; known ids: {', '.join(SYSTEMS)}"
            )
        given: dict[str, str] = {}
        for name, value in self.options:
            key, val = _normalise(name), value.strip().lower()
            option = system.option(key)
            if option is None:
                raise InvalidTiebreakOption(
                    f"{sid} has no option {name!r}; {_allowed_text(system)}"
                )
            if key in given:
                raise InvalidTiebreakOption(f"option {key!r} given twice for {sid}")
            if option.values:
                if val not in option.values:
                    raise InvalidTiebreakOption(
                        f"{sid}: {key}={value!r} is not allowed; {_allowed_text(system)}"
                    )
            elif not (
                val.isascii() and val.isdigit() and len(val) <= 3 and int(val) >= 1
            ):
                raise InvalidTiebreakOption(
                    f"{sid}: {key}={value!r} must be a whole number from 1 to 999; {_allowed_text(system)}"
                )
            else:
                val = str(int(val))
            given[key] = val
        for option in system.options:
            if option.default is None and option.name not in given:
                raise InvalidTiebreakOption(
                    f"{sid} needs the option {option.name}; {_allowed_text(system)}"
                )
        defaults = {o.name: o.default for o in system.options}
        canonical = tuple(sorted((k, v) for k, v in given.items() if v != defaults[k]))
        object.__setattr__(self, "id", sid)
        object.__setattr__(self, "options", canonical)

    @property
    def system(self) -> SystemDef:
        return SYSTEMS[self.id]


def _specs(text: str) -> tuple[TiebreakSpec, ...]:
    return tuple(_parse_item(item) for item in text.split(","))


# Each organisation's posted list, read literally: what its text says, and where it is silent,
# the US Chess 34E default (docs/tiebreaks.md, "Presets", goes through them item by item).
_PRESET_TEXT = {
    # US Chess 34E: "players will expect the following sequence ... as the first four tiebreakers";
    # every option default is the 34E reading.
    "uschess": "modified_median,solkoff,cumulative,cumulative_opposition",
    # The SCA posting: "SCA uses the following 5 tie-breaks in the order indicated." Its text sums
    # "the final scores" of the opponents with no word of adjusting unplayed games, has no
    # nine-round clause ("Players with more than 50 percent score have only their lowest-scoring
    # opponent's score discarded"), and its Cumulative is "just add up the cumulative (running)
    # score for each round", with no deduction.
    "sca": (
        "modified_median:adjust=none:nine_rounds=drop_one,solkoff:adjust=none,"
        "median:adjust=none:nine_rounds=drop_one,cumulative:deduct=none,opposition_performance"
    ),
    # MCA tiebreak rules 2001: the "scored in actual play" note first, then the ordered list as
    # written (minus scores drop the lowest, no nine-round clause, Cumulative takes off one point
    # per one-point bye or forfeit win, Sonneborn-Berger on adjusted scores, Kashdan 2 per
    # unplayed game).
    "mca": (
        "actual_play_first,modified_median:minus=drop_lowest:nine_rounds=drop_one,solkoff,"
        "cumulative:deduct=mca,result_between_tied,most_blacks,sonneborn_berger:scores=adjusted,"
        "kashdan:unplayed=2,coin_flip"
    ),
}

# Lists that are not a posted order: what a program supports, for a TD to choose from.
_CATALOGUE_TEXT = {
    # The SwissSys list in the SCA posting ("Tiebreak Systems Supported by Our Pairing Program"),
    # the individual systems in the order the text describes them.
    "swisssys": (
        "modified_median,median,solkoff,cumulative,cumulative_opposition,cumulative_cut:cut=1,kashdan,"
        "opposition_performance,average_opposition,average_opposition_cut1,head_to_head,most_blacks,"
        "black_win_points,sonneborn_berger,wins"
    ),
}

# The order offered by default when a section is set up (the TD can change it before posting).
# A Swiss gets US Chess 34E's four. A round robin starts with Sonneborn-Berger, which the SwissSys
# list says "is most often used for round robin events" (Median and Solkoff tell nothing there:
# every player meets the same field). Then the result between the tied players, which in a round
# robin always exists (Rozycki 1997, quoting US Chess: "all results among tied players should be
# considered"), then Number of Wins, "popular ... (particularly in round-robins)" (Rozycki 1997).
_DEFAULT_SWISS = "uschess"
_DEFAULT_ROUND_ROBIN = "sonneborn_berger,result_between_tied,wins"


def _parse_item(item: str) -> TiebreakSpec:
    name, *opts = item.split(":")
    options = []
    for opt in opts:
        key, sep, value = opt.partition("=")
        if not sep or not key.strip():
            raise InvalidTiebreakOption(
                f"option {opt.strip()!r} in {item.strip()!r} must look like name=value"
            )
        options.append((key, value))
    return TiebreakSpec(name, tuple(options))


PRESETS: Mapping[str, tuple[TiebreakSpec, ...]] = MappingProxyType(
    {name: _specs(text) for name, text in _PRESET_TEXT.items()}
)
CATALOGUES: Mapping[str, tuple[TiebreakSpec, ...]] = MappingProxyType(
    {name: _specs(text) for name, text in _CATALOGUE_TEXT.items()}
)


def default_order(round_robin: bool) -> str:
    """The order offered by default, in engine syntax: 34E's four for a Swiss, Sonneborn-Berger first for a round robin."""
    text = _DEFAULT_ROUND_ROBIN if round_robin else _DEFAULT_SWISS
    return format_order(parse_order(text))


def parse_order(text: str) -> tuple[TiebreakSpec, ...]:
    """Parse "id[:name=value...],..." into specs; presets expand, aliases become canonical ids.

    Raises UnknownTiebreak, InvalidTiebreakOption or DuplicateTiebreak (all ValueError) naming the
    bad item and what is allowed. Blank items are skipped, so "" is the empty order.
    """
    specs: list[TiebreakSpec] = []
    items = [item for item in text.split(",") if item.strip()]
    for position, item in enumerate(items, start=1):
        name, _, rest = item.partition(":")
        word = _normalise(name)
        if word in CATALOGUES:
            raise UnknownTiebreak(
                f"item {position} ({item.strip()!r}) is a catalogue of the systems a program "
                f"supports, not a posted order: choose from {format_order(CATALOGUES[word])}"
            )
        if word in PRESETS:
            if rest.strip():
                raise InvalidTiebreakOption(
                    f"item {position} ({item.strip()!r}): a preset takes no options"
                )
            specs.extend(PRESETS[word])
            continue
        try:
            specs.append(_parse_item(item))
        except UnknownTiebreak:
            raise UnknownTiebreak(
                f"item {position} ({item.strip()!r}) is not a tiebreak; known ids: {', '.join(SYSTEMS)}; "
                f"aliases: {', '.join(sorted(ALIASES))}; presets: {', '.join(PRESETS)}"
            ) from None
        except InvalidTiebreakOption as error:
            raise InvalidTiebreakOption(
                f"item {position} ({item.strip()!r}): {error}"
            ) from None
    check_unique(specs)
    return tuple(specs)


def check_unique(specs: Iterable[TiebreakSpec]) -> None:
    seen: set[str] = set()
    for spec in specs:
        if spec.key in seen:
            raise DuplicateTiebreak(f"{spec.key} appears twice in the order")
        seen.add(spec.key)


def format_order(specs: Iterable[TiebreakSpec]) -> str:
    """The canonical text of an order; ``parse_order(format_order(specs)) == specs``."""
    return ",".join(spec.key for spec in specs)
