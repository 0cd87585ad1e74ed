"""Post a section's tiebreak order before round one: presets, and a builder for a custom order."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from standings.engine import PRESETS, SYSTEMS
from tiebreak_site.http import HtmxHttpRequest
from tournaments import selectors, services
from tournaments.forms.tiebreaks import (
    PRESET_TITLES,
    TiebreakBuilder,
    TiebreakPostForm,
    order_labels,
    system_description,
)
from tournaments.models import Section
from tournaments.views.setup import section_for_director


@require_http_methods(["GET", "POST"])
@login_required
def section_tiebreaks(
    request: HtmxHttpRequest, slug: str, section: int
) -> HttpResponse:
    """The builder: each button posts the rows back with one action; "post" saves the order."""
    found = section_for_director(request, slug, section)
    locked = selectors.round_one_posted(found)
    if request.method != "POST":
        builder = TiebreakBuilder.from_order(found.tiebreaks)
        unreadable: list[str] = []
        try:
            services.tiebreak_order_check(found.tiebreaks)
        except ValidationError as error:
            # An order stored before orders were checked (free text): say so, start empty.
            unreadable = [
                f"The stored order {found.tiebreaks!r} cannot be read. {error.messages[0]}"
            ]
        form = TiebreakPostForm(locked=locked)
        return _render(
            request, found, builder, form, locked, unreadable, found.tiebreaks
        )
    builder = TiebreakBuilder.from_data(request.POST)
    # The stored order the page was first drawn from, carried through the builder's steps.
    based_on = request.POST.get("based_on", "")
    action = request.POST.get("action", "")
    if action == "post" and _posted_already(found, builder):
        # The posted order sent again (its first answer lost, round 1 posted meanwhile):
        # nothing changes, so no override or reason is asked; answered as posted.
        locked = False
    form = TiebreakPostForm(request.POST, locked=locked)
    errors: list[str] = []
    if action != "post":
        builder.apply(action, request.POST)
        form = TiebreakPostForm(
            initial={"reason": request.POST.get("reason", "")}, locked=locked
        )
    elif builder.check_rows() and form.is_valid():
        try:
            services.section_tiebreaks_post(
                section=found,
                order=builder.order_text(),
                user=request.user,  # type: ignore[arg-type]
                reason=form.cleaned_data["reason"],
                based_on=based_on,
            )
        except ValidationError as error:
            errors = error.messages
            if isinstance(error, services.StaleEdit):
                based_on = error.version  # posting again replaces the other TD's order
        else:
            messages.success(
                request,
                f"Tiebreak order posted for {found.name}: "
                + ", ".join(order_labels(found.tiebreaks))
                + ".",
            )
            url = _section_url(found)
            if request.htmx:
                return HttpResponseClientRedirect(url)
            return redirect(url)
    return _render(request, found, builder, form, locked, errors, based_on)


def _posted_already(section: Section, builder: TiebreakBuilder) -> bool:
    """Whether the builder's order is the section's posted one."""
    if not selectors.section_tiebreaks_posted(section):
        return False
    try:
        return services.tiebreak_order_check(builder.order_text()) == section.tiebreaks
    except ValidationError:
        return False


def _section_url(section: Section) -> str:
    return reverse(
        "tournaments:section_detail",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _render(
    request: HtmxHttpRequest,
    section: Section,
    builder: TiebreakBuilder,
    form: TiebreakPostForm,
    locked: bool,
    errors: list[str] | None = None,
    based_on: str = "",
) -> HttpResponse:
    template = "tournaments/tiebreaks.html"
    if request.htmx and request.method == "POST":
        template += "#builder"
    return render(
        request,
        template,
        {
            "tournament": section.tournament,
            "section": section,
            "builder": builder,
            "form": form,
            "locked": locked,
            "errors": errors or [],
            "based_on": based_on,
            "posted": selectors.section_tiebreaks_posted(section),
            "current": order_labels(section.tiebreaks),
            "presets": [
                (name, PRESET_TITLES.get(name, name), [spec.label for spec in specs])
                for name, specs in PRESETS.items()
            ],
            "systems": [(s, system_description(s)) for s in SYSTEMS.values()],
            # A system with no options can be in the order once (the same system twice never
            # breaks a tie): once there, it is not offered again. One with options may come
            # back with other options (Median cut 1, then cut 2).
            "addable": [
                s
                for s in SYSTEMS.values()
                if s.options or s.id not in {r.system.id for r in builder.rows}
            ],
            "changes": [
                (change, order_labels(change.old_order), order_labels(change.new_order))
                for change in section.tiebreak_changes.select_related("changed_by")
            ],
        },
    )
