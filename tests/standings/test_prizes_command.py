"""manage.py prizes: the distribution as text and JSON, setting the fund from a file, errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.standings.prize_builders import fund, prize_section
from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def section() -> Section:
    return prize_section()


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("prizes", *args, stdout=out)
    return out.getvalue()


def write(tmp_path: Path, content: object) -> str:
    path = tmp_path / "fund.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def test_fund_file_is_saved_and_the_tie_shares_the_pooled_prizes(
    section: Section, tmp_path: Path
) -> None:
    # 34C: #2, #3, #4 tied for 2nd-4th share $200 + $100 + the U1600 $120 = $420: $140 each.
    # Listed in standings order (Cy, Ben, Dee: see prize_builders).
    output = run(
        section.tournament.slug,
        "--fund",
        write(tmp_path, fund("120")),
        "--format",
        "json",
    )
    document = json.loads(output)
    assert document["awards"] == [
        {"start_number": 1, "name": "Ann Avery", "cash": "500.00", "prizes": ["1st"], "items": ["Trophy (1st)"]},
        {"start_number": 3, "name": "Cy Chen", "cash": "140.00", "prizes": ["2nd", "U1600 1st", "3rd"], "items": []},
        {"start_number": 2, "name": "Ben Brandt", "cash": "140.00", "prizes": ["2nd", "U1600 1st", "3rd"], "items": []},
        {"start_number": 4, "name": "Dee Diaz", "cash": "140.00", "prizes": ["2nd", "U1600 1st", "3rd"], "items": []},
    ]  # fmt: skip
    assert document["undistributed"] == "0.00"
    section.refresh_from_db()
    assert section.prize_fund == fund("120")


def test_a_larger_class_prize_is_taken_alone_and_shown_in_the_text(
    section: Section, tmp_path: Path
) -> None:
    # U1600 $300 > the equal share $200: #4 takes it, #2 and #3 share $300: $150 each.
    text = run(section.tournament.slug, "--fund", write(tmp_path, fund("300")))
    assert (
        "2nd-4th (takes a prize the others of the tie cannot win: more than an equal share of all the prizes involved ($600 / 3 = $200.00)): U1600 1st $300 -> $300.00"
        in text
    )
    assert (
        "2nd-4th (the others of the tie share what is left): 2nd $200 + 3rd $100 = $300 / 2 -> $150.00 each"
        in text
    )
    assert "1st: Trophy -> #1 Ann Avery (by score)" in text
    assert text.rstrip().endswith("Undistributed: $0.00")


def test_without_fund_option_the_stored_fund_is_used(section: Section) -> None:
    section.prize_fund = fund("120")
    section.save()
    document = json.loads(run(section.tournament.slug, "--format", "json"))
    assert [a["cash"] for a in document["awards"]] == [
        "500.00",
        "140.00",
        "140.00",
        "140.00",
    ]


def test_a_section_without_a_fund_says_so(section: Section) -> None:
    assert "No prize fund is set" in run(section.tournament.slug)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        (
            {"prizes": [{"label": "1st", "places": [0], "cash": "5"}]},
            r"Prize 1 \(1st\): places must be",
        ),
        (
            {"prizes": [{"label": "2nd", "places": [2], "cash": "-5"}]},
            "cash cannot be negative",
        ),
        ({"prizes": [{"label": "X", "places": [1]}]}, "neither cash nor an item"),
        ([1, 2], 'a "prizes" list'),
    ],
    ids=["not-json", "bad-place", "negative-cash", "empty-prize", "not-an-object"],
)
def test_a_bad_fund_file_is_refused_and_nothing_changes(
    section: Section, tmp_path: Path, content: object, message: str
) -> None:
    section.prize_fund = fund("120")
    section.save()
    with pytest.raises(CommandError, match=message) as error:
        run(section.tournament.slug, "--fund", write(tmp_path, content))
    assert "nothing changed" in str(error.value)
    section.refresh_from_db()
    assert section.prize_fund == fund("120")


def test_a_missing_fund_file_is_a_clear_error(section: Section, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read"):
        run(section.tournament.slug, "--fund", str(tmp_path / "nope.json"))


def test_an_unknown_section_is_a_clear_error(section: Section) -> None:
    with pytest.raises(CommandError, match="no section 'Reserve'"):
        run(section.tournament.slug, "--section", "Reserve")
