"""A player's page explains each tiebreak line by line: the Cumulative's lines name the round
and its running score (only an unplayed round says it was unplayed), and an opponent's adjusted
score (US Chess 34E1) shows the real one beside it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _rows(html: str, heading: str) -> list[list[str]]:
    """The breakdown table under the tiebreak ``heading``: each row's cells as text."""
    part = html.split(heading, 1)[1].split("</table>", 1)[0]
    return [
        [
            " ".join(re.sub(r"<[^>]+>", " ", c).split())
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", part.split("<tbody>", 1)[1], re.S)
    ]


def test_cumulative_lines_name_their_round_and_adjusted_scores_show_the_real_one(
    anonymous: Client, tournament: Tournament
) -> None:
    # Player 3 wins round 1 by forfeit: 34E1 counts that as a draw when 3 is an opponent.
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 +-", "1-3 =, 2-4 1-0", "1-4 1-0, 2-3 ="],
    )
    html = anonymous.get(
        reverse(
            "standings:player",
            kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
        )
    ).content.decode()
    cumulative = (
        _rows(html, "Cumulative –")
        if "Cumulative –" in html
        else _rows(html, "Cumulative")
    )
    assert [r[1] for r in cumulative] == [
        "after round 1",
        "after round 2",
        "after round 3",
    ]
    assert "unplayed round" not in " ".join(" ".join(r) for r in cumulative)
    solkoff = _rows(html, "Solkoff")
    three = next(r for r in solkoff if "(3)" in r[1])
    assert "real score 2" in three[3] and "counted 1½" in three[3]
