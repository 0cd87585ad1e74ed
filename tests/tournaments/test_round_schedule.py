"""The round schedule: the TD sets when each round starts (optional); players read it on the
tournament page and above the pairings, and the hall screens count down to the next round."""

from __future__ import annotations

import datetime
import re
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.test import Client, override_settings
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import HallScreen, Section, Tournament

pytestmark = pytest.mark.django_db

UTC = datetime.UTC


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return section_build(
        tournament=tournament,
        ratings=[2200, 2100, 2000, 1900],
        rounds=["1-3 1-0, 2-4 =", "1-2 ?, 3-4 ?"],
        rounds_total=4,
    )


def _schedule_url(section: Section) -> str:
    return reverse(
        "tournaments:section_schedule",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _text(response: object) -> str:
    html = response.content.decode()  # type: ignore[attr-defined]
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _set(section: Section, *starts: datetime.datetime | None) -> None:
    services.section_schedule_set(section=section, starts=list(starts))


@override_settings(TIME_ZONE="America/Chicago")
def test_the_td_sets_round_times_in_the_halls_time_and_the_tournament_page_lists_them(
    td_client: Client, anonymous: Client, section: Section
) -> None:
    response = td_client.post(
        _schedule_url(section),
        {
            "round_1": "2026-11-28T10:00",
            "round_2": "2026-11-28T14:00",
            "round_3": "",
            "round_4": "2026-11-29T09:30",
        },
    )
    assert response.status_code == 302
    section.refresh_from_db()
    # Stored with its offset: 2 pm in Chicago (CST) is 20:00 UTC.
    assert section.round_starts == [
        "2026-11-28T16:00:00+00:00",
        "2026-11-28T20:00:00+00:00",
        None,
        "2026-11-29T15:30:00+00:00",
    ]
    page = _text(
        anonymous.get(
            reverse("standings:tournament", kwargs={"slug": section.tournament.slug})
        )
    )
    # Each round a whole item of its own (a phone breaks the line between rounds only).
    assert (
        "Schedule: Rd 1 Sat Nov 28, 10:00 AM Rd 2 Sat Nov 28, 2:00 PM "
        "Rd 4 Sun Nov 29, 9:30 AM" in page
    )
    assert "4 players" in page
    # The form shows the times as the TD typed them.
    form = td_client.get(_schedule_url(section)).content.decode()
    assert 'value="2026-11-28T14:00"' in form and "America/Chicago" in form


def test_a_round_starting_before_an_earlier_one_is_refused_and_nothing_changes(
    td_client: Client, section: Section
) -> None:
    _set(section, datetime.datetime(2026, 11, 28, 10, tzinfo=UTC), None, None, None)
    response = td_client.post(
        _schedule_url(section),
        {"round_1": "2026-11-28T10:00", "round_2": "2026-11-28T09:00"},
    )
    assert response.status_code == 200
    assert "Round 2 must start after round 1." in _text(response)
    section.refresh_from_db()
    assert section.round_starts == ["2026-11-28T10:00:00+00:00", None, None, None]


def test_a_time_that_is_not_a_time_is_a_sentence_next_to_its_round(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(_schedule_url(section), {"round_1": "Saturday"})
    assert response.status_code == 200
    assert "Enter a valid date/time." in _text(response)
    section.refresh_from_db()
    assert section.round_starts == []


@override_settings(TIME_ZONE="America/Chicago")
def test_a_round_time_the_halls_clocks_skip_or_repeat_is_refused_and_nothing_changes(
    td_client: Client, section: Section
) -> None:
    # 2:30 AM never comes on March 8, 2026 in Chicago (clocks go forward); 1:30 AM on
    # November 1 comes twice (clocks go back): neither names one instant.
    for typed in ("2026-03-08T02:30", "2026-11-01T01:30"):
        response = td_client.post(_schedule_url(section), {"round_1": typed})
        assert response.status_code == 200
        assert (
            f"{typed.replace('T', ' ')}:00 couldn’t be interpreted in time zone "
            "America/Chicago; it may be ambiguous or it may not exist."
        ) in _text(response)
    section.refresh_from_db()
    assert section.round_starts == []


def test_only_the_sections_directors_set_its_schedule(
    other_td_client: Client, section: Section
) -> None:
    response = other_td_client.post(
        _schedule_url(section), {"round_1": "2026-11-28T10:00"}
    )
    assert response.status_code in (403, 404)
    section.refresh_from_db()
    assert section.round_starts == []


def test_the_service_refuses_a_schedule_of_the_wrong_length_or_without_a_time_zone(
    section: Section,
) -> None:
    with pytest.raises(ValidationError, match="The schedule has 2 rounds"):
        _set(section, None, None)
    with pytest.raises(ValidationError, match="Round 1's start needs a time zone"):
        _set(section, datetime.datetime(2026, 11, 28, 10), None, None, None)
    section.refresh_from_db()
    assert section.round_starts == []


def test_rounds_beyond_a_reduced_section_are_not_shown(section: Section) -> None:
    _set(
        section,
        *(datetime.datetime(2026, 11, 28, 9 + n, tzinfo=UTC) for n in range(4)),
    )
    section.rounds_total = 3
    assert [n for n, _when in section.round_schedule()] == [1, 2, 3]
    assert section.round_start(4) is None


# Every request looks the section up again (no 2-second reuse): the change shows at once.
@override_settings(PUBLIC_PAGES_FRESH_SECONDS=0)
def test_the_pairings_say_when_their_round_starts_and_follow_a_schedule_change(
    anonymous: Client, section: Section
) -> None:
    url = reverse(
        "standings:pairings",
        kwargs={"slug": section.tournament.slug, "section": section.pk, "number": 2},
    )
    assert re.search(r">Round 2 of 4</h2>", anonymous.get(url).content.decode())
    start = datetime.datetime(2026, 11, 28, 14, tzinfo=UTC)
    _set(section, start - datetime.timedelta(hours=4), start, None, None)
    # The page was cached a moment ago; the schedule is part of the section's version.
    text = _text(anonymous.get(url))
    assert "Round 2 of 4 · Sat Nov 28, 2:00 PM" in text


def test_before_round_one_is_posted_the_pairings_say_when_it_starts(
    anonymous: Client, tournament: Tournament
) -> None:
    waiting = section_build(
        tournament=tournament, name="Reserve", ratings=[1500, 1400], rounds=[]
    )
    _set(waiting, datetime.datetime(2026, 11, 28, 15, 30, tzinfo=UTC))
    url = reverse(
        "standings:pairings_current",
        kwargs={"slug": tournament.slug, "section": waiting.pk},
    )
    text = _text(anonymous.get(url))
    assert "No pairings are posted yet. Round 1 starts Sat Nov 28, 3:30 PM." in text


def _screen(section: Section, **fields: object) -> str:
    screen = HallScreen.objects.create(
        tournament=section.tournament,
        name="Board TV",
        section=section,
        content=HallScreen.Content.PAIRINGS_BY_BOARD,
        **fields,
    )
    return reverse("standings:hall_screen", args=[section.tournament.slug, screen.pk])


def _screen_at(url: str, now: datetime.datetime) -> str:
    """The hall screen's page as drawn at ``now`` (the clock the countdown reads), given in
    UTC as the real clock gives it: a clock in the hall's zone would hide a UTC date taken
    for the hall's."""
    with mock.patch("django.utils.timezone.now", return_value=now.astimezone(UTC)):
        return Client().get(url).content.decode()


@override_settings(TIME_ZONE="America/Chicago")
def test_a_hall_screen_counts_down_to_the_next_round_of_the_schedule(
    section: Section,
) -> None:
    hall = ZoneInfo("America/Chicago")
    now = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=hall)
    soon = now + datetime.timedelta(minutes=40)
    _set(
        section,
        now - datetime.timedelta(hours=3),
        now - datetime.timedelta(minutes=30),  # started: not counted down to
        soon,
        soon + datetime.timedelta(days=1),
    )
    html = _screen_at(_screen(section), now)
    assert f'data-at="{soon.astimezone(UTC).isoformat()}"' in html
    assert 'data-label="Round 3 at 14:40"' in html


@override_settings(TIME_ZONE="America/Chicago")
def test_a_hall_screens_next_round_after_midnight_names_its_day(
    section: Section,
) -> None:
    hall = ZoneInfo("America/Chicago")
    now = datetime.datetime(2026, 11, 28, 23, 40, tzinfo=hall)
    _set(
        section,
        now - datetime.timedelta(hours=5),
        now + datetime.timedelta(minutes=40),
        None,
        None,
    )
    html = _screen_at(_screen(section), now)
    assert 'data-label="Round 2 on Sun Nov 29 at 00:20"' in html


@override_settings(TIME_ZONE="America/Chicago")
def test_a_hall_screens_own_time_is_the_nearest_such_time_of_day_even_across_midnight(
    section: Section,
) -> None:
    hall = ZoneInfo("America/Chicago")
    url = _screen(section, next_round_at=datetime.time(0, 10))
    late = _screen_at(url, datetime.datetime(2026, 11, 28, 23, 50, tzinfo=hall))
    tomorrow = datetime.datetime(2026, 11, 29, 0, 10, tzinfo=hall)
    assert f'data-at="{tomorrow.isoformat()}"' in late  # 20 minutes on, not a day back
    assert 'data-label="Next round at 00:10"' in late
    HallScreen.objects.filter(name="Board TV").update(
        next_round_at=datetime.time(14, 0)
    )
    after = _screen_at(url, datetime.datetime(2026, 11, 28, 14, 30, tzinfo=hall))
    today = datetime.datetime(2026, 11, 28, 14, 0, tzinfo=hall)
    assert f'data-at="{today.isoformat()}"' in after  # started half an hour ago


@override_settings(TIME_ZONE="America/Chicago")
def test_a_hall_screens_own_time_wins_over_the_schedule(section: Section) -> None:
    hall = ZoneInfo("America/Chicago")
    now = datetime.datetime(2026, 11, 28, 23, 50, tzinfo=hall)
    _set(section, None, None, now + datetime.timedelta(hours=1), None)
    html = _screen_at(_screen(section, next_round_at=datetime.time(0, 10)), now)
    tomorrow = datetime.datetime(2026, 11, 29, 0, 10, tzinfo=hall)
    assert f'data-at="{tomorrow.isoformat()}"' in html
    assert 'data-label="Next round at 00:10"' in html


def test_without_a_schedule_or_a_time_a_hall_screen_has_no_countdown(
    anonymous: Client, section: Section
) -> None:
    assert "screen-countdown" not in anonymous.get(_screen(section)).content.decode()


def test_the_tds_round_page_says_when_the_round_starts_and_links_the_schedule(
    td_client: Client, section: Section
) -> None:
    _set(section, None, datetime.datetime(2026, 11, 28, 14, tzinfo=UTC), None, None)
    kw = {"slug": section.tournament.slug, "section": section.pk}
    second = td_client.get(
        reverse("tournaments:round_detail", kwargs={**kw, "number": 2})
    )
    assert "starts Sat Nov 28, 2:00 PM" in _text(second)
    assert f'href="{_schedule_url(section)}">starts' in second.content.decode()
    first = td_client.get(
        reverse("tournaments:round_detail", kwargs={**kw, "number": 1})
    )
    assert "no start time set" in _text(first)


def _page_version(page: str) -> str:
    found = re.search(r'name="based_on" value="([0-9a-f]+)"', page)
    assert found is not None, "the schedule form carries the schedule it was drawn from"
    return found[1]


@override_settings(TIME_ZONE="UTC")
def test_a_schedule_saved_from_a_page_older_than_another_tds_save_is_refused(
    td_client: Client, section: Section
) -> None:
    version = _page_version(td_client.get(_schedule_url(section)).content.decode())
    moved = datetime.datetime(2026, 11, 28, 15, 0, tzinfo=UTC)
    _set(section, None, moved, None, None)  # another TD moves round 2 to 15:00
    data = {"round_1": "2026-11-28T10:00", "round_2": "", "based_on": version}

    response = td_client.post(_schedule_url(section), data, follow=True)

    assert "The round schedule of Open changed after this page was opened" in (
        response.content.decode()
    )
    section.refresh_from_db()
    assert section.round_start(2) == moved and section.round_start(1) is None
    # Sent again from the page as it is now, with the time the other TD set kept.
    data["based_on"] = _page_version(response.content.decode())
    data["round_2"] = "2026-11-28T15:00"
    assert td_client.post(_schedule_url(section), data).status_code == 302
    assert (
        td_client.post(_schedule_url(section), data).status_code == 302
    )  # twice: fine
    section.refresh_from_db()
    assert section.round_start(1) == datetime.datetime(2026, 11, 28, 10, 0, tzinfo=UTC)
