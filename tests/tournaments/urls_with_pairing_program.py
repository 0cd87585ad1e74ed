"""The site's URLs plus a stand-in for the pairing program's URL (``tournaments:round_pair``),
so the round page's "Pair automatically" button can be tested before the program is merged."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import URLResolver, include, path

from tiebreak_site import urls as site_urls
from tournaments import urls as tournament_urls


def pair_stand_in(request: HttpRequest, **kwargs: object) -> HttpResponse:
    return HttpResponse("paired")


tournament_patterns = (
    [
        *tournament_urls.urlpatterns,
        path(f"{tournament_urls.ROUND}pair/", pair_stand_in, name="round_pair"),
    ],
    "tournaments",
)
urlpatterns = [
    path("td/", include(tournament_patterns)),
    *(
        p
        for p in site_urls.urlpatterns
        if not (isinstance(p, URLResolver) and str(p.pattern) == "td/")
    ),
]
