"""Test code: runs one generated Python snippet and prints its outcome as
one JSON line.

    python3 py_driver.py SNIPPET URL METHOD [BODY]

`calls` holds when requests sent each attempt (ms from the start), noted by
wrapping requests.Session.request, which requests.request goes through.
DRIVER_TIMEOUT_MS, when set, becomes the requests timeout.
"""

import importlib.util
import json
import os
import sys
import time

import requests


def main():
    path, url, method = sys.argv[1:4]
    body = sys.argv[4] if len(sys.argv) > 4 else None
    spec = importlib.util.spec_from_file_location("snippet", path)
    snippet = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(snippet)

    start = time.monotonic()
    calls = []
    send = requests.sessions.Session.request

    def noting(self, *args, **kwargs):
        calls.append((time.monotonic() - start) * 1000)
        return send(self, *args, **kwargs)

    requests.sessions.Session.request = noting
    kwargs = {} if body is None else {"data": body}
    if os.environ.get("DRIVER_TIMEOUT_MS"):
        kwargs["timeout"] = int(os.environ["DRIVER_TIMEOUT_MS"]) / 1000
    try:
        response = snippet.request_with_backoff(method, url, **kwargs)
        outcome = {
            "kind": "response",
            "isResponse": isinstance(response, requests.Response),
            "status": response.status_code,
            "body": response.text,
        }
    except requests.HTTPError as error:
        last = error.response
        outcome = {
            "kind": "httperror",
            "status": None if last is None else last.status_code,
            "body": None if last is None else last.text,
            "message": str(error),
        }
    except (requests.ConnectionError, requests.Timeout) as error:
        outcome = {"kind": "neterror", "type": type(error).__name__, "message": str(error)}
    outcome["calls"] = calls
    print(json.dumps(outcome))


main()
