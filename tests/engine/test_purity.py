"""The engine is pure Python: every module imports with Django unavailable."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import standings.engine

ROOT = Path(__file__).resolve().parents[2]


def test_engine_imports_without_django() -> None:
    # Every module, those of the subpackages (the tiebreak systems) included.
    modules = ["standings.engine"] + [
        m.name
        for m in pkgutil.walk_packages(
            standings.engine.__path__, prefix="standings.engine."
        )
    ]
    assert "standings.engine.systems.registry" in modules
    assert len(modules) > 15
    code = (
        "import sys\n"
        "sys.modules['django'] = None\n"  # any `import django...` now raises ImportError
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
