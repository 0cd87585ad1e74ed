"""The results as files, offered once a section is final: standings, wall chart and prize list
in CSV and JSON (rendered by ``standings/downloads.py``, as the commands print them; formats in
docs/downloads.md), and the section as a TRF-16 file."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from standings import cache, downloads
from standings.downloads import Games
from standings.pages.games import section_games
from standings.reports import (
    PrizeReport,
    ReportError,
    SectionReport,
    section_prizes,
    section_report,
)
from standings.team_loaders import team_section_report
from standings.team_reports import section_teams, tournament_teams
from standings.trf_export import TrfExportError, section_trf
from standings.views.common import (
    EventPage,
    SectionPage,
    page_body,
    public_event_view,
    public_section_view,
    round_picked,
)
from tiebreak_site.http import HtmxHttpRequest

CONTENT_TYPES = {"csv": "text/csv; charset=utf-8", "json": "application/json"}
TEXT = "text/plain; charset=utf-8"
BOM = "\ufeff"
# A cached file that is an error message instead (a round without standings, a bad fund).
ERROR = "error:"

# What a download shows: the section after round ``through`` (None: the last complete one).
Build = Callable[[SectionPage, int | None], str]


def _standings(render: Callable[[SectionReport], str]) -> Build:
    def build(page: SectionPage, through: int | None) -> str:
        try:
            report = section_report(section=page.section, through_round=through)
        except ReportError as error:
            return ERROR + str(error)
        return render(report)

    return build


def _crosstable(render: Callable[[SectionReport, Games], str]) -> Build:
    def build(page: SectionPage, through: int | None) -> str:
        try:
            report = section_report(section=page.section, through_round=through)
        except ReportError as error:
            return ERROR + str(error)
        games = section_games(
            page.section, through_round=report.standings.through_round
        )
        return render(report, games)

    return build


def _prizes(render: Callable[[PrizeReport], str]) -> Build:
    def build(page: SectionPage, through: int | None) -> str:
        try:
            prizes = section_prizes(section=page.section, through_round=through)
        except ReportError as error:
            return ERROR + str(error)
        return render(prizes)

    return build


def _teams(kind: str) -> Build:
    """The section's team standings: a fixed-roster team section's, else its teams by club /
    team field (``kind``: "csv" or "json")."""

    def build(page: SectionPage, through: int | None) -> str:
        section = page.section
        try:
            if section.team_boards:
                report = team_section_report(section=section, through_round=through)
                if kind == "csv":
                    return downloads.team_section_csv(report)
                return downloads.team_section_json(report)
            teams = section_teams(section=section, through_round=through)
        except ReportError as error:
            return ERROR + str(error)
        if kind == "csv":
            return downloads.member_teams_csv(teams)
        return downloads.member_teams_json(teams, page.tournament.slug)

    return build


# Each file by its name in the address: how it is built.
FILES: dict[str, Build] = {
    "teams.csv": _teams("csv"),
    "teams.json": _teams("json"),
    "standings.csv": _standings(downloads.standings_csv),
    "standings.json": _standings(downloads.standings_json),
    "crosstable.csv": _crosstable(downloads.crosstable_csv),
    "crosstable.json": _crosstable(downloads.crosstable_json),
    "prizes.csv": _prizes(downloads.prizes_csv),
    "prizes.json": _prizes(downloads.prizes_json),
}


def _download(request: HtmxHttpRequest, page: SectionPage, kind: str) -> HttpResponse:
    """File ``kind`` after ``?round=N`` (default: the last complete round), from the cache or
    built; a round without standings is a 404 that says why."""
    form = round_picked(request)
    if form.errors:
        return HttpResponse(
            f"Bad address: {form.errors.as_text()}\n", status=400, content_type=TEXT
        )
    text = page_body(request, page, kind, FILES[kind], page, form.cleaned_data["round"])
    return _file(text, kind, _section_file(page, kind))


def _file(text: str, kind: str, name: str) -> HttpResponse:
    """File ``kind`` ("teams.csv") named after ``name``; an error text is a 404 saying why."""
    if text.startswith(ERROR):
        return HttpResponse(
            text.removeprefix(ERROR) + "\n", status=404, content_type=TEXT
        )
    extension = kind.rsplit(".", 1)[1]
    if extension == "csv":
        # Excel reads a CSV file without a byte order mark as the PC's code page: "Tomás"
        # would come out as "TomÃ¡s". The mark makes it read UTF-8 (other programs skip it).
        text = BOM + text
    return _named(HttpResponse(text, content_type=CONTENT_TYPES[extension]), name, kind)


def _attachment(response: HttpResponse, page: SectionPage, kind: str) -> HttpResponse:
    """Mark ``response`` as a file named after the tournament, the section and ``kind``."""
    return _named(response, _section_file(page, kind), kind)


def _section_file(page: SectionPage, kind: str) -> str:
    return f"{page.tournament.slug}-{page.section.name}-{kind.split('.')[0]}"


def _named(response: HttpResponse, name: str, kind: str) -> HttpResponse:
    extension = kind.rsplit(".", 1)[1]
    filename = "".join(c if c.isalnum() or c in "-_" else "-" for c in name)
    response["Content-Disposition"] = f'attachment; filename="{filename}.{extension}"'
    return response


def _download_view(kind: str) -> Callable[..., HttpResponse]:
    """The view of file ``kind``: GET only, with the ETag and cache of every public page."""

    @require_GET
    @public_section_view(kind)
    def view(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
        return _download(request, page, kind)

    view.__name__ = view.__qualname__ = kind.replace(".", "_")
    return view


standings_csv = _download_view("standings.csv")
standings_json = _download_view("standings.json")
crosstable_csv = _download_view("crosstable.csv")
crosstable_json = _download_view("crosstable.json")
prizes_csv = _download_view("prizes.csv")
prizes_json = _download_view("prizes.json")
teams_csv = _download_view("teams.csv")
teams_json = _download_view("teams.json")


def _event_teams(kind: str) -> Callable[..., HttpResponse]:
    """The event's team standings as a file (``kind``: "teams.csv" or "teams.json"), cached
    like its page."""

    @require_GET
    @public_event_view("event-" + kind)
    def view(request: HtmxHttpRequest, page: EventPage) -> HttpResponse:
        key = (-page.tournament.pk, page.version, "event-" + kind, request.path)
        text = cache.cached_body(key, _event_file, page, kind)
        name = f"{page.tournament.slug}-{kind.split('.')[0]}"
        if len(page.tournament.team_groups()) > 1:
            name += f"-{page.group}"
        return _file(text, kind, name)

    view.__name__ = view.__qualname__ = "event_" + kind.replace(".", "_")
    return view


def _event_file(page: EventPage, kind: str) -> str:
    try:
        report = tournament_teams(
            tournament=page.tournament, group=page.group, sections=page.sections
        )
    except ReportError as error:
        return ERROR + str(error)
    if kind == "teams.csv":
        return downloads.member_teams_csv(report)
    group = {"id": page.group, "name": page.posted.get("name", "")}
    return downloads.member_teams_json(report, page.tournament.slug, group)


event_teams_csv = _event_teams("teams.csv")
event_teams_json = _event_teams("teams.json")


@require_GET
@public_section_view("section.trf")
def section_trf_download(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The section as a TRF-16 file (FIDE's exchange format), ranks from the posted order;
    ``?version=2026`` writes TRF-2026 (its new header records)."""
    version = "2026" if request.GET.get("version") == "2026" else "16"
    try:
        text = section_trf(section=page.section, version=version)
    except TrfExportError as error:
        return HttpResponse(f"{error}\n", status=404, content_type=TEXT)
    return _attachment(HttpResponse(text, content_type=TEXT), page, "section.trf")
