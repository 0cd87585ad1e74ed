"""The TD's prize page: the fund editor, JSON upload and download, playoffs."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.standings.prize_builders import fund, prize_section
from tournaments import services
from tournaments.forms.prizes import FUND_BOTH, PLACES_BAD, places_parse, places_text
from tournaments.models import Section, Tournament
from tournaments.views import prizes as views

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return prize_section(tournament)


def url(section: Section, name: str = "tournaments:prizes", **extra: Any) -> str:
    return reverse(
        name, kwargs={"slug": section.tournament.slug, "section": section.pk, **extra}
    )


def rows(*prizes: dict[str, str], total: int | None = None) -> dict[str, str]:
    """The editor's POST data: one dict of fields per row."""
    data = {
        "prizes-TOTAL_FORMS": str(total or len(prizes)),
        "prizes-INITIAL_FORMS": "0",
        "prizes-MIN_NUM_FORMS": "0",
        "prizes-MAX_NUM_FORMS": "1000",
    }
    for n, prize in enumerate(prizes):
        data.update({f"prizes-{n}-{k}": v for k, v in prize.items()})
    return data


def reload(section: Section) -> Section:
    section.refresh_from_db()
    return section


def test_the_page_shows_the_saved_fund_in_the_editor(
    section: Section, td_client: Client
) -> None:
    services.section_prize_fund_set(section=section, fund=fund("120"))
    response = td_client.get(url(section))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'value="U1600 1st"' in html and 'value="1599"' in html
    # The four saved lines and three blank ones.
    assert response.context["formset"].total_form_count() == 7


def test_saving_the_editor_rows_stores_the_fund(
    section: Section, td_client: Client
) -> None:
    data = rows(
        {"label": "1st", "places": "1", "cash": "500", "item": "Trophy"},
        {"label": "2nd-4th", "places": "2-4", "cash": "100.50"},
        {"label": "", "places": "", "cash": ""},  # a blank line is no prize
        {"label": "Best unrated", "places": "1", "item": "Book", "unrated": "on"},
        {"label": "Gone", "places": "1", "cash": "5", "DELETE": "on"},
    )
    response = td_client.post(url(section), data)
    assert response.status_code == 302
    assert reload(section).prize_fund == {
        "prizes": [
            {"label": "1st", "places": [1], "cash": "500", "item": "Trophy"},
            {"label": "2nd-4th", "places": [2, 3, 4], "cash": "100.50"},
            {"label": "Best unrated", "places": [1], "item": "Book", "unrated": True},
        ]
    }
    assert (
        "Prize fund saved: 3 prize lines."
        in td_client.get(url(section)).content.decode()
    )


def test_a_bad_row_is_shown_on_its_row_and_nothing_is_saved(
    section: Section, td_client: Client
) -> None:
    services.section_prize_fund_set(section=section, fund=fund())
    data = rows(
        {"label": "1st", "places": "1", "cash": "500"},
        {"label": "", "places": "2", "cash": "200"},
        {"label": "3rd", "places": "third", "cash": "100"},
    )
    response = td_client.post(url(section), data)
    assert response.status_code == 200
    formset = response.context["formset"]
    assert formset.forms[2].errors["places"] == [PLACES_BAD]
    assert reload(section).prize_fund == fund()
    # Once the places are right, the missing label is named on the second row.
    data["prizes-2-places"] = "3"
    response = td_client.post(url(section), data)
    assert response.context["formset"].forms[1].non_field_errors() == [
        "Needs a label (the name shown on the prize list)."
    ]
    assert reload(section).prize_fund == fund()


def test_add_rows_adds_blank_lines_and_saves_nothing(
    section: Section, td_client: Client
) -> None:
    data = rows({"label": "1st", "places": "1", "cash": "500"})
    data["add_rows"] = "1"
    response = td_client.post(url(section), data)
    assert response.status_code == 200
    assert response.context["formset"].total_form_count() == 4
    assert 'value="1st"' in response.content.decode()
    assert reload(section).prize_fund == {}


def test_uploaded_fund_file_replaces_the_fund(
    section: Section, td_client: Client
) -> None:
    upload = SimpleUploadedFile(
        "fund.json", json.dumps(fund("300")).encode(), content_type="application/json"
    )
    response = td_client.post(
        url(section, "tournaments:prize_fund_upload"), {"file": upload}
    )
    assert response.status_code == 302
    assert reload(section).prize_fund == fund("300")


def test_pasted_fund_json_replaces_the_fund(
    section: Section, td_client: Client
) -> None:
    response = td_client.post(
        url(section, "tournaments:prize_fund_upload"), {"text": json.dumps(fund())}
    )
    assert response.status_code == 302
    assert reload(section).prize_fund == fund()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{oops", "not valid JSON"),
        ('{"prizes": [{"label": "1st", "places": [1], "cash": "-1"}]}', "Prize 1 (1st): cash cannot be negative."),
    ],
    ids=["not-json", "negative-cash"],
)  # fmt: skip
def test_bad_pasted_json_is_refused_with_its_message(
    section: Section, td_client: Client, text: str, message: str
) -> None:
    services.section_prize_fund_set(section=section, fund=fund())
    response = td_client.post(
        url(section, "tournaments:prize_fund_upload"), {"text": text}
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert reload(section).prize_fund == fund()


def test_a_file_and_pasted_text_together_are_refused(
    section: Section, td_client: Client
) -> None:
    upload = SimpleUploadedFile("fund.json", json.dumps(fund()).encode())
    response = td_client.post(
        url(section, "tournaments:prize_fund_upload"),
        {"file": upload, "text": json.dumps(fund())},
    )
    assert FUND_BOTH in response.content.decode()
    assert reload(section).prize_fund == {}


def test_download_gives_the_fund_json_back(section: Section, td_client: Client) -> None:
    services.section_prize_fund_set(section=section, fund=fund("300"))
    response = td_client.get(url(section, "tournaments:prize_fund_download"))
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == fund("300")


def test_a_playoff_is_recorded_listed_and_deleted(
    section: Section, td_client: Client
) -> None:
    response = td_client.post(
        url(section, "tournaments:playoff_record"), {"players": "4, 3", "note": "G/5"}
    )
    assert response.status_code == 302
    assert reload(section).playoffs == [{"players": [4, 3], "note": "G/5"}]
    html = td_client.get(url(section)).content.decode()
    assert "#4 Dee Diaz" in html and "#3 Cy Chen" in html
    td_client.post(
        url(section, "tournaments:playoff_delete", playoff=1),
        {"players": "4,3", "confirm": "1"},
    )
    assert reload(section).playoffs == []


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("4", services.PLAYOFF_TOO_FEW),
        ("4, 9", services.PLAYOFF_NOT_IN_SECTION.format(section="Open", number=9)),
        ("four, three", "Write the players' start numbers"),
    ],
    ids=["one", "unknown-player", "not-numbers"],
)
def test_a_bad_playoff_is_refused_on_the_page(
    section: Section, td_client: Client, players: str, message: str
) -> None:
    response = td_client.post(
        url(section, "tournaments:playoff_record"), {"players": players}
    )
    assert response.status_code == 200
    assert message.replace("'", "&#x27;") in response.content.decode()
    assert reload(section).playoffs == []


def test_deleting_a_missing_playoff_says_so(
    section: Section, td_client: Client
) -> None:
    response = td_client.post(
        url(section, "tournaments:playoff_delete", playoff=3), follow=True
    )
    assert "There is no playoff number 3 to delete." in response.content.decode()


def test_the_announced_flag_is_set_and_cleared(
    section: Section, td_client: Client
) -> None:
    td_client.post(url(section, "tournaments:playoff_announced"), {"announced": "on"})
    assert reload(section).playoff_announced is True
    td_client.post(url(section, "tournaments:playoff_announced"), {})
    assert reload(section).playoff_announced is False


def test_a_section_of_another_tournament_is_not_found(
    td_client: Client, tournament: Tournament
) -> None:
    elsewhere = prize_section()
    wrong = reverse(
        "tournaments:prizes", kwargs={"slug": tournament.slug, "section": elsewhere.pk}
    )
    assert td_client.get(wrong).status_code == 404


@pytest.mark.parametrize(
    ("text", "places"),
    [("1", [1]), ("2-4", [2, 3, 4]), ("1, 3", [1, 3]), ("1,2, 5-6", [1, 2, 5, 6])],
)
def test_places_are_read_and_written_back(text: str, places: list[int]) -> None:
    assert places_parse(text) == places
    assert places_parse(places_text(places)) == places


@pytest.mark.parametrize("text", ["", "a", "3-1", "0-2", "1;2"])
def test_unreadable_places_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        places_parse(text)


def test_a_cash_amount_may_be_typed_with_a_dollar_sign_and_commas(
    section: Section, td_client: Client
) -> None:
    response = td_client.post(
        url(section),
        rows(
            {"label": "1st", "places": "1", "cash": "$1,500"},
            {"label": "2nd", "places": "2", "cash": " $500.50 "},
        ),
    )

    assert response.status_code == 302
    assert [p["cash"] for p in reload(section).prize_fund["prizes"]] == [
        "1500",
        "500.50",
    ]


def editor_version(page: bytes) -> str:
    found = re.search(r'name="based_on" value="([0-9a-f]+)"', page.decode())
    assert found is not None, "the editor carries the fund it was drawn from"
    return found[1]


def test_an_editor_opened_before_another_tds_save_does_not_take_back_their_lines(
    section: Section, td_client: Client
) -> None:
    version = editor_version(td_client.get(url(section)).content)
    services.section_prize_fund_set(section=section, fund=fund("120"))  # the other TD

    response = td_client.post(
        url(section),
        {**rows({"label": "1st", "places": "1", "cash": "50"}), "based_on": version},
        follow=True,
    )

    assert "The prize fund changed after this page was opened" in (
        response.content.decode()
    )
    assert reload(section).prize_fund == fund("120")
    # Saved again from the page that said so: the TD means it.
    again = td_client.post(
        url(section),
        {
            **rows({"label": "1st", "places": "1", "cash": "50"}),
            "based_on": editor_version(response.content),
        },
    )
    assert again.status_code == 302
    assert [p["label"] for p in reload(section).prize_fund["prizes"]] == ["1st"]


def test_an_upload_from_a_page_older_than_another_tds_save_does_not_take_back_their_lines(
    section: Section, td_client: Client
) -> None:
    version = editor_version(td_client.get(url(section)).content)
    services.section_prize_fund_set(section=section, fund=fund("120"))  # the other TD
    upload = {"text": json.dumps(fund("300")), "based_on": version}

    response = td_client.post(url(section, "tournaments:prize_fund_upload"), upload)

    page = response.content.decode()
    assert response.status_code == 200
    assert "The prize fund changed after this page was opened" in page
    assert "Upload or paste the fund JSON again to replace it." in page
    assert reload(section).prize_fund == fund("120")
    # Sent again from the page that said so: the TD means it.
    again = td_client.post(
        url(section, "tournaments:prize_fund_upload"),
        {**upload, "based_on": editor_version(response.content)},
    )
    assert again.status_code == 302
    assert reload(section).prize_fund == fund("300")


def test_an_upload_sent_twice_saves_once_without_an_error(
    section: Section, td_client: Client
) -> None:
    upload = {
        "text": json.dumps(fund("300")),
        "based_on": editor_version(td_client.get(url(section)).content),
    }

    for _ in range(2):
        response = td_client.post(url(section, "tournaments:prize_fund_upload"), upload)
        assert response.status_code == 302
    assert reload(section).prize_fund == fund("300")


def test_the_editor_saved_twice_saves_once_without_an_error(
    section: Section, td_client: Client
) -> None:
    data = {
        **rows({"label": "1st", "places": "1", "cash": "50"}),
        "based_on": editor_version(td_client.get(url(section)).content),
    }

    assert td_client.post(url(section), data).status_code == 302
    assert td_client.post(url(section), data).status_code == 302


def test_a_playoff_delete_pressed_twice_deletes_only_that_playoff(
    section: Section, td_client: Client
) -> None:
    services.section_playoff_record(section=section, players=[4, 3])
    services.section_playoff_record(section=section, players=[2, 1])
    delete = url(section, "tournaments:playoff_delete", playoff=1)

    td_client.post(delete, {"players": "4,3", "confirm": "1"})
    # Number 1 is the other playoff now; the confirmation sent again, or the first page's
    # button pressed again: answered as done, and the other playoff stays.
    again = td_client.post(delete, {"players": "4,3", "confirm": "1"}, follow=True)
    pressed = td_client.post(delete, {"players": "4,3"}, follow=True)

    assert reload(section).playoffs == [{"players": [2, 1], "note": ""}]
    for answer in (again, pressed):
        assert views.PLAYOFF_DELETED in answer.content.decode()


def test_deleting_a_playoff_asks_first_naming_it_and_its_players(
    section: Section, td_client: Client
) -> None:
    services.section_playoff_record(section=section, players=[2, 1])
    services.section_playoff_record(section=section, players=[4, 3], note="G/5")
    delete = url(section, "tournaments:playoff_delete", playoff=2)

    asked = td_client.post(delete, {"players": "4,3"})

    assert asked.status_code == 200
    page = asked.content.decode()
    assert "Delete playoff 2?" in page
    assert "Playoff 2: #4 Dee Diaz › #3 Cy Chen (G/5)." in page
    # The confirmation posts the same playoff back, with confirm; Cancel goes back.
    assert '<input type="hidden" name="players" value="4,3">' in page
    assert '<input type="hidden" name="confirm" value="1">' in page
    assert f'href="{url(section)}#playoffs">Cancel: keep it</a>' in page
    assert len(reload(section).playoffs) == 2

    done = td_client.post(delete, {"players": "4,3", "confirm": "1"})

    assert done.status_code == 302
    assert reload(section).playoffs == [{"players": [2, 1], "note": ""}]


def test_a_playoff_sent_twice_is_recorded_once_without_an_error(
    section: Section, td_client: Client
) -> None:
    post = {"players": "4, 3", "note": "G/5"}
    td_client.post(url(section, "tournaments:playoff_record"), post)

    # The first answer lost on the way back: the TD sends the same playoff again.
    again = td_client.post(url(section, "tournaments:playoff_record"), post)

    assert again.status_code == 302
    assert reload(section).playoffs == [{"players": [4, 3], "note": "G/5"}]


def test_a_playoff_of_the_same_players_in_another_order_is_still_refused(
    section: Section, td_client: Client
) -> None:
    services.section_playoff_record(section=section, players=[4, 3], note="G/5")

    response = td_client.post(
        url(section, "tournaments:playoff_record"), {"players": "3, 4", "note": "G/5"}
    )

    assert response.status_code == 200
    assert "already in a recorded playoff" in response.content.decode()
    assert reload(section).playoffs == [{"players": [4, 3], "note": "G/5"}]


def test_the_delete_button_names_its_playoffs_players(
    section: Section, td_client: Client
) -> None:
    services.section_playoff_record(section=section, players=[4, 3])

    assert 'name="players" value="4,3"' in td_client.get(url(section)).content.decode()
