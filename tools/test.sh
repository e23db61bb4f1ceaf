#!/usr/bin/env bash
# README command 2: the whole test suite, as CI runs it. Builds in build-tests/<config>:
#   gcc, clang      every suite (unit, seeds, golden, static, compile_fail, headers,
#                   single_include, examples, docs) with -Wall -Wextra -Wpedantic -Werror and every
#                   unit test; g++ at -O2, clang++ at -O1 (a quarter and a third less
#                   compile time than -O3 and -O2 on the heavy files, for CI's 40 minutes;
#                   the benchmarks build at -O3)
#   gcc-sanitize    g++ -Og -fsanitize=address,undefined -fno-sanitize-recover=all
#   clang-sanitize  clang++ -O0 -fsanitize=address,undefined -fno-sanitize-recover=all
#                   (debug builds without debug information: every check kept, and they
#                   compile in 60% (g++) and 40% (clang++) of the CPU time of -O1). Each
#                   test is sanitized once: the two share the ops and linalg layers' unit
#                   tests (-Dtest_shard=1/2 and 2/2: alternate files, so that every op
#                   family's files are split between them), and clang-sanitize builds
#                   only those (unit_ops, unit_ops_own, unit_linalg); gcc-sanitize runs everything else.
#   gcc-xsimd       the xsimd backend (g++ -O1: inlined, as users build it, in 70% of the
#                   CPU time of -O3); it shares the ops and linalg files with
#                   gcc-baseline as the sanitizers do (1/2 and 2/2: both run the xsimd
#                   backend, on AVX-512 and on SSE2); every other test runs in both
#   clang-scalar    the scalar backend, the semantic reference (clang++ -O0, a quarter of the
#                   CPU time of -O3)
#   gcc-baseline    no -march (x86-64's SSE2 baseline, as a distribution builds): Highway
#                   has no target there, so the xsimd SSE2 fallback, and the code paths
#                   taken without FMA (g++ -O0: the same paths in 65% of the CPU time of
#                   -O1; gcc-xsimd runs the xsimd backend optimised)
# (gcc and clang test the optimised code of the default Highway backend.)
#   clang-tsan      clang++ -O1 -fsanitize=thread on the multi-threaded tests alone
#                   (-Dtest_threads_only=true: infeed and outfeed between two threads)
#   fuzz            tools/fuzz.sh: the shape parser's libFuzzer target (clang++, ASan, UBSan)
#                   for SXLA_FUZZ_SECONDS seconds (default 30)
#   cmake           tools/check_cmake_consumer.sh: sxla installed to a staged prefix, used by
#                   a separate CMake project and through the installed single header
# The five secondary configurations run the run-time suites (unit, seeds, golden, static,
# single_include, examples) with the representative subset of the unit tests
# (-Dtest_subset=true): every unit translation unit but those listed in tests/meson.build's
# unit_full_only. The subset still runs every layer, every op family, every layout kind
# (row-major, column-major, padded, tiled; operands and destinations) and, through
# tests/simd, every function of the SIMD vocabulary on every lane type; what it leaves out
# runs the same code on more element types (narrow integer arithmetic, wide integer
# comparisons, bitwise ops and shifts, f64/s32/u8 reductions, views on s32/f64/u8, random
# conversions from integer, small-float and complex sources, convolution on f64 and the
# complex types, the FFT in double precision and on 1000- and 1024-point rows), which gcc
# and clang test in full. The gcc and clang compile_fail cases read <sxla/sxla.hpp> from a
# precompiled header (tests/meson.build).
# At the end: the time of each configuration and the slowest translation units of this run
# (wall time from each build directory's .ninja_log, compiled in parallel).
# Environment: SXLA_TEST_CONFIGS="gcc clang ..." runs a subset of the configurations, in
# that order; SXLA_TEST_JOBS=N builds and tests with N parallel jobs (default: meson's).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out="$root/build-tests"
configs=${SXLA_TEST_CONFIGS:-"gcc clang gcc-sanitize clang-sanitize gcc-xsimd clang-scalar gcc-baseline clang-tsan fuzz cmake"}
fuzz_seconds=${SXLA_FUZZ_SECONDS:-30}
runtime_suites=(--suite unit --suite seeds --suite golden --suite static --suite examples --suite single_include)
subset=(-Dtest_subset=true)
sanitize=(-Ddebug=false -Db_sanitize=address,undefined -Db_lundef=false -Dcpp_args=-fno-sanitize-recover=all)
jobs=()
if [ -n "${SXLA_TEST_JOBS:-}" ]; then jobs=(-j "$SXLA_TEST_JOBS"); fi
test_jobs=()
if [ -n "${SXLA_TEST_JOBS:-}" ]; then test_jobs=(--num-processes "$SXLA_TEST_JOBS"); fi

built=()    # the build directories of this run, for the slowest translation units
times=()    # one line per configuration

# run_config NAME CXX MESON_OPTIONS...: configure, build and test. With only=(TARGETS...)
# set, builds and runs those unit executables alone.
only=()
run_config() {
  local name=$1 cxx=$2; shift 2
  local dir="$out/$name" start=$SECONDS
  echo "== [$name] configure ($cxx $*)"
  if [ -d "$dir" ]; then
    CXX=$cxx meson setup --reconfigure "$dir" -Dbench=disabled "$@" >/dev/null
  else
    CXX=$cxx meson setup "$dir" -Dbench=disabled "$@" >/dev/null
  fi
  if [ ${#only[@]} -gt 0 ]; then  # (of the targets asked for, those this configuration has)
    local have kept=()
    have=" $(meson introspect "$dir" --targets | python3 -c 'import json, sys; print(" ".join(t["name"] for t in json.load(sys.stdin)))') "
    for t in "${only[@]}"; do if [[ $have == *" $t "* ]]; then kept+=("$t"); fi; done
    only=("${kept[@]}")
  fi
  echo "== [$name] build"
  built+=("$name")
  meson compile -C "$dir" "${jobs[@]}" "${only[@]}"
  local tested=$SECONDS
  echo "== [$name] test"
  local suites=()
  case $name in gcc|clang) ;; clang-tsan) suites=(--suite threads) ;; *) suites=("${runtime_suites[@]}") ;; esac
  if [ ${#only[@]} -gt 0 ]; then suites=("${only[@]}"); fi
  meson test -C "$dir" --no-rebuild --print-errorlogs "${test_jobs[@]}" "${suites[@]}"
  only=()
  times+=("$(printf '%-15s %5d s  (configure and build %d s, test %d s)' "$name" \
             $((SECONDS - start)) $((tested - start)) $((SECONDS - tested)))")
}

# run_step NAME COMMAND...: a check outside meson; fails the run when COMMAND fails.
run_step() {
  local name=$1 start=$SECONDS; shift
  echo "== [$name] $*"
  "$@"
  times+=("$(printf '%-15s %5d s' "$name" $((SECONDS - start)))")
}

# The 10 slowest compilations over the build directories of this run (each object's last
# entry in its .ninja_log; ninja logs wall time, so parallel jobs inflate it).
slowest_translation_units() {
  python3 - "$out" "$@" <<'EOF'
import os
import subprocess
import sys

out, names = sys.argv[1], sys.argv[2:]
rows = []
for name in dict.fromkeys(names):
    last = {}
    path = os.path.join(out, name, '.ninja_log')
    if not os.path.exists(path):
        continue
    # only objects of the current build graph (the log keeps renamed and removed ones)
    current = set(line.split(':')[0] for line in subprocess.run(
        ['ninja', '-C', os.path.join(out, name), '-t', 'targets', 'all'],
        capture_output=True, text=True).stdout.splitlines())
    with open(path) as log:
        for line in log:
            if not line.startswith('#'):
                start, end, _, target = line.split('\t')[:4]
                last[target] = (int(end) - int(start)) / 1000
    rows += [(seconds, name, target) for target, seconds in last.items() if target.endswith('.o') and target in current]
for seconds, name, target in sorted(rows, reverse=True)[:10]:
    print(f'{seconds:7.1f} s  {name:15} {target}')
EOF
}

# Printed at the end, also when a configuration fails.
summary() {
  if [ ${#times[@]} -gt 0 ]; then
    echo "== times"
    printf '%s\n' "${times[@]}"
  fi
  if [ ${#built[@]} -gt 0 ]; then
    echo "== the slowest translation units (wall time in the parallel build)"
    slowest_translation_units "${built[@]}" || true
  fi
}
trap summary EXIT

for c in $configs; do
  case $c in
    gcc)            run_config gcc g++ -Doptimization=2 ;;
    clang)          run_config clang clang++ -Doptimization=1 ;;
    gcc-sanitize)   run_config gcc-sanitize g++ -Doptimization=g "${sanitize[@]}" "${subset[@]}" -Dtest_shard=1/2 ;;
    clang-sanitize) only=(unit_ops unit_ops_own unit_linalg)
                    run_config clang-sanitize clang++ -Doptimization=0 "${sanitize[@]}" "${subset[@]}" -Dtest_shard=2/2 ;;
    gcc-xsimd)      run_config gcc-xsimd g++ -Dsimd=xsimd -Doptimization=1 "${subset[@]}" -Dtest_shard=1/2 ;;
    clang-scalar)   run_config clang-scalar clang++ -Dsimd=scalar -Doptimization=0 "${subset[@]}" ;;
    gcc-baseline)   run_config gcc-baseline g++ -Dnative=false -Doptimization=0 "${subset[@]}" -Dtest_shard=2/2 ;;
    clang-tsan)     run_config clang-tsan clang++ -Doptimization=1 -Ddebug=false -Db_sanitize=thread -Db_lundef=false \
                      -Dtest_threads_only=true -Dexamples=disabled ;;
    fuzz)           run_step fuzz tools/fuzz.sh "$fuzz_seconds" ;;
    cmake)          run_step cmake tools/check_cmake_consumer.sh ;;
    *) echo "unknown configuration: $c" >&2; exit 2 ;;
  esac
done
trap - EXIT
summary
echo "== all configurations passed: $configs"
