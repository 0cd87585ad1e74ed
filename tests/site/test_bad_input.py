"""Every write of the TD's side, posted hostile values by the tournament's own TD.

For each URL that ``CASES`` (tests/site/test_permissions.py) lets a TD post to, the fields it
reads are the fields of the TD's pages' forms whose action it is, plus ``VIEW_FIELDS`` (fields a
view reads that no form of the test's world shows). Each kind of hostile value (``KINDS``) fills
every field at once, posted plainly, with each ``action`` button, and by htmx where the view
answers htmx apart. The answer must be a page with a message or a redirect with one, never a
server error; what the database holds must not change (``ACCEPTED`` names the few posts that
may write, and when: an action whose fields are optional answers, a new account's user name).
Nothing of another tournament, directed by another TD, may change or show on the page.

Then the addresses (another tournament's section under this one's slug, a round out of range,
round 1's board under round 2) and the uploads (files no program writes).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import resolve, reverse

from tests.site.conftest import World
from tests.site.test_permissions import (
    CASES,
    DIRECTOR,
    LOGGED_IN,
    NOT_ALLOWED,
    _fingerprint,
)
from tests.tournaments.builders import section_build
from tournaments.forms.prizes import PrizeFormSet
from tournaments.forms.rounds import BoardFormSet, ByeFormSet
from tournaments.models import (
    CheckIn,
    HallScreen,
    Pairing,
    Player,
    PlayerChange,
    RequestedBye,
    Result,
    ResultChange,
    ResultCheck,
    Round,
    Section,
    SectionEvent,
    TiebreakChange,
    Tournament,
)

pytestmark = pytest.mark.django_db

# Names only the other tournament uses: none may show on this tournament's pages.
OTHER_NAMES = [
    "Quentin Elsewhere",
    "Ursula Elsewhere",
    "Vera Elsewhere",
    "Wim Elsewhere",
]


@dataclass
class Other:
    """Objects the TD's posts must not reach: another tournament (directed by ``other_td``) and
    another section of the TD's own tournament."""

    tournament: Tournament
    section: Section
    pairing: Pairing
    player: Player
    screen: HallScreen
    reserve: Section
    reserve_player: Player


@pytest.fixture
def other(world: World, other_td: User) -> Other:
    tournament = Tournament.objects.get(directors=other_td)
    section = section_build(
        tournament=tournament,
        name="Elsewhere Open",
        ratings=[2100, 2000, 1900, 1800],
        names=OTHER_NAMES,
        rounds=["1-2 1-0, 3-4 =", "4-1 ?, 2-3 ?"],
        rounds_total=3,
    )
    reserve = section_build(
        tournament=world.tournament,
        name="Reserve",
        ratings=[1500, 1400, 1300, 1200, 1100, 1000],
        rounds=["1-2 1-0, 3-4 =, 5-6 0-1", "6-1 ?, 2-3 ?, 4-5 ?"],
        rounds_total=3,
    )
    # Round 1 played, round 2's pairings posted, in every section: results may be entered.
    Round.objects.filter(number=1).update(status=Round.Status.COMPLETE)
    Round.objects.filter(number=2).update(status=Round.Status.PAIRED)
    return Other(
        tournament,
        section,
        section.rounds.get(number=2).pairings.order_by("board").first(),  # type: ignore[arg-type]
        section.players.get(start_number=1),
        HallScreen.objects.create(tournament=tournament, name="Elsewhere TV"),
        reserve,
        reserve.players.get(start_number=6),
    )


# ---- the fields each write reads

# Fields a view reads from the post that no form of the world's pages holds (read from the
# views: request.POST.get(...)).
VIEW_FIELDS: dict[str, list[str]] = {
    "tournaments:result_record": ["result", "based_on", "confirm_later"],
    "tournaments:round_pair": [
        "absent",
        "forfeited",
        "forfeited_shown",
        "post_default_order",
    ],
    "tournaments:round_repair": [
        "based_on",
        "absent",
        "forfeited",
        "forfeited_shown",
        "post_default_order",
    ],
    "tournaments:round_publish": ["based_on", "override", "post_default_order"],
    "tournaments:round_unpair": ["based_on", "confirm"],
    "tournaments:checkin_close": ["action"],
    "tournaments:checkin_toggle": ["player", "present", "q"],
    "tournaments:director_remove": ["username", "confirm"],
    "tournaments:section_final": ["confirm"],
    "tournaments:director_invitation": ["username"],
    "tournaments:tournament_publish": ["published"],
    "tournaments:player_withdraw": [
        "after_round",
        "player",
        "shown",
        "forfeit",
        "confirm",
    ],
    "tournaments:player_delete": ["player"],
    "tournaments:player_reactivate": ["player"],
    "tournaments:playoff_delete": ["players", "confirm"],
    "tournaments:team_round_pair": ["number"],
    "tournaments:rating_lists": ["kind", "file"],
    "tournaments:players_import": ["file", "text", "action"],
    "tournaments:prize_fund_upload": ["file", "text"],
}
FILE_FIELDS = {"file"}
# Buttons that ask for the page again rather than a write (more empty rows of prizes): posted,
# the other fields are not read, so the button is left out.
NOT_WRITES = {"add_rows"}


class _Forms(HTMLParser):
    """A page's POST forms, by the form's action: the names of their fields, their buttons'
    names and values, and the values the page filled in (the first of each name)."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: dict[str, set[str]] = defaultdict(set)
        self.buttons: dict[str, set[tuple[str, str]]] = defaultdict(set)
        self.values: dict[str, dict[str, str]] = defaultdict(dict)
        self.action: str | None = None
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "get").lower() == "post":
            self.action = (a.get("action") or self.page).split("?")[0]
        name = a.get("name")
        if self.action and name and tag in ("input", "select", "textarea", "button"):
            self.forms[self.action].add(name)
            if a.get("value") and (tag == "button" or a.get("type") == "submit"):
                self.buttons[self.action].add((name, a["value"]))
            elif tag == "input" and (
                a.get("type") not in ("checkbox", "radio") or "checked" in a
            ):
                self.values[self.action].setdefault(name, a.get("value", ""))
            elif tag == "select":
                self.select = name
        elif tag == "option" and self.action and self.select and "selected" in a:
            self.values[self.action].setdefault(self.select, a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.action = None
        elif tag == "select":
            self.select = None


# URL name -> the field names its forms post, found once per run (the world is the same each
# time but for its primary keys: a field named after one is kept as a pattern).
_FORM_FIELDS: dict[str, set[str]] = {}
_FORM_BUTTONS: dict[str, set[tuple[str, str]]] = defaultdict(set)
# URL name -> the name of a page that holds its form.
_FORM_PAGES: dict[str, str] = {}


def _form_fields(world: World, client: Client) -> dict[str, set[str]]:
    if not _FORM_FIELDS:
        found: dict[str, set[str]] = defaultdict(set)
        for name, case in CASES.items():
            if case.get not in (DIRECTOR, LOGGED_IN):
                continue
            url = reverse(name, kwargs=case.kwargs(world))
            response = client.get(url)
            if response.status_code != 200 or "html" not in response.get(
                "Content-Type", ""
            ):
                continue
            parser = _Forms(url)
            parser.feed(response.content.decode())
            for action, fields in parser.forms.items():
                match = resolve(action)
                if match.namespace:
                    found[f"{match.namespace}:{match.url_name}"] |= {
                        re.sub(rf"^s{world.screen.pk}-", "s{screen}-", f)
                        for f in fields
                    }
                    _FORM_BUTTONS[f"{match.namespace}:{match.url_name}"] |= (
                        parser.buttons[action]
                    )
                    _FORM_PAGES.setdefault(f"{match.namespace}:{match.url_name}", name)
        _FORM_FIELDS.update(found)
    return _FORM_FIELDS


def _fields(name: str, world: World, client: Client) -> list[str]:
    fields = _form_fields(world, client).get(name, set()) | set(
        VIEW_FIELDS.get(name, ())
    )
    fields -= {"csrfmiddlewaretoken", *NOT_WRITES}
    return sorted(f.replace("{screen}", str(world.screen.pk)) for f in fields)


# Actions views read from the ``action`` field that no page of the world shows a button for
# (a preview's save, clearing a team scoring that is not posted yet).
ACTIONS = {
    "tournaments:players_import": ["save"],
    "tournaments:section_team_scoring": ["clear"],
    "tournaments:tournament_team_group": ["clear"],
}

# The views that answer htmx with a fragment (a row, a form) rather than a page.
HTMX = {
    "tournaments:checkin_toggle",
    "tournaments:result_record",
    "tournaments:round_check",
    "tournaments:round_no_show_withdraw",
    "tournaments:section_tiebreaks",
}


def _variants(name: str) -> list[tuple[str, dict[str, str], dict[str, str]]]:
    """How a URL is posted: as a plain form; with each of its ``action`` buttons (which say
    what the view does: preview or save, add a tiebreak or post the order); by htmx."""
    variants: list[tuple[str, dict[str, str], dict[str, str]]] = [("", {}, {})]
    seen = set()
    shown = _FORM_BUTTONS.get(name, set())
    for field, value in sorted(shown | {("action", a) for a in ACTIONS.get(name, ())}):
        # One of the actions on a row ("up:0", "down:1", "remove:2": one way through).
        kind = "row" if re.fullmatch(r"\w+:\d+", value) else value.split(":")[0]
        if field == "action" and kind not in seen:
            seen.add(kind)
            variants.append((f" {field}={value}", {field: value}, {}))
    if name in HTMX:
        variants.append((" htmx", {}, {"HTTP_HX_REQUEST": "true"}))
    return variants


# ---- the hostile values


def _values(value: str) -> Callable[[Other], list[str]]:
    return lambda other: [value]


KINDS: dict[str, Callable[[Other], list[str]]] = {
    "empty": _values(""),
    "a word": _values("no-such-choice"),  # not a number, not a choice
    "negative": _values("-1"),
    "huge": _values(str(10**30)),
    "not a number (NaN)": _values("NaN"),  # Decimal("NaN") refuses to be compared
    "long": _values("9" * 100_000),
    "NUL": _values("1\x00"),
    "control characters": _values("a\r\nb\x1b[2J\x07\x7f"),
    # str.isdigit() is true of it; int() refuses it.
    "digit-like": _values("\u00b2"),
    # Fields that hold lists: team rosters ("Name: 1, 2"), playoff finishing orders ("12, 7").
    "list": _values("A: 1, \u00b2, " + "9" * 5000),
    "duplicated keys": lambda other: ["1", "twelve", ""],
    "other tournament's player": lambda other: [str(other.player.pk)],
    "other tournament's pairing": lambda other: [str(other.pairing.pk)],
    "other tournament's section": lambda other: [str(other.section.pk)],
    "other section's player": lambda other: [str(other.reserve_player.pk)],
    "other section's start number": lambda other: [
        str(other.reserve_player.start_number)
    ],
    "other director's name": lambda other: ["other_td"],
}


def _post_data(fields: list[str], values: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for field in fields:
        if field in FILE_FIELDS:
            data[field] = SimpleUploadedFile(
                "hostile.txt", "\n".join(values).encode() + b"\xff\xfe\x00"
            )
        else:
            data[field] = values if len(values) > 1 else values[0]
    return data


# ---- the answer


def _messages(response: Any) -> list[str]:
    """The messages this answer added or showed."""
    return [str(m) for m in response.wsgi_request._messages]


def _readable(response: Any) -> bool:
    """A page, a fragment or a plain-text reason a person can read, or a redirect with a message."""
    if response.status_code in (301, 302, 303):
        return bool(_messages(response))
    text = response.content.decode(errors="replace")
    if "Traceback" in text or not text.strip():
        return False
    if response.status_code == 404 or "html" not in response["Content-Type"]:
        return True  # the not-found page; a plain-text reason for the page's script
    # Every TD page holds a hidden alert for the page's script: not a message.
    text = re.sub(r'<div id="htmx-error".*?</div>', "", text, flags=re.DOTALL)
    return bool(_messages(response)) or any(m in text for m in ERROR_MARKS)


# How a page shows a refusal: a form's error, an alert (Django's 400 page, templates/400.html),
# a previewed row with a problem.
ERROR_MARKS = ("invalid-feedback", "errorlist", "is-invalid", "alert", "table-danger")


def _posts() -> list[str]:
    return sorted(
        name
        for name, case in CASES.items()
        if case.post in (DIRECTOR, LOGGED_IN) and name.startswith("tournaments:")
    )


@pytest.mark.parametrize("name", _posts())
def test_hostile_values_are_refused_and_change_nothing(
    name: str, world: World, other: Other, td_client: Client
) -> None:
    url = reverse(name, kwargs=CASES[name].kwargs(world))
    fields = _fields(name, world, td_client)
    problems = []
    before = _fingerprint()
    posts = [(v, kind) for v in _variants(name) for kind in KINDS]
    for (variant, button, headers), kind in posts:
        values = KINDS[kind]
        data = {**_post_data(fields, values(other)), **button}
        td_client.cookies.pop("messages", None)  # the last post's, not shown
        try:
            response = td_client.post(url, data, **headers)  # type: ignore[arg-type]
        except Exception as error:  # the test client raises what the view let escape
            problems.append(f"{name}{variant} {kind!r}: {error!r:.300}")
            break  # on PostgreSQL the test's transaction is broken now
        where = f"{name}{variant} {kind!r} {response.status_code}"
        if response.status_code >= 500:
            problems.append(f"{where}: server error")
            continue
        if not _readable(response):
            problems.append(f"{where}: no message")
        text = response.content.decode(errors="replace")
        leaked = [n for n in OTHER_NAMES if n in text]
        if leaked:
            problems.append(f"{where}: shows {leaked}")
        after = _fingerprint()
        if after != before and not _accepted(name, values(other)):
            problems.append(f"{where}: wrote {_messages(response)}")
        before = after
    problems += _one_field_at_a_time(name, world, other, td_client)
    assert not problems, "\n".join(problems)


# Then one number field at a time, the others as the page filled them in (so the view gets
# past its form to the service): another tournament's or section's id, or a number int()
# refuses. Such a post may be a fine write (a rating of 14); it must not reach the other
# tournament or section, nor show them.
ONE_FIELD_KINDS = (
    "huge",
    "digit-like",
    "other tournament's player",
    "other tournament's pairing",
    "other tournament's section",
    "other section's player",
)


def _page_values(name: str, world: World, client: Client) -> dict[str, str]:
    page = _FORM_PAGES.get(name)
    if page is None:
        return {}
    url = reverse(page, kwargs=CASES[page].kwargs(world))
    parser = _Forms(url)
    parser.feed(client.get(url).content.decode())
    action = reverse(name, kwargs=CASES[name].kwargs(world))
    values = parser.values.get(action, {})
    for button, value in sorted(parser.buttons.get(action, ())):  # as if pressed
        if button not in NOT_WRITES:
            values.setdefault(button, value)
    return values


def _theirs(other: Other) -> tuple[object, ...]:
    """The other tournament's rows and the other section's, with their logs and check-ins."""
    sections = [other.section.pk, other.reserve.pk]
    by_section = {
        Section: "pk__in",
        Round: "section__in",
        Player: "section__in",
        Pairing: "round__section__in",
        RequestedBye: "player__section__in",
        CheckIn: "player__section__in",
        PlayerChange: "section__in",
        TiebreakChange: "section__in",
        ResultChange: "round__section__in",
        ResultCheck: "pairing__round__section__in",
        SectionEvent: "section__in",
    }
    rows = tuple(
        tuple(
            model._default_manager.filter(**{where: sections})
            .order_by("pk")
            .values_list()
        )
        for model, where in by_section.items()
    )
    screens = HallScreen.objects.filter(tournament=other.tournament).values_list()
    event = Tournament.objects.filter(pk=other.tournament.pk).values_list()
    return (*rows, tuple(screens), tuple(event))


def _one_field_at_a_time(
    name: str, world: World, other: Other, client: Client
) -> list[str]:
    problems: list[str] = []
    values = _page_values(name, world, client)
    theirs = _theirs(other)
    for field, value in values.items():
        if not value.isdigit() or field == "csrfmiddlewaretoken":
            continue
        for kind in ONE_FIELD_KINDS:
            where = f"{name} {field}={kind!r}"
            client.cookies.pop("messages", None)
            try:
                response = client.post(
                    reverse(name, kwargs=CASES[name].kwargs(world)),
                    {**values, field: KINDS[kind](other)[0]},
                )
            except (
                Exception
            ) as error:  # the test client raises what the view let escape
                return [*problems, f"{where}: {error!r:.300}"]
            where += f" {response.status_code}"
            if response.status_code >= 500 or not _readable(response):
                problems.append(f"{where}: no message")
            if any(n in response.content.decode(errors="replace") for n in OTHER_NAMES):
                problems.append(f"{where}: shows the other tournament")
            if _theirs(other) != theirs:
                problems.append(f"{where}: changed the other tournament or section")
    return problems


def _user_name(values: list[str]) -> bool:
    try:
        UnicodeUsernameValidator()(values[-1])
    except ValidationError:
        return False
    return 0 < len(values[-1]) <= 150


def _always(values: list[str]) -> bool:
    return True


# The posts a hostile value may still write, and when (a field reads the last of a key's values).
ACCEPTED: dict[str, Callable[[list[str]], bool]] = {
    # Actions whose fields are optional answers (confirm; the check box of "final", of "a
    # playoff was announced"): a hostile answer is no answer, or a ticked box.
    "tournaments:round_repair": _always,
    "tournaments:round_unpair": _always,
    "tournaments:section_final": _always,
    "tournaments:playoff_announced": _always,
    # Most hostile values are fine user names: a new account, or a user who exists.
    "tournaments:director_account_create": _user_name,
    "tournaments:directors": lambda values: values == ["other_td"],
    # No start times: the schedule cleared.
    "tournaments:section_schedule": lambda values: values == [""],
    # "0": a draft again.
    "tournaments:tournament_publish": lambda values: values[-1] in ("0", "1"),
}


def _accepted(name: str, values: list[str]) -> bool:
    return ACCEPTED.get(name, lambda values: False)(values)


# ---- the URL side: a valid-looking address naming what is not this tournament's, this
# section's or this round's: not found, or refused with a message (check-in says which rounds
# the section has); never the other object's page, and nothing written.


def _url_changes(world: World, other: Other) -> dict[str, dict[str, int]]:
    """Per URL argument, the values that name another object than the page's own."""
    round_1 = world.section.rounds.get(number=1)
    return {
        "section": {"other tournament's section": other.section.pk},
        "number": {"round 0": 0, "out of range": 99, "huge": 10**20},
        "pairing": {
            "round 1's board under round 2": round_1.pairings.first().pk,  # type: ignore[union-attr]
            # The same round number, the same tournament: a tab of the other section.
            "other section's board": other.reserve.rounds.get(number=2)
            .pairings.order_by("board")
            .first()
            .pk,  # type: ignore[union-attr]
            "other tournament's board": other.pairing.pk,
        },
        "player": {
            "other section's player": other.reserve_player.pk,
            "other tournament's player": other.player.pk,
        },
        "screen": {"other tournament's screen": other.screen.pk},
        "team": {"out of range": 99},
        "playoff": {"out of range": 99},
        "group": {"out of range": 99},
        "table": {"out of range": 99},
    }


def _td_urls() -> list[str]:
    return sorted(
        name
        for name, case in CASES.items()
        if DIRECTOR in (case.get, case.post) and name.startswith("tournaments:")
    )


@pytest.mark.parametrize("name", _td_urls())
def test_an_address_naming_another_object_is_not_found(
    name: str, world: World, other: Other, td_client: Client
) -> None:
    case = CASES[name]
    kwargs = case.kwargs(world)
    changes = _url_changes(world, other)
    problems = []
    before = _fingerprint()
    for argument in kwargs:
        for what, value in changes.get(argument, {}).items():
            url = reverse(name, kwargs={**kwargs, argument: value})
            for method in ("get", "post"):
                if (case.get if method == "get" else case.post) != DIRECTOR:
                    continue
                response = getattr(td_client, method)(url, PLAUSIBLE)
                where = (
                    f"{method.upper()} {name} {argument}: {what} {response.status_code}"
                )
                text = response.content.decode(errors="replace")
                if response.status_code != 404 and not _readable(response):
                    problems.append(f"{where}: neither not found nor a message")
                if any(n in text for n in OTHER_NAMES):
                    problems.append(f"{where}: shows the other tournament")
                after = _fingerprint()
                if after != before:
                    problems.append(f"{where}: wrote {_messages(response)}")
                before = after
    assert not problems, "\n".join(problems)


# A post that would write at the right address: a player checked in, check-in closed, round
# 1's first board (1-0) corrected to a draw, a removal confirmed.
PLAUSIBLE = {
    "player": "1",
    "present": "1",
    "action": "zero_bye",
    "result": Result.DRAW.value,
    "based_on": Result.WHITE_WIN.value,
    "confirm_later": "1",
    "confirm": "1",
}


# ---- files: each upload, its other fields as a TD fills them, the file hostile

FUND = '{"prizes": [{"label": "1st", "places": [1], "cash": %s}]}'
HOSTILE_FILES: dict[str, bytes] = {
    "empty": b"",
    "NUL bytes": b"name,rating\nAl\x00,1500\n\x00\x00",
    "not UTF-8": b"name,rating\n\xff\xfe\xc3\x28,1500\n",
    "digits int() refuses": "name,rating,uschess_id\nAl,\u00b2,\u00b2\n".encode(),
    "a long number": b"name,rating\nAl," + b"9" * 100_000 + b"\n",
    "deep JSON": b"[" * 100_000,
    "JSON NaN": (FUND % "NaN").encode(),
    "JSON infinity": (FUND % "1e999").encode(),
    "JSON long number": (FUND % ("9" * 5000)).encode(),
    "JSON places not numbers": FUND.replace("[1]", '["\u00b2"]').encode() % b"5",
}
# A file that is not UTF-8 is read as Windows-1252 (as older pairing programs write): its
# players are fine players.
FILES_ACCEPTED = {("tournaments:players_import", "not UTF-8")}
UPLOADS: dict[str, list[dict[str, str]]] = {
    "tournaments:players_import": [{"action": "preview"}, {"action": "save"}],
    "tournaments:prize_fund_upload": [{}],
    "tournaments:rating_lists": [{"kind": "fide"}, {"kind": "uschess"}],
}


@pytest.mark.parametrize("name", sorted(UPLOADS))
def test_a_hostile_file_is_refused_and_changes_nothing(
    name: str, world: World, other: Other, td_client: Client
) -> None:
    url = reverse(name, kwargs=CASES[name].kwargs(world))
    problems = []
    before = _fingerprint()
    for fields in UPLOADS[name]:
        for kind, content in HOSTILE_FILES.items():
            where = f"{name} {fields} {kind!r}"
            upload = SimpleUploadedFile("upload.txt", content)
            td_client.cookies.pop("messages", None)
            try:
                response = td_client.post(url, {**fields, "file": upload})
            except (
                Exception
            ) as error:  # the test client raises what the view let escape
                problems.append(f"{where}: {error!r:.300}")
                break
            accepted = (name, kind) in FILES_ACCEPTED
            if response.status_code >= 500 or not (accepted or _readable(response)):
                problems.append(f"{where} {response.status_code}: no message")
            after = _fingerprint()
            if after != before and not accepted:
                problems.append(f"{where}: wrote {_messages(response)}")
            before = after
    assert not problems, "\n".join(problems)


# ---- the largest form a page offers is read


def test_the_largest_form_a_page_offers_is_within_the_sites_limit() -> None:
    # Django answers 400 to a post of more fields than DATA_UPLOAD_MAX_NUMBER_FIELDS before any
    # view runs: the round's hand pairings (boards and byes) and the prize list must fit.
    def fields(formset: Any, extra: int = 0) -> int:
        per_row = len(formset.form.base_fields) + extra
        return formset.max_num * per_row + 4  # and the management form's four

    pairings = fields(BoardFormSet) + fields(ByeFormSet) + 2  # version, CSRF token
    prizes = fields(PrizeFormSet, extra=1) + 2  # DELETE; based_on, CSRF token
    assert max(pairings, prizes) <= settings.DATA_UPLOAD_MAX_NUMBER_FIELDS


# ---- the query string: what pages read from it, given hostile values

QUERY_NAMES = [
    *("q", "lookup", "fill", "since", "pv", "force"),  # the TD's pages
    *("round", "order", "colours", "page", "names", "player", "version"),  # public ones
]
QUERY_KINDS = ("empty", "a word", "negative", "huge", "long", "NUL", "digit-like")


# A public page's cache keys hold only the values it uses, bounded: Django's warning of a key
# too long (``CacheKeyWarning``) is an error here (pyproject's filterwarnings) if one is made.
def test_hostile_query_strings_are_answered(
    world: World, other: Other, td_client: Client
) -> None:
    problems = []
    urls = {  # first: some cases' arguments add what they name (a team section)
        name: reverse(name, kwargs=case.kwargs(world))
        for name, case in sorted(CASES.items())
        if case.get != NOT_ALLOWED
    }
    before = _fingerprint()
    for name, url in urls.items():
        for kind in QUERY_KINDS:
            value = KINDS[kind](other)[0][:10_000]  # an address of 10 kB at most
            try:
                response = td_client.get(url, dict.fromkeys(QUERY_NAMES, value))
            except (
                Exception
            ) as error:  # the test client raises what the view let escape
                problems.append(f"GET {name} {kind!r}: {error!r:.300}")
                break
            if response.status_code >= 500:
                problems.append(f"GET {name} {kind!r}: {response.status_code}")
    assert _fingerprint() == before
    assert not problems, "\n".join(problems)
