"""The TD pages' big tables, written in Python: one row per board or player of a big section.

Through the template language a 1,200-player section's round page took 0.4 s of CPU (94 % of it
templates: an ``{% url %}`` per row, ten buttons of ``{% if %}`` each, a CSRF tag per form);
these functions write the same HTML (tests/tournaments/test_td_tables.py compares them with the
templates' output) with one ``reverse()`` per table and each repeated piece built once. Every
value from the database goes through ``escape``. Used by the tags in ``td_tables``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime

from tournaments.models import Result

MARKER = 987654321


def url_parts(name: str, key: str, **kwargs: Any) -> tuple[str, str]:
    """The URL ``name`` before and after its argument ``key`` (an integer), not escaped: one
    ``reverse()`` for every row, the value written between the two."""
    url = reverse(f"tournaments:{name}", kwargs={**kwargs, key: MARKER})
    before, after = url.split(str(MARKER))
    return before, after


def url_maker(name: str, key: str, **kwargs: Any) -> Callable[[object], str]:
    """The URL ``name`` for any value of its argument ``key``, escaped, for HTML."""
    before, after = (escape(part) for part in url_parts(name, key, **kwargs))
    return lambda value: f"{before}{value}{after}"


def _round_url(name: str, context: Any) -> str:
    """The URL ``name`` of the round (or check-in round) the page shows, escaped."""
    return escape(
        reverse(
            f"tournaments:{name}",
            kwargs={
                "slug": context["tournament"].slug,
                "section": context["section"].pk,
                "number": context["number"],
            },
        )
    )


def csrf_input(token: object) -> str:
    """What ``{% csrf_token %}`` writes (nothing without a token)."""
    if not token or str(token) == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(token)}">'


def _rating(rating: int | None, unrated: str = "unr.") -> str:
    return str(rating) if rating else unrated


def _text(value: object) -> str:
    """``{{ value }}``: None as "None", as the template language writes it."""
    return escape(value)


# ---- the round page's boards (round_detail.html)


def _result_buttons(
    result: str,
    main_results: Sequence[tuple[str, str, str]],
    more_results: Sequence[tuple[str, str, str]],
) -> tuple[str, str, str, str]:
    """The buttons of a board whose result is ``result``: the main buttons, the "More" button's
    class and text, its menu; the same for every board with that result."""
    main = "".join(
        f'\n<button type="submit" name="result" value="{code}" data-key="{key}" '
        f'data-label="{escape(label)}" aria-keyshortcuts="{key}"\n'
        'class="btn btn-touch result-btn '
        + (
            'btn-dark active"\naria-pressed="true"'
            if result == code
            else 'btn-outline-secondary"\n'
        )
        + f">{escape(label)}</button>\n"
        for code, label, key in main_results
    )
    if result in (Result.PENDING, *(code for code, _label, _key in main_results)):
        summary_class, summary = "btn-outline-secondary", "More"
    else:
        summary_class, summary = "btn-dark", escape(Result(result).label)
    more = "".join(
        f'\n<button type="submit" name="result" value="{code}" data-label="{escape(label)}" '
        + (f'data-key="{key}" aria-keyshortcuts="{key}"' if key else "")
        + '\nclass="btn btn-touch btn-sm '
        + (
            "btn-dark"
            if result == code and code != Result.PENDING
            else "btn-light border"
        )
        + f'">{escape(label)}'
        + (f" <kbd>{key}</kbd>" if key else "")
        + "</button>\n"
        for code, label, key in more_results
    )
    return main, summary_class, summary, more


def round_rows_html(
    rows: Iterable[Any], context: Any, *, table: bool = False
) -> SafeString:
    """The ``<tr>`` of each board of the round page (``Row``s of ``tournaments.views.rounds``);
    ``context`` is the page's template context.

    ``table``: the whole table body (a team match's heading before its first board, and rows
    without result buttons while the pairings are not posted); else each row as the
    ``pairing-row`` partial writes it.
    """
    result_url = url_maker(
        "result_record",
        "pairing",
        slug=context["tournament"].slug,
        section=context["section"].pk,
        number=context["number"],
    )
    csrf = csrf_input(context.get("csrf_token"))
    oob = ' hx-swap-oob="true"' if context.get("row_oob") else ""
    posted = context.get("posted") if table else True
    main_results, more_results = context["main_results"], context["more_results"]
    buttons: dict[str, tuple[str, str, str, str]] = {}
    out: list[str] = []
    add = out.append
    for row in rows:
        p = row.pairing
        if table and row.match_label:
            add(
                '\n<tr class="match-head table-secondary"><th colspan="3" '
                f'scope="rowgroup" class="small">{escape(row.match_label)}</th></tr>'
            )
        if not posted:
            add(
                f'\n<tr class="pairing-row"><td class="num board">{_text(p.board)}</td>\n'
                f'<td class="players"><div class="player white">{_player(p.white)}</div>\n'
                f'<div class="player black">{_player(p.black)}</div></td><td></td></tr>\n'
            )
            continue
        result = p.result
        if result not in buttons:
            buttons[result] = _result_buttons(result, main_results, more_results)
        main, summary_class, summary, more = buttons[result]
        board = _text(p.board)
        url = result_url(p.pk)
        state = " is-pending" if result == Result.PENDING else " is-done"
        differs = " is-differing" if row.differs else ""
        add(
            f'\n<tr id="pairing-{p.pk}" class="pairing-row{state}{differs}" tabindex="-1" '
            f'data-board="{board}" {oob}>\n'
            f'<td class="num board">{board}</td>\n'
            f'<td class="players">\n<div class="player white">{_player(p.white)}</div>\n'
            f'<div class="player black">{_player(p.black)}</div>\n</td>\n'
            '<td class="result-cell">\n'
            f'<form method="post" action="{url}" data-queue class="result-form">\n'
            f"{csrf}\n"
            f'<input type="hidden" name="based_on" value="{escape(result)}">\n'
            '<div class="result-buttons" role="group" '
            f'aria-label="Result of board {board}">{main}\n'
            '<details class="more-results">\n'
            f'<summary class="btn btn-touch {summary_class}" '
            f'aria-label="More results for board {board}">{summary}</summary>\n'
            f'<div class="more-menu shadow-sm">{more}\n'
            "</div>\n</details>\n</div>\n</form>\n"
        )
        if row.error:
            add(
                '<div class="row-error text-danger small mt-1" role="alert">'
                f"{escape(row.error)}</div>"
            )
        add("\n")
        if row.confirm:
            add(
                f'\n<form method="post" action="{url}" class="confirm-form mt-1">{csrf}\n'
                f'<input type="hidden" name="based_on" value="{escape(result)}">'
                f'<input type="hidden" name="result" value="{escape(row.confirm)}">'
                '<input type="hidden" name="confirm_later" value="1">\n'
                '<button class="btn btn-sm btn-touch btn-warning" type="submit">'
                "Change it anyway</button>\n</form>\n"
            )
        add("\n")
        if row.differs:
            add(
                '<div class="small text-warning-emphasis mt-1 check-flag">Check entry says '
                f"<strong>{escape(row.check_label)}</strong></div>"
            )
        add("\n</td>\n</tr>\n")
    return mark_safe("".join(out))


def _player(player: Any, *, rating: bool = True) -> str:
    """A player's number, name and (``rating``) rating in a board's row; empty for no player."""
    if player is None:
        number = name = ""
        rated = "unr."
    else:
        number, name, rated = (
            player.start_number,
            escape(player.name),
            _rating(player.rating),
        )
    return f'<span class="num no">{number}</span> <span class="name">{name}</span>' + (
        f' <span class="rating num">{rated}</span>' if rating else ""
    )


# ---- the section page's players (section_detail.html)


def players_rows_html(
    players: Iterable[tuple[Any, Sequence[tuple[str, str, str]]]], context: Any
) -> SafeString:
    """A ``<tr>`` per player: number, name (a link to edit), rating, IDs, federation, club,
    requested byes (text, why the TD gave it or "", title) and withdrawal."""
    section = context["section"]
    edit_url = url_maker(
        "player_edit", "number", slug=context["tournament"].slug, section=section.pk
    )
    out: list[str] = []
    add = out.append
    for player, byes in players:
        withdrawn = player.status == "withdrawn"
        # "wd after R0" read as a typo: a withdrawal before round 1 is said so (as on the
        # player's page).
        badge = (
            '<span class="badge text-bg-secondary">'
            + (
                "wd before R1"
                if player.withdrawn_after_round == 0
                else f"wd after R{_text(player.withdrawn_after_round)}"
            )
            + "</span>"
            if withdrawn
            else ""
        )
        add(
            ('\n<tr class="text-body-secondary">' if withdrawn else "\n<tr>")
            + f'\n<td class="num">{player.start_number}</td>\n'
            f'<td class="name-cell"><a href="{edit_url(player.start_number)}">'
            f"{escape(player.name)}</a>"
        )
        if player.title:
            add(
                f' <span class="badge text-bg-light border">{escape(player.title)}</span>'
            )
        add("\n")
        if byes or withdrawn:
            add(
                '<div class="d-sm-none small">'
                + (badge + " " if withdrawn else "")
                + "".join(
                    f'<span class="text-nowrap{" bye-why" if why else ""}" '
                    f'title="{escape(title)}">{escape(text)}{" " if why else ""}'
                    f"{escape(why)}</span> "
                    for text, why, title in byes
                )
                + "</div>"
            )
        add(
            f'</td>\n<td class="num">{_rating(player.rating)}</td>\n'
            '<td class="d-none d-md-table-cell font-monospace small">'
            f"{escape(player.uschess_id)}</td>\n"
            '<td class="d-none d-lg-table-cell font-monospace small">'
            f"{escape(player.fide_id)}</td>\n"
            f'<td class="d-none d-sm-table-cell">{escape(player.federation)}</td>\n'
            f'<td class="d-none d-lg-table-cell small">{escape(player.club)}</td>\n'
            '<td class="small d-none d-sm-table-cell">'
            + ", ".join(
                f'<abbr title="{escape(title)}" class="text-decoration-none text-nowrap">'
                f"{escape(text)}{' ' if why else ''}{escape(why)}</abbr>"
                for text, why, title in byes
            )
            + f'</td>\n<td class="d-none d-sm-table-cell">{badge}</td>\n</tr>\n'
        )
    return mark_safe("".join(out))


# ---- check-in (checkin.html)


def checkin_rows_html(rows: Iterable[tuple[Any, bool]], context: Any) -> SafeString:
    """A ``<tr>`` per (player, checked in?): number, name, rating and club, the button."""
    toggle = _round_url("checkin_toggle", context)
    # The hidden fields around the player's number.
    before = f'\n{csrf_input(context.get("csrf_token"))}<input type="hidden" name="player" value="'
    after = (
        f'"><input type="hidden" name="q" value="{escape(context.get("query", ""))}">\n'
    )

    # A posted round's check-in is closed: each row says where the player stood, with no
    # button (a column of greyed "Check in" buttons read as something still to do).
    closed = bool(context.get("closed"))
    refusal = context.get("row_error")
    # On the whole page, the refusal goes on its player's row only (htmx: the one row sent).
    refused = context.get("row_error_for")
    out: list[str] = []
    add = out.append
    for player, checked in rows:
        number = player.start_number
        name = escape(player.name)
        error = refusal if refused is None or refused == player.pk else ""
        add(
            f'\n<tr id="checkin-{number}" class="{"table-success" if checked else ""}">\n'
            '<td class="num text-body-secondary" style="width:3rem">'
            f"{number}</td>\n"
            f'<td class="fw-semibold long-name">{name}'
            '<div class="small fw-normal text-body-secondary">'
            f"{_rating(player.rating, 'unrated')}"
            + (f" · {escape(player.club)}" if player.club else "")
            + "</div>"
            + (
                '<div class="small fw-normal text-danger-emphasis" role="alert">'
                f"{escape(error)}</div>"
                if error
                else ""
            )
            + '</td>\n<td class="text-end" style="width:9rem">\n'
            + (
                (
                    '<span class="text-success fw-semibold">✓ Here</span>'
                    if checked
                    else '<span class="text-body-secondary">Not checked in</span>'
                )
                + "\n</td>\n</tr>\n"
                if closed
                else f'<form method="post" action="{toggle}"\nhx-post="{toggle}" '
                'hx-target="closest tr" hx-swap="outerHTML" hx-disabled-elt="find button">'
                + f"{before}{number}{after}"
                + (
                    '\n<input type="hidden" name="present" value="0">\n'
                    '<button class="btn btn-success btn-lg w-100" type="submit" '
                    f'aria-label="Undo check-in of {name}">✓ Here</button>\n'
                    if checked
                    else '\n<input type="hidden" name="present" value="1">\n'
                    '<button class="btn btn-outline-primary btn-lg w-100" type="submit" '
                    f'aria-label="Check in {name}">Check in</button>\n'
                )
                + "\n</form>\n</td>\n</tr>\n"
            )
        )
    return mark_safe("".join(out))


# ---- pairing by hand (round_pairings.html)


def _formset_rows(
    formset: Any, fields: dict[str, object]
) -> Iterator[tuple[int, dict[str, object], dict[str, Any], Any]]:
    """(index, each field's value, each field's errors, the row's own errors) per form.

    An unbound formset (the page drawn from the round) is read from its initial rows: a
    600-board round would otherwise build 600 forms just to show their starting values.
    ``fields`` gives each field's default value."""
    if formset.is_bound:
        for i, form in enumerate(formset.forms):
            yield (
                i,
                {name: form[name].value() for name in fields},
                {name: form.errors.get(name) or [] for name in fields},
                form.non_field_errors(),
            )
    else:
        for i, initial in enumerate(formset.initial or []):
            values = {
                name: initial.get(name, default) for name, default in fields.items()
            }
            yield i, values, {}, []


def _number_input(id_: str, name: str, value: object, errors: Any) -> str:
    """A start number's input, the name shown under it while typing, its errors."""
    value = "" if value is None else escape(value)
    return (
        f'\n<input type="number" inputmode="numeric" min="1" name="{name}" id="{id_}" '
        f'value="{value}" class="form-control form-control-lg num-input'
        + (" is-invalid" if errors else "")
        + '" placeholder="No.">\n'
        f'<div class="who small text-body-secondary" data-for="{id_}"></div>'
        + "".join(
            f'<div class="invalid-feedback d-block">{escape(e)}</div>' for e in errors
        )
    )


def board_entry_rows_html(formset: Any) -> SafeString:
    """The boards of the pairings form: a row per board, white's and black's numbers."""
    prefix = formset.prefix
    out: list[str] = []
    add = out.append
    for i, values, errors, own in _formset_rows(
        formset, {"white": None, "black": None}
    ):
        n = i + 1
        add(
            "\n<tr"
            + (
                ' class="table-danger">'
                if own or any(errors.values())
                else ' class="">'
            )
            + f'\n<th class="num" scope="row">{n}</th>'
        )
        for colour in ("white", "black"):
            name = f"{prefix}-{i}-{colour}"
            add(
                f'\n<td><label class="visually-hidden" for="id_{name}">Board {n} {colour}'
                "</label>"
                + _number_input(
                    f"id_{name}", name, values[colour], errors.get(colour, [])
                )
                + "</td>"
            )
        add("\n</tr>\n")
        if own:
            add(
                '<tr class="table-danger"><td></td><td colspan="2" class="text-danger small" '
                'role="alert">'
                + "".join(f"<div>{escape(e)}</div>" for e in own)
                + "</td></tr>"
            )
        add("\n")
    return mark_safe("".join(out))


def pairing_players_rows_html(
    players: Iterable[Any], number: int, requested: dict[int, str]
) -> SafeString:
    """The players beside the pairings form: number, name, rating, withdrawn or a requested
    bye in round ``number`` (``requested``: start number -> the bye in words)."""
    out: list[str] = []
    add = out.append
    for p in players:
        after = p.withdrawn_after_round
        gone = after is not None and after < number
        note = ""
        if gone:
            note = (
                "withdrew before round 1"
                if after == 0
                else f"withdrew after round {after}"
            )
        bye = requested.get(p.start_number)
        if bye is not None:
            note += escape(bye)
        add(
            f'\n<tr class="{"text-body-tertiary" if gone else ""}">\n'
            f'<td class="num">{p.start_number}</td><td class="long-name">{escape(p.name)}</td>'
            f'<td class="num">{_rating(p.rating)}</td>\n<td>{note}</td>\n</tr>\n'
        )
    return mark_safe("".join(out))


# ---- check mode (round_check.html)


def _check_buttons(
    check: str | None,
    main_results: Sequence[tuple[str, str, str]],
    more_results: Sequence[tuple[str, str, str]],
) -> str:
    """The buttons of a board whose check entry is ``check``, the same for every such board."""
    main = "".join(
        f'\n<button type="submit" name="result" value="{code}" data-key="{key}" '
        f'data-label="{escape(label)}" class="btn btn-touch result-btn '
        + ("btn-dark active" if check == code else "btn-outline-secondary")
        + f'">{escape(label)}</button>\n'
        for code, label, key in main_results
    )
    more = "".join(
        f'\n<button type="submit" name="result" value="{code}" data-label="{escape(label)}" '
        + (f'data-key="{key}"' if key else "")
        + ' class="btn btn-touch btn-sm '
        + ("btn-dark" if check == code else "btn-light border")
        + f'">{escape(label)}</button>\n'
        for code, label, key in more_results
        if code != Result.PENDING
    )
    return (
        f"{main}\n"
        '<details class="more-results">\n'
        '<summary class="btn btn-touch btn-outline-secondary">More</summary>\n'
        f'<div class="more-menu shadow-sm">\n{more}\n</div>\n</details>\n'
    )


def check_rows_html(rows: Iterable[Any], context: Any) -> SafeString:
    """Check mode's ``<tr>`` per board (``Row``s): the players and the check entry's buttons."""
    check_url = _round_url("round_check", context)
    csrf = csrf_input(context.get("csrf_token"))
    main_results, more_results = context["main_results"], context["more_results"]
    buttons: dict[str | None, str] = {}
    out: list[str] = []
    add = out.append
    for row in rows:
        p = row.pairing
        if row.check not in buttons:
            buttons[row.check] = _check_buttons(row.check, main_results, more_results)
        board = _text(p.board)
        add(
            f'\n<tr id="check-{p.pk}" class="pairing-row'
            + (" is-done" if row.check else " is-pending")
            + f'" tabindex="-1" data-board="{board}">\n'
            f'<td class="num board">{board}</td>\n<td class="players">\n'
            f'<div class="player white">{_player(p.white, rating=False)}</div>\n'
            f'<div class="player black">{_player(p.black, rating=False)}</div>\n</td>\n'
            '<td class="result-cell">\n'
            f'<form method="post" action="{check_url}" data-queue class="result-form">\n'
            f'{csrf}<input type="hidden" name="pairing" value="{p.pk}">\n'
            '<div class="result-buttons" role="group" '
            f'aria-label="Check entry for board {board}">{buttons[row.check]}</div>\n'
            "</form>\n"
            + (
                f'<div class="text-danger small mt-1" role="alert">{escape(row.error)}</div>'
                if row.error
                else ""
            )
            + "\n</td>\n</tr>\n"
        )
    return mark_safe("".join(out))


# ---- the round's history (round_history.html)


def history_rows_html(changes: Iterable[Any]) -> SafeString:
    """A ``<tr>`` per ``ResultChange``: board, players, was and now, who, when, through what."""
    out: list[str] = []
    add = out.append
    for c in changes:
        p = c.pairing
        if p is not None:
            players = f"<div>{p.white.start_number} {escape(p.white.name)}</div>" + (
                f"<div>{p.black.start_number} {escape(p.black.name)}</div>"
                if p.black
                else ""
            )
            add(
                f'\n<tr>\n<td class="num fw-semibold">{_text(p.board or "–")}</td>\n'
                f'<td class="small">{players}</td>\n'
            )
        else:
            add(
                f'\n<tr>\n<td class="num fw-semibold">{_text(c.board or "–")}</td>\n'
                f'<td class="small"><div>{escape(c.players)}</div>'
                '<div class="text-body-secondary">board since re-paired</div></td>\n'
            )
        at = localtime(c.changed_at)
        who = c.changed_by.get_username() if c.changed_by else ""
        add(
            # The old result may wrap ("Not yet played" on a phone); the arrow and the new
            # result stay together, so the table fits a phone's width.
            '<td><span class="was text-body-secondary">'
            f"{escape(c.get_old_result_display())}</span> "
            '<span class="text-nowrap">→ <strong class="now">'
            f"{escape(c.get_new_result_display())}</strong></span></td>\n"
            f'<td class="small"><div class="fw-semibold">{escape(who or "–")}</div>'
            f'<div class="text-nowrap"><time datetime="{date_format(at, "c")}">'
            f"{date_format(at, 'M j, H:i:s')}</time></div>"
            f'<div class="text-body-secondary">{escape(c.get_source_display())}</div></td>\n'
            "</tr>\n"
        )
    return mark_safe("".join(out))


def problem_items_html(problems: Iterable[Any], button: str) -> SafeString:
    """The rating report page's problems, a list item each with its button to the page that
    fixes it (``button`` is the button's colour class)."""
    return mark_safe(
        "".join(
            '<li class="list-group-item d-flex flex-wrap gap-2 align-items-baseline">'
            f'<span class="me-auto">{escape(p.sentence)}</span>'
            f'<a class="btn btn-sm {button} btn-touch" href="{escape(p.url)}">'
            f"{escape(p.link)}</a></li>"
            for p in problems
        )
    )
