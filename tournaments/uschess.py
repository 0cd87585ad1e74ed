"""US Chess's spellings: member and affiliate IDs, states, time controls, names for the rating report.

Pure functions (no database): the setup forms, the model validators, the pre-flight page and the
rating-report writer share them. The formats are the ones US Chess's rating-report file format
("2C") and its ratings portal use; docs/rating-report.md lists the sources.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from django.core.exceptions import ValidationError

USCHESS_ID_FORMAT = "A US Chess ID has 8 digits, e.g. 12345678."
AFFILIATE_ID_FORMAT = (
    "A US Chess affiliate ID is the letter A and 7 digits, e.g. A6051416."
)
STATE_UNKNOWN = (
    "{value!r} is not a US state or territory: use its two-letter postal code, e.g. IL."
)
ZIP_FORMAT = "A ZIP code has 5 digits, or 5+4 (e.g. 62701 or 62701-1234)."
OTHER_TDS_FORMAT = (
    "Other TDs: US Chess IDs of 8 digits separated by commas ({value!r} is not one)."
)
TIME_CONTROL_FORMAT = (
    "{value!r} is not a time control in US Chess's spelling: write e.g. G/60;d5, G/90;+30 "
    "or 40/90,SD/30;d5 (G = game in, SD = sudden death, d = delay, + = increment, in "
    "seconds; ;d0 when there is neither)."
)

USCHESS_ID_RE = re.compile(r"\d{8}")
AFFILIATE_ID_RE = re.compile(r"A\d{7}")
ZIP_RE = re.compile(r"\d{5}(-\d{4})?")

# The postal codes of the states, DC and the territories (USPS).
US_STATES = frozenset(
    [
        "AL",
        "AK",
        "AZ",
        "AR",
        "CA",
        "CO",
        "CT",
        "DE",
        "DC",
        "FL",
        "GA",
        "HI",
        "ID",
        "IL",
        "IN",
        "IA",
        "KS",
        "KY",
        "LA",
        "ME",
        "MD",
        "MA",
        "MI",
        "MN",
        "MS",
        "MO",
        "MT",
        "NE",
        "NV",
        "NH",
        "NJ",
        "NM",
        "NY",
        "NC",
        "ND",
        "OH",
        "OK",
        "OR",
        "PA",
        "RI",
        "SC",
        "SD",
        "TN",
        "TX",
        "UT",
        "VT",
        "VA",
        "WA",
        "WV",
        "WI",
        "WY",
        "AS",
        "GU",
        "MP",
        "PR",
        "VI",
        "UM",
        "AA",
        "AE",
        "AP",
    ]
)


def validate_uschess_id(value: str) -> None:
    if not USCHESS_ID_RE.fullmatch(value):
        raise ValidationError(USCHESS_ID_FORMAT)


def validate_affiliate_id(value: str) -> None:
    if not AFFILIATE_ID_RE.fullmatch(value):
        raise ValidationError(AFFILIATE_ID_FORMAT)


def validate_state(value: str) -> None:
    if value not in US_STATES:
        raise ValidationError(STATE_UNKNOWN.format(value=value))


def validate_zip(value: str) -> None:
    if not ZIP_RE.fullmatch(value):
        raise ValidationError(ZIP_FORMAT)


def other_tds_split(value: str) -> list[str]:
    """The IDs of a comma-separated list of other TDs (spaces ignored)."""
    return [part.strip() for part in value.split(",") if part.strip()]


def validate_other_tds(value: str) -> None:
    for part in other_tds_split(value):
        if not USCHESS_ID_RE.fullmatch(part):
            raise ValidationError(OTHER_TDS_FORMAT.format(value=part))


# ---- time controls


@dataclass(frozen=True)
class TimeControl:
    """A parsed time control: periods of (moves or None for the rest of the game, minutes)."""

    periods: tuple[tuple[int | None, int], ...]
    kind: str  # "d" delay, "+" increment
    seconds: int

    @property
    def spelling(self) -> str:
        """US Chess's canonical spelling: G/60;d5, G/90;+30, 40/90,SD/30;d5, G/45;d0."""
        parts = []
        for i, (moves, minutes) in enumerate(self.periods):
            if moves is not None:
                parts.append(f"{moves}/{minutes}")
            else:
                parts.append(f"{'G' if i == 0 else 'SD'}/{minutes}")
        return ",".join(parts) + f";{self.kind}{self.seconds}"

    @property
    def total_minutes(self) -> int:
        """The time the rating categories are measured by: the first period's minutes plus the
        delay or increment in seconds (G/60;d5 counts 65)."""
        return self.periods[0][1] + self.seconds

    @property
    def category(self) -> str | None:
        """Regular, dual, quick or blitz by the total (over 65: regular; 30-65: dual, rated
        both regular and quick; 11-29: quick; 5-10: blitz), None below 5 minutes: not ratable."""
        total = self.total_minutes
        if total > 65:
            return "regular"
        if total >= 30:
            return "dual"
        if total > 10:
            return "quick"
        if total >= 5:
            return "blitz"
        return None


_PERIOD_RE = re.compile(r"(?:(G|SD)|(\d{1,3}))/(\d{1,3})")
_TAIL_RE = re.compile(r"(d|\+)(\d{1,3})")


def time_control_parse(text: str) -> TimeControl:
    """Parse a US Chess time control (spaces and case are forgiven; a missing ``;d0`` is added).

    Raises ValidationError with the expected spelling when it does not parse.
    """
    value = re.sub(r"\s+", "", text).upper().replace(";D", ";d")
    error = ValidationError(TIME_CONTROL_FORMAT.format(value=text))
    body, _, tail = value.partition(";")
    kind, seconds = "d", 0
    if tail:
        match = _TAIL_RE.fullmatch(tail)
        if not match:
            raise error
        kind, seconds = match[1], int(match[2])
    periods: list[tuple[int | None, int]] = []
    chunks = body.split(",") if body else []
    for i, chunk in enumerate(chunks):
        match = _PERIOD_RE.fullmatch(chunk)
        if not match:
            raise error
        letters, moves, minutes = match[1], match[2], int(match[3])
        last = i == len(chunks) - 1
        # G/ is a whole game (first and only period); SD/ ends a game after move periods.
        if letters == "G" and (i != 0 or not last):
            raise error
        if letters == "SD" and (i == 0 or not last):
            raise error
        if minutes == 0:
            raise error
        periods.append((int(moves) if moves else None, minutes))
    if not periods:
        raise error
    return TimeControl(periods=tuple(periods), kind=kind, seconds=seconds)


def validate_time_control(value: str) -> None:
    time_control_parse(value)


# ---- names


def ascii_fold(text: str) -> str:
    """Accents dropped (Müller -> Muller, Łukasz -> Lukasz); characters with no ASCII form stay."""
    if text.isascii():
        return text
    text = text.replace("ß", "ss").replace("Ł", "L").replace("ł", "l")
    text = text.replace("Ø", "O").replace("ø", "o").replace("Đ", "D").replace("đ", "d")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Characters other report programs refuse in a name (quotes, brackets, wildcards).
NAME_REFUSED = frozenset('"\\|`~^<>{}[]*')


def report_name(name: str) -> str:
    """A player's name as the rating report wants it: ``LAST, FIRST`` in capitals, folded to
    ASCII. A name without a comma is taken as "first ... last"."""
    name = " ".join(ascii_fold(name).split())
    if "," not in name and " " in name:
        first, last = name.rsplit(" ", 1)
        name = f"{last}, {first}"
    elif "," in name:
        last, first = name.split(",", 1)
        name = f"{last.strip()}, {first.strip()}".rstrip(", ")
    return name.upper()


def report_name_problem(name: str) -> str | None:
    """Why the name cannot go into the report as it is, or None."""
    folded = report_name(name)
    if not folded.isascii() or any(c in NAME_REFUSED for c in folded):
        return "has characters that are not plain letters (only ASCII can be reported)"
    if len(folded) > 30:
        return f"is {len(folded)} characters long as LAST, FIRST (the report takes 30)"
    return None
