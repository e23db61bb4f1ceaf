#!/usr/bin/env bash
# README command 2: the whole test suite, as CI runs it. Builds in build-tests/<config>:
#   gcc, clang      every suite (unit, seeds, golden, static, compile_fail, headers,
#                   single_include, examples, docs) with -Wall -Wextra -Wpedantic -Werror and every
#                   unit test; g++ at -O2, the optimised build (strict aliasing, the
#                   vectoriser: what users compile; the benchmarks build at -O3), clang++ at
#                   -O0 (its front end, its warnings and the code it generates, in 53% of the
#                   CPU time of -O1; clang's optimiser runs on sxla in clang-tsan)
#   gcc-sanitize    g++ -O0 -fsanitize=address,undefined -fno-sanitize-recover=all
#   clang-sanitize  clang++ -O0 -fsanitize=address,undefined -fno-sanitize-recover=all
#                   (debug builds without debug information: every check kept, and every
#                   access instrumented where it is written; 90% of -Og's CPU time). Each
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
# and clang test in full. The gcc and clang compile_fail cases, and in every configuration
# the unit and allocation executables, read <sxla/sxla.hpp> from a precompiled header
# (tests/meson.build): four of them (unit_layers, with every layer but ops and linalg and
# the seeds, static and cheat-sheet files; unit_ops; unit_linalg; allocation).
# Two configurations run at a time (SXLA_TEST_PARALLEL), the costliest first, each with its
# output in build-tests/logs/NAME.log, printed whole when it ends: one configuration's
# tail (its last translation units, its links, its test run) overlaps the next one's
# build, and both cores stay busy. Compilers run through tools/cpu_time.sh, which
# records each object's CPU seconds (build-tests/logs/NAME.cpu).
# At the end: the time of each configuration and the costliest translation units of this
# run in CPU seconds (compiled in parallel, so wall time would overstate them), with a
# line for any above 20 s.
# Environment: SXLA_TEST_CONFIGS="gcc clang ..." runs a subset of the configurations, in
# that order; SXLA_TEST_PARALLEL=N runs N configurations at a time (default 2; 1: one
# after the other, output as it comes); SXLA_TEST_JOBS=N builds and tests each with N
# parallel jobs (default: the processor count).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out="$root/build-tests"
configs=${SXLA_TEST_CONFIGS:-"gcc clang gcc-sanitize clang-sanitize gcc-xsimd clang-scalar gcc-baseline clang-tsan fuzz cmake"}
fuzz_seconds=${SXLA_FUZZ_SECONDS:-30}
runtime_suites=(--suite unit --suite seeds --suite golden --suite static --suite examples --suite single_include)
subset=(-Dtest_subset=true)
sanitize=(-Ddebug=false -Db_sanitize=address,undefined -Db_lundef=false -Dcpp_args=-fno-sanitize-recover=all)
parallel=${SXLA_TEST_PARALLEL:-2}
ncpu=$(nproc)
job_count=${SXLA_TEST_JOBS:-$ncpu}
jobs=(-j "$job_count")
test_jobs=(--num-processes "$job_count")
# Under a second configuration's build, a test may take up to twice its time alone.
if [ "$parallel" -gt 1 ]; then test_jobs+=(--timeout-multiplier 2); fi
logs="$out/logs"
mkdir -p "$logs"

# run_config NAME CXX MESON_OPTIONS...: configure, build and test. With only=(TARGETS...)
# set, builds and runs those unit executables alone. Its time goes to logs/NAME.time.
only=()
run_config() {
  local name=$1 cxx=$2; shift 2
  local dir="$out/$name" start=$SECONDS
  echo "== [$name] configure ($cxx $*)"
  # One configuration configures at a time: two meson setups probing CMake at once (for
  # the CMake package files) were seen to leave one with "CMAKE_CXX_COMPILER not set".
  cxx="$root/tools/cpu_time.sh $cxx"
  if [ -d "$dir" ]; then
    CXX=$cxx flock "$logs/configure.lock" meson setup --reconfigure "$dir" -Dbench=disabled "$@" > "$logs/$name.configure.log" || { cat "$logs/$name.configure.log"; exit 1; }
  else
    CXX=$cxx flock "$logs/configure.lock" meson setup "$dir" -Dbench=disabled "$@" > "$logs/$name.configure.log" || { cat "$logs/$name.configure.log"; exit 1; }
  fi
  if [ ${#only[@]} -gt 0 ]; then  # (of the targets asked for, those this configuration has)
    local have kept=()
    have=" $(meson introspect "$dir" --targets | python3 -c 'import json, sys; print(" ".join(t["name"] for t in json.load(sys.stdin)))') "
    for t in "${only[@]}"; do if [[ $have == *" $t "* ]]; then kept+=("$t"); fi; done
    only=("${kept[@]}")
  fi
  echo "== [$name] build"
  : > "$logs/$name.cpu"
  SXLA_CPU_LOG="$logs/$name.cpu" meson compile -C "$dir" "${jobs[@]}" "${only[@]}"
  local tested=$SECONDS
  echo "== [$name] test"
  local suites=()
  case $name in gcc|clang) ;; clang-tsan) suites=(--suite threads) ;; *) suites=("${runtime_suites[@]}") ;; esac
  if [ ${#only[@]} -gt 0 ]; then suites=("${only[@]}"); fi
  meson test -C "$dir" --no-rebuild --print-errorlogs "${test_jobs[@]}" "${suites[@]}"
  only=()
  printf '%-15s %5d s  (configure and build %d s, test %d s)\n' "$name" \
    $((SECONDS - start)) $((tested - start)) $((SECONDS - tested)) > "$logs/$name.time"
}

# run_step NAME COMMAND...: a check outside meson; fails the run when COMMAND fails.
run_step() {
  local name=$1 start=$SECONDS; shift
  echo "== [$name] $*"
  "$@"
  printf '%-15s %5d s\n' "$name" $((SECONDS - start)) > "$logs/$name.time"
}

# run_one NAME: one configuration or step.
run_one() {
  case $1 in
    gcc)            run_config gcc g++ -Doptimization=2 ;;
    clang)          run_config clang clang++ -Doptimization=0 ;;
    gcc-sanitize)   run_config gcc-sanitize g++ -Doptimization=0 "${sanitize[@]}" "${subset[@]}" -Dtest_shard=1/2 ;;
    clang-sanitize) only=(unit_ops unit_ops_own unit_linalg)
                    run_config clang-sanitize clang++ -Doptimization=0 "${sanitize[@]}" "${subset[@]}" -Dtest_shard=2/2 ;;
    gcc-xsimd)      run_config gcc-xsimd g++ -Dsimd=xsimd -Doptimization=1 "${subset[@]}" -Dtest_shard=1/2 ;;
    clang-scalar)   run_config clang-scalar clang++ -Dsimd=scalar -Doptimization=0 "${subset[@]}" ;;
    gcc-baseline)   run_config gcc-baseline g++ -Dnative=false -Doptimization=0 "${subset[@]}" -Dtest_shard=2/2 ;;
    clang-tsan)     run_config clang-tsan clang++ -Doptimization=1 -Ddebug=false -Db_sanitize=thread -Db_lundef=false \
                      -Dtest_threads_only=true -Dexamples=disabled ;;
    fuzz)           run_step fuzz tools/fuzz.sh "$fuzz_seconds" ;;
    cmake)          run_step cmake tools/check_cmake_consumer.sh ;;
  esac
}

# The time of each configuration, and the 10 costliest compilations of this run in CPU
# seconds (tools/cpu_time.sh's records), with every one above 20 s.
summary() {
  echo "== times (wall: $((SECONDS - run_start)) s in all)"
  for c in $configs; do
    if [ -f "$logs/$c.time" ]; then cat "$logs/$c.time"; else printf '%-15s (did not finish)\n' "$c"; fi
  done
  echo "== the costliest translation units (CPU seconds)"
  for c in $configs; do
    if [ -f "$logs/$c.cpu" ]; then awk -v c="$c" '$2 ~ /\.o$/ {printf "%7.1f s  %-15s %s\n", $1, c, $2}' "$logs/$c.cpu"; fi
  done | sort -rn > "$logs/cpu-all.txt" || true
  head -10 "$logs/cpu-all.txt"
  local over
  over=$(awk '$1 > 20' "$logs/cpu-all.txt" | wc -l)
  echo "translation units above 20 s of CPU: $over"
}

for c in $configs; do
  case $c in
    gcc|clang|gcc-sanitize|clang-sanitize|gcc-xsimd|clang-scalar|gcc-baseline|clang-tsan|fuzz|cmake) ;;
    *) echo "unknown configuration: $c" >&2; exit 2 ;;
  esac
  rm -f "$logs/$c.time" "$logs/$c.cpu"
done
run_start=$SECONDS
trap summary EXIT

if [ "$parallel" -le 1 ]; then
  for c in $configs; do (run_one "$c"); done
else
  # A queue of configurations, $parallel at a time; each one's output is printed whole
  # when it ends. After a failure no new one starts; those running finish.
  queue=($configs)
  declare -A running=()   # pid -> configuration
  failed=()
  next=0
  while [ $next -lt ${#queue[@]} ] || [ ${#running[@]} -gt 0 ]; do
    while [ ${#failed[@]} -eq 0 ] && [ $next -lt ${#queue[@]} ] && [ ${#running[@]} -lt "$parallel" ]; do
      c=${queue[$next]}
      next=$((next + 1))
      (run_one "$c") > "$logs/$c.log" 2>&1 &
      running[$!]=$c
      echo "== [$c] started at $((SECONDS - run_start)) s (output: build-tests/logs/$c.log)"
    done
    if [ ${#failed[@]} -gt 0 ]; then next=${#queue[@]}; fi
    [ ${#running[@]} -gt 0 ] || break
    status=0
    wait -n -p finished "${!running[@]}" || status=$?
    c=${running[$finished]}
    unset "running[$finished]"
    cat "$logs/$c.log"
    if [ "$status" -ne 0 ]; then
      echo "== [$c] FAILED (exit $status) at $((SECONDS - run_start)) s"
      failed+=("$c")
    else
      echo "== [$c] passed at $((SECONDS - run_start)) s"
    fi
  done
  if [ ${#failed[@]} -gt 0 ]; then
    echo "== failed: ${failed[*]}"
    exit 1
  fi
fi
trap - EXIT
summary
echo "== all configurations passed: $configs"
