#!/usr/bin/env bash
# Runs the benchmarks (Google Benchmark: sxla beside its peers in one process) and charts
# them. One command regenerates the charts in docs/bench/ that the README shows:
#
#   tools/run_bench.sh                      # every benchmark, then docs/bench/*.png
#   tools/run_bench.sh --quick dot conv     # some of them, 0.05 s per case
#
# Builds build-bench when needed (meson, -O3 -march=native; peers found by
# bench/meson.build), runs each benchmark with JSON output into build-bench/results/
# (--out DIR to change), the CPU's model name recorded in the JSON's context, and
# prints as it goes which benchmark it is running, how many cases of it have finished and
# the time so far. Then tools/plot_bench.py charts every JSON file of that directory (so a
# rerun of one benchmark updates its chart and the summary) into --charts DIR (default
# docs/bench; --no-charts to skip) and prints the table of ratios.
# Extra Google Benchmark flags go after --, e.g. -- --benchmark_repetitions=3.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

all=(elementwise math data_movement reduce gather dot conv sort fft linalg rng narrow)
build=build-bench
out=$build/results
charts=docs/bench
quick=()
names=()
extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=(--benchmark_min_time=0.05) ;;
    --out) out=$2; shift ;;
    --charts) charts=$2; shift ;;
    --no-charts) charts= ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    -*) echo "run_bench.sh: unknown option $1" >&2; exit 2 ;;
    *) names+=("${1#bench_}") ;;
  esac
  shift
done
if [ ${#names[@]} -eq 0 ]; then names=("${all[@]}"); fi

start=$SECONDS
elapsed() { printf '%d:%02d' $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60)); }

if [ ! -d "$build" ]; then
  echo "== [$(elapsed)] configuring $build"
  meson setup "$build" -Dtests=disabled -Dexamples=disabled >/dev/null
fi
targets=()
for n in "${names[@]}"; do targets+=("bench/bench_$n"); done
echo "== [$(elapsed)] building ${targets[*]}"
ninja -C "$build" "${targets[@]}" | grep -E '^\[[0-9]+/[0-9]+\] (Compiling|Linking)' || true

# The CPU as /proc/cpuinfo names it, with its family and model (VMs often report a bare
# "AMD EPYC"; bench/RESULTS.md's Machines section maps family/model to a core).
field() { grep -m1 "^$1[[:space:]]*:" /proc/cpuinfo 2>/dev/null | sed 's/.*: //; s/,//g; s/  */ /g'; }
cpu="$(field 'model name') (family $(field 'cpu family') model $(field model))"
[ "$cpu" != " (family  model )" ] || cpu="unknown CPU"
mkdir -p "$out"
echo "== [$(elapsed)] running ${#names[@]} benchmark(s) on: $cpu (results in $out)"
i=0
for n in "${names[@]}"; do
  i=$((i + 1))
  exe=$build/bench/bench_$n
  json=$out/bench_$n.json
  # The cases it will run (with a --benchmark_filter among the extra flags, those only).
  mapfile -t cases < <("$exe" --benchmark_list_tests "${extra[@]}" 2>/dev/null)
  total=${#cases[@]}
  repetitions=1
  for e in "${extra[@]}"; do
    case $e in --benchmark_repetitions=*) repetitions=${e#*=} ;; esac
  done
  total=$((total * repetitions))
  echo "== [$(elapsed)] ($i/${#names[@]}) bench_$n: $total case(s)"
  declare -A known=()
  for c in "${cases[@]}"; do known[$c]=1; done
  done_cases=0
  # Console lines begin with the case's name; count those of finished cases as they come.
  "$exe" --benchmark_out="$json" --benchmark_out_format=json --benchmark_color=false \
         --benchmark_context=cpu="$cpu" "${quick[@]}" "${extra[@]}" 2>&1 |
  while IFS= read -r line; do
    name=${line%% *}
    if [ -n "$name" ] && [ -n "${known[$name]:-}" ]; then
      done_cases=$((done_cases + 1))
      printf '  [%s %d/%d] %s\n' "$(elapsed)" "$done_cases" "$total" "$line"
    else
      printf '  %s\n' "$line"
    fi
  done
  unset known
done
echo "== [$(elapsed)] benchmarks done"

if [ -n "$charts" ]; then
  py=/usr/bin/python3   # Debian's, with python3-matplotlib
  [ -x "$py" ] || py=python3
  echo "== [$(elapsed)] charts into $charts"
  "$py" tools/plot_bench.py "$out"/bench_*.json --out "$charts"
fi
echo "== [$(elapsed)] done"
