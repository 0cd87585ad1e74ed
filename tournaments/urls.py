from __future__ import annotations

from django.urls import path

from tournaments.views import (
    backup,
    checkin,
    dashboard,
    directors,
    pairing_options,
    players,
    prizes,
    rating_lists,
    rating_report,
    round_life,
    rounds,
    screens,
    setup,
    teams,
    tiebreaks,
)

app_name = "tournaments"

# ---- rounds, pairings, results
ROUND = "t/<slug:slug>/s/<int:section>/r/<int:number>/"
round_patterns = [
    path(ROUND, rounds.round_detail, name="round_detail"),
    path(f"{ROUND}p/<int:pairing>/result/", rounds.result_record, name="result_record"),
    path(f"{ROUND}pairings/", rounds.round_pairings, name="round_pairings"),
    path(f"{ROUND}pair/", rounds.round_pair, name="round_pair"),
    path(f"{ROUND}publish/", rounds.round_publish, name="round_publish"),
    path(f"{ROUND}unpair/", round_life.round_unpair, name="round_unpair"),
    path(f"{ROUND}repair/", round_life.round_repair, name="round_repair"),
    path(f"{ROUND}check/", rounds.round_check, name="round_check"),
    path(f"{ROUND}history/", rounds.round_history, name="round_history"),
    path(f"{ROUND}rows/", rounds.round_rows, name="round_rows"),
    path(
        f"{ROUND}no-shows/<int:player>/withdraw/",
        rounds.round_no_show_withdraw,
        name="round_no_show_withdraw",
    ),
    path(
        f"{ROUND}no-shows/team/<int:team>/withdraw/",
        rounds.round_team_no_show_withdraw,
        name="round_team_no_show_withdraw",
    ),
    path(f"{ROUND}lineups/", teams.team_lineups, name="team_lineups"),
]

urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
    *round_patterns,
    # ---- tournaments, sections, directors, players, tiebreak order, check-in
    path("new/", setup.tournament_create, name="tournament_create"),
    path("t/<slug:slug>/", setup.tournament_detail, name="tournament_detail"),
    path("t/<slug:slug>/edit/", setup.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/publish/", setup.tournament_publish, name="tournament_publish"),
    path(
        "t/<slug:slug>/backup.json", backup.tournament_backup, name="tournament_backup"
    ),
    path("t/<slug:slug>/directors/", directors.directors, name="directors"),
    path(
        "t/<slug:slug>/directors/account/",
        directors.director_account_create,
        name="director_account_create",
    ),
    path(
        "t/<slug:slug>/directors/invitation/",
        directors.director_invitation,
        name="director_invitation",
    ),
    path(
        "invite/<uidb64>/<token>/",
        directors.InvitationView.as_view(),
        name="invitation",
    ),
    path(
        "t/<slug:slug>/teams/",
        teams.tournament_team_scoring,
        name="tournament_team_scoring",
    ),
    path(
        "t/<slug:slug>/teams/<int:group>/",
        teams.tournament_team_group,
        name="tournament_team_group",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/teams/",
        teams.section_team_scoring,
        name="section_team_scoring",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/team-section/",
        teams.section_team_setup,
        name="section_team_setup",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/team-section/pair/",
        teams.team_round_pair,
        name="team_round_pair",
    ),
    path(
        "t/<slug:slug>/directors/remove/",
        directors.director_remove,
        name="director_remove",
    ),
    path("t/<slug:slug>/sections/new/", setup.section_create, name="section_create"),
    path("t/<slug:slug>/s/<int:section>/", setup.section_detail, name="section_detail"),
    path(
        "t/<slug:slug>/s/<int:section>/edit/", setup.section_edit, name="section_edit"
    ),
    path(
        "t/<slug:slug>/s/<int:section>/schedule/",
        setup.section_schedule,
        name="section_schedule",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/new/",
        players.player_add,
        name="player_add",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/import/",
        players.players_import,
        name="players_import",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/renumber/",
        players.players_renumber,
        name="players_renumber",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/late/",
        players.player_late_entry,
        name="player_late_entry",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/<int:number>/",
        players.player_edit,
        name="player_edit",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/<int:number>/delete/",
        players.player_delete,
        name="player_delete",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/<int:number>/withdraw/",
        players.player_withdraw,
        name="player_withdraw",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/<int:number>/reactivate/",
        players.player_reactivate,
        name="player_reactivate",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/players/<int:number>/byes/",
        players.player_byes,
        name="player_byes",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/tiebreaks/",
        tiebreaks.section_tiebreaks,
        name="section_tiebreaks",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/checkin/<int:number>/",
        checkin.checkin,
        name="checkin",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/checkin/<int:number>/toggle/",
        checkin.checkin_toggle,
        name="checkin_toggle",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/checkin/<int:number>/close/",
        checkin.checkin_close,
        name="checkin_close",
    ),
    # ---- hall screens and final results
    path("t/<slug:slug>/screens/", screens.screens, name="screens"),
    path(
        "t/<slug:slug>/screens/<int:screen>/",
        screens.screen_update,
        name="screen_update",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/final/",
        screens.section_final,
        name="section_final",
    ),
    # ---- pairing options
    path(
        "t/<slug:slug>/s/<int:section>/pairing/",
        pairing_options.section_pairing_options,
        name="section_pairing_options",
    ),
    # ---- rating lists for registration
    path("rating-lists/", rating_lists.rating_lists, name="rating_lists"),
    # ---- the US Chess rating report
    path(
        "t/<slug:slug>/rating-report/",
        rating_report.rating_report,
        name="rating_report",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/rating-report/",
        rating_report.rating_report,
        name="section_rating_report",
    ),
    path(
        "t/<slug:slug>/rating-report.zip",
        rating_report.rating_report_download,
        name="rating_report_download",
    ),
    # ---- prizes
    path("t/<slug:slug>/s/<int:section>/prizes/", prizes.prizes, name="prizes"),
    path(
        "t/<slug:slug>/s/<int:section>/prizes/upload/",
        prizes.prize_fund_upload,
        name="prize_fund_upload",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/prizes/fund.json",
        prizes.prize_fund_download,
        name="prize_fund_download",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/prizes/playoffs/",
        prizes.playoff_record,
        name="playoff_record",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/prizes/playoffs/<int:playoff>/delete/",
        prizes.playoff_delete,
        name="playoff_delete",
    ),
    path(
        "t/<slug:slug>/s/<int:section>/prizes/announced/",
        prizes.playoff_announced,
        name="playoff_announced",
    ),
]
