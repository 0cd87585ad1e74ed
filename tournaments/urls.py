from __future__ import annotations

from django.urls import path

from tournaments.views import dashboard, prizes

app_name = "tournaments"
urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
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
