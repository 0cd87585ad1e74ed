"""Site-wide middleware: the slow-request log."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger("tiebreak.slow")


class SlowRequestLogMiddleware:
    """Log a request that took longer than ``SLOW_REQUEST_MS``: method, address, status, time.

    One line to standard error (settings.LOGGING), so the process manager keeps it: which pages
    are slow under load shows without a profiler.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.limit = settings.SLOW_REQUEST_MS / 1000

    def __call__(self, request: HttpRequest) -> HttpResponse:
        start = time.perf_counter()
        response = self.get_response(request)
        seconds = time.perf_counter() - start
        if seconds >= self.limit:
            logger.warning(
                "slow request %s %s %s %.3fs",
                request.method,
                request.get_full_path(),
                response.status_code,
                seconds,
            )
        return response
