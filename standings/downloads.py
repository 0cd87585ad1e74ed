"""The results as files: standings, wall chart, prize list and team standings, each in CSV and
JSON.

One function per artefact and format, called by the download buttons of the public pages
(``standings/views/downloads.py``) and by the commands (``manage.py standings``, ``manage.py
prizes``), so the two give the same file. The formats are described in docs/downloads.md.

Numbers are exact decimals written as text ("2.5", "12.75"), as the engine keeps them; a CSV
leaves an unknown value (no rating, not withdrawn) empty, JSON writes null.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from standings.engine import Contribution, Explanation, RowExplanation, Standings
from standings.engine.prizes import format_cents
from standings.engine.teams import MemberTeamRow, TeamStandings
from standings.pages.crosstable import crosstable_rows
from standings.pages.games import Game
from standings.pages.prizes import item_text
from standings.pages.standings import standing_lines
from standings.reports import PrizeReport, SectionReport, as_decimal
from standings.team_loaders import TeamSectionReport
from standings.team_reports import TeamReport
from tournaments.models import Section

# A game of the wall chart by player pk and round number (``pages.games.section_games``).
Games = dict[int, dict[int, Game]]


def _json(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=1)


# A spreadsheet reads a cell starting with one of these as a formula (CSV injection): a name
# typed as "=HYPERLINK(...)" would run in the TD's Excel. Such a text cell gets a leading
# apostrophe, which spreadsheets show as text (OWASP, "CSV Injection"); numbers are left alone.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def csv_cell(value: object) -> object:
    """A CSV cell that no spreadsheet runs as a formula."""
    if (
        isinstance(value, str)
        and value.startswith(FORMULA_START)
        and not NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


def _csv(rows: Iterable[Iterable[object]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(
        [csv_cell(v) for v in row] for row in rows
    )
    return out.getvalue()


def _blank(value: object) -> object:
    """A CSV cell: None (no rating, not withdrawn) is empty."""
    return "" if value is None else value


def _header(report: SectionReport) -> dict[str, Any]:
    """What every standings and wall-chart document starts with."""
    return _section_header(report.section, report.standings)


def _section_header(
    section: Section, standings: Standings | TeamStandings
) -> dict[str, Any]:
    """The section, its rounds, the round the standings are after, the tiebreaks posted."""
    return {
        "tournament": section.tournament.slug,
        "section": section.name,
        "rounds": section.rounds_total,
        "after_round": standings.through_round,
        "final": section.is_final,
        "tiebreaks": [
            {"key": spec.key, "name": spec.label} for spec in standings.order
        ],
    }


# ---- standings --------------------------------------------------------------------------------


def standings_document(
    report: SectionReport, explained: RowExplanation | None = None
) -> dict[str, Any]:
    """The standings as a JSON object; with ``explained``, one player's row explained too."""
    keys = [spec.key for spec in report.standings.order]
    document = _header(report)
    document["standings"] = [
        {
            "rank": line.row.rank,
            "shared": line.row.shared,
            "places": line.places,
            "start_number": line.info.start_number,
            "name": line.info.name,
            "rating": line.info.rating,
            "score": as_decimal(line.row.score),
            "tiebreaks": {
                key: as_decimal(v.value)
                for key, v in zip(keys, line.row.values, strict=True)
            },
            "withdrawn_after_round": line.info.withdrawn_after_round,
        }
        for line in standing_lines(report)
    ]
    if report.standings.lots_seed is not None:
        document["lots_seed"] = report.standings.lots_seed
    if explained is not None:
        document["explanation"] = explanation_document(report, explained)
    return document


def standings_json(
    report: SectionReport, explained: RowExplanation | None = None
) -> str:
    return _json(standings_document(report, explained))


def standings_csv(report: SectionReport) -> str:
    """A header row (tiebreak columns named by their keys), then one row per player."""
    order = report.standings.order
    header = [
        "rank",
        "shared",
        "places",
        "start_number",
        "name",
        "rating",
        "score",
        *(spec.key for spec in order),
        "withdrawn_after_round",
    ]
    return _csv(
        [
            header,
            *(
                [
                    line.row.rank,
                    "yes" if line.row.shared else "no",
                    line.places,
                    line.info.start_number,
                    line.info.name,
                    _blank(line.info.rating),
                    as_decimal(line.row.score),
                    *(as_decimal(v.value) for v in line.row.values),
                    _blank(line.info.withdrawn_after_round),
                ]
                for line in standing_lines(report)
            ),
        ]
    )


def explanation_document(
    report: SectionReport, explained: RowExplanation
) -> dict[str, Any]:
    """One player's row explained: players by start number and name, numbers as decimals."""
    keys = [spec.key for spec in report.standings.order]

    def player(pk: int) -> dict[str, Any]:
        info = report.players[pk]
        return {"start_number": info.start_number, "name": info.name}

    def decided(index: int | None) -> str | None:
        return None if index is None else keys[index]

    def breakdown(explanation: Explanation) -> dict[str, Any]:
        def term(c: Contribution) -> dict[str, Any]:
            return {
                "round": c.round,
                "opponent": None if c.opponent is None else player(c.opponent),
                "value": as_decimal(c.value),
                "actual": None if c.actual is None else as_decimal(c.actual),
                "note": c.note,
                "text": c.describe(report.label),
            }

        return {
            "summary": explanation.summary,
            "terms": [term(c) for c in explanation.contributions],
            "discarded": [
                {**term(d.contribution), "reason": d.reason}
                for d in explanation.discarded
            ],
            "deductions": [
                {"round": d.round, "amount": as_decimal(d.amount), "reason": d.reason}
                for d in explanation.deductions
            ],
        }

    return {
        **player(explained.player),
        "rank": explained.rank,
        "shared": explained.shared,
        "score": as_decimal(explained.score),
        "places": list(explained.places),
        "decided_by": decided(explained.decided_by),
        "neighbours": [
            {
                **player(n.player),
                "rank": n.rank,
                "above": n.above,
                "decided_by": decided(n.tiebreak),
                "own": None if n.own is None else as_decimal(n.own),
                "theirs": None if n.theirs is None else as_decimal(n.theirs),
                "pass": n.pass_number,
                "text": n.describe(),
            }
            for n in explained.neighbours
        ],
        "tiebreaks": [
            {
                "key": line.key,
                "label": line.label,
                "value": as_decimal(line.value),
                **breakdown(line.explanation),
                "repeats": [
                    {"value": as_decimal(value), **breakdown(explanation)}
                    for value, explanation in line.repeats
                ],
            }
            for line in explained.tiebreaks
        ],
    }


# ---- wall chart -------------------------------------------------------------------------------


def crosstable_document(report: SectionReport, games: Games) -> dict[str, Any]:
    """The wall chart as a JSON object: each player's rounds with the running score after each."""
    keys = [spec.key for spec in report.standings.order]
    document = _header(report)
    document["players"] = [
        {
            "rank": w.line.row.rank,
            "start_number": w.line.info.start_number,
            "name": w.line.info.name,
            "rating": w.line.info.rating,
            "rounds": [
                {
                    "round": c.round,
                    "result": c.letter,
                    "opponent": c.opponent,
                    "colour": c.colour or None,
                    "running_score": None
                    if c.running is None
                    else as_decimal(c.running),
                }
                for c in w.cells
            ],
            "score": as_decimal(w.line.row.score),
            "tiebreaks": {
                key: as_decimal(v.value)
                for key, v in zip(keys, w.line.row.values, strict=True)
            },
        }
        for w in crosstable_rows(report, games)
    ]
    return document


def crosstable_json(report: SectionReport, games: Games) -> str:
    return _json(crosstable_document(report, games))


def crosstable_csv(report: SectionReport, games: Games) -> str:
    """A header row, then per player: rank, number, name, rating, three cells per round (result
    and opponent as the wall chart writes them, "W12"; the player's colour, w or b, empty for a
    bye; running score), total, tiebreaks."""
    standings = report.standings
    header: list[object] = ["rank", "start_number", "name", "rating"]
    for r in range(1, standings.through_round + 1):
        header += [f"round_{r}", f"colour_{r}", f"after_round_{r}"]
    header += ["score", *(spec.key for spec in standings.order)]
    rows: list[list[object]] = [header]
    for w in crosstable_rows(report, games):
        cells: list[object] = []
        for c in w.cells:
            cells += [
                c.text,
                c.colour,
                "" if c.running is None else as_decimal(c.running),
            ]
        rows.append(
            [
                w.line.row.rank,
                w.line.info.start_number,
                w.line.info.name,
                _blank(w.line.info.rating),
                *cells,
                as_decimal(w.line.row.score),
                *(as_decimal(v.value) for v in w.line.row.values),
            ]
        )
    return _csv(rows)


# ---- prize list -------------------------------------------------------------------------------


def _awards(prizes: PrizeReport) -> list[dict[str, Any]]:
    """Every player who gets something, in standings order: start number, name, cash, the
    prizes their cash came from, items."""
    info = prizes.report.players
    return [
        {
            "start_number": info[a.player].start_number,
            "name": info[a.player].name,
            "cash": format_cents(a.cash),
            "prizes": [s.label for s in a.prizes],
            "items": [item_text(i) for i in a.items],
        }
        for a in prizes.distribution.awards()
    ]


def prizes_document(prizes: PrizeReport) -> dict[str, Any]:
    """The prize list as a JSON object: the awards, and what is left undistributed."""
    return {
        "tournament": prizes.section.tournament.slug,
        "section": prizes.section.name,
        "after_round": prizes.report.standings.through_round,
        "awards": _awards(prizes),
        "undistributed": format_cents(prizes.distribution.undistributed),
    }


def prizes_json(prizes: PrizeReport) -> str:
    return _json(prizes_document(prizes))


def prizes_csv(prizes: PrizeReport) -> str:
    """A header row, then one row per award; a list of prizes or items is joined by "; "."""
    header = ["start_number", "name", "cash", "prizes", "items"]
    return _csv(
        [
            header,
            *(
                [
                    *(a[k] for k in header[:3]),
                    "; ".join(a["prizes"]),
                    "; ".join(a["items"]),
                ]
                for a in _awards(prizes)
            ),
        ]
    )


# ---- team standings ---------------------------------------------------------------------------


def _member_players(report: TeamReport, row: MemberTeamRow) -> list[dict[str, Any]]:
    """A team's players, counting ones first (best first), each with their section and score."""
    return [
        {
            "start_number": report.players[r.player.id].start_number,
            "name": report.players[r.player.id].name,
            "section": report.sections[r.player.id],
            "score": as_decimal(r.score),
            "counting": counting,
        }
        for counting, rows in ((True, row.counting), (False, row.others))
        for r in rows
    ]


def member_teams_document(report: TeamReport, tournament: str) -> dict[str, Any]:
    """Team standings by club / team (a section's, or the event's group of sections)."""
    scoring = report.standings.scoring
    keys = [item.key for item in scoring.order]
    document: dict[str, Any] = {
        "tournament": tournament,
        # Each section pooled, after the round its standings are read.
        "sections": [
            {"section": name, "after_round": n} for name, n in report.rounds.items()
        ],
        "top": scoring.top,
        "min_players": scoring.min_players,
        "tiebreaks": [{"key": i.key, "name": i.label} for i in scoring.order],
        "teams": [
            {
                "rank": row.rank,
                "shared": row.shared,
                "team": row.team,
                "score": as_decimal(row.score),
                "tiebreaks": {
                    key: as_decimal(v)
                    for key, (v, _why) in zip(keys, row.values, strict=True)
                },
                "prize": report.prize_of(row.rank),
                "players": _member_players(report, row),
            }
            for row in report.standings.rows
        ],
    }
    if report.reason:
        document["changed_after_round_one"] = report.reason
    return document


def member_teams_json(
    report: TeamReport, tournament: str, group: dict[str, Any] | None = None
) -> str:
    """``group``: the event team group's id and name (an event's file), put first."""
    document = member_teams_document(report, tournament)
    if group is not None:
        document = {"tournament": tournament, "group": group, **document}
    return _json(document)


def member_teams_csv(report: TeamReport) -> str:
    """A header row, then one row per team; its players as "name (section) score", "; "
    between them, counting players in a column of their own. A team that does not place has
    an empty rank."""
    keys = [item.key for item in report.standings.scoring.order]
    rows: list[list[object]] = [
        ["rank", "shared", "team", "score", *keys, "prize", "counting", "others"]
    ]
    for row, team in zip(
        report.standings.rows, member_teams_document(report, "")["teams"], strict=True
    ):
        players = [
            f"{p['name']} ({p['section']}) {p['score']}" for p in team["players"]
        ]
        rows.append(
            [
                _blank(row.rank),
                "yes" if row.shared else "no",
                row.team,
                team["score"],
                *team["tiebreaks"].values(),
                team["prize"],
                "; ".join(players[: len(row.counting)]),
                "; ".join(players[len(row.counting) :]),
            ]
        )
    return _csv(rows)


def _team_rounds(report: TeamSectionReport, team: int) -> list[dict[str, Any]]:
    """A team's rounds after the standings' round: result letter, opposing team's number, the
    match's game points on each side (a bye: result "bye", no opponent)."""
    through = report.standings.through_round
    by_round = report.team_matches(team)
    rounds: list[dict[str, Any]] = []
    for number in range(1, through + 1):
        match = by_round.get(number)
        if match is None or match.first_points is None:
            rounds.append({"round": number, "result": None})
            continue
        first = match.first.pk == team
        own = match.first_points if first else match.second_points
        other = match.second_points if first else match.first_points
        opponent = match.second if first else match.first
        if opponent is None or own is None or other is None:
            rounds.append(
                {
                    "round": number,
                    "result": "bye",
                    "game_points": as_decimal(own or Fraction(0)),
                }
            )
            continue
        rounds.append(
            {
                "round": number,
                "result": "W" if own > other else "D" if own == other else "L",
                "opponent": opponent.number,
                "game_points": as_decimal(own),
                "opponent_game_points": as_decimal(other),
                "table": match.table,
            }
        )
    return rounds


def team_section_document(report: TeamSectionReport) -> dict[str, Any]:
    """A fixed-roster team section's standings: match and game points, the team tiebreaks, each
    round's match, the roster in board order."""
    standings, section = report.standings, report.section
    keys = [spec.key for spec in standings.order]
    return {
        **_section_header(section, standings),
        "boards": section.team_boards,
        "match_points": report.settings.match_points.text(),
        "ranked_by": standings.primary,
        "teams": [
            {
                "rank": row.rank,
                "shared": row.shared,
                "number": row.team.number,
                "team": row.team.name,
                "match_points": as_decimal(row.match_points),
                "game_points": as_decimal(row.game_points),
                "tiebreaks": {
                    key: as_decimal(v)
                    for key, (v, _why) in zip(keys, row.values, strict=True)
                },
                "prize": report.prize_of(row.rank),
                "matches": _team_rounds(report, row.team.id),
                "roster": [
                    {"board": board, "name": name, "rating": rating}
                    for board, name, rating in report.rosters.get(row.team.id, [])
                ],
            }
            for row in standings.rows
        ],
    }


def team_section_json(report: TeamSectionReport) -> str:
    return _json(team_section_document(report))


def team_section_csv(report: TeamSectionReport) -> str:
    """A header row, then one row per team; each round as the wall chart writes it ("W2 3-1":
    won against team 2, 3 game points to 1; "bye 4")."""
    document = team_section_document(report)
    keys = [t["key"] for t in document["tiebreaks"]]
    rounds = [f"r{n}" for n in range(1, document["after_round"] + 1)]
    rows: list[list[object]] = [
        [
            "rank",
            "shared",
            "number",
            "team",
            "match_points",
            "game_points",
            *keys,
            *rounds,
            "prize",
        ]
    ]
    for team in document["teams"]:
        rows.append(
            [
                team["rank"],
                "yes" if team["shared"] else "no",
                team["number"],
                team["team"],
                team["match_points"],
                team["game_points"],
                *team["tiebreaks"].values(),
                *(_round_text(m) for m in team["matches"]),
                team["prize"],
            ]
        )
    return _csv(rows)


def _round_text(match: dict[str, Any]) -> str:
    if match["result"] is None:
        return ""
    if match["result"] == "bye":
        return f"bye {match['game_points']}"
    return (
        f"{match['result']}{match['opponent']} "
        f"{match['game_points']}-{match['opponent_game_points']}"
    )
