"""Test code: runs one generated Python snippet and prints its outcome as
one JSON line.

    python3 py_driver.py SNIPPET URL METHOD [BODY]

`calls` holds when requests sent each attempt (ms from the start), noted by
wrapping requests.Session.request, which every request goes through;
`ended` is when the call returned or raised. Settings from the environment:
    DRIVER_TIMEOUT_MS   becomes the requests timeout
    DRIVER_REPEAT       make that many calls in a row; the last one's
                        outcome is printed, `calls` holds them all
    DRIVER_SESSION      pass a requests.Session of our own, which sends
                        the header X-Session: driver
    DRIVER_BAD_HEADER   send a header whose value holds a line break
    DRIVER_KEY          send that value as the caller's own Idempotency-Key
    DRIVER_BODY         pass the body as a `file` (io.BytesIO) or a
                        `generator` rather than a str
    DRIVER_ON_RETRY     pass on_retry=, and print its calls as `retries`:
                        [retry, wait_ms, status or exception name, ms]
    HTTPS_PROXY         requests reads it itself (a session trusts the
                        environment) and tunnels an https:// URL through it
    DRIVER_CLOCK_STEP_MS  step the wall clock (time.time() and the snippet's
                        datetime.now()) by that many ms, back when negative,
                        as the first attempt is sent, as a clock set by hand
                        or by NTP would; time.monotonic() runs on
"""

import datetime
import importlib.util
import io
import json
import os
import sys
import time

import requests


def call_once(snippet, method, url, kwargs):
    try:
        response = snippet.request_with_backoff(method, url, **kwargs)
        return {
            "kind": "response",
            "isResponse": isinstance(response, requests.Response),
            "status": response.status_code,
            "body": response.text,
        }
    except requests.HTTPError as error:
        last = error.response
        return {
            "kind": "httperror",
            "status": None if last is None else last.status_code,
            "body": None if last is None else last.text,
            "message": str(error),
        }
    except (requests.ConnectionError, requests.Timeout) as error:
        return {"kind": "neterror", "type": type(error).__name__, "message": str(error)}
    except requests.RequestException as error:
        # Errors a retry cannot fix: a bad URL, scheme or header, a redirect loop.
        return {"kind": "error", "type": type(error).__name__, "message": str(error)}
    except TypeError as error:
        # A body only one attempt could read.
        return {"kind": "typeerror", "message": str(error)}


def main():
    path, url, method = sys.argv[1:4]
    body = sys.argv[4] if len(sys.argv) > 4 else None
    spec = importlib.util.spec_from_file_location("snippet", path)
    snippet = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(snippet)

    # The wall clock as the snippet sees it: the real one plus offset[0],
    # which DRIVER_CLOCK_STEP_MS sets as the first attempt is sent.
    step_s = int(os.environ.get("DRIVER_CLOCK_STEP_MS", "0")) / 1000
    offset = [0.0]
    if step_s:
        real_time = time.time
        time.time = lambda: real_time() + offset[0]

        class SteppedDatetime(datetime.datetime):
            @classmethod
            def now(cls, tz=None):
                return super().now(tz) + datetime.timedelta(seconds=offset[0])

        if hasattr(snippet, "datetime"):
            snippet.datetime = SteppedDatetime

    start = time.monotonic()
    calls = []
    send = requests.sessions.Session.request

    def noting(self, *args, **kwargs):
        calls.append((time.monotonic() - start) * 1000)
        if len(calls) == 1:
            offset[0] = step_s
        return send(self, *args, **kwargs)

    requests.sessions.Session.request = noting
    kwargs = {}
    if body is not None:
        shape = os.environ.get("DRIVER_BODY")
        if shape == "file":
            kwargs["data"] = io.BytesIO(body.encode())
        elif shape == "generator":
            kwargs["data"] = (part.encode() for part in [body])
        else:
            kwargs["data"] = body
    retries = []
    if os.environ.get("DRIVER_ON_RETRY"):

        def on_retry(retry, wait_ms, failure):
            what = failure.status_code if isinstance(failure, requests.Response) else type(failure).__name__
            retries.append([retry, wait_ms, what, (time.monotonic() - start) * 1000])

        kwargs["on_retry"] = on_retry
    if os.environ.get("DRIVER_TIMEOUT_MS"):
        kwargs["timeout"] = int(os.environ["DRIVER_TIMEOUT_MS"]) / 1000
    headers = {}
    if os.environ.get("DRIVER_BAD_HEADER"):
        headers["X-Bad"] = "a\nb"
    if os.environ.get("DRIVER_KEY"):
        # Lower case on purpose: the snippet must find it in any case.
        headers["idempotency-key"] = os.environ["DRIVER_KEY"]
    if headers:
        kwargs["headers"] = headers
    session = None
    if os.environ.get("DRIVER_SESSION"):
        session = requests.Session()
        session.headers["X-Session"] = "driver"
        kwargs["session"] = session
    for _ in range(int(os.environ.get("DRIVER_REPEAT", "1"))):
        outcome = call_once(snippet, method, url, kwargs)
    outcome["calls"] = calls
    outcome["retries"] = retries
    outcome["ended"] = (time.monotonic() - start) * 1000
    print(json.dumps(outcome))


main()
