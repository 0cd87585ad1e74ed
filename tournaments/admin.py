"""The Django admin: a TD's back door to every row, built for sections of hundreds of players."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.messages import WARNING
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import transaction
from django.db.models import Count, Model, QuerySet
from django.forms.models import construct_instance
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.text import capfirst

from . import prize_fund, selectors, services
from .models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Section,
    Tournament,
)
from .services.common import round_lock

# The "type: ignore[type-arg]" below: the admin classes are generic only in django-stubs, and
# subscripting them fails at run time (Django gives them no __class_getitem__).


class ReadOnlyInline(admin.TabularInline):  # type: ignore[type-arg]
    """Rows listed with a link to their own admin page, which saves through the services: a
    row saved from here would skip them (a section's posted order changed without its reason,
    a round's status set by hand)."""

    extra = 0
    show_change_link = True
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SectionInline(ReadOnlyInline):
    model = Section
    readonly_fields = ["name", "position", "rounds_total", "tiebreaks", "lots_seed"]
    fields = readonly_fields  # type: ignore[assignment]


class RoundInline(ReadOnlyInline):
    model = Round
    readonly_fields = ["number", "status"]
    fields = readonly_fields  # type: ignore[assignment]


class RequestedByeInline(admin.TabularInline):  # type: ignore[type-arg]
    model = RequestedBye
    # The reason is the pairing's or check-in's to set (services): a kind changed here resets
    # it to "asked for", as the player page does.
    fields = ["round_number", "kind", "reason"]
    readonly_fields = ["reason"]
    extra = 0


ADMIN_VERSION = "admin_version"
ADMIN_ROW_GONE = (
    "{what} was deleted after this page was opened (another TD deleted it): nothing was "
    "saved."
)


class RowGone(Exception):
    """The row of a change page being saved is no longer there (its sentence)."""


class VersionedAdminForm(forms.ModelForm):  # type: ignore[type-arg]
    """An admin change form that carries the version of the row it was drawn from.

    The admin posts every field of its page, changed or not: a page drawn before a TD's save
    (a prize fund uploaded, a player's rating corrected) would put the old values back without
    a word. The version is compared with the stored row under the row's lock (the admin's
    change page runs in one transaction, so the lock holds until the save), as the TD pages
    do (``services.stale_check``): the same form sent twice saves; a stale one is refused with
    what saving it again would change, and now carries the row's version, so a second save
    replaces on purpose."""

    admin_version = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial[ADMIN_VERSION] = selectors.row_version(
                self.instance, self.versioned_fields()
            )

    def versioned_fields(self) -> list[str]:
        names = {f.name for f in self._meta.model._meta.concrete_fields}  # type: ignore[union-attr]
        return [name for name in self.fields if name in names]

    def locked(self) -> Model:
        """The stored row, read under its write lock (lock order: a section before a round,
        a round before the tournament row)."""
        rows = type(self.instance)._default_manager.all()
        if transaction.get_connection().in_atomic_block:
            # A section's row is locked FOR NO KEY UPDATE, as by the services (section_lock).
            rows = rows.select_for_update(no_key=isinstance(self.instance, Section))
        return rows.get(pk=self.instance.pk)  # type: ignore[no-any-return]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        if self.instance.pk is None:
            return data
        try:
            row = self.locked()
        except ObjectDoesNotExist:
            # Deleted after the admin read it for this save, before its lock (another TD's
            # delete held the lock): answered by the admin's view (VersionedAdmin).
            raise RowGone(
                ADMIN_ROW_GONE.format(
                    what=f"{capfirst(self._meta.model._meta.verbose_name)} {self.instance}"  # type: ignore[union-attr]
                )
            ) from None
        try:
            services.stale_check(
                row=row,
                fields={n: data[n] for n in self.versioned_fields() if n in data},
                based_on=data.get(ADMIN_VERSION),
                what=f"{capfirst(row._meta.verbose_name)} {row}",
            )
        except services.StaleEdit as error:
            renewed = self.data.copy()  # type: ignore[attr-defined]
            renewed[ADMIN_VERSION] = error.version
            self.data = renewed
            raise ValidationError(error.messages) from None
        return data


class VersionedAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """An admin whose change page is a ``VersionedAdminForm``: a row deleted while its save
    waited for the row's lock is answered with a sentence and the list of its rows, nothing
    saved, as the admin answers a page sent after its row was deleted; it was a server error
    (the row read for the save, then gone under the lock)."""

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except RowGone as gone:
            self.message_user(request, str(gone), WARNING)
            return redirect(
                f"admin:{self.opts.app_label}_{self.opts.model_name}_changelist"
            )


def _section_lock(section_id: int | None) -> None:
    """Take a section's lock before a row under it (the services' lock order)."""
    if section_id is not None and transaction.get_connection().in_atomic_block:
        list(
            Section.objects.select_for_update(no_key=True)
            .filter(pk=section_id)
            .values("pk")
        )


def _row(data: dict[str, Any]) -> services.PairingInput | None:
    """The service's row for one admin form's cleaned data (None while a player is missing)."""
    white, black = data.get("white"), data.get("black")
    if white is None:
        return None
    return services.PairingInput(
        white=white.pk,
        black=None if black is None else black.pk,
        board=data.get("board"),
        result=data.get("result") or Result.PENDING,
    )


def _round_locks(round_id: int) -> None:
    """The locks a write of a round's pairings takes, in their order: the section's, then the
    round's (``services.round_lock``), held until the admin's save (one transaction)."""
    if transaction.get_connection().in_atomic_block:
        section = Section.objects.get(rounds__pk=round_id)
        list(
            Section.objects.select_for_update(no_key=True)
            .filter(pk=section.pk)
            .values("pk")
        )
        round_lock(round_id=round_id)


def _pairings_version(
    rows: Iterable[tuple[int | None, int, int | None, str | None]],
) -> str:
    """A version of a round's rows with every result (``round_pairings_version`` leaves out
    the results of games, which the pairings page does not edit; this page does)."""
    key = sorted((b or 0, w, k or 0, str(r)) for b, w, k, r in rows)
    return hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()


def _stored_pairings_version(round_: Round) -> str:
    return _pairings_version(
        round_.pairings.values_list("board", "white_id", "black_id", "result")
    )


def _checks_going_refuse(round_: Round, gone: Iterable[int]) -> None:
    """Refuse an admin save that takes rows holding check-mode entries (``gone``: their pks)
    out of ``round_``: the admin shows no check entry, and the save would throw them away
    unseen (``ADMIN_ROUND_CHECKS``; ``round_pairings_save`` asks before they go)."""
    named = services.round_check_entries_named(round_=round_, pairing_ids=set(gone))
    if named:
        raise ValidationError(
            services.ADMIN_ROUND_CHECKS.format(
                round=round_.number, entries=", ".join(named)
            )
        )


class RoundForm(VersionedAdminForm):
    """The round number is checked by the service every page uses. The form also carries the
    version of the round's pairings it was drawn with (``pairings_version``): the pairings
    listed below it are refused as the pairings page's are when another TD changed them since
    (a result entered meanwhile would be saved back as it was, that is taken back)."""

    pairings_version = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Round
        fields = ["section", "number", "pairing_notes"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial["pairings_version"] = _stored_pairings_version(self.instance)

    def locked(self) -> Model:
        _round_locks(self.instance.pk)
        return super().locked()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        if data.get("section") is not None and data.get("number") is not None:
            services.round_number_check(section=data["section"], number=data["number"])
        return data


class PairingForm(VersionedAdminForm):
    """One pairing on its own page, checked with the rest of its round by the services."""

    class Meta:
        model = Pairing
        fields = ["round", "board", "white", "black", "result"]

    def locked(self) -> Model:
        _round_locks(self.instance.round_id)
        return super().locked()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        row = _row(data)
        if data.get("round") is not None and row is not None:
            check = services.pairing_check(
                round_=data["round"],
                pairing=self.instance if self.instance.pk else None,
                row=row,
            )
            if check.errors:
                raise ValidationError([message for _row_index, message in check.errors])
            if self.instance.pk is not None and (row.white, row.black) != (
                self.instance.white_id,
                self.instance.black_id,
            ):
                # A change of players replaces the row (``pairing_save``).
                _checks_going_refuse(self.instance.round, [self.instance.pk])
        return data


class PairingInlineFormSet(forms.BaseInlineFormSet):  # type: ignore[type-arg]
    """The whole round at once, checked by ``round_pairings_check`` as the pairing page is."""

    def rows(self) -> list[services.PairingInput]:
        rows = []
        for form in self.forms:
            if form in self.deleted_forms or not hasattr(form, "cleaned_data"):
                continue
            if not form.has_changed() and form.instance.pk is None:
                continue
            row = _row(form.cleaned_data)
            if row is not None:
                rows.append(row)
        return rows

    def clean(self) -> None:
        super().clean()
        if self.instance.pk is None:
            return
        based_on = self.data.get("pairings_version")
        now = _stored_pairings_version(self.instance)
        if any(self.errors):
            if based_on and based_on != now:
                # A row of the page taken out meanwhile (the round's pairings removed or
                # changed on the round page) fails on its hidden id, an error the page
                # does not show ("Please correct the errors below" over no error): said as
                # the stale page it is.
                raise ValidationError(
                    services.PAIRINGS_STALE.format(round=self.instance.number)
                )
            return
        rows = self.rows()
        if not rows and self.instance.pairings.exists():
            # Taking a round's pairings back asks first (posted ones), may be refused (a later
            # round paired) and is kept in the section's log: the round page does it.
            raise ValidationError(
                services.ADMIN_ROUND_EMPTIED.format(round=self.instance.number)
            )
        check = services.round_pairings_check(
            section=self.instance.section, number=self.instance.number, rows=rows
        )
        # Under the round's lock (RoundForm.locked); the same save sent twice finds its own
        # first save, as round_pairings_save does.
        asked = _pairings_version(
            (r.board, r.white, r.black, r.result) for r in check.rows
        )
        if based_on and based_on != now and asked != now:
            raise ValidationError(
                services.PAIRINGS_STALE.format(round=self.instance.number)
            )
        if check.errors:
            raise ValidationError([message for _row_index, message in check.errors])
        # Rows taken out (deleted, or their players changed: the row is replaced).
        kept = {(r.white, r.black) for r in check.rows}
        _checks_going_refuse(
            self.instance,
            (
                pk
                for pk, white, black in self.instance.pairings.values_list(
                    "pk", "white_id", "black_id"
                )
                if (white, black) not in kept
            ),
        )


class PairingInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Pairing
    formset = PairingInlineFormSet
    fields = ["board", "white", "black", "result"]
    # A section has hundreds of players: a search box instead of a <select> of every one of them.
    autocomplete_fields = ["white", "black"]
    extra = 0

    def get_queryset(self, request: HttpRequest) -> QuerySet[Pairing]:
        return super().get_queryset(request).select_related("white", "black")


class TournamentAdminForm(VersionedAdminForm):
    def locked(self) -> Model:
        if transaction.get_connection().in_atomic_block:
            list(
                Section.objects.select_for_update(no_key=True)
                .filter(tournament=self.instance.pk)
                .order_by("pk")
                .values("pk")
            )
        return super().locked()


@admin.register(Tournament)
class TournamentAdmin(VersionedAdmin):
    form = TournamentAdminForm
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
    readonly_fields = ["team_scoring"]  # posted on the event's team scoring page
    inlines = [SectionInline]


# ---- the Section and Player admins call the services and hold no rule of their own: the admin is
# a second way into the same writes, so a rule checked in one place holds in both.


def _add_errors(form: forms.ModelForm, error: ValidationError) -> None:  # type: ignore[type-arg]
    for message in error.messages:
        form.add_error(None, message)


def _adopt(obj: Any, saved: Any) -> None:
    """Give the admin's unsaved ``obj`` the row a service created, so the admin carries on with it."""
    for field in type(saved)._meta.concrete_fields:
        setattr(obj, field.attname, getattr(saved, field.attname))
    obj._state.adding = False
    obj._state.db = saved._state.db


class ServiceCheckedForm(VersionedAdminForm):
    """A model form whose rules are the services': model constraints are not checked here (their
    messages name the constraint), the services' checks say the same in sentences. The admin
    gives the model and the fields."""

    original: Any = None

    def _post_clean(self) -> None:
        opts = self._meta
        exclude = self._get_validation_exclusions()  # type: ignore[attr-defined]
        self.original = (
            type(self.instance)._default_manager.filter(pk=self.instance.pk).first()
            if self.instance.pk
            else None
        )
        try:
            self.instance = construct_instance(
                self, self.instance, opts.fields, opts.exclude
            )
            self.instance.full_clean(
                exclude=exclude, validate_unique=False, validate_constraints=False
            )
        except ValidationError as error:
            self._update_errors(error)  # type: ignore[attr-defined]
        if self._validate_unique:  # type: ignore[attr-defined]
            self.validate_unique()
        if not self.errors:
            try:
                self.service_check()
            except ValidationError as error:
                _add_errors(self, error)

    def service_check(self) -> None:
        raise NotImplementedError


class SectionAdminForm(ServiceCheckedForm):
    tiebreak_change_reason = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Needed to change the order once round 1 pairings are posted; shown with "
        "the standings.",
    )

    def clean_prize_fund(self) -> object:
        # The fund the prize page would save: checked and in canonical form, so the same fund
        # sent twice is the stored one ({} is no fund).
        fund = self.cleaned_data["prize_fund"]
        if fund in ({}, None):
            return {}
        try:
            return prize_fund.fund_clean(fund)
        except prize_fund.FundError as error:
            raise ValidationError(error.messages) from None

    def clean_playoffs(self) -> object:
        return services.section_playoffs_check(
            section=self.instance, playoffs=self.cleaned_data["playoffs"] or []
        )

    def service_check(self) -> None:
        services.section_check(section=self.instance)
        if self.original is None:
            services.tiebreak_order_check(self.instance.tiebreaks)
        elif "tiebreaks" in self.changed_data:
            services.section_tiebreaks_check(
                section=self.original,
                order=self.instance.tiebreaks,
                reason=self.cleaned_data.get("tiebreak_change_reason", ""),
            )


@admin.register(Section)
class SectionAdmin(VersionedAdmin):
    form = SectionAdminForm
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
    # Team scoring and team sections are posted by their services (Teams tab), not edited here;
    # so are the pairing options (their page: locked once round 1 is paired, or the section
    # final) and the final mark (Hall screens: reopening asks a reason, kept in the log).
    readonly_fields = [
        "lots_seed",
        "team_scoring",
        "team_boards",
        "pairing_options",
        "is_final",
    ]
    inlines = [RoundInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Section]:
        queryset: QuerySet[Section] = super().get_queryset(request)
        return queryset.annotate(player_count=Count("players"))

    @admin.display(description="players", ordering="player_count")
    def player_count(self, section: Section) -> int:
        return section.player_count  # type: ignore[attr-defined, no-any-return]

    def save_model(
        self, request: HttpRequest, obj: Section, form: Any, change: bool
    ) -> None:
        data = form.cleaned_data
        fields = {
            name: data[name]
            for name in form.changed_data
            if name not in ("tiebreaks", "tiebreak_change_reason", ADMIN_VERSION)
        }
        # A fund goes through its service (stored in canonical form); {} (no fund) is a plain
        # field.
        fund = fields.pop("prize_fund") if fields.get("prize_fund") else None
        with transaction.atomic():
            if change:
                section = Section.objects.get(pk=obj.pk)
                services.section_update(section=section, **fields)
                if fund is not None and fund != section.prize_fund:
                    # The form was checked against the stored fund under the section's
                    # lock (VersionedAdminForm), held until now.
                    services.section_prize_fund_set(section=section, fund=fund)
            else:
                for name in ("tournament", "name", "rounds_total"):
                    fields.pop(name, None)
                section = services.section_create(
                    tournament=data["tournament"],
                    name=data["name"],
                    rounds_total=data["rounds_total"],
                    **fields,
                )
            if (
                "tiebreaks" in form.changed_data
                and data["tiebreaks"] != section.tiebreaks
            ):
                services.section_tiebreaks_post(
                    section=section,
                    order=data["tiebreaks"],
                    user=request.user,  # type: ignore[arg-type]
                    reason=data.get("tiebreak_change_reason", ""),
                )
            section.refresh_from_db()
            _adopt(obj, section)


PLAYER_ADDED_ACTIVE = "A new player is entered active; withdraw them afterwards."
BYES_VERSION = "byes_version"
# The player admin form's fields that are no Player field.
ADMIN_ONLY_FIELDS = (
    ADMIN_VERSION,
    BYES_VERSION,
    "confirm_duplicate",
    "override_reason",
)


class PlayerAdminForm(ServiceCheckedForm):
    # A new player as the player form enters one: a likely duplicate is entered once
    # confirmed (the same add sent twice is asked, not entered again), a player outside the
    # section's entry limits with a reason (players_add).
    confirm_duplicate = forms.BooleanField(
        required=False,
        label="Enter as well",
        help_text="A new player like one already in the section (asked when there is one).",
    )
    override_reason = forms.CharField(
        required=False,
        max_length=200,
        label="Reason to enter",
        help_text="A new player outside the section's entry limits (asked when needed).",
    )

    def new_entry(self) -> dict[str, Any]:
        """The new player's values as ``player_create`` takes them (save_model's)."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            **{
                name: data[name]
                for name in self.changed_data
                if name not in (*services.PLAYER_FIXED_FIELDS, *ADMIN_ONLY_FIELDS)
            },
        }

    def locked(self) -> Model:
        _section_lock(self.instance.section_id)
        return super().locked()

    def service_check(self) -> None:
        services.player_check(player=self.instance)
        if self.original is not None:
            services.player_status_check(
                player=self.original,
                status=self.instance.status,
                after_round=self.instance.withdrawn_after_round,
            )
        elif self.instance.status != Player.Status.ACTIVE:
            raise ValidationError(PLAYER_ADDED_ACTIVE)
        else:
            # player_create refuses these too: said here as sentences on the form.
            services.players_draft_check(self.instance.section)
            services.players_posted_check(self.instance.section)
            confirmed = self.cleaned_data.get("confirm_duplicate", False)
            reason = self.cleaned_data.get("override_reason", "").strip()
            messages = [
                services.sentence(message)
                for check in services.players_entry_check(
                    section=self.instance.section, entries=[self.new_entry()]
                )
                for message in check.refused
                + [d + services.CONFIRM_ASK for d in check.unanswered(confirmed, None)]
                + ([] if reason else check.outside)
            ]
            if messages:
                raise ValidationError(messages)


class PlayerChangeAdminForm(PlayerAdminForm):
    """A stored player's page: the duplicate and entry-limit questions are asked when a player
    is entered (players_add), so their boxes are left off a page where they would do nothing."""

    confirm_duplicate = None  # type: ignore[assignment]
    override_reason = None  # type: ignore[assignment]
    # The version of the player's requested byes listed below the form: the page saves
    # every one of them, so one a TD requested after it was drawn would be taken back
    # (RequestedByeInlineFormSet).
    byes_version = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.initial[BYES_VERSION] = selectors.player_byes_version(
            player_id=self.instance.pk
        )


class RequestedByeInlineFormSet(forms.BaseInlineFormSet):  # type: ignore[type-arg]
    """The player's byes as a whole, checked by the service that will save them, and
    against the version the page was drawn with (``byes_version``, under the section's lock
    that ``PlayerAdminForm`` took) as the player page's byes form is: refused, saying what
    they are now, when another TD changed them since (``byes_renewed``: their version now,
    for the page to carry, so saving again replaces them on purpose)."""

    byes_renewed: str | None = None

    def byes(self) -> dict[int, str]:
        return {
            form.cleaned_data["round_number"]: form.cleaned_data["kind"]
            for form in self.forms
            if form.cleaned_data
            and form not in self.deleted_forms
            and form.cleaned_data.get("round_number") is not None
            and "kind" in form.cleaned_data
        }

    def clean(self) -> None:
        super().clean()
        if getattr(self.instance, "section_id", None) is None:
            return
        player = (
            Player.objects.select_related("section").get(pk=self.instance.pk)
            if self.instance.pk
            else self.instance
        )
        if self.instance.pk:
            # Also when a row fails: a bye of the page taken back meanwhile fails on its
            # hidden id, an error the page does not show.
            try:
                services.player_byes_stale_check(
                    player=player,
                    byes=self.byes(),
                    based_on=self.data.get(BYES_VERSION),
                )
            except services.StaleEdit as error:
                self.byes_renewed = error.version
                raise ValidationError(error.messages) from None
        if any(self.errors):
            return
        numbers = [
            form.cleaned_data["round_number"]
            for form in self.forms
            if form.cleaned_data and form not in self.deleted_forms
        ]
        if len(numbers) != len(set(numbers)):
            raise ValidationError("One requested bye per round.")
        try:
            services.player_byes_check(player=player, byes=self.byes())
        except ValidationError as error:
            raise ValidationError(error.messages) from None


RequestedByeInline.formset = RequestedByeInlineFormSet  # type: ignore[misc]


@admin.register(Player)
class PlayerAdmin(VersionedAdmin):
    form = PlayerAdminForm
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
    readonly_fields = ["start_number"]
    inlines = [RequestedByeInline]

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        if obj is not None:
            kwargs["form"] = PlayerChangeAdminForm
        return super().get_form(request, obj, change=change, **kwargs)

    def save_model(
        self, request: HttpRequest, obj: Player, form: Any, change: bool
    ) -> None:
        data = form.cleaned_data
        details = {
            name: data[name]
            for name in form.changed_data
            if name not in (*services.PLAYER_FIXED_FIELDS, *ADMIN_ONLY_FIELDS)
        }
        with transaction.atomic():
            if change:
                player = Player.objects.select_related("section").get(pk=obj.pk)
                if details:
                    services.player_update(player=player, **details)
                services.player_status_set(
                    player=player,
                    status=data["status"],
                    after_round=data.get("withdrawn_after_round"),
                )
            else:
                details = form.new_entry()
                player = services.player_create(
                    section=data["section"],
                    confirm_duplicate=data.get("confirm_duplicate", False),
                    override_reason=data.get("override_reason", ""),
                    user=request.user,
                    **details,
                )
            player.refresh_from_db()
            _adopt(obj, player)

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict[str, Any],
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: Any = None,
    ) -> HttpResponse:
        form = context["adminform"].form
        for inline in context.get("inline_admin_formsets", []):
            renewed = getattr(inline.formset, "byes_renewed", None)
            if renewed:
                # Refused as stale: the page now carries the byes' version (the form's
                # own is renewed by VersionedAdminForm).
                form.data = form.data.copy()
                form.data[BYES_VERSION] = renewed
        return super().render_change_form(
            request, context, add=add, change=change, form_url=form_url, obj=obj
        )

    def save_formset(
        self, request: HttpRequest, form: Any, formset: Any, change: bool
    ) -> None:
        if formset.model is not RequestedBye:
            super().save_formset(request, form, formset, change)
            return
        player = Player.objects.select_related("section").get(pk=form.instance.pk)
        services.player_byes_request(player=player, byes=formset.byes())
        # The admin's change message reads these; the service did the writing.
        formset.new_objects, formset.changed_objects, formset.deleted_objects = (
            [],
            [],
            [],
        )


def _byes_with(bye: RequestedBye, original: RequestedBye | None) -> dict[int, str]:
    """The player's requested byes once ``bye`` (a new or changed row) is saved."""
    rows = RequestedBye.objects.filter(player=bye.player_id)
    if original is not None:
        rows = rows.exclude(pk=original.pk)
    byes = dict(rows.values_list("round_number", "kind"))
    byes[bye.round_number] = bye.kind
    return byes


class RequestedByeAdminForm(ServiceCheckedForm):
    def locked(self) -> Model:
        player = Player.objects.filter(pk=self.instance.player_id).first()
        _section_lock(None if player is None else player.section_id)
        return super().locked()

    def service_check(self) -> None:
        bye = self.instance
        if self.original is not None and self.original.player_id != bye.player_id:
            raise ValidationError("A requested bye stays with its player.")
        if (
            RequestedBye.objects.filter(
                player=bye.player_id, round_number=bye.round_number
            )
            .exclude(pk=bye.pk)
            .exists()
        ):
            raise ValidationError("One requested bye per round.")
        services.player_byes_check(
            player=Player.objects.select_related("section").get(pk=bye.player_id),
            byes=_byes_with(bye, self.original),
        )


@admin.register(RequestedBye)
class RequestedByeAdmin(VersionedAdmin):
    form = RequestedByeAdminForm
    list_display = ["player", "round_number", "kind", "reason"]
    list_filter = ["kind", "reason", "player__section__tournament"]
    readonly_fields = ["reason"]
    search_fields = ["player__name", "player__uschess_id", "player__fide_id"]
    list_select_related = ["player"]
    autocomplete_fields = ["player"]

    def save_model(
        self, request: HttpRequest, obj: RequestedBye, form: Any, change: bool
    ) -> None:
        player = Player.objects.select_related("section").get(pk=obj.player_id)
        services.player_byes_request(player=player, byes=_byes_with(obj, form.original))
        _adopt(
            obj,
            RequestedBye.objects.get(player=player, round_number=obj.round_number),
        )

    def delete_model(self, request: HttpRequest, obj: RequestedBye) -> None:
        player = Player.objects.select_related("section").get(pk=obj.player_id)
        byes = dict(
            RequestedBye.objects.filter(player=player)
            .exclude(pk=obj.pk)
            .values_list("round_number", "kind")
        )
        services.player_byes_request(player=player, byes=byes)


@admin.register(Round)
class RoundAdmin(VersionedAdmin):
    form = RoundForm
    list_display = ["__str__", "section", "number", "status"]
    list_filter = ["status", "section__tournament"]
    search_fields = ["section__name", "section__tournament__name", "=number"]
    list_select_related = ["section__tournament"]
    autocomplete_fields = ["section"]
    # The status follows the pairings and results (the services set it).
    readonly_fields = ["status"]
    inlines = [PairingInline]

    def save_formset(
        self, request: HttpRequest, form: Any, formset: Any, change: bool
    ) -> None:
        """Save the round's pairings through the service the pairing page uses, as one change.

        Results changed here are recorded as changes made in the admin.
        """
        if formset.model is not Pairing:
            super().save_formset(request, form, formset, change)
            return
        round_ = form.instance
        services.round_pairings_save(
            section=round_.section,
            number=round_.number,
            rows=formset.rows(),
            user=request.user,
            source=ResultChange.Source.ADMIN,
        )
        formset.new_objects, formset.changed_objects, formset.deleted_objects = (
            [],
            [],
            [],
        )


@admin.register(Pairing)
class PairingAdmin(VersionedAdmin):
    form = PairingForm
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

    def save_model(
        self, request: HttpRequest, obj: Pairing, form: Any, change: bool
    ) -> None:
        """Save through ``pairing_save``: the round is checked as a whole, a result change recorded."""
        row = _row(form.cleaned_data)
        assert row is not None  # the form has checked that white is given
        saved = services.pairing_save(
            round_=obj.round,
            pairing=obj if change else None,
            row=row,
            user=request.user,
            source=ResultChange.Source.ADMIN,
        )
        # A change of players replaces the row: the admin's messages and log name the new one.
        obj.pk = saved.round.pairings.get(white_id=row.white, black_id=row.black).pk

    def render_delete_form(self, request: HttpRequest, context: dict[str, Any]) -> Any:
        """The delete page carries the versions of the round it was drawn from
        (``admin/tournaments/pairing/delete_confirmation.html``): a bye's kind or a check-mode
        entry entered after it was drawn is not deleted unseen (``pairing_delete``)."""
        pairing = context["object"]
        context["based_on"] = selectors.round_pairings_version(
            section=pairing.round.section, number=pairing.round.number
        )
        context["results_seen"] = selectors.round_results_version(
            round_id=pairing.round_id
        )
        return super().render_delete_form(request, context)

    def delete_view(
        self,
        request: HttpRequest,
        object_id: str,
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        try:
            return super().delete_view(request, object_id, extra_context)
        except ValidationError as refused:
            # Nothing was deleted (the admin's delete runs in one transaction): the refusal
            # above the delete page drawn again, as the round is now.
            self.message_user(request, " ".join(refused.messages), messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())

    def delete_model(self, request: HttpRequest, obj: Pairing) -> None:
        results_seen = request.POST.get("results_seen") or None
        services.pairing_delete(
            pairing=obj,
            user=request.user,
            based_on=request.POST.get("based_on") or None,
            results_seen=results_seen,
            # The delete page lists the row's check-mode entry among what goes with it; a
            # page without its versions (drawn before they were carried) is asked again.
            confirm=results_seen is not None,
        )

    def has_delete_permission(
        self, request: HttpRequest, obj: Pairing | None = None
    ) -> bool:
        # The service refuses to take a game out of a round with results: offer no delete then.
        if obj is not None and selectors.round_has_results(round_=obj.round):
            return False
        # Nor of a round's last row: Remove pairings on the round page takes a round's
        # pairings back (it asks first when they are posted, and keeps it in the log).
        if obj is not None and not obj.round.pairings.exclude(pk=obj.pk).exists():
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        # Deleting many pairings at once would skip the round's checks.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions
