"""The public pages of the 1,200-player section on a phone: bytes, time to the first screen, and
what a refresh costs the phone's main thread.

    .venv/bin/python bench/phone_pages_bench.py [--trf PATH] [--repeat 3]

Everything runs on a scratch SQLite database in a temporary directory. The 1,200 x 11 file
``synthetic_tbsgen_1200p_11r.trf`` is imported, the app is served as deployed (gunicorn, DEBUG
off, collected static files with hashed names through WhiteNoise) and Debian's Chromium opens
each page as a **phone profile**: 390 x 844, touch, the CPU slowed 4 times and the network of
Lighthouse's mobile run ("slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), with an
empty browser cache (a first visit). For each page: bytes over the wire, first contentful paint
(the first screen drawn) and the load event, best of ``--repeat``.

Refresh cost: on each page that refreshes itself (standings, wall chart, pairings, player page),
the main-thread time live.js spends when the section changed (parse the new body, update the
rows that differ; one cell changed) and when it did not (the server answers 204: nothing to
do), measured in the page with the CPU slowed 4 times, best of ``--repeat``.

The machine's load moves every figure: the first line gives the load average; compare runs
made in the same conditions (one after the other), not figures from different days.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import pages_bench  # noqa: E402

SETTINGS = """\
from tiebreak_site.settings import *  # noqa: F403

ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
STATIC_ROOT = {static!r}
"""
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
NETWORK: dict[str, Any] = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}

# The first screen: first contentful paint; bytes: every response's transfer size.
MEASURE = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const resources = performance.getEntriesByType('resource');
  return {
    fcp: fcp ? fcp.startTime : null,
    load: nav.loadEventEnd,
    html: nav.transferSize,
    bytes: nav.transferSize + resources.reduce((s, r) => s + r.transferSize, 0),
    elements: document.getElementsByTagName('*').length,
  };
}"""
# One cell changed: the body as the server sends it, with the first table cell of its table body
# altered (a score on the standings and wall chart, a board's result on the pairings), then
# merged into the page by live.js as a poll would.
REFRESH = """async () => {
  const region = document.getElementById('live');
  const url = region.dataset.liveUrl;
  const answer = await fetch(url, {headers: {'HX-Request': 'true', 'X-Live-Version': region.dataset.version}, cache: 'no-store'});
  const same = answer.status;
  const text = await (await fetch(url, {headers: {'HX-Request': 'true', 'X-Live-Version': 'old'}, cache: 'no-store'})).text();
  const start = text.indexOf('<tbody>');
  const changed = text.slice(0, start).replace('data-version="', 'data-version="x') + text.slice(start).replace(/(<td[^>]*>)[^<]*</, '$199<');
  const t0 = performance.now();
  const holder = document.createElement('template');
  holder.innerHTML = changed;
  window.tiebreakLive.morph(region, holder.content.getElementById('live'));
  const ms = performance.now() - t0;
  return {unchanged_status: same, changed_ms: ms, body_bytes: text.length,
          updated: changed !== text && document.getElementById('live').innerHTML.includes('>99<')};
}"""
# The pages that refresh themselves while a round runs (the tournament page does not).
LIVE = ("standings", "wall chart", "pairings", "player")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trf", type=Path, default=pages_bench.DEFAULT_TRF)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tiebreak-phone-bench-") as scratch:
        run(options, Path(scratch))


def run(options: argparse.Namespace, scratch: Path) -> None:
    from playwright.sync_api import sync_playwright

    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{scratch / 'bench.sqlite3'}",
        "DEBUG": "false",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
    }
    env.setdefault("SECRET_KEY", "bench-only-not-secret")
    (scratch / "phone_bench_settings.py").write_text(
        SETTINGS.format(static=str(scratch / "static"))
    )
    env["DJANGO_SETTINGS_MODULE"] = "phone_bench_settings"
    env["PYTHONPATH"] = f"{scratch}:{ROOT}"
    python = str(ROOT / ".venv" / "bin" / "python")
    manage = [python, str(ROOT / "manage.py")]
    for command in (
        ["migrate", "-v0"],
        ["collectstatic", "--noinput", "-v0"],
        ["import_trf", str(options.trf), "--slug", "big", "--publish"],
    ):
        subprocess.run(manage + command, env=env, check=True, stdout=subprocess.DEVNULL)
    port = pages_bench._free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "--bind", f"127.0.0.1:{port}"]
        + ["--workers", "2", "--log-level", "warning", "tiebreak_site.wsgi"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        pages_bench._wait(base + "/")
        print(
            f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average "
            f"{os.getloadavg()[0]:.2f}; phone: 390x844, CPU x4, 150 ms RTT, 1.6 Mbit/s"
        )
        paths = {
            "standings": "/t/big/s/{pk}/standings/",
            "wall chart": "/t/big/s/{pk}/crosstable/",
            "pairings": "/t/big/s/{pk}/pairings/",
            "player": "/t/big/s/{pk}/p/1/",
            "tournament": "/t/big/",
        }
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox"]
            )
            pk = _section_pk(browser, base)
            print(
                f"{'page':<12} {'bytes':>9} {'HTML':>9} {'elements':>9} {'first screen':>13} {'load':>8}"
            )
            for name, path in paths.items():
                best = None
                for _ in range(options.repeat):
                    got = _visit(browser, base + path.format(pk=pk))
                    if best is None or got["fcp"] < best["fcp"]:
                        best = got
                assert best is not None
                print(
                    f"{name:<12} {best['bytes']:>9,} {best['html']:>9,} {best['elements']:>9,} "
                    f"{best['fcp'] / 1000:>12.2f}s {best['load'] / 1000:>7.2f}s"
                )
            for name in LIVE:
                _refresh(
                    browser, name, base + paths[name].format(pk=pk), options.repeat
                )
            browser.close()
    finally:
        os.killpg(server.pid, 15)
        server.wait()


def _refresh(browser: Any, name: str, url: str, repeat: int) -> None:
    """What a refresh costs the phone's main thread on page ``name``: unchanged, then changed."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    session = context.new_cdp_session(page)
    page.goto(url)
    session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    costs = [page.evaluate(REFRESH) for _ in range(repeat)]
    context.close()
    assert all(c["updated"] for c in costs), (
        f"{name}: the changed cell never reached the page"
    )
    best = min(c["changed_ms"] for c in costs)
    print(
        f"{name} refresh: unchanged -> HTTP {costs[0]['unchanged_status']} (no work); "
        f"changed -> {best:.0f} ms main thread for {costs[0]['body_bytes']:,} bytes of body"
    )


def _section_pk(browser: Any, base: str) -> int:
    page = browser.new_page()
    page.goto(base + "/t/big/")
    href = page.locator("a", has_text="Standings").first.get_attribute("href")
    page.close()
    return int(href.split("/s/")[1].split("/")[0])


def _visit(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", NETWORK)
    session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(url, wait_until="load")
    page.wait_for_timeout(300)
    result: dict[str, float] = page.evaluate(MEASURE)
    context.close()
    return result


if __name__ == "__main__":
    main()
