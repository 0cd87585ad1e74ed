"""Swiss pairings by the US Chess rules (Official Rules of Chess, 7th ed., rules 27-29).

The order of priorities is rule 27A's: players never meet twice (27A1), equal scores meet
(27A2), the upper half of a score group plays the lower half (27A3), colours are equalised
(27A4) and then alternated (27A5). What each step does and which rule it follows is written out
in docs/pairing.md; every choice a TD may question leaves a one-line note.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .colours import boards_coloured
from .entities import Board, Bye, ByeKind, Entrant, PairingOptions, RoundPairing
from .groups import GroupPairer
from .ranking import Pair, Ranked, conflict, ranked, score_text

# A player as notes name them (Entrant.label): "#12 Name".
_LABEL = re.compile(r"#(\d+)\b")
# How many bye candidates are tried when the first one forces a rematch.
_BYE_TRIES = 4
# With the 28L2a variation posted: how many players of the lowest group are tried for the bye.
_COLOUR_BYE_TRIES = 6

# A bye tried: (rematches, had a bye already), how far apart in score the boards' players
# are, how many boards clash on colour; the pairs, why boards clash (``ColourFixer.unfixed``),
# the notes, the player given the bye.
_Trial = tuple[
    tuple[int, bool], int, int, list[Pair], dict[frozenset[int], str], list[str], Ranked
]


def pair_swiss(
    entrants: Iterable[Entrant],
    *,
    round_number: int,
    options: PairingOptions | None = None,
    seed: str = "",
) -> RoundPairing:
    """One Swiss round: boards (board 1 first), byes and the notes a TD may ask for.

    ``entrants`` are every player of the section as they stand before the round; withdrawn
    players and requested byes are taken out first. ``seed`` decides the lot for the colour of
    board 1 in round 1 when the options leave it to a lot.
    """
    options = options or PairingOptions()
    notes: list[str] = []
    byes: list[Bye] = []
    present: list[Entrant] = []
    unfixed: dict[frozenset[int], str] = {}
    for entrant in entrants:
        if entrant.withdrawn:
            notes.append(f"{entrant.label} has withdrawn and is not paired.")
        elif entrant.requested_bye is not None:
            byes.append(Bye(entrant.id, entrant.requested_bye))
            # The words say "requested" already.
            notes.append(f"{entrant.label}: {entrant.requested_bye.words}.")
        else:
            present.append(entrant)
    players = ranked(present, round_number, options, notes)
    first_note = len(notes)
    pairer = GroupPairer(options, notes)
    pairs: list[Pair] = []
    if len(players) % 2:
        candidates = _bye_candidates(players)
        tries = candidates[:_BYE_TRIES]
        if options.bye_for_colours:
            # 28L2a: any eligible player of the lowest group may take it, for colours; the
            # usual candidates stay behind them in case those force a rematch.
            lowest = candidates[0]
            group = [
                p for p in candidates if p.key == lowest.key and not p.entrant.had_bye
            ][:_COLOUR_BYE_TRIES]
            tries = group + [p for p in tries if p not in group]
        # Per try: (rematches, had a bye already), then how far apart in score the boards'
        # players are and how many boards clash on colour; the pairs, why boards clash, the
        # notes, the player.
        trials: list[_Trial] = []
        usual: _Trial | None = None
        for candidate in tries:
            trial_notes: list[str] = []
            pairer.notes = trial_notes
            rest = [p for p in players if p is not candidate]
            made, rematches, why = pairer.pair(rest)
            trial = (
                (rematches, candidate.entrant.had_bye),
                sum(abs(a.key - b.key) for a, b in made),
                sum(1 for pair in made if conflict(*pair)),
                made,
                why,
                trial_notes,
                candidate,
            )
            trials.append(trial)
            if usual is None or trial[0] < usual[0]:
                usual = trial
            if usual[0] == (0, False) and (
                not options.bye_for_colours or usual[2] == 0
            ):
                break
        assert usual is not None
        chosen = usual
        if options.bye_for_colours:
            # 28L2a: another player of the lowest group who has not had a bye, for fewer
            # colour clashes; never with a rematch or a bye given twice (28L), never with
            # players further from their score group (27A2 comes first).
            for trial in trials:
                if (
                    trial[0] == usual[0]
                    and trial[1] <= usual[1]
                    and trial[2] < chosen[2]
                ):
                    chosen = trial
        _cost, _gap, clashes, pairs, unfixed, trial_notes, bye = chosen
        first_cost = (trials[0][0][0], trials[0][2])
        pairer.notes = notes
        if bye is not tries[0] and first_cost[0] == 0 and first_cost[1] > clashes:
            notes.append(
                f"Pairing bye to {bye.label} rather than {tries[0].label}: "
                f"{first_cost[1] - clashes} fewer boards where a player misses the colour "
                "due (28L2a, posted variation)."
            )
        else:
            notes.append(_bye_note(bye, players))
        byes.append(Bye(bye.id, ByeKind.PAIRING))
        notes.extend(trial_notes)
    elif players:
        pairs, _rematches, unfixed = pairer.pair(players)
    pairing_notes = len(notes)
    made_boards = boards_coloured(pairs, round_number, options, seed, notes, unfixed)
    notes[first_note:pairing_notes] = _on_boards(
        notes[first_note:pairing_notes], made_boards
    )
    return RoundPairing(boards=tuple(made_boards), byes=tuple(byes), notes=tuple(notes))


def _on_boards(notes: list[str], made: Sequence[Board]) -> list[str]:
    """The pairing's notes, each led by the boards of the players it names ("Boards 3, 17:"),
    so a TD can answer the players of a board: why not top against bottom, why that colour."""
    board_of = {}
    for number, board in enumerate(made, start=1):
        board_of[board.white] = board_of[board.black] = number
    led = []
    for note in notes:
        numbers = sorted(
            {board_of[int(pid)] for pid in _LABEL.findall(note) if int(pid) in board_of}
        )
        if numbers and not note.startswith("Pairing bye"):
            word = "Board" if len(numbers) == 1 else "Boards"
            note = f"{word} {', '.join(map(str, numbers))}: {note}"
        led.append(note)
    return led


def _bye_candidates(players: list[Ranked]) -> list[Ranked]:
    """Lowest score group first, lowest-ranked first, those who have had no point unplayed (28L)."""
    eligible = [p for p in reversed(players) if not p.entrant.had_bye]
    others = [p for p in reversed(players) if p.entrant.had_bye]
    return eligible + others


def _bye_note(bye: Ranked, players: list[Ranked]) -> str:
    lowest = players[-1].score
    if bye.entrant.had_bye:
        return (
            f"Pairing bye to {bye.label}: everyone has already had a bye or a win by forfeit, "
            "so it goes to the lowest-ranked player (28L)."
        )
    if bye.score == lowest and bye is players[-1]:
        return (
            f"Pairing bye to {bye.label}: the lowest-ranked player of the lowest score group "
            f"({score_text(bye.score)}) (28L)."
        )
    return (
        f"Pairing bye to {bye.label} ({score_text(bye.score)}): the players ranked below have "
        "already had a bye or a win by forfeit, or the bye to them forced a rematch (28L)."
    )
