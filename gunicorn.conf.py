"""gunicorn's configuration (read from the working directory: ``gunicorn tiebreak_site.wsgi``).

Every value can be overridden on the command line or with GUNICORN_CMD_ARGS; the systemd unit of
docs/deploy.md uses it as it is. Sizing and why: docs/deploy.md, "Growing".
"""

from __future__ import annotations

import multiprocessing
import os

wsgi_app = "tiebreak_site.wsgi"
# nginx in front on the same machine (docs/deploy.md); another address with GUNICORN_BIND.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Pages are CPU work (templates, standings): about two processes per core. Sync workers: one
# request each, no shared state but the database and Redis.
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 2))
worker_class = "sync"
# A cold 5,000-player wall chart renders in about 1.3 s; 30 s only ends a stuck worker.
timeout = 30
graceful_timeout = 30
# Phones poll every few seconds: keep their connections through nginx for a moment.
keepalive = 5
# Restart each worker now and then (spread over time) so no slow growth of memory lasts.
max_requests = 2000
max_requests_jitter = 200
# Logs to standard error, which systemd's journal keeps (errors; no line per request: nginx
# has the access log).
errorlog = "-"
accesslog = None
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Each worker loads the app itself: "systemctl reload" (HUP) after an upgrade then starts
# workers on the new code (a preloaded master would hand them the old modules).
preload_app = False
