"""The rating report's pre-flight page, its download, and `manage.py uschess_report`."""

from __future__ import annotations

import datetime
import html
import re
from pathlib import Path
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.core.management import CommandError, call_command
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.builders import section_build
from tournaments.models import Player, Round, Tournament

pytestmark = pytest.mark.django_db

READY = {
    "start_date": datetime.date(2025, 6, 1),
    "end_date": datetime.date(2025, 6, 1),
    "city": "Springfield",
    "state": "IL",
    "zip_code": "62701",
    "affiliate_id": "A6051416",
    "chief_td_id": "12000001",
}


def ready(tournament: Tournament) -> Tournament:
    """The tournament with every event field the report needs, and one finished section."""
    Tournament.objects.filter(pk=tournament.pk).update(**READY)
    section = section_build(
        tournament=tournament,
        ratings=[1800, 1700],
        rounds=["1-2 1-0"],
        time_control="G/60;d5",
    )
    Player.objects.filter(section=section).update(state="IL")
    for n, id_ in ((1, "12345678"), (2, "23456789")):
        Player.objects.filter(section=section, start_number=n).update(uschess_id=id_)
    Round.objects.filter(section=section).update(status="complete")
    tournament.refresh_from_db()
    return tournament


def page_problems(client: Client, url: str) -> tuple[list[str], list[str]]:
    """The page's (errors, warnings) as 'sentence -> link' lines."""
    text = client.get(url).content.decode()

    def items(block_id: str) -> list[str]:
        match = re.search(rf'id="{block_id}".*?</ul>', text, re.S)
        if not match:
            return []
        return [
            f"{html.unescape(s)} -> {html.unescape(u)}"
            for s, u in re.findall(
                r'<span class="me-auto">(.*?)</span><a [^>]*href="([^"]+)"', match[0]
            )
        ]

    return items("report-errors"), items("report-warnings")


def report_url(tournament: Tournament) -> str:
    return reverse("tournaments:rating_report", kwargs={"slug": tournament.slug})


def test_a_ready_event_has_no_errors_and_offers_the_download(
    td_client: Client, tournament: Tournament
) -> None:
    ready(tournament)

    errors, warnings = page_problems(td_client, report_url(tournament))
    page = td_client.get(report_url(tournament)).content.decode()

    assert (errors, warnings) == ([], [])
    assert "the report is ready to upload" in page


# The event's last day is the hall's date (TIME_ZONE), not UTC's: evening in Chicago is already
# the next day in UTC, and morning in Tokyo still the day before.
@pytest.mark.parametrize(
    ("hall", "hall_time", "over"),
    [
        ("America/Chicago", datetime.datetime(2026, 11, 28, 21, 0), False),  # UTC: Sun
        ("Asia/Tokyo", datetime.datetime(2026, 11, 29, 8, 0), True),  # UTC: Sat
    ],
    ids=["saturday-night-in-chicago", "sunday-morning-in-tokyo"],
)
def test_an_event_can_be_reported_from_its_last_day_in_the_halls_time_zone(
    td_client: Client,
    tournament: Tournament,
    hall: str,
    hall_time: datetime.datetime,
    over: bool,
) -> None:
    ready(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(
        end_date=datetime.date(2026, 11, 29)  # Sunday
    )
    # In UTC, as the real clock gives it: a local ``now`` would hide a UTC date.
    now = hall_time.replace(tzinfo=ZoneInfo(hall)).astimezone(datetime.UTC)
    with (
        override_settings(TIME_ZONE=hall),
        mock.patch("django.utils.timezone.now", return_value=now),
    ):
        errors, _warnings = page_problems(td_client, report_url(tournament))
    edit = reverse("tournaments:tournament_edit", kwargs={"slug": tournament.slug})
    assert errors == (
        []
        if over
        else [
            "The event ends on 2026-11-29: it can be reported once it is over. "
            f"-> {edit}"
        ]
    )


def test_the_page_lists_each_planted_problem_with_the_page_that_fixes_it(
    td_client: Client, tournament: Tournament
) -> None:
    ready(tournament)
    later = timezone.localdate() + datetime.timedelta(days=30)  # not over yet
    Tournament.objects.filter(pk=tournament.pk).update(
        name="The Springfield Spring Scholastic Open",  # 38 characters
        city="",
        state="",
        zip_code="",
        affiliate_id="",
        chief_td_id="",
        end_date=later,
    )
    section = section_build(
        tournament=tournament,
        name="Blitz",
        ratings=[1500, 1400, 1300, 1200],
        names=["Wang, 小明", "Wolfeschlegelsteinhausen, Hubert", "Cole, Al", "Dee, Bo"],
        rounds=["1-2 1-0, 3-4 =", "1-3 ?, 2-4 0-1"],
        rounds_total=33,
        time_control="G/3;d0",
    )
    Player.objects.filter(section=section, start_number__in=[2, 3]).update(
        uschess_id="11111111", state="WI"
    )
    Player.objects.filter(section=section, start_number=4).update(uschess_id="1234")
    Round.objects.filter(section=section, number=1).update(status="complete")
    solo = section_build(
        tournament=tournament, name="Solo", ratings=[1500], rounds=[], rounds_total=1
    )
    kw = {"slug": tournament.slug, "section": section.pk}

    def player(n: int) -> str:
        return reverse("tournaments:player_edit", kwargs={**kw, "number": n})

    edit = reverse("tournaments:tournament_edit", kwargs={"slug": tournament.slug})
    settings = reverse("tournaments:section_edit", kwargs=kw)
    errors, warnings = page_problems(td_client, report_url(tournament))

    for expected in [
        f"The event's name is 38 characters; the report takes 35. -> {edit}",
        f"The US Chess affiliate ID is missing. -> {edit}",
        f"The chief TD's US Chess ID is missing. -> {edit}",
        f"The event's city is missing. -> {edit}",
        f"The event's state is missing. -> {edit}",
        f"The event's ZIP code is missing. -> {edit}",
        f"The event ends on {later:%Y-%m-%d}: "
        f"it can be reported once it is over. -> {edit}",
        f"Blitz: G/3;d0 is too fast to be rated (under 5 minutes). -> {settings}",
        f"Blitz: 33 rounds; the report takes at most 32. -> {settings}",
        "Blitz: round 2 is not complete. -> "
        + reverse("tournaments:round_detail", kwargs={**kw, "number": 2}),
        "Blitz: round 3 is not complete. -> "
        + reverse("tournaments:round_detail", kwargs={**kw, "number": 3}),
        f"Blitz: player 1. Wang, 小明 has no US Chess ID. -> {player(1)}",
        "Blitz: the name of player 1. Wang, 小明 has characters that are not plain "
        f"letters (only ASCII can be reported). -> {player(1)}",
        "Blitz: the name of player 2. Wolfeschlegelsteinhausen, Hubert is 32 characters "
        f"long as LAST, FIRST (the report takes 30). -> {player(2)}",
        "Blitz: player 2. Wolfeschlegelsteinhausen, Hubert has US Chess ID 11111111, "
        f"which another player of the section also has. -> {player(2)}",
        "Blitz: player 3. Cole, Al has US Chess ID 11111111, which another player of the "
        f"section also has. -> {player(3)}",
        f"Blitz: player 4. Dee, Bo has US Chess ID '1234', not 8 digits. -> {player(4)}",
        "Solo: fewer than 2 players: nothing to rate. -> "
        + reverse(
            "tournaments:section_detail",
            kwargs={"slug": tournament.slug, "section": solo.pk},
        ),
    ]:
        assert expected in errors, expected
    assert (
        f"Blitz: player 1. Wang, 小明 has no state (US Chess accepts it blank). -> {player(1)}"
        in warnings
    )
    assert not any("has no state" in e for e in errors)
    assert not any("Open:" in e for e in errors)  # the ready section has no problem


def test_the_section_page_shows_the_event_and_that_section_only(
    td_client: Client, tournament: Tournament
) -> None:
    ready(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(city="")
    other = section_build(
        tournament=tournament, name="Other", ratings=[1500], rounds=[], rounds_total=1
    )
    section = tournament.sections.get(name="Open")
    url = reverse(
        "tournaments:section_rating_report",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )

    errors, _ = page_problems(td_client, url)

    assert any("city is missing" in e for e in errors)
    assert not any(e.startswith(f"{other.name}:") for e in errors)


def download_url(tournament: Tournament) -> str:
    return reverse(
        "tournaments:rating_report_download", kwargs={"slug": tournament.slug}
    )


def test_the_download_and_the_command_give_the_same_bytes(
    td_client: Client, tournament: Tournament, tmp_path: Path
) -> None:
    ready(tournament)
    response = td_client.get(download_url(tournament))

    call_command("uschess_report", tournament.slug, "--out", str(tmp_path))

    assert response["Content-Type"] == "application/zip"
    written = tmp_path / f"{tournament.slug}-uschess-report.zip"
    assert response.content == written.read_bytes()
    assert (tmp_path / "TDEXPORT.DBF").read_bytes()[-1:] == b"\x1a"


def test_with_errors_the_download_needs_force_and_the_command_exits_non_zero(
    td_client: Client, tournament: Tournament, tmp_path: Path
) -> None:
    ready(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(zip_code="")

    refused = td_client.get(download_url(tournament))
    forced = td_client.get(download_url(tournament) + "?force=1")
    with pytest.raises(CommandError, match="The event's ZIP code is missing"):
        call_command("uschess_report", tournament.slug, "--out", str(tmp_path / "a"))
    assert not (tmp_path / "a").exists()
    call_command(
        "uschess_report", tournament.slug, "--out", str(tmp_path / "b"), "--force"
    )

    assert refused.status_code == 302
    assert refused["Location"] == report_url(tournament)
    assert forced["Content-Type"] == "application/zip"
    written = tmp_path / "b" / f"{tournament.slug}-uschess-report.zip"
    assert forced.content == written.read_bytes()


def test_another_td_may_not_see_or_download_the_report(
    other_td_client: Client, tournament: Tournament
) -> None:
    ready(tournament)

    assert other_td_client.get(report_url(tournament)).status_code == 403
    assert other_td_client.get(download_url(tournament) + "?force=1").status_code == 403


def test_a_final_section_with_problems_says_it_must_be_reopened(
    td_client: Client, tournament: Tournament
) -> None:
    ready(tournament)
    section = tournament.sections.get()
    Player.objects.filter(section=section, start_number=1).update(uschess_id="")

    before = td_client.get(report_url(tournament)).content.decode()
    section.is_final = True
    section.save(update_fields=["is_final"])
    after = td_client.get(report_url(tournament)).content.decode()

    assert "report-final-note" not in before
    assert (
        "Open is marked final: players and results change only after reopening" in after
    )
