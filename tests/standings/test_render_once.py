"""A page missing from the cache is rendered once, however many requests ask for it at once."""

from __future__ import annotations

import threading
import time

from standings import cache


def test_concurrent_misses_render_a_body_once_and_all_get_it() -> None:
    renders = []

    def build() -> str:
        renders.append(threading.get_ident())
        time.sleep(0.3)  # long enough for every other request to miss too
        return "<table>standings</table>"

    bodies: list[str] = []

    def visitor() -> None:
        bodies.append(cache.cached_body((1, "v1", "standings", "/s/1/"), build))

    threads = [threading.Thread(target=visitor) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)

    assert len(renders) == 1
    assert bodies == ["<table>standings</table>"] * 8
