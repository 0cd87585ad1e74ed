"""The public pages load only the part of Bootstrap they use (static/vendor/
bootstrap-5.3.9-public.min.css, built by scripts/build_public_css): these tests fail when a public
template, or the Python that writes the big tables, uses a Bootstrap class the built file lacks
(run the script), and when a public page stops loading that file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "static" / "vendor"
FULL = VENDOR / "bootstrap-5.3.9.min.css"
PUBLIC = VENDOR / "bootstrap-5.3.9-public.min.css"
TEMPLATES = ROOT / "templates" / "standings"
# The hall screens link the whole of Bootstrap themselves (they are not built on base.html).
NOT_PUBLIC_BASE = {"screen.html", "public_base.html"}
# Class names base.html builds from a message's level ("alert-{{ message.tags }}").
BUILT_FROM_VALUES = {"alert-success", "alert-info", "alert-warning", "alert-danger"}

TAG = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", re.S)
CLASS_ATTRIBUTE = re.compile(r"""\bclass=(?:"([^"]*)"|'([^']*)')""")
# Template blocks that hold a class list for base.html ({% block main_class %}...).
CLASS_BLOCK = re.compile(r"\{%\s*block\s+\w*_class\s*%\}(.*?)\{%\s*endblock", re.S)


def _selectors(path: Path) -> set[str]:
    """Every selector of every rule (one by one, not as lists), @media or not."""
    text = re.sub(
        r"url\([^)]*\)|\"[^\"]*\"|/\*.*?\*/", "", path.read_text(), flags=re.S
    )
    found: set[str] = set()
    for group in re.findall(r"([^{}]+)\{[^{}]*\}", text):
        depth, part = 0, ""
        for char in group + ",":
            depth += (char == "(") - (char == ")")
            if char == "," and depth == 0:
                found.add(part.strip())
                part = ""
            else:
                part += char
    return found


def _classes(selector: str) -> set[str]:
    # A class inside :not() is one the element must not have: the rule applies without it.
    return set(
        re.findall(r"\.(-?[_a-zA-Z][\w-]*)", re.sub(r":not\([^)]*\)", "", selector))
    )


def _elements(selector: str) -> set[str]:
    bare = re.sub(r":not\([^)]*\)", "", selector)
    return set(re.findall(r"(?:^|[\s>+~])([a-z][a-z0-9]*)", bare))


def _classes_used(text: str) -> set[str]:
    blocks = list(CLASS_BLOCK.findall(text))
    values = [a or b for a, b in CLASS_ATTRIBUTE.findall(text)]
    names: set[str] = set()
    for value in blocks + values:
        # Tags inside the value ({% if %}btn-secondary{% else %}...) leave their class names.
        names |= {n for n in TAG.sub(" ", value).split() if "{" not in n}
    return names


def _public_sources() -> list[Path]:
    return [
        ROOT / "templates" / "base.html",
        *sorted(p for p in TEMPLATES.glob("*.html") if p.name != "screen.html"),
        *sorted((ROOT / "standings").rglob("*.py")),
    ]


def test_the_public_subset_keeps_every_bootstrap_rule_the_public_pages_can_match() -> (
    None
):
    """Each selector of Bootstrap's whose classes and elements the public pages all use is in the
    subset (selectors on attributes are left out: PurgeCSS keeps those by attribute name)."""
    used = set(BUILT_FROM_VALUES)
    elements = {"html", "body"}
    for source in _public_sources():
        text = source.read_text()
        used |= _classes_used(text)
        elements |= set(re.findall(r"<([a-z][a-z0-9]*)", text))
    subset = _selectors(PUBLIC)
    missing = sorted(
        selector
        for selector in _selectors(FULL)
        if "[" not in selector
        and _classes(selector)
        and _classes(selector) <= used
        and _elements(selector) <= elements
        and selector not in subset
    )
    assert missing == [], "run scripts/build_public_css"


def test_the_subset_is_a_small_part_of_bootstrap_and_keeps_its_rules_as_they_are() -> (
    None
):
    full = FULL.read_text()
    subset = PUBLIC.read_text()
    assert len(subset) < len(full) / 4
    # Rules are kept whole: a sample of what the pages rely on, byte for byte.
    for rule in (
        ".table-sm>:not(caption)>*>*{padding:.25rem .25rem}",
        ".visually-hidden",
        ".d-print-none{display:none!important}",
    ):
        assert rule in full
        assert rule in subset


def test_the_check_sees_classes_in_attributes_tags_and_blocks() -> None:
    text = (
        '<a class="btn {% if x %}btn-secondary{% else %}btn-outline-secondary{% endif %}">'
        "{% block main_class %}container-fluid py-3{% endblock %}"
        "<td class='num {{ extra }}'>"
    )
    assert _classes_used(text) == {
        "btn",
        "btn-secondary",
        "btn-outline-secondary",
        "container-fluid",
        "py-3",
        "num",
    }


@pytest.mark.parametrize(
    "name",
    sorted(
        p.name
        for p in TEMPLATES.glob("*.html")
        if not p.name.startswith("_") and p.name not in NOT_PUBLIC_BASE
    ),
)
def test_every_public_page_is_built_on_the_public_base(name: str) -> None:
    assert (
        (TEMPLATES / name)
        .read_text()
        .startswith('{% extends "standings/public_base.html" %}')
    )


@pytest.mark.django_db
def test_a_public_page_holds_the_subset_and_its_own_css_and_links_no_other_stylesheet(
    client: Client,
) -> None:
    """The public pages' CSS is in the page (no file to wait for before the first screen) but
    the print stylesheet, which blocks nothing on a screen; the TD's pages link Bootstrap."""
    html = client.get(reverse("standings:home")).content.decode()
    head = html.split("</head>")[0]
    styles = re.findall(r"<style>(.*?)</style>", head, re.S)
    assert len(styles) == 1
    assert styles[0].startswith(PUBLIC.read_text())
    assert (ROOT / "static" / "css" / "site.css").read_text() in styles[0]
    assert re.findall(r"<link[^>]*stylesheet[^>]*>", head) == [
        '<link rel="stylesheet" href="/static/css/print.css" media="print">'
    ]
    login = client.get(reverse("login")).content.decode()
    assert "vendor/bootstrap-5.3.9.min.css" in login and "<style>" not in login
