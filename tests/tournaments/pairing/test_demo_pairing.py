"""The demo's rounds are paired by the pairing program and break none of the checker's rules."""

from __future__ import annotations

import pytest

from tournaments import pairing
from tournaments.demo import demo_tournament_create
from tournaments.models import Pairing, Result, Round
from tournaments.selectors import round_entrants

pytestmark = pytest.mark.django_db

BYES: dict[str, pairing.ByeKind] = {
    Result.BYE_PAIRING: pairing.ByeKind.PAIRING,
    Result.BYE_FULL: pairing.ByeKind.FULL,
    Result.BYE_HALF: pairing.ByeKind.HALF,
    Result.BYE_ZERO: pairing.ByeKind.ZERO,
}


def test_every_demo_round_carries_the_programs_notes_and_passes_the_checker() -> None:
    tournament, _replaced = demo_tournament_create()

    for section in tournament.sections.all():
        for round_ in Round.objects.filter(section=section):
            entrants = round_entrants(section=section, number=round_.number).entrants
            rows = list(
                Pairing.objects.filter(round=round_).values_list(
                    "white__start_number", "black__start_number", "result"
                )
            )
            boards = [(w, b) for w, b, _r in rows if b is not None]
            byes = [(w, BYES[r]) for w, b, r in rows if b is None]
            # A late entry not yet entered (nothing in earlier rounds, nothing in this one) is
            # not a player of the round.
            present = {n for pair in boards for n in pair} | {n for n, _k in byes}
            entrants = [
                e
                for e in entrants
                if e.id in present or e.withdrawn or e.opponents or e.had_bye
            ]

            assert round_.pairing_notes, (section.name, round_.number)
            assert pairing.pairing_problems(entrants, boards, byes) == [], (
                section.name,
                round_.number,
            )
