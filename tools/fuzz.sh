#!/usr/bin/env bash
# Builds the libFuzzer target tests/fuzz/parse_shape_fuzz.cpp with clang++ under
# AddressSanitizer and UndefinedBehaviorSanitizer (no recovery) and runs it.
#   tools/fuzz.sh [SECONDS] [LIBFUZZER_ARGS...]      SECONDS defaults to 20
# Works from any directory. The build and the growing corpus go to build-fuzz/ at the
# root (ignored by git); the committed seed corpus tests/fuzz/corpus/ is read, never
# written. Exits non-zero when the build fails or the fuzzer finds a crash, a sanitizer
# report, a failed check or a slow input; the input is then saved as
# build-fuzz/crash-* (or timeout-*, slow-unit-*): replay it with
#   build-fuzz/parse_shape_fuzz build-fuzz/crash-...
# Environment: CXX (default clang++; it must be clang with libFuzzer, Debian's
# libclang-rt-14-dev), SXLA_FUZZ_JOBS (parallel fuzzing processes, default 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-20}
[ $# -gt 0 ] && shift
case $seconds in ''|*[!0-9]*) echo "usage: $0 [SECONDS] [LIBFUZZER_ARGS...]" >&2; exit 2 ;; esac

cxx=${CXX:-clang++}
out="$root/build-fuzz"
bin="$out/parse_shape_fuzz"
src="$root/tests/fuzz/parse_shape_fuzz.cpp"
mkdir -p "$out/corpus"

# Rebuild when the target or any header is newer than the binary.
if [ ! -x "$bin" ] || [ -n "$(find "$src" "$root/include" -newer "$bin" -print -quit)" ]; then
  echo "== fuzz: build $bin ($cxx)"
  "$cxx" -std=c++20 -O1 -g -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -Wall -Wextra -Wpedantic -Werror \
    -I"$root/include" "$src" -o "$bin.tmp"
  mv "$bin.tmp" "$bin"
fi

echo "== fuzz: run for $seconds s"
jobs=${SXLA_FUZZ_JOBS:-1}
extra=()
if [ "$jobs" -gt 1 ]; then extra=(-fork="$jobs"); fi
# libFuzzer exits non-zero on any finding; set -e passes that on.
"$bin" -max_total_time="$seconds" -timeout=10 -max_len=512 -print_final_stats=1 \
  -dict="$root/tests/fuzz/parse_shape.dict" -artifact_prefix="$out/" \
  "${extra[@]}" "$@" "$out/corpus" "$root/tests/fuzz/corpus"
echo "== fuzz: no finding in $seconds s"
