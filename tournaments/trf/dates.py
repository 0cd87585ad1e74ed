"""TRF-16 dates (``042`` and ``052``), read and written."""

from __future__ import annotations

import datetime
import re

_DATE_FORMATS = (
    "%Y/%m/%d",
    "%Y.%m.%d",
    "%Y-%m-%d",
    "%d.%m.%Y",
    "%b %d, %Y",
    "%B %d, %Y",
)


def date_from_text(text: str) -> datetime.date | None:
    """A TRF date as given (``2024/12/26``, ``28. 07. 2005``, ``May 29, 2020``...), or None.

    Two-digit years and day/month orders that cannot be told apart (``26/11/22``) give None
    rather than a guess.
    """
    text = re.sub(r"\.\s+", ".", text.strip())
    for fmt in _DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def date_text(value: datetime.date) -> str:
    """A date as TRF-16 writes it: YYYY/MM/DD."""
    return value.strftime("%Y/%m/%d")
