"""Players' names as people type and sort them: without accents, punctuation or case, in any
order, by the start of each part; sorted by last name.

Pure Python (``unicodedata``), no Django: used by Find me, the pairings by name and the hall
screens. Names come as "Last, First" (the TRF and rating-report form) or "First Last".
"""

from __future__ import annotations

import re
import unicodedata

# Apostrophes and dots join what they separate ("O'Brien" is "obrien", "St.John" "stjohn");
# every other non-letter, non-digit separates the parts of a name.
_JOINERS = re.compile(r"[\u0027\u2019\u02bc`´.]")
_SEPARATORS = re.compile(r"[^0-9a-z]+")
# Letters that do not decompose into a base letter and an accent (ß casefolds to ss already).
_PLAIN: dict[int, str] = {
    ord(a): b for a, b in (("ø", "o"), ("ł", "l"), ("đ", "d"), ("æ", "ae"), ("œ", "oe"))
}


def fold(text: str) -> str:
    """Lower case, accents dropped ("Tomás" -> "tomas"), joiners removed; separators kept."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _JOINERS.sub("", plain.translate(_PLAIN))


def name_parts(text: str) -> list[str]:
    """The parts of a name or a query, folded: "Ju, Wenjun" -> ["ju", "wenjun"]."""
    return [p for p in _SEPARATORS.split(fold(text)) if p]


def name_matches(query_parts: list[str], name: str) -> bool:
    """Whether every part of the query starts a different part of the name, in any order
    ("wen ju" finds "Ju, Wenjun"); or the query written together starts the name written
    together in either order ("obrien" finds "O Brien")."""
    if not query_parts:
        return False
    parts = name_parts(name)
    free = list(parts)
    for q in sorted(query_parts, key=len, reverse=True):
        hit = next((p for p in free if p.startswith(q)), None)
        if hit is None:
            break
        free.remove(hit)
    else:
        return True
    together = "".join(query_parts)
    return "".join(parts).startswith(together) or "".join(reversed(parts)).startswith(
        together
    )


def last_name_key(name: str) -> tuple[str, str]:
    """Sort key by last name: "Ju, Wenjun" and "Wenjun Ju" both sort under J (the part before
    the comma, else the last word), then the rest of the name."""
    if "," in name:
        last, _, rest = name.partition(",")
    else:
        words = name.split()
        last, rest = (words[-1], " ".join(words[:-1])) if words else ("", "")
    return (" ".join(name_parts(last)), " ".join(name_parts(rest)))
