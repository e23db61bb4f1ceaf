#!/usr/bin/env bash
# tools/cpu_time.sh COMPILER ARGS...: runs the compiler command as it is and, when
# SXLA_CPU_LOG names a file and the command writes an object (-o FILE), appends
# "<CPU seconds> <FILE>" to it: the compiler's user and system time, which other jobs on
# the machine do not inflate as they do wall time. tools/test.sh builds through it
# (CXX="tools/cpu_time.sh g++") to report the costliest translation units.
"$@"
rc=$?
if [ -n "${SXLA_CPU_LOG:-}" ]; then
  obj="" prev=""
  for a in "$@"; do
    if [ "$prev" = "-o" ]; then obj=$a; fi
    prev=$a
  done
  if [ -n "$obj" ]; then
    # The children's user and system time of this shell (the compiler's), in clock
    # ticks: fields 16 and 17 of /proc/self/stat, read without a subshell.
    read -r -a stat < /proc/$$/stat
    awk -v t=$((stat[15] + stat[16])) -v hz="$(getconf CLK_TCK)" -v o="$obj" \
      'BEGIN { printf "%.2f %s\n", t / hz, o }' >> "$SXLA_CPU_LOG"
  fi
fi
exit $rc
