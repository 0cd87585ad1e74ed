"""The Django admin: a TD's back door to every row, built for sections of hundreds of players."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest

from .models import Pairing, Player, RequestedBye, Round, Section, Tournament

# The "type: ignore[type-arg]" below: the admin classes are generic only in django-stubs, and
# subscripting them fails at run time (Django gives them no __class_getitem__).


class SectionInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Section
    fields = ["name", "position", "rounds_total", "tiebreaks", "lots_seed"]
    extra = 0
    show_change_link = True


class RoundInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Round
    fields = ["number", "status"]
    extra = 0
    show_change_link = True


class RequestedByeInline(admin.TabularInline):  # type: ignore[type-arg]
    model = RequestedBye
    fields = ["round_number", "kind"]
    extra = 0


class PairingInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Pairing
    fields = ["board", "white", "black", "result"]
    # A section has hundreds of players: a search box instead of a <select> of every one of them.
    autocomplete_fields = ["white", "black"]
    extra = 0

    def get_queryset(self, request: HttpRequest) -> QuerySet[Pairing]:
        return super().get_queryset(request).select_related("white", "black")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = [
        "name",
        "slug",
        "start_date",
        "end_date",
        "location",
        "rating_system",
        "status",
    ]
    list_filter = ["status", "rating_system", "start_date"]
    search_fields = ["name", "slug", "location", "organizer", "chief_td"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "start_date"
    inlines = [SectionInline]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = [
        "name",
        "tournament",
        "position",
        "rounds_total",
        "player_count",
        "tiebreaks",
    ]
    list_filter = ["tournament__status", "tournament"]
    search_fields = ["name", "tournament__name", "tournament__slug"]
    list_select_related = ["tournament"]
    autocomplete_fields = ["tournament"]
    inlines = [RoundInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Section]:
        queryset: QuerySet[Section] = super().get_queryset(request)
        return queryset.annotate(player_count=Count("players"))

    @admin.display(description="players", ordering="player_count")
    def player_count(self, section: Section) -> int:
        return section.player_count  # type: ignore[attr-defined, no-any-return]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = [
        "start_number",
        "name",
        "section",
        "rating",
        "uschess_id",
        "fide_id",
        "federation",
        "club",
        "status",
        "withdrawn_after_round",
    ]
    list_display_links = ["start_number", "name"]
    list_filter = ["status", "section__tournament", "section"]
    search_fields = ["name", "uschess_id", "fide_id", "club", "=start_number"]
    list_select_related = ["section__tournament"]
    autocomplete_fields = ["section"]
    inlines = [RequestedByeInline]


@admin.register(RequestedBye)
class RequestedByeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["player", "round_number", "kind"]
    list_filter = ["kind", "player__section__tournament"]
    search_fields = ["player__name", "player__uschess_id", "player__fide_id"]
    list_select_related = ["player"]
    autocomplete_fields = ["player"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["__str__", "section", "number", "status"]
    list_filter = ["status", "section__tournament"]
    search_fields = ["section__name", "section__tournament__name", "=number"]
    list_select_related = ["section__tournament"]
    autocomplete_fields = ["section"]
    inlines = [PairingInline]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["round", "board", "white", "black", "result"]
    list_filter = ["result", "round__section__tournament", "round__number"]
    search_fields = [
        "white__name",
        "black__name",
        "white__uschess_id",
        "black__uschess_id",
        "white__fide_id",
        "black__fide_id",
    ]
    list_select_related = ["round__section__tournament", "white", "black"]
    autocomplete_fields = ["round", "white", "black"]
