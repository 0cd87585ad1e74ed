"""The pairing options a TD posts before the event: accelerated pairings, board 1's colour,
unrated players' rating, the colour rating limits, round-robin table numbers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tournaments import pairing, selectors, services
from tournaments.forms.pairing_options import PairingOptionsForm
from tournaments.views.setup import form_errors, section_for_director


@require_http_methods(["GET", "POST"])
@login_required
def section_pairing_options(
    request: HttpRequest, slug: str, section: int
) -> HttpResponse:
    found = section_for_director(request, slug, section)
    stored = found.pairing_options if isinstance(found.pairing_options, dict) else {}
    version = selectors.json_version(found.pairing_options or {})
    locked = selectors.section_pairing_options_locked(found)
    unreadable = ""
    try:
        initial = PairingOptionsForm.initial_from(stored)
    except pairing.OptionsError as error:
        # Options stored through the admin before they were checked: say so, offer defaults.
        unreadable = (
            f"The stored options cannot be read ({error}); the form shows the defaults."
        )
        initial = PairingOptionsForm.initial_from({})
        stored = {k: v for k, v in stored.items() if k == "lots_seed"}
    form = PairingOptionsForm(
        request.POST if request.method == "POST" else None,
        initial=initial,
        section=found,
        stored=stored,
        locked=locked,
        version=version,
    )
    if request.method == "POST" and locked:
        # The fields are disabled: say why nothing was saved rather than "saved".
        form.add_error(None, services.PAIRING_OPTIONS_LOCKED.format(section=found.name))
    elif request.method == "POST" and form.is_valid():
        try:
            services.section_pairing_options_set(
                section=found,
                options=form.options(),
                based_on=form.cleaned_data["based_on"],
            )
        except services.StaleEdit as error:
            # Show the options as they are now (a renumbering moves the do-not-pair numbers):
            # the TD checks them and saves again.
            messages.error(request, " ".join(error.messages))
            return redirect(
                "tournaments:section_pairing_options", slug=slug, section=found.pk
            )
        except ValidationError as error:
            form_errors(form, error)
        else:
            messages.success(request, f"Pairing options saved for {found.name}.")
            return redirect(
                "tournaments:section_pairing_options", slug=slug, section=found.pk
            )
    return render(
        request,
        "tournaments/pairing_options.html",
        {
            "tournament": found.tournament,
            "section": found,
            "form": form,
            "locked": locked,
            "unreadable": unreadable,
            "lots_seed": stored.get("lots_seed") or found.lots_seed,
        },
    )
