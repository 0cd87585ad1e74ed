from __future__ import annotations

from django.urls import path

from tournaments.views import dashboard

app_name = "tournaments"
urlpatterns = [
    path("", dashboard.dashboard, name="dashboard"),
]
