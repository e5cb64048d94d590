# Runs a command and prints the CPU time (user + system) of it and of EVERY process it started,
# grandchildren included, as the last stderr line: "cpu-time-ms <n>". When PEAK_RSS_LOG names a
# file, it also appends "peak-rss-kb <n>" to it: the largest resident set of any of those
# processes (scripts/bench/peak-rss.ts reads it). A file, not stderr, so the last line stays the CPU time.
# With `--record FILE` first, writes the CPU time and the peak memory to FILE instead of stderr
# (scripts/bench/task-shell.sh: one file per build task).
#
# Why not bash's `times` (what the bench used before): it counts only descendants that each
# parent waited for. Chromium's renderer and GPU processes are not waited for by the Node process
# that launched the browser, so the documents step showed a fraction of the CPU it used. Here the wrapper is a child subreaper (Linux
# PR_SET_CHILD_SUBREAPER): orphaned descendants are re-parented to it, it reaps them, and
# RUSAGE_CHILDREN then holds them all. Python because Node cannot call prctl.
import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
args = sys.argv[1:]
record = None
if args[:1] == ["--record"]:
    record, args = args[1], args[2:]
child = subprocess.Popen(args)
status = child.wait()
# Reap the orphans; one that outlives the command by 30 s (a daemon) is left alone.
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    try:
        pid, _ = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        break
    if pid == 0:
        time.sleep(0.02)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
peak_log = os.environ.get("PEAK_RSS_LOG")
if peak_log:
    # ru_maxrss is in KB on Linux, the only system this wrapper runs on.
    with open(peak_log, "a") as f:
        f.write(f"peak-rss-kb {usage.ru_maxrss}\n")
cpu_ms = round((usage.ru_utime + usage.ru_stime) * 1000)
if record:
    # The CPU time, then the largest resident set of the tree (KB): scripts/bench/build.ts reads both.
    with open(record, "w") as f:
        f.write(f"{cpu_ms} {usage.ru_maxrss}\n")
else:
    sys.stderr.write(f"\ncpu-time-ms {cpu_ms}\n")
sys.exit(status if status >= 0 else 128 - status)
