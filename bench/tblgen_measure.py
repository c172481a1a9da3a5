"""What bench/generator.sh and bench/ods_tblgen.sh measure a command by.

cpu_once: exit status and CPU seconds (user + system) of one run, from the
child's own rusage (os.wait4), which the other jobs of a shared machine
disturb less than wall time.
instructions: the instructions one run executes, from `perf stat` where
the machine has the counter, else valgrind's cachegrind (exact and
repeatable under any load, about 50x slower).
"""
import os
import subprocess
import time


def cpu_once(argv):
    """(exit status, CPU seconds, wall seconds, stderr bytes) of one run."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    p.stderr.close()
    wall = time.perf_counter() - t0
    return p.returncode, usage.ru_utime + usage.ru_stime, wall, err


def _perf_counts():
    try:
        probe = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", "true"],
                               capture_output=True, text=True)
    except FileNotFoundError:
        return False
    return probe.returncode == 0 and "<not supported>" not in probe.stderr


_USE_PERF = None


def counter_name():
    """Which counter `instructions` uses here."""
    global _USE_PERF
    if _USE_PERF is None:
        _USE_PERF = _perf_counts()
    return "perf stat" if _USE_PERF else "valgrind cachegrind (perf has no instruction counter here)"


def instructions(argv):
    """Instructions of one run of argv, or None when it cannot be counted."""
    counter_name()
    if _USE_PERF:
        r = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", "--"] + argv,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for line in r.stderr.splitlines():
            f = line.split(",")
            if len(f) > 2 and f[2].startswith("instructions"):
                return int(f[0])
        return None
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                        "--cachegrind-out-file=/dev/null"] + argv,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in r.stderr.splitlines():
        if "I" in line and "refs:" in line:
            return int(line.split("refs:")[1].strip().replace(",", ""))
    return None
