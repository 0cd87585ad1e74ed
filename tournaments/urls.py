from __future__ import annotations

from django.urls import path

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("", views.dashboard, name="dashboard"),
]
