"""Static files as deployed: WhiteNoise's hashed names, compressed copies, one-year cache."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """A file missing from the manifest (collectstatic not run yet) is linked by its plain name
    instead of failing every page with an error about static files (the real error, a database
    down for instance, would be hidden behind it); only the long cache lifetime is lost."""

    manifest_strict = False

    def stored_name(self, name: str) -> str:
        try:
            return str(super().stored_name(name))
        except ValueError:
            return name
