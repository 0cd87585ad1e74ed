"""The tournament as a TD enters it: tournaments, sections, players, rounds and pairings.

Results are stored as codes (``Result``); points are derived from the codes by the engine's
scoring system and never stored. One module per area; Django finds every model through the
imports below."""

from __future__ import annotations

from tournaments.models.audit import (
    CheckIn,
    PlayerChange,
    ResultChange,
    ResultCheck,
    SectionEvent,
    TiebreakChange,
)
from tournaments.models.event import (
    RATING_MAX,
    US_CHESS_DEFAULT_TIEBREAKS,
    Player,
    RequestedBye,
    Section,
    Tournament,
    bye_label,
)
from tournaments.models.rating_lists import (
    RatingList,
    RatingListEntry,
)
from tournaments.models.rounds import (
    ONE_PLAYER_RESULTS,
    TWO_PLAYER_RESULTS,
    Pairing,
    Result,
    Round,
)
from tournaments.models.screens import (
    HallScreen,
)
from tournaments.models.teams import (
    Team,
    TeamMatch,
    TeamMember,
)

__all__ = [
    "CheckIn",
    "HallScreen",
    "ONE_PLAYER_RESULTS",
    "Pairing",
    "Player",
    "PlayerChange",
    "RATING_MAX",
    "RatingList",
    "RatingListEntry",
    "RequestedBye",
    "Result",
    "ResultChange",
    "ResultCheck",
    "Round",
    "Section",
    "SectionEvent",
    "TWO_PLAYER_RESULTS",
    "bye_label",
    "Team",
    "TeamMatch",
    "TeamMember",
    "TiebreakChange",
    "Tournament",
    "US_CHESS_DEFAULT_TIEBREAKS",
]
