# Reference figures for tests/sim.rs from the original AWS simulator.
#
# The model behind the AWS Architecture Blog post "Exponential Backoff And
# Jitter" (Marc Brooker, 2015-03-04) is aws-samples/aws-arch-backoff-simulator,
# src/backoff_simulator.py, last commit 66cb169277051eea207dbef8c7f71767fe6af144.
# It is Python 2 and needs nothing beyond the standard library. Its last line
# calls run(), which writes a 10..190-client sweep to files; this driver
# loads the file without that call and uses its own setup_sim() and run_sim(),
# with one fresh Stats per run so each run's calls and time are known.
#
# With a checkout of aws-samples/aws-arch-backoff-simulator at that commit
# in ./aws-arch-backoff-simulator:
#
#   python2.7 scripts/sim_reference.py aws-arch-backoff-simulator/src/backoff_simulator.py reference 20150304
#   python2.7 scripts/sim_reference.py aws-arch-backoff-simulator/src/backoff_simulator.py sweep 20150304
#
# "reference": 50 clients, 1,000 runs per mode; prints each mean with its
# standard deviation and standard error. "sweep": the page's default sweep
# (10, 20, ... 50 clients, 100 runs, the five modes), writing the write
# timestamps to a file as the original does, and prints how long it took.
import math
import os
import random
import sys
import time

path, mode = sys.argv[1], sys.argv[2]
random.seed(int(sys.argv[3]) if len(sys.argv) > 3 else 20150304)
src = open(path).read().rstrip()
assert src.endswith("run()")
ns = {"__name__": "backoff_simulator"}
exec(compile(src[: -len("run()")], path, "exec"), ns)


def one(clients, cls, ts_f):
    stats = ns["Stats"]()
    queue, stats = ns["setup_sim"](clients, cls, ts_f, stats)
    tm = ns["run_sim"](queue)
    return stats.calls, tm


def mean_sd(xs):
    m = sum(xs) / float(len(xs))
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


if mode == "reference":
    runs = 1000
    with open(os.devnull, "w") as ts_f:
        for cls, name in ns["backoff_types"]:
            t0 = time.time()
            calls, tms = [], []
            for _ in range(runs):
                c, t = one(50, cls, ts_f)
                calls.append(c)
                tms.append(t)
            mc, sc = mean_sd(calls)
            mt, st = mean_sd(tms)
            print("%-12s calls mean %.3f sd %.3f se %.3f | time mean %.3f sd %.3f se %.3f | %.2f s"
                  % (name, mc, sc, sc / math.sqrt(runs), mt, st, st / math.sqrt(runs),
                     time.time() - t0))
            sys.stdout.flush()
elif mode == "sweep":
    t0, c0 = time.time(), time.clock()
    with open(os.path.join(os.environ.get("TMPDIR", "/tmp"), "ts_sweep"), "w") as ts_f:
        for i in range(1, 6):
            for cls, name in ns["backoff_types"]:
                calls = tm = 0
                for _ in range(100):
                    c, t = one(i * 10, cls, ts_f)
                    calls += c
                    tm += t
                print("%d,%s,%.2f,%.2f" % (i * 10, name, calls / 100.0, tm / 100.0))
    print("sweep: %.3f s wall, %.3f s CPU" % (time.time() - t0, time.clock() - c0))
