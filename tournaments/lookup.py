"""Finding a section from what a user types: a tournament slug and, optionally, a section name."""

from __future__ import annotations

from tournaments.models import Section, Tournament


class SectionNotFound(LookupError):
    """No such tournament or section, or several sections and no name to choose one."""


def section_find(*, slug: str, name: str | None = None) -> Section:
    """The section named ``name`` (any case) of tournament ``slug``; the only one if no name is given."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise SectionNotFound(f"no tournament with slug {slug!r}")
    sections = list(tournament.sections.select_related("tournament"))
    names = ", ".join(repr(s.name) for s in sections)
    if not sections:
        raise SectionNotFound(f"{tournament.name} has no sections")
    if name is None:
        if len(sections) > 1:
            raise SectionNotFound(
                f"{tournament.name} has several sections; choose one with --section: {names}"
            )
        return sections[0]
    for section in sections:
        if section.name.casefold() == name.casefold():
            return section
    raise SectionNotFound(
        f"{tournament.name} has no section {name!r}; its sections are {names}"
    )
