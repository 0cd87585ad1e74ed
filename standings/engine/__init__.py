"""Tiebreak engine: pure Python, exact arithmetic, plain data in and values out."""

from __future__ import annotations
