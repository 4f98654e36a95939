"""Runs the real Python retry libraries with their sleeps recorded.

Usage: run_libs.py SETS_FILE > observed.json

For each line of SETS_FILE whose model is a Python library (urllib3,
tenacity, google-api-core, botocore for `aws`), runs the library `runs` times with every
attempt failing and prints {"<id> <set>": [[sleep_ms, ...], ...]}. Nothing
really waits: the sleep (and, for google-api-core, the monotonic clock) is
replaced by a recorder. urllib3 goes through a real PoolManager against a
server on 127.0.0.1 answering 503, botocore through a real Kinesis client
against one answering 500 (or 429 for throttling).
"""

import http.server
import os
import json
import sys
import threading
from importlib.metadata import version
from unittest import mock

import botocore.endpoint
import botocore.session
import urllib3
from botocore import UNSIGNED
from botocore.config import Config
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


class AwsFailure(http.server.BaseHTTPRequestHandler):
    """Answers every AWS JSON call with 500 InternalFailure, or 429 when
    `throttling` is set."""

    protocol_version = "HTTP/1.1"
    throttling = False
    # Headers and body go in one packet, without Nagle's 40 ms wait.
    disable_nagle_algorithm = True

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        status, code = (429, "ThrottlingException") if AwsFailure.throttling else (500, "InternalFailure")
        body = json.dumps({"__type": code, "message": "fail"}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/x-amz-json-1.1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def serve(handler=Always503):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
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


def run_botocore(params, runs, url, session):
    """A fresh Kinesis client per run (a fresh retry quota), unsigned, against
    127.0.0.1; `botocore.endpoint`'s sleep recorded."""
    AwsFailure.throttling = params.get("throttling", False)
    config = Config(
        signature_version=UNSIGNED,
        retries={"mode": "standard", "total_max_attempts": params.get("max_attempts", 3)},
    )
    out = []
    for _ in range(runs):
        client = session.create_client("kinesis", region_name="us-east-1", endpoint_url=url, config=config)
        sleeps = []
        with mock.patch.object(botocore.endpoint.time, "sleep", lambda s: sleeps.append(1000.0 * s)):
            try:
                client.list_streams()
            except client.exceptions.ClientError:
                pass
        out.append(sleeps)
    return out


def main():
    # botocore must not look for an instance metadata service: only
    # 127.0.0.1 is ever contacted.
    os.environ["AWS_EC2_METADATA_DISABLED"] = "true"
    server = serve()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    aws = serve(AwsFailure)
    aws_url = f"http://127.0.0.1:{aws.server_address[1]}/"
    session = botocore.session.get_session()
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
        elif lib == "aws" and not name.startswith("js-"):
            observed[f"{lib} {name}"] = run_botocore(params, runs, aws_url, session)
    server.shutdown()
    aws.shutdown()
    versions = {p: version(p) for p in ("urllib3", "tenacity", "google-api-core", "botocore")}
    json.dump({"versions": versions, "observed": observed}, sys.stdout)


if __name__ == "__main__":
    main()
