"""The pairing program is pure Python: every module imports with Django unavailable."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import tournaments.pairing

ROOT = Path(__file__).resolve().parents[3]


def test_pairing_imports_without_django() -> None:
    modules = ["tournaments.pairing"] + [
        f"tournaments.pairing.{m.name}"
        for m in pkgutil.iter_modules(tournaments.pairing.__path__)
    ]
    assert len(modules) > 4
    code = (
        "import sys\n"
        "sys.modules['django'] = None\n"
        "import importlib\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules if sys.modules[m] is not None)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
