"""Rating lists: load a file (any logged-in TD; the lists are shared), and the lookup the
player form and check-in use to fill a player's ID, rating, federation/state and title."""

from __future__ import annotations

import io
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tournaments import selectors, services
from tournaments.models import RatingList, RatingListEntry

LOOKUP_MIN = 3


class RatingListForm(forms.Form):
    kind = forms.ChoiceField(label="List", choices=RatingList.Kind.choices)
    file = forms.FileField(
        label="File",
        help_text="FIDE: players_list_foa.txt (unzipped). US Chess: a CSV with a header row.",
    )


def _lines(upload: Any) -> list[str] | io.TextIOWrapper:
    raw = upload.file
    raw.seek(0)
    head = raw.read(4)
    raw.seek(0)
    encoding = "utf-8-sig" if head.startswith(b"\xef\xbb\xbf") else "utf-8"
    return io.TextIOWrapper(raw, encoding=encoding, errors="replace", newline="")


@require_http_methods(["GET", "POST"])
@login_required
def rating_lists(request: HttpRequest) -> HttpResponse:
    form = RatingListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            loaded = services.rating_list_load(
                kind=form.cleaned_data["kind"],
                file_name=upload.name,
                lines=(line.rstrip("\r\n") for line in _lines(upload)),
            )
        except ValidationError as error:
            for message in error.messages:
                form.add_error("file", message)
        else:
            messages.success(request, f"Loaded {loaded}.")
            return redirect("tournaments:rating_lists")
    return render(
        request,
        "tournaments/rating_lists.html",
        {"form": form, "lists": RatingList.objects.order_by("kind")},
    )


# ---- the lookup shared by the player form and check-in


def lookup_matches(query: str) -> list[RatingListEntry]:
    query = query.strip()
    if len(query) < LOOKUP_MIN and not query.isdigit():
        return []
    return selectors.rating_list_lookup(query)


def fill_initial(request: HttpRequest) -> dict[str, Any]:
    """The player form's starting values from the list entry ``?fill=<id>`` (empty if none)."""
    try:
        entry = RatingListEntry.objects.select_related("rating_list").get(
            pk=int(request.GET.get("fill", ""))
        )
    except (ValueError, RatingListEntry.DoesNotExist):
        return {}
    fide = entry.rating_list.kind == RatingList.Kind.FIDE
    return {
        "name": entry.name,
        "rating": entry.rating,
        "fide_id" if fide else "uschess_id": entry.member_id,
        "federation": entry.federation,
        "state": entry.state,
        "title": entry.title,
    }
