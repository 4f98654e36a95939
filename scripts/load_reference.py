#!/usr/bin/env python3
"""An independent Python implementation of the page's load model.

The page's model lives in src/core/load/ (Rust). This file implements the
same model from its description in docs/load.md: the same SplitMix64
stream, the same order of draws, the same server, clients and budgets.
It is written separately, by reading the contract, not by translating
the Rust line by line, and it is checked against the Rust model on a grid
of settings:

    cargo run --release --example load_grid > target/load_grid.json
    python3 scripts/load_reference.py target/load_grid.json

load_grid prints, for each setting of its grid, the setting and the Rust
model's figures; this script runs each setting itself and compares, within
the tolerances stated in docs/load.md:

- counts per second (first tries, retries, successes, timeouts, served,
  queue): equal, or within 1 % of the larger plus 2;
- mean time in the server per second: within 1 ms;
- time to recover: the same verdict (came back or stayed down) and within
  1 s; peak amplification and amplification: within 0.02.

It prints one line per setting and closes with "N passed, N failed";
it exits 1 if any failed. Standard library only.
"""
import heapq
import json
import math
import sys

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
HEALTHY_SHARE = 0.95


class Stream:
    def __init__(self, seed, salt):
        self.state = (seed ^ ((salt * GOLDEN) & MASK)) & MASK

    def next_u64(self):
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def unit(self):
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def between(self, lo, hi):
        return min(max(lo + (hi - lo) * self.unit(), lo), hi)


# ---- budgets: one object per client ------------------------------------

class NoBudget:
    def __init__(self, p):
        self.in_flight = 0

    def on_call(self, now):
        pass

    def on_send(self):
        self.in_flight += 1

    def on_success(self, now, retry, last_cost):
        self.in_flight -= 1

    def on_failure(self, now, retry, wants):
        self.in_flight -= 1
        return 0 if wants else None


class Aws(NoBudget):
    """botocore RetryQuota: take the cost if it is there; give back."""

    def __init__(self, p):
        super().__init__(p)
        self.capacity, self.cost, self.back = p["capacity"], p["retry_cost"], p["success_increment"]
        self.level = float(self.capacity)

    def on_success(self, now, retry, last_cost):
        self.in_flight -= 1
        give = self.back if last_cost is None else last_cost
        self.level = min(self.level + give, float(self.capacity))

    def on_failure(self, now, retry, wants):
        self.in_flight -= 1
        if not wants or self.cost > self.level:
            return None
        self.level -= self.cost
        return self.cost


class Grpc(NoBudget):
    """gRFC A6: every failure takes a token; retry while above half."""

    def __init__(self, p):
        super().__init__(p)
        self.max, self.ratio = p["max_tokens"], p["token_ratio"]
        self.level = self.max

    def on_success(self, now, retry, last_cost):
        self.in_flight -= 1
        self.level = min(self.level + self.ratio, self.max)

    def on_failure(self, now, retry, wants):
        self.in_flight -= 1
        self.level = max(self.level - 1.0, 0.0)
        return 0 if wants and self.level > self.max / 2.0 else None


class EnvoyLimit(NoBudget):
    """Retries hold a resource from when they are scheduled until their
    attempt ends; a retry needs held < limit."""

    def __init__(self, p):
        super().__init__(p)
        self.p = p
        self.held = 0

    def limit(self):
        if "max_retries" in self.p:
            return self.p["max_retries"]
        share = int(self.p["budget_percent"] / 100.0 * self.in_flight)
        return max(share, self.p["min_retry_concurrency"])

    def on_success(self, now, retry, last_cost):
        self.in_flight -= 1
        if retry:
            self.held -= 1

    def on_failure(self, now, retry, wants):
        self.in_flight -= 1
        if retry:
            self.held -= 1
        if not wants or self.held >= self.limit():
            return None
        self.held += 1
        return 0


class Finagle(NoBudget):
    """A leaky bucket of ten slices over ttl, plus a reserve."""

    def __init__(self, p):
        super().__init__(p)
        self.ttl = p["ttl_s"]
        pcr = p["percent_can_retry"]
        self.deposit = 0 if pcr == 0 else 1000
        self.withdraw = 1 if pcr == 0 else math.trunc(1000.0 / pcr)
        self.reserve = p["min_retries_per_sec"] * self.ttl * self.withdraw
        self.slots = {}

    def _slice(self, now):
        return math.floor(now * 10 / self.ttl)

    def _sum(self, now):
        s = self._slice(now)
        return sum(v for k, v in self.slots.items() if s - 10 < k <= s)

    def _add(self, now, n):
        s = self._slice(now)
        # Only ten slots are kept: older ones go.
        for k in [k for k in self.slots if k <= s - 10]:
            del self.slots[k]
        self.slots[s] = self.slots.get(s, 0) + n

    def on_call(self, now):
        self._add(now, self.deposit)

    def on_failure(self, now, retry, wants):
        self.in_flight -= 1
        if not wants:
            return None
        if self._sum(now) + self.reserve < self.withdraw:
            return None
        self._add(now, -self.withdraw)
        return 0


class Bucket(NoBudget):
    def __init__(self, p):
        super().__init__(p)
        self.size, self.refill = p["size"], p["per_success"]
        self.level = self.size

    def on_success(self, now, retry, last_cost):
        self.in_flight -= 1
        self.level = min(self.level + self.refill, self.size)

    def on_failure(self, now, retry, wants):
        self.in_flight -= 1
        if not wants or self.level < 1.0 - 1e-9:
            return None
        self.level -= 1.0
        return 0


class Breaker(NoBudget):
    def __init__(self, p):
        super().__init__(p)
        self.window = min(max(p["window"], 1), 64)
        self.threshold, self.open_s = p["threshold_percent"], p["open_s"]
        self.last = []
        self.open_until = -math.inf

    def record(self, now, failed):
        self.last = (self.last + [failed])[-self.window:]
        if (len(self.last) == self.window
                and sum(self.last) * 100 >= self.threshold * self.window
                and now >= self.open_until):
            self.open_until = now + self.open_s
            self.last = []

    def on_success(self, now, retry, last_cost):
        self.in_flight -= 1
        self.record(now, False)

    def on_failure(self, now, retry, wants):
        self.in_flight -= 1
        self.record(now, True)
        return 0 if wants and now >= self.open_until else None


BUDGETS = {
    "none": NoBudget, "aws": Aws, "grpc": Grpc, "envoy": EnvoyLimit,
    "envoy-max-retries": EnvoyLimit, "finagle": Finagle, "bucket": Bucket,
    "breaker": Breaker,
}


# ---- the model ----------------------------------------------------------

def sleep_for(pol, call, rng):
    """The sleep before the call's next retry, in seconds."""
    raw = call["raw"]
    if raw < pol["stop"]:
        call["raw"] = raw * pol["multiplier"]
    exp = min(raw, pol["cap"])
    j = pol["jitter"]
    if j == "none":
        return exp
    if j == "full":
        return rng.between(0.0, exp)
    if j == "equal":
        return rng.between(exp / 2.0, exp)
    if j == "decorrelated":
        hi = max(call["prev"] * 3.0, pol["base"])
        call["prev"] = min(rng.between(pol["base"], hi), pol["cap"])
        return call["prev"]
    lo, hi = pol["lo"], pol["hi"]
    if pol["order"] == "before":
        return rng.between(exp * lo, exp * hi)
    return min(rng.between(raw * lo, raw * hi), pol["cap"])


def run_sleep(run, attempt):
    """Retry `attempt`'s sleep from a client's sequence (ms), in seconds;
    a sleep that is not a finite positive number waits nothing."""
    ms = run[attempt - 1] if attempt - 1 < len(run) else 0.0
    return ms / 1000.0 if math.isfinite(ms) and ms > 0.0 else 0.0


def simulate(cfg, salt, runs=None):
    """One run. `runs`, when given, is one sequence of sleeps (ms) per
    client (client i follows runs[i % len(runs)]): its retries wait those
    and there are as many as its sleeps; nothing is drawn for them."""
    n, rate, cap = cfg["clients"], cfg["rate"], cfg["capacity"]
    timeout = cfg["timeout_ms"] / 1000.0
    tr = cfg["trigger"]
    t0, t1 = tr["at_s"], tr["at_s"] + tr["length_s"]
    outage = tr["kind"] == "outage"
    spike = 1.0 + tr["spike_percent"] / 100.0
    dur = cfg["duration_s"]
    p = cfg["policy"]
    pol = dict(p)
    pol["base"] = p["base_ms"] / 1000.0
    pol["cap"] = p["cap_ms"] / 1000.0
    after = p["jitter"] == "proportional" and p["order"] == "after"
    pol["stop"] = pol["cap"] / p["lo"] if after else pol["cap"]
    kind = cfg["budget"]["kind"]
    clients = [BUDGETS[kind](cfg["budget"]) for _ in range(n)]
    rng = Stream(cfg["seed"], salt)
    sec = [dict(first=0, retries=0, ok=0, timeouts=0, served=0, lat=0.0, sends=0, done=0)
           for _ in range(dur)]
    heap, seq = [], [0]
    free_at = [0.0]

    def push(t, kind, call):
        seq[0] += 1
        heapq.heappush(heap, (t, seq[0], kind, call))

    def rate_at(t):
        return rate * spike if (not outage and t0 <= t < t1) else rate

    def next_arrival(t):
        while True:
            nxt = t + (-math.log(1.0 - rng.unit()) / rate_at(t))
            if outage:
                edge = math.inf
            elif t < t0:
                edge = t0
            elif t < t1:
                edge = t1
            else:
                edge = math.inf
            if nxt < edge:
                return nxt
            t = edge

    def new_call(c):
        return dict(client=c, attempt=0, raw=pol["base"], prev=pol["base"], cost=None)

    def send(t, call):
        clients[call["client"]].on_send()
        start = max(t, free_at[0])
        if outage and t0 <= start < t1:
            start = t1
        done = start + 1.0 / cap
        free_at[0] = done
        ok = done - t <= timeout
        i = math.floor(t)
        if i < dur:
            sec[i]["retries" if call["attempt"] > 0 else "first"] += 1
            sec[i]["sends"] += 1
        j = math.floor(done)
        if j < dur:
            sec[j]["served"] += 1
            sec[j]["lat"] += done - t
            sec[j]["done"] += 1
        if ok:
            push(done, "ok", call)
        else:
            push(t + timeout, "timeout", call)

    push(next_arrival(0.0), "arrival", new_call(0))
    while heap:
        t, _, kind, call = heapq.heappop(heap)
        if t >= dur:
            break
        i = math.floor(t)
        if kind == "arrival":
            c = min(int(rng.unit() * n), n - 1)
            clients[c].on_call(t)
            send(t, new_call(c))
            push(next_arrival(t), "arrival", new_call(c))
        elif kind == "retry":
            send(t, call)
        elif kind == "ok":
            sec[i]["ok"] += 1
            clients[call["client"]].on_success(t, call["attempt"] > 0, call["cost"])
        else:
            sec[i]["timeouts"] += 1
            own = runs[call["client"] % len(runs)] if runs else None
            limit = len(own) if runs else p["max_retries"]
            wants = call["attempt"] < limit
            got = clients[call["client"]].on_failure(t, call["attempt"] > 0, wants)
            if got is not None:
                call = dict(call, attempt=call["attempt"] + 1, cost=got)
                sleep = run_sleep(own, call["attempt"]) if runs else sleep_for(pol, call, rng)
                push(t + sleep, "retry", call)
    queued = 0
    for s in sec:
        queued += s["sends"] - s["done"]
        s["queue"] = queued
        s["latency"] = s["lat"] / s["served"] if s["served"] else 0.0
    return sec


def verdict(sec, start_s, end_s):
    def healthy(s):
        ended = s["ok"] + s["timeouts"]
        return ended > 0 and s["ok"] >= HEALTHY_SHARE * ended

    n = len(sec)
    frm = n
    while frm > 0 and healthy(sec[frm - 1]):
        frm -= 1
    if frm == n:
        rec = None
    elif all(healthy(s) for s in sec):
        rec = 0.0
    else:
        rec = max(frm - end_s, 0.0)
    att = sum(s["first"] + s["retries"] for s in sec)
    first = sum(s["first"] for s in sec)
    peak = 1.0
    for i, s in enumerate(sec):
        if i + 1 > start_s and s["first"] > 0:
            peak = max(peak, (s["first"] + s["retries"]) / s["first"])
    return rec, peak, (att / first if first else 1.0)


def close(a, b, rel=0.01, absolute=2):
    return abs(a - b) <= rel * max(abs(a), abs(b)) + absolute


def check(case):
    cfg, rust = case["config"], case["rust"]
    salt = case.get("salt", 0)
    sec = simulate(cfg, salt, case.get("runs"))
    tr = cfg["trigger"]
    problems = []
    for i, (py, rs) in enumerate(zip(sec, rust["seconds"])):
        for key in ("first", "retries", "ok", "timeouts", "served", "queue"):
            if not close(py[key], rs[key]):
                problems.append("second %d %s: python %s, rust %s" % (i, key, py[key], rs[key]))
        if abs(py["latency"] - rs["latency"]) > 0.001:
            problems.append("second %d latency: python %.6f, rust %.6f" % (i, py["latency"], rs["latency"]))
    rec, peak, amp = verdict(sec, tr["at_s"], tr["at_s"] + tr["length_s"])
    r_rec = rust["recovered_s"]
    if (rec is None) != (r_rec is None) or (rec is not None and abs(rec - r_rec) > 1.0):
        problems.append("recovery: python %s, rust %s" % (rec, r_rec))
    if abs(peak - rust["peak_amplification"]) > 0.02:
        problems.append("peak amplification: python %.4f, rust %.4f" % (peak, rust["peak_amplification"]))
    if abs(amp - rust["amplification"]) > 0.02:
        problems.append("amplification: python %.4f, rust %.4f" % (amp, rust["amplification"]))
    exact = all(
        py[k] == rs[k] for py, rs in zip(sec, rust["seconds"])
        for k in ("first", "retries", "ok", "timeouts", "served", "queue"))
    return problems, exact, rec, peak


def main():
    cases = json.load(open(sys.argv[1]))
    passed = failed = 0
    for case in cases:
        problems, exact, rec, peak = check(case)
        name = case["name"]
        if problems:
            failed += 1
            print("FAIL %s" % name)
            for p in problems[:10]:
                print("    " + p)
        else:
            passed += 1
            print("ok   %s: recovered %s, peak %.2fx, counts %s"
                  % (name, "stayed down" if rec is None else "%.0f s" % rec, peak,
                     "identical" if exact else "within tolerance"))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
