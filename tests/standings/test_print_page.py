"""The printed pages' header: the section's name goes into CSS (an @page margin box), escaped."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from standings.templatetags.standings_format import css_string
from tests.tournaments.builders import section_build
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_name_cannot_end_the_css_string_or_the_style_element() -> None:
    text = css_string('Open "A"; } </style><script>x</script> \\ U2000')
    assert '"' not in text and "<" not in text and ";" not in text and "}" not in text
    assert "\\" + "00003c" in text  # < as a CSS escape
    assert css_string("Riverside Open – U1600") == "Riverside Open – U1600"


def test_section_pages_print_their_name_and_page_numbers(
    anonymous: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        name='U1600 "B"',
        ratings=[1500, 1400],
        rounds=["1-2 1-0"],
    )
    html = anonymous.get(
        reverse(
            "standings:standings",
            kwargs={"slug": tournament.slug, "section": section.pk},
        )
    ).content.decode()
    assert '@top-left { content: "Spring Open – U1600 \\000022B\\000022"' in html
    assert 'counter(page) " of " counter(pages)' in html
