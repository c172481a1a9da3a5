#!/usr/bin/env python3
"""Back-to-back CPU time of several ods-opt binaries on one file.

For a change too small for bench/compare.sh to see (its /usr/bin/time counts
in 10 ms steps): runs the binaries in turn, round after round, so load
changes hit each alike, and reports each one's least and median CPU time
(user + system, from the kernel's per-child accounting, microseconds).

usage: bench/ab_cpu.py [--rounds N] [--generic] [--passes FLAGS] [--threads]
                       FILE BINARY...
  --rounds   rounds of one run per binary (default 15)
  --generic  run as compare.sh's generic-unregistered form
             (--allow-unregistered-dialect --mlir-print-op-generic);
             otherwise as its custom forms
  --passes   pass flags given to every binary ("--canonicalize")
  --threads  run each binary twice a round, on one thread
             (--mlir-disable-threading) and on all (the default of both
             tools), and report wall time as well: the speed-up from
             threads is least one-thread wall over least all-thread wall
Every run also gets -o /dev/null and, but for --threads' second run,
--mlir-disable-threading, as in compare.sh.
A binary may be mlir-opt itself: each binary's least time is also shown
as a ratio to the last binary's, so with mlir-opt last the ratios are
those of compare.sh, measured round by round under the same load.
A run that fails stops the script with its exit status.
"""

import argparse
import os
import statistics
import sys
import time


def cpu_seconds(binary, args):
    """Runs `binary args` and returns its user + system CPU seconds."""
    return cpu_and_wall(binary, args)[0]


def cpu_and_wall(binary, args):
    """Runs `binary args`; returns its user + system CPU and wall seconds."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        try:
            os.execv(binary, [binary] + args)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"ab_cpu.py: {binary} exited {code} on {args[-1]}")
    return usage.ru_utime + usage.ru_stime, time.monotonic() - start


def threads(opts, args):
    """--threads: one thread against all, per binary, by wall and CPU time."""
    one = ["--mlir-disable-threading"] + args
    runs = {(b, n): [] for b in opts.binaries for n in (1, 0)}
    for _ in range(opts.rounds):
        for b in opts.binaries:
            runs[(b, 1)].append(cpu_and_wall(b, one))
            runs[(b, 0)].append(cpu_and_wall(b, args))
    for b in opts.binaries:
        (c1, w1), (ca, wa) = (
            (min(t[0] for t in runs[(b, n)]), min(t[1] for t in runs[(b, n)])) for n in (1, 0)
        )
        print(
            f"{b}: one thread wall {w1 * 1000:.1f} ms cpu {c1 * 1000:.1f} ms;"
            f" {os.cpu_count()} threads wall {wa * 1000:.1f} ms cpu {ca * 1000:.1f} ms;"
            f" speed-up {w1 / wa:.2f}x (least of {opts.rounds})"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--generic", action="store_true")
    parser.add_argument("--passes", default="")
    parser.add_argument("--threads", action="store_true")
    parser.add_argument("file")
    parser.add_argument("binaries", nargs="+")
    opts = parser.parse_args()
    if opts.threads:
        args = opts.passes.split() + ["-o", "/dev/null", opts.file]
        if opts.generic:
            args = ["--allow-unregistered-dialect", "--mlir-print-op-generic"] + args
        threads(opts, args)
        return
    args = opts.passes.split() + ["--mlir-disable-threading", "-o", "/dev/null", opts.file]
    if opts.generic:
        args = ["--allow-unregistered-dialect", "--mlir-print-op-generic"] + args
    times = {b: [] for b in opts.binaries}
    for _ in range(opts.rounds):
        for b in opts.binaries:
            times[b].append(cpu_seconds(b, args))
    last = min(times[opts.binaries[-1]])
    for b in opts.binaries:
        t = times[b]
        print(
            f"{b}: least {min(t) * 1000:.1f} ms, median {statistics.median(t) * 1000:.1f} ms,"
            f" least / last's least {min(t) / last:.3f}"
        )


if __name__ == "__main__":
    main()
