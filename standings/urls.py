from __future__ import annotations

from django.urls import path

from standings import prize_views, views

app_name = "standings"
urlpatterns = [
    path("", views.home, name="home"),
    # ---- prizes
    path("t/<slug:slug>/s/<int:section>/prizes/", prize_views.prizes, name="prizes"),
    path(
        "t/<slug:slug>/s/<int:section>/prizes.json",
        prize_views.prizes_json_view,
        name="prizes_json",
    ),
]
