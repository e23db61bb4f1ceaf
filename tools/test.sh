#!/usr/bin/env bash
# README command 2: the whole test suite, as CI runs it. Builds in build-tests/<config>:
#   gcc, clang    every suite (unit, seeds, golden, static, compile_fail, headers,
#                 single_include, examples) with -Wall -Wextra -Wpedantic -Werror
#   gcc-sanitize  the run-time suites again under -fsanitize=address,undefined (-O1, no
#                 debug information: a third of the -O2 -g build time)
#   gcc-xsimd, clang-scalar   the run-time suites on the other SIMD backends
# Environment: SXLA_TEST_CONFIGS="gcc clang ..." runs a subset.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out="$root/build-tests"
configs=${SXLA_TEST_CONFIGS:-"gcc clang gcc-sanitize gcc-xsimd clang-scalar"}
runtime_suites=(--suite unit --suite seeds --suite golden --suite static --suite examples --suite single_include)

run_config() {
  local name=$1 cxx=$2; shift 2
  local dir="$out/$name"
  echo "== [$name] configure ($cxx $*)"
  if [ -d "$dir" ]; then
    CXX=$cxx meson setup --reconfigure "$dir" -Dbench=disabled "$@" >/dev/null
  else
    CXX=$cxx meson setup "$dir" -Dbench=disabled "$@" >/dev/null
  fi
  echo "== [$name] build"
  meson compile -C "$dir"
  echo "== [$name] test"
  local suites=()
  case $name in gcc|clang) ;; *) suites=("${runtime_suites[@]}") ;; esac
  meson test -C "$dir" --no-rebuild --print-errorlogs "${suites[@]}"
}

for c in $configs; do
  case $c in
    gcc)          run_config gcc g++ ;;
    clang)        run_config clang clang++ ;;
    gcc-sanitize) run_config gcc-sanitize g++ -Doptimization=1 -Ddebug=false \
                    -Db_sanitize=address,undefined -Db_lundef=false -Dcpp_args=-fno-sanitize-recover=all ;;
    gcc-xsimd)    run_config gcc-xsimd g++ -Dsimd=xsimd ;;
    clang-scalar) run_config clang-scalar clang++ -Dsimd=scalar ;;
    *) echo "unknown configuration: $c" >&2; exit 2 ;;
  esac
done
echo "== all configurations passed: $configs"
