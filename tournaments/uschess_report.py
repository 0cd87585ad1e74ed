"""The US Chess rating report: its pre-flight checks and its three dBase files, zipped.

The format is US Chess's rating-report file format "2C" (docs/rating-report.md has the field
mapping and the sources): THEXPORT.DBF (the event), TSEXPORT.DBF (one record per section) and
TDEXPORT.DBF (one record per player per section, with a cell per round). Every field is of type
character. Reads only: ``rating_report_load`` loads the event in a constant number of queries.
"""

from __future__ import annotations

import datetime
import io
import zipfile
from collections import Counter
from dataclasses import dataclass, field

from django.urls import reverse

from tournaments import uschess
from tournaments.dbf import dbf_table
from tournaments.models import Pairing, Player, Result, Round, Section, Tournament
from tournaments.tables import url_parts

PROGRAM = "TIEBREAK"
# The most rounds a section may report: the current US Chess FAQ allows 32 (the 2C text of
# 2006 said 20); the most sections, two digits of H_TOT_SECT.
MAX_ROUNDS = 32
MAX_SECTIONS = 99

THEXPORT = [
    ("H_FORMAT", 5),
    ("H_PROGRAM", 10),
    ("H_EVENT_ID", 12),
    ("H_NAME", 35),
    ("H_TOT_SECT", 2),
    ("H_BEG_DATE", 8),
    ("H_END_DATE", 8),
    ("H_AFF_ID", 8),
    ("H_CITY", 21),
    ("H_STATE", 2),
    ("H_ZIPCODE", 10),
    ("H_COUNTRY", 21),
    ("H_SENDCROS", 1),
    ("H_CTD_ID", 8),
    ("H_ATD_ID", 8),
    ("H_OTHER_TD", 255),
]
TSEXPORT = [
    ("S_EVENT_ID", 12),
    ("S_SEC_NUM", 2),
    ("S_SEC_NAME", 30),
    ("S_R_SYSTEM", 1),
    ("S_TIMECTL", 40),
    ("S_CTD_ID", 8),
    ("S_ATD_ID", 8),
    ("S_TRN_TYPE", 1),
    ("S_TOT_RNDS", 2),
    ("S_LST_PAIR", 4),
    ("S_BEG_DATE", 8),
    ("S_END_DATE", 8),
    ("S_SCH_LVL", 1),
    ("S_GR_PRIX", 1),
    ("S_GP_PTS", 3),
    ("S_FIDE", 1),
]
TDEXPORT_FIXED = [
    ("D_EVENT_ID", 12),
    ("D_SEC_NUM", 2),
    ("D_PAIR_NUM", 4),
    ("D_MEM_ID", 8),
    ("D_NAME", 30),
    ("D_STATE", 2),
    ("D_RATING", 4),
]
ROUND_CELL_WIDTH = 7

# How a category of the section's time control goes into S_R_SYSTEM (R, D or Q in 2C; US Chess
# rates by the time control and ignores the letter).
R_SYSTEM = {"regular": "R", "dual": "D", "quick": "Q", "blitz": "Q"}

# The round cell of the player whose row this is (white's view; black's is the mirror):
# played games as result letter + opponent + colour, unplayed ones as a letter and 0.
_WHITE_CELL: dict[str, str] = {
    Result.WHITE_WIN: "W",
    Result.DRAW: "D",
    Result.BLACK_WIN: "L",
}
_BLACK_CELL: dict[str, str] = {
    Result.WHITE_WIN: "L",
    Result.DRAW: "D",
    Result.BLACK_WIN: "W",
}
# Unplayed: X forfeit win, F forfeit loss, B full-point bye, H half-point bye, U not paired or
# zero-point bye. A game marked "not rated" goes out as unplayed with the same points.
_WHITE_UNPLAYED: dict[str, str] = {
    Result.WHITE_FORFEIT_WIN: "X",
    Result.BLACK_FORFEIT_WIN: "F",
    Result.DOUBLE_FORFEIT: "F",
    Result.WHITE_WIN_UNRATED: "X",
    Result.DRAW_UNRATED: "H",
    Result.BLACK_WIN_UNRATED: "F",
    Result.PENDING: "U",
    Result.BYE_PAIRING: "B",
    Result.BYE_FULL: "B",
    Result.BYE_HALF: "H",
    Result.BYE_ZERO: "U",
    Result.FORFEIT_WIN_NO_OPPONENT: "X",
    Result.NOT_PAIRED: "U",
}
_BLACK_UNPLAYED: dict[str, str] = {
    Result.WHITE_FORFEIT_WIN: "F",
    Result.BLACK_FORFEIT_WIN: "X",
    Result.DOUBLE_FORFEIT: "F",
    Result.WHITE_WIN_UNRATED: "F",
    Result.DRAW_UNRATED: "H",
    Result.BLACK_WIN_UNRATED: "X",
    Result.PENDING: "U",
}
UNRATED_GAMES = frozenset(
    {Result.WHITE_WIN_UNRATED, Result.DRAW_UNRATED, Result.BLACK_WIN_UNRATED}
)


def round_cell(pairing: ReportPairing | None, player_id: int) -> str:
    """The player's cell for one round: ``W12B``, ``D3W``, ``L5B``, or ``X0`` ``F0`` ``B0``
    ``H0`` ``U0`` for a round not played over the board (no pairing at all: ``U0``)."""
    if pairing is None:
        return "U0"
    as_white = pairing.white_id == player_id
    played = _WHITE_CELL if as_white else _BLACK_CELL
    if pairing.result in played and pairing.black_id is not None:
        if as_white:
            return f"{played[pairing.result]}{pairing.black_number}W"
        return f"{played[pairing.result]}{pairing.white_number}B"
    unplayed = _WHITE_UNPLAYED if as_white else _BLACK_UNPLAYED
    return f"{unplayed[pairing.result]}0"


# ---- loading


# The report reads plain rows, not model instances: a 1,200-player section of 11 rounds has
# 6,600 pairings, and building them as models (with their players attached) took most of the
# page's time (docs/performance.md, "TD pages at 1,200 players").


@dataclass(slots=True)
class ReportPlayer:
    pk: int
    start_number: int
    name: str
    uschess_id: str
    state: str
    rating: int | None


@dataclass(slots=True)
class ReportPairing:
    pk: int
    number: int  # the round's
    white_id: int
    black_id: int | None
    result: str
    white_number: int  # the players' start numbers (0 for no black player)
    black_number: int


@dataclass
class ReportSection:
    section: Section
    number: int  # S_SEC_NUM: 1..n in the tournament's order
    players: list[ReportPlayer]
    rounds: dict[int, Round]
    # (player id, round number) -> the player's pairing in that round
    pairings: dict[tuple[int, int], ReportPairing] = field(default_factory=dict)


@dataclass
class ReportEvent:
    tournament: Tournament
    sections: list[ReportSection]

    @property
    def max_rounds(self) -> int:
        return max((s.section.rounds_total for s in self.sections), default=1)


def rating_report_load(tournament: Tournament) -> ReportEvent:
    """The event's sections, players, rounds and pairings in four queries."""
    sections = list(Section.objects.filter(tournament=tournament))
    by_id = {
        s.pk: ReportSection(section=s, number=i, players=[], rounds={})
        for i, s in enumerate(sections, start=1)
    }
    numbers: dict[int, int] = {}
    for pk, section_id, number, name, uschess_id, state, rating in (
        Player.objects.filter(section__tournament=tournament)
        .order_by("section", "start_number")
        .values_list(
            "pk", "section_id", "start_number", "name", "uschess_id", "state", "rating"
        )
    ):
        by_id[section_id].players.append(
            ReportPlayer(pk, number, name, uschess_id, state, rating)
        )
        numbers[pk] = number
    rounds = {}
    for round_ in Round.objects.filter(section__tournament=tournament):
        by_id[round_.section_id].rounds[round_.number] = round_
        rounds[round_.pk] = round_
    for pk, round_id, white_id, black_id, result in Pairing.objects.filter(
        round__section__tournament=tournament
    ).values_list("pk", "round_id", "white_id", "black_id", "result"):
        round_ = rounds[round_id]
        pairing = ReportPairing(
            pk,
            round_.number,
            white_id,
            black_id,
            result,
            numbers[white_id],
            numbers[black_id] if black_id else 0,
        )
        target = by_id[round_.section_id].pairings
        target[(white_id, round_.number)] = pairing
        if black_id:
            target[(black_id, round_.number)] = pairing
    return ReportEvent(tournament=tournament, sections=list(by_id.values()))


# ---- pre-flight


@dataclass(frozen=True)
class Problem:
    """One reason US Chess would refuse or misrate the event, and the page that fixes it."""

    sentence: str
    url: str
    link: str
    section_id: int | None = None
    is_error: bool = True


def _date(value: datetime.date | None) -> str:
    return value.strftime("%Y%m%d") if value else ""


def rating_report_problems(
    event: ReportEvent, *, today: datetime.date
) -> list[Problem]:
    """Every problem of the event, errors and warnings, in the order a TD fixes them."""
    t = event.tournament
    edit = reverse("tournaments:tournament_edit", kwargs={"slug": t.slug})
    details = "Edit the tournament's details"
    problems: list[Problem] = []

    def event_error(sentence: str) -> None:
        problems.append(Problem(sentence, edit, details))

    if len(t.name) > 35:
        event_error(
            f"The event's name is {len(t.name)} characters; the report takes 35."
        )
    if not t.affiliate_id:
        event_error("The US Chess affiliate ID is missing.")
    if not t.chief_td_id:
        event_error("The chief TD's US Chess ID is missing.")
    for label, value in (
        ("city", t.city),
        ("state", t.state),
        ("ZIP code", t.zip_code),
    ):
        if not value:
            event_error(f"The event's {label} is missing.")
    if not (t.start_date and t.end_date):
        event_error("The event's first and last days are missing.")
    elif t.end_date > today:
        event_error(
            f"The event ends on {t.end_date:%Y-%m-%d}: it can be reported once it is over."
        )
    if not event.sections:
        event_error("The event has no sections.")
    if len(event.sections) > MAX_SECTIONS:
        event_error(f"The report takes at most {MAX_SECTIONS} sections.")
    for rs in event.sections:
        problems += _section_problems(t, rs)
    return problems


def _section_problems(t: Tournament, rs: ReportSection) -> list[Problem]:
    s = rs.section
    kw = {"slug": t.slug, "section": s.pk}
    settings_url = reverse("tournaments:section_edit", kwargs=kw)
    players_url = reverse("tournaments:section_detail", kwargs=kw)
    found: list[Problem] = []

    def add(sentence: str, url: str, link: str, *, error: bool = True) -> None:
        found.append(Problem(f"{s.name}: {sentence}", url, link, s.pk, error))

    if not s.time_control:
        add("the time control is missing.", settings_url, "Section settings")
    else:
        try:
            tc = uschess.time_control_parse(s.time_control)
        except Exception:
            add(
                f"the time control {s.time_control!r} does not parse.",
                settings_url,
                "Section settings",
            )
        else:
            if tc.category is None:
                add(
                    f"{tc.spelling} is too fast to be rated (under 5 minutes).",
                    settings_url,
                    "Section settings",
                )
    if s.rounds_total > MAX_ROUNDS:
        add(
            f"{s.rounds_total} rounds; the report takes at most {MAX_ROUNDS}.",
            settings_url,
            "Section settings",
        )
    if len(rs.players) < 2:
        add("fewer than 2 players: nothing to rate.", players_url, "Players")
    # One reverse() per kind of link, the number filled in (1,200 players, 11 rounds).
    round_before, round_after = url_parts("round_detail", "number", **kw)
    player_before, player_after = url_parts("player_edit", "number", **kw)
    pending = {p.number for p in rs.pairings.values() if p.result == Result.PENDING}
    for number in range(1, s.rounds_total + 1):
        round_ = rs.rounds.get(number)
        if (
            round_ is None
            or round_.status != Round.Status.COMPLETE
            or number in pending
        ):
            add(
                f"round {number} is not complete.",
                f"{round_before}{number}{round_after}",
                f"Round {number}",
            )
    unrated = {
        (p.number, p.pk) for p in rs.pairings.values() if p.result in UNRATED_GAMES
    }
    for number, _pk in sorted(unrated):
        add(
            f"round {number} has a game marked not rated: it goes out as a forfeit "
            "(or a half-point bye for a draw).",
            f"{round_before}{number}{round_after}",
            f"Round {number}",
            error=False,
        )
    ids = Counter(p.uschess_id for p in rs.players if p.uschess_id)
    for player in rs.players:
        url = f"{player_before}{player.start_number}{player_after}"
        who = f"player {player.start_number}. {player.name}"
        link = f"Edit {player.name}"
        if not player.uschess_id:
            add(f"{who} has no US Chess ID.", url, link)
        elif not uschess.USCHESS_ID_RE.fullmatch(player.uschess_id):
            add(
                f"{who} has US Chess ID {player.uschess_id!r}, not 8 digits.", url, link
            )
        elif ids[player.uschess_id] > 1:
            add(
                f"{who} has US Chess ID {player.uschess_id}, which another player of "
                "the section also has.",
                url,
                link,
            )
        why = uschess.report_name_problem(player.name)
        if why:
            add(f"the name of {who} {why}.", url, link)
        if not player.state:
            add(
                f"{who} has no state (US Chess accepts it blank).",
                url,
                link,
                error=False,
            )
    return found


# ---- the files


def rating_report_files(event: ReportEvent) -> dict[str, bytes]:
    """THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF. The header date is the event's last day, so
    the same event always gives the same bytes."""
    t = event.tournament
    stamp = t.end_date or t.start_date or datetime.date(2000, 1, 1)
    beg, end = _date(t.start_date), _date(t.end_date)
    header = [
        "2C", PROGRAM, "", _ascii(t.name), str(len(event.sections)), beg,
        end, t.affiliate_id, _ascii(t.city), t.state, t.zip_code, "USA", "N",
        t.chief_td_id, t.assistant_td_id, t.other_td_ids,
    ]  # fmt: skip
    sections, details = [], []
    rounds = event.max_rounds
    for rs in event.sections:
        s = rs.section
        try:
            tc = uschess.time_control_parse(s.time_control)
            timectl, r_system = tc.spelling, R_SYSTEM.get(tc.category or "", "R")
        except Exception:
            timectl, r_system = s.time_control, "R"
        kind = "S" if s.kind == Section.Kind.SWISS else "R"
        last = max((p.start_number for p in rs.players), default=0)
        sections.append([
            "", str(rs.number), _ascii(s.name), r_system, timectl,
            t.chief_td_id, t.assistant_td_id, kind, str(s.rounds_total), str(last), beg, end,
            s.scholastic, "Y" if s.grand_prix else "N",
            "" if s.grand_prix_points is None else str(s.grand_prix_points),
            "Y" if s.fide_rated else "N",
        ])  # fmt: skip
        for p in rs.players:
            cells = [
                round_cell(rs.pairings.get((p.pk, n)), p.pk)
                if n <= s.rounds_total
                else "U0"
                for n in range(1, rounds + 1)
            ]
            details.append([
                "", str(rs.number), str(p.start_number), p.uschess_id,
                _ascii(uschess.report_name(p.name)), p.state,
                "" if p.rating is None else str(p.rating), *cells,
            ])  # fmt: skip
    detail_fields = TDEXPORT_FIXED + [
        (f"D_RND{n:02d}", ROUND_CELL_WIDTH) for n in range(1, rounds + 1)
    ]
    return {
        "THEXPORT.DBF": dbf_table(fields=THEXPORT, records=[header], date=stamp),
        "TSEXPORT.DBF": dbf_table(fields=TSEXPORT, records=sections, date=stamp),
        "TDEXPORT.DBF": dbf_table(fields=detail_fields, records=details, date=stamp),
    }


def _ascii(value: str) -> str:
    """Folded to ASCII; what has no ASCII form becomes "?" (the pre-flight page names it)."""
    return uschess.ascii_fold(value).encode("ascii", "replace").decode("ascii")


def rating_report_zip(
    event: ReportEvent, *, files: dict[str, bytes] | None = None
) -> bytes:
    """The three files in one zip, stamped with the event's last day (the same bytes each time).
    ``files``: ``rating_report_files(event)`` when the caller has them already."""
    t = event.tournament
    stamp = t.end_date or t.start_date or datetime.date(2000, 1, 1)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in (files or rating_report_files(event)).items():
            info = zipfile.ZipInfo(
                name, date_time=(stamp.year, stamp.month, stamp.day, 0, 0, 0)
            )
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def rating_report_filename(tournament: Tournament) -> str:
    return f"{tournament.slug}-uschess-report.zip"
