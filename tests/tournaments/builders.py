"""Build a section's rows from a compact crosstable, so a test reads like a wall chart.

Players are named by start number. Each round is one string of comma-separated items:

    "1-2 1-0, 3-4 =, 5-6 0-1"    played games (white first)
    "1-2 +-, 3-4 -+, 5-6 --"     forfeit win for white, for black, double forfeit
    "1-2 ?"                      paired, no result yet
    "7 U, 8 F, 9 H, 10 Z, 11 -"  pairing-allocated bye, requested full-point bye, half-point bye,
                                 zero-point bye, not paired

Two-player items get boards 1, 2, ... in the order written; one-player items get no board.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from django.db import connection
from django.db.models import Q
from django.urls import reverse

from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
    Tournament,
)

GAME_CODES = {
    "1-0": Result.WHITE_WIN,
    "=": Result.DRAW,
    "0-1": Result.BLACK_WIN,
    "+-": Result.WHITE_FORFEIT_WIN,
    "-+": Result.BLACK_FORFEIT_WIN,
    "--": Result.DOUBLE_FORFEIT,
    "?": Result.PENDING,
}
BYE_CODES = {
    "U": Result.BYE_PAIRING,
    "F": Result.BYE_FULL,
    "H": Result.BYE_HALF,
    "Z": Result.BYE_ZERO,
    "-": Result.NOT_PAIRED,
}

_slugs = itertools.count(1)

# The marks of a race test: two writers on real concurrent connections, PostgreSQL only.
RACE_MARKS = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="a race needs two writers at once; SQLite lets one transaction write at a time",
    ),
    pytest.mark.django_db(transaction=True),
]


def round_url(
    section: Section, name: str = "round_detail", number: int = 1, **extra: object
) -> str:
    """The address of a round's TD page (``name``: the round page or one of its actions)."""
    return reverse(
        f"tournaments:{name}",
        kwargs={
            "slug": section.tournament.slug,
            "section": section.pk,
            "number": number,
            **extra,
        },
    )


def tournament_build(**fields: object) -> Tournament:
    """A tournament with a fresh slug unless one is given."""
    n = next(_slugs)
    fields.setdefault("name", f"Test Open {n}")
    fields.setdefault("slug", f"test-open-{n}")
    return Tournament.objects.create(**fields)


def section_build(
    *,
    ratings: Sequence[int | None],
    rounds: Sequence[str],
    rounds_total: int | None = None,
    tournament: Tournament | None = None,
    name: str = "Open",
    names: Sequence[str] | None = None,
    **fields: object,
) -> Section:
    """A section with one player per rating (start numbers 1..n) and the given rounds' pairings."""
    section = Section.objects.create(
        tournament=tournament or tournament_build(),
        name=name,
        rounds_total=rounds_total or max(len(rounds), 1),
        **fields,
    )
    players = Player.objects.bulk_create(
        Player(
            section=section,
            start_number=n,
            name=names[n - 1] if names else f"Player {n}",
            rating=rating,
        )
        for n, rating in enumerate(ratings, start=1)
    )
    by_number = {p.start_number: p for p in players}
    for number, text in enumerate(rounds, start=1):
        round_ = Round.objects.create(section=section, number=number)
        board = 0
        pairings = []
        for item in (i.strip() for i in text.split(",") if i.strip()):
            who, code = item.split()
            if "-" in who:
                white, black = (by_number[int(n)] for n in who.split("-"))
                board += 1
                pairings.append(
                    Pairing(
                        round=round_,
                        board=board,
                        white=white,
                        black=black,
                        result=GAME_CODES[code],
                    )
                )
            else:
                pairings.append(
                    Pairing(
                        round=round_, white=by_number[int(who)], result=BYE_CODES[code]
                    )
                )
        Pairing.objects.bulk_create(pairings)
    return section


def round_two_posted(tournament: Tournament | None = None) -> Section:
    """Four players, four rounds: round 1 complete (1-2 1-0, 3-4 =), round 2 posted and being
    played, no result yet (1-3 on board 1, 2-4 on board 2)."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 =", "1-3 ?, 2-4 ?"],
        rounds_total=4,
        tournament=tournament,
    )
    Round.objects.filter(section=section, number=1).update(status=Round.Status.COMPLETE)
    Round.objects.filter(section=section, number=2).update(status=Round.Status.PAIRED)
    return section


def round_one_played_bob_asked_a_bye(
    tournament: Tournament | None = None,
) -> tuple[Section, Player]:
    """Ann Lee, Bob Ray, Cy Park, five rounds: round 1 complete (1-2 1-0, 3 the pairing bye);
    Bob Ray (number 2) asked for a half-point bye in round 4. Returns the section and Bob."""
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800],
        names=["Ann Lee", "Bob Ray", "Cy Park"],
        rounds=["1-2 1-0, 3 U"],
        rounds_total=5,
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    bob = Player.objects.get(section=section, name="Bob Ray")
    RequestedBye.objects.create(player=bob, round_number=4, kind="half")
    return section, bob


def player_row(section: Section, number: int, player: Player) -> Pairing | None:
    """The player's row in round ``number`` (a game, a bye, not paired), or None."""
    return (
        Pairing.objects.filter(round__section=section, round__number=number)
        .filter(Q(white=player) | Q(black=player))
        .first()
    )
