from __future__ import annotations

from django.urls import path

from standings import views

app_name = "standings"
urlpatterns = [
    path("", views.home, name="home"),
]
