from __future__ import annotations

from django.urls import path

from tournaments.views import dashboard, screens

app_name = "tournaments"
urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
    # ---- hall screens and final results (issue 9)
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
]
