from __future__ import annotations

from django.urls import path

from tournaments.views import dashboard, rounds

app_name = "tournaments"

# ---- rounds, pairings, results
ROUND = "t/<slug:slug>/s/<int:section>/r/<int:number>/"
round_patterns = [
    path(ROUND, rounds.round_detail, name="round_detail"),
    path(f"{ROUND}p/<int:pairing>/result/", rounds.result_record, name="result_record"),
    path(f"{ROUND}pairings/", rounds.round_pairings, name="round_pairings"),
    path(f"{ROUND}publish/", rounds.round_publish, name="round_publish"),
    path(f"{ROUND}check/", rounds.round_check, name="round_check"),
    path(f"{ROUND}history/", rounds.round_history, name="round_history"),
    path(f"{ROUND}rows/", rounds.round_rows, name="round_rows"),
]

urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
    *round_patterns,
]
