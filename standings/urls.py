from __future__ import annotations

from django.urls import path

from standings.views import (
    crosstable,
    downloads,
    entries,
    pairings,
    players,
    prizes,
    screens,
    standings,
    teams,
    tournament,
)

app_name = "standings"

S = "t/<slug:slug>/s/<int:section>/"

urlpatterns = [
    path("", tournament.home, name="home"),
    # ---- a tournament's public pages: no login, drafts are not found
    path("t/<slug:slug>/", tournament.tournament_page, name="tournament"),
    path("t/<slug:slug>/me/", players.me_search, name="me_search"),
    path("t/<slug:slug>/teams/", teams.event_team_standings, name="event_teams"),
    path(
        "t/<slug:slug>/teams/<int:group>/",
        teams.event_team_standings,
        name="event_team_group",
    ),
    path(
        "t/<slug:slug>/teams/<int:group>/teams.csv",
        downloads.event_teams_csv,
        name="event_team_group_csv",
    ),
    path(
        "t/<slug:slug>/teams/<int:group>/teams.json",
        downloads.event_teams_json,
        name="event_team_group_json",
    ),
    path("t/<slug:slug>/teams.csv", downloads.event_teams_csv, name="event_teams_csv"),
    path(
        "t/<slug:slug>/teams.json", downloads.event_teams_json, name="event_teams_json"
    ),
    path(
        "t/<slug:slug>/screens/<int:screen>/", screens.hall_screen, name="hall_screen"
    ),
    # ---- a section's pages
    path(S + "entries/", entries.entries, name="entries"),
    path(S + "standings/", standings.standings, name="standings"),
    path(S + "crosstable/", crosstable.crosstable, name="crosstable"),
    path(S + "pairings/", pairings.pairings_current, name="pairings_current"),
    path(S + "r/<int:number>/pairings/", pairings.pairings, name="pairings"),
    path(S + "p/<int:number>/", players.player, name="player"),
    path(S + "me/<int:number>/", players.me, name="me"),
    path(S + "prizes/", prizes.prizes, name="prizes"),
    path(S + "teams/", teams.section_team_standings, name="teams"),
    path(S + "r/<int:number>/match/<int:table>/", teams.team_match, name="team_match"),
    # ---- the results as files
    path(S + "standings.csv", downloads.standings_csv, name="standings_csv"),
    path(S + "standings.json", downloads.standings_json, name="standings_json"),
    path(S + "crosstable.csv", downloads.crosstable_csv, name="crosstable_csv"),
    path(S + "crosstable.json", downloads.crosstable_json, name="crosstable_json"),
    path(S + "prizes.csv", downloads.prizes_csv, name="prizes_csv"),
    path(S + "prizes.json", downloads.prizes_json, name="prizes_json"),
    path(S + "teams.csv", downloads.teams_csv, name="teams_csv"),
    path(S + "teams.json", downloads.teams_json, name="teams_json"),
    path(S + "section.trf", downloads.section_trf_download, name="section_trf"),
]
