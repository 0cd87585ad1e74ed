from __future__ import annotations

from django.urls import path

from standings import prize_views
from standings.views import players, screens, section, tournament

app_name = "standings"

S = "t/<slug:slug>/s/<int:section>/"

urlpatterns = [
    path("", tournament.home, name="home"),
    # ---- public pages of a tournament (issue 9)
    path("t/<slug:slug>/", tournament.tournament_page, name="tournament"),
    path("t/<slug:slug>/me/", players.me_search, name="me_search"),
    path(
        "t/<slug:slug>/screens/<int:screen>/", screens.hall_screen, name="hall_screen"
    ),
    path(S + "standings/", section.standings, name="standings"),
    path(S + "crosstable/", section.crosstable, name="crosstable"),
    path(S + "pairings/", section.pairings_current, name="pairings_current"),
    path(S + "r/<int:number>/pairings/", section.pairings, name="pairings"),
    path(S + "p/<int:number>/", players.player, name="player"),
    path(S + "me/<int:number>/", players.me, name="me"),
    path(S + "standings.csv", section.standings_csv, name="standings_csv"),
    path(S + "standings.json", section.standings_json, name="standings_json"),
    path(S + "crosstable.csv", section.crosstable_csv, name="crosstable_csv"),
    path(S + "crosstable.json", section.crosstable_json, name="crosstable_json"),
    path(S + "section.trf", section.section_trf_download, name="section_trf"),
    # ---- prizes
    path("t/<slug:slug>/s/<int:section>/prizes/", prize_views.prizes, name="prizes"),
    path(
        "t/<slug:slug>/s/<int:section>/prizes.json",
        prize_views.prizes_json_view,
        name="prizes_json",
    ),
]
