"""Runs the real Python retry libraries with their sleeps recorded.

Usage: run_libs.py SETS_FILE > observed.json

For each line of SETS_FILE whose model is a Python library (urllib3,
tenacity, google-api-core), runs the library `runs` times with every
attempt failing and prints {"<id> <set>": [[sleep_ms, ...], ...]}. Nothing
really waits: the sleep (and, for google-api-core, the monotonic clock) is
replaced by a recorder. urllib3 goes through a real PoolManager against a
server on 127.0.0.1 answering 503.
"""

import http.server
import json
import sys
import threading
from importlib.metadata import version
from unittest import mock

import urllib3
import urllib3.util.retry as urllib3_retry
from google.api_core import exceptions as gexc
from google.api_core import retry as gretry
from google.api_core.retry import retry_unary
import tenacity


def value(text):
    """A parameter's text as the library takes it."""
    if text in ("true", "false"):
        return text == "true"
    if text in ("None", "none", "inf"):
        return None
    try:
        f = float(text)
    except ValueError:
        return text
    return int(f) if f.is_integer() and "." not in text else f


class Always503(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(503)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def serve():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Always503)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run_urllib3(params, runs, url):
    out = []
    original = urllib3_retry.Retry.sleep
    for _ in range(runs):
        sleeps = []

        def sleep_once(self, response=None):
            slot = []
            with mock.patch.object(urllib3_retry.time, "sleep", lambda s: slot.append(s)):
                original(self, response)
            sleeps.append(1000.0 * (slot[0] if slot else 0.0))

        retry = urllib3.Retry(status_forcelist=[503], raise_on_status=False, **params)
        with mock.patch.object(urllib3_retry.Retry, "sleep", sleep_once):
            with urllib3.PoolManager(retries=retry) as pool:
                pool.request("GET", url)
        out.append(sleeps)
    return out


def run_tenacity(params, runs):
    params = dict(params)
    stop = tenacity.stop_after_attempt(params.pop("stop_after_attempt", 5))
    wait_name = params.pop("wait", "wait_exponential")
    if wait_name != "wait_exponential_jitter":
        params.pop("jitter", None)
    wait = getattr(tenacity, wait_name)(**params)
    out = []
    for _ in range(runs):
        sleeps = []
        r = tenacity.Retrying(stop=stop, wait=wait, sleep=lambda s: sleeps.append(1000.0 * s), reraise=True)
        try:
            r(lambda: (_ for _ in ()).throw(IOError("fail")))
        except IOError:
            pass
        out.append(sleeps)
    return out


def run_google(params, runs):
    out = []
    for _ in range(runs):
        clock = [1000.0]
        sleeps = []

        def sleep(s):
            sleeps.append(1000.0 * s)
            clock[0] += s

        def fail():
            raise gexc.ServiceUnavailable("fail")

        policy = gretry.Retry(**params)
        with mock.patch.object(retry_unary.time, "sleep", sleep), mock.patch(
            "time.monotonic", lambda: clock[0]
        ):
            try:
                policy(fail)()
            except gexc.RetryError:
                pass
        out.append(sleeps)
    return out


def main():
    server = serve()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    observed = {}
    for line in open(sys.argv[1]):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        lib, name, runs = words[0], words[1], int(words[2])
        params = {k: value(v) for k, v in (w.split("=", 1) for w in words[3:])}
        if lib == "urllib3":
            observed[f"{lib} {name}"] = run_urllib3(params, runs, url)
        elif lib == "tenacity":
            observed[f"{lib} {name}"] = run_tenacity(params, runs)
        elif lib == "google-api-core":
            observed[f"{lib} {name}"] = run_google(params, runs)
    server.shutdown()
    versions = {p: version(p) for p in ("urllib3", "tenacity", "google-api-core")}
    json.dump({"versions": versions, "observed": observed}, sys.stdout)


if __name__ == "__main__":
    main()
