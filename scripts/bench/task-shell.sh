#!/bin/sh
# The shell npm runs each build task's script with, in the bench only (npm_config_script_shell in
# scripts/bench/build.ts): the script runs under cpu-time.py, which writes the CPU time of the
# task's whole process tree to $BENCH_CPU_DIR/<task>, so the report shows each task's CPU although
# Turborepo runs them side by side. npm passes the script as `-c <script>`.
exec python3 "$(dirname "$0")/cpu-time.py" --record "$BENCH_CPU_DIR/$npm_lifecycle_event" /bin/sh "$@"
