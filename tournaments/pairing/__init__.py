"""The pairing program: pure Python, plain data in, pairings and one-line reasons out.

No Django here (like ``standings.engine``): ``tournaments.services.round_pair`` loads a section,
builds ``Entrant``s and saves what comes back. What is implemented and from which rule:
docs/pairing.md.

- ``pair_swiss(entrants, round_number=, options=, seed=)``: US Chess rules 27-29.
- ``pair_round_robin(entrants, round_number=, tables=, double=)``: FIDE Berger tables;
  ``berger_round``, ``berger_table``, ``robin_rounds``, ``table_numbers`` build them.
- ``pairing_problems(entrants, boards, byes)``: every rule a pairing breaks, as sentences.
- ``options_parse(Section.pairing_options)`` -> ``PairingOptions`` (raises ``OptionsError``).
"""

from __future__ import annotations

from .checker import COLOUR_DIFFERENCE_LIMIT, pairing_problems
from .entities import (
    Board,
    Bye,
    ByeKind,
    Colour,
    Entrant,
    OptionsError,
    PairingOptions,
    RoundPairing,
    options_parse,
)
from .matching import maximum_matching
from .robin import (
    berger_round,
    berger_table,
    pair_round_robin,
    robin_rounds,
    table_numbers,
)
from .swiss import pair_swiss

__all__ = [
    "COLOUR_DIFFERENCE_LIMIT",
    "Board",
    "Bye",
    "ByeKind",
    "Colour",
    "Entrant",
    "OptionsError",
    "PairingOptions",
    "RoundPairing",
    "berger_round",
    "berger_table",
    "maximum_matching",
    "options_parse",
    "pair_round_robin",
    "pair_swiss",
    "pairing_problems",
    "robin_rounds",
    "table_numbers",
]
