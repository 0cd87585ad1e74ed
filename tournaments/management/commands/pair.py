"""Pair a round and post it: ``manage.py pair SLUG [--section NAME] [--round N] [--absent
zero_bye|pair] [--forfeited withdraw|zero_bye|pair] [--default-order]``.

Pairs the next round (or round N) of a section whose earlier rounds are complete, saves the
pairings as posted and prints them: board, White and Black by start number and name, then the
byes and the pairing program's notes. ``export_trf`` then writes the new round.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Pairing
from tournaments.selectors import SectionNotFound, section_find
from tournaments.services import (
    ABSENT_PAIR,
    ABSENT_ZERO_BYE,
    FORFEITED_PAIR,
    FORFEITED_WITHDRAW,
    FORFEITED_ZERO_BYE,
    PairingRefused,
    round_pair,
)


class Command(BaseCommand):
    help = "Pair the next round (or round N) of a section and post the pairings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument(
            "--section", help="section name (needed when the tournament has several)"
        )
        parser.add_argument(
            "--round",
            type=int,
            dest="number",
            help="the round to pair (default: the first round not yet paired)",
        )
        parser.add_argument(
            "--absent",
            choices=[ABSENT_ZERO_BYE, ABSENT_PAIR],
            help="what the players who have not checked in get: a zero-point bye, or "
            "paired anyway (asked for when someone has not checked in)",
        )
        parser.add_argument(
            "--forfeited",
            choices=[FORFEITED_WITHDRAW, FORFEITED_ZERO_BYE, FORFEITED_PAIR],
            help="what the players who lost the round before by forfeit, and have not "
            "checked in or asked for a bye, get: withdrawn after that round, a zero-point "
            "bye for this round (they stay in the event), or paired anyway (asked for when "
            "there are any)",
        )
        parser.add_argument(
            "--default-order",
            action="store_true",
            help="round 1 without a posted tiebreak order: post the section's default",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            section = section_find(slug=options["slug"], name=options["section"])
        except SectionNotFound as error:
            raise CommandError(str(error)) from error
        try:
            round_ = round_pair(
                section=section,
                number=options["number"],
                post=True,
                absent=options["absent"],
                forfeited=options["forfeited"],
                post_default_order=options["default_order"],
            )
        except PairingRefused as error:
            raise CommandError(str(error)) from None
        rows = list(
            Pairing.objects.filter(round=round_)
            .select_related("white", "black")
            .order_by("board", "white__start_number")
        )
        boards = [p for p in rows if p.black is not None]
        byes = [p for p in rows if p.black is None]
        self.stdout.write(
            f"{section.tournament.name} - {section.name}, round {round_.number}: "
            f"{_count(len(boards), 'board')}, {_count(len(byes), 'bye')}, pairings posted."
        )
        width = max((len(p.white.name) + 6 for p in boards), default=10)
        self.stdout.write(f"{'Board':>5}  {'White':<{width}}  Black")
        for p in boards:
            assert p.black is not None
            white = f"{p.white.start_number:>4} {p.white.name}"
            black = f"{p.black.start_number:>4} {p.black.name}"
            self.stdout.write(f"{p.board:>5}  {white:<{width}}  {black}")
        for p in byes:
            self.stdout.write(
                f"  Bye  {p.white.start_number:>4} {p.white.name} ({p.get_result_display()})"
            )
        if round_.pairing_notes:
            self.stdout.write("Notes:")
            for note in round_.pairing_notes:
                self.stdout.write(f"  - {note}")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
