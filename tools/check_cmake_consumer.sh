#!/usr/bin/env bash
# Checks sxla as an installed package, the way a user gets it. In a temporary directory:
# configures a fresh meson build of this checkout (tests, examples, bench disabled) and
# installs it into a staged prefix that does not exist on this machine (DESTDIR), so that
# only relocatable files can work; builds tests/cmake_consumer with cmake against it
# (find_package(sxla 0.1 CONFIG REQUIRED), sxla::sxla) and runs it; compiles and runs
# tests/cmake_consumer/single_header.cpp with an include path that holds only the installed
# <sxla.hpp>, plus the installed pkg-config file's flags. Exits non-zero on any failure,
# printing that step's log; removes its temporary directory.
# Usage: tools/check_cmake_consumer.sh [meson setup options, e.g. -Dsimd=xsimd]
# Environment: CXX, the compiler for all three (default c++).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sxla-package-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export CXX=${CXX:-c++}
prefix=/sxla-package-check-prefix   # never created: the files live under $tmp/stage
stage=$tmp/stage

# step NAME COMMAND...: runs COMMAND with its output in $tmp/NAME.log; on failure prints it.
step() {
  local name=$1; shift
  if ! "$@" >"$tmp/$name.log" 2>&1; then
    echo "FAILED: $name: $*" >&2
    cat "$tmp/$name.log" >&2
    exit 1
  fi
}

step meson-setup meson setup "$tmp/build" "$root" --prefix="$prefix" \
  -Dtests=disabled -Dexamples=disabled -Dbench=disabled "$@"
step meson-install meson install -C "$tmp/build" --destdir "$stage"
simd=$(meson introspect "$tmp/build" --buildoptions |
       python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "simd"))')
config=$(find "$stage" -name sxlaConfig.cmake)
pcdir=$(dirname "$(find "$stage" -name sxla.pc)")
for f in "$config" "$(dirname "$config")/sxlaConfigVersion.cmake" "$stage$prefix/include/sxla.hpp" \
         "$stage$prefix/include/sxla/sxla.hpp"; do
  [ -f "$f" ] || { echo "FAILED: not installed: ${f#"$stage"}" >&2; exit 1; }
done
if grep -rlF -e "$prefix" -e "$tmp" "$(dirname "$config")" >&2; then
  echo "FAILED: the CMake package names an absolute install or build path (above)" >&2
  exit 1
fi
echo "meson: installed ($CXX, simd=$simd) to a staged prefix: ${config#"$stage$prefix/"}"

step cmake-configure cmake -G Ninja -S "$root/tests/cmake_consumer" -B "$tmp/consumer" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$stage$prefix"
step cmake-build cmake --build "$tmp/consumer" -j 1
step consumer-run "$tmp/consumer/consumer" "$simd"
echo "cmake: $(grep -o 'sxla [0-9.]* ([a-z]*)' "$tmp/cmake-configure.log"), $(cat "$tmp/consumer-run.log")"

mkdir "$tmp/single"
cp "$stage$prefix/include/sxla.hpp" "$tmp/single/"
read -r -a pc_cflags <<<"$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags-only-other sxla)"
read -r -a pc_libs <<<"$(PKG_CONFIG_PATH=$pcdir pkg-config --libs sxla)"
step single-build "$CXX" -std=c++20 -O2 -fno-exceptions -fno-rtti -Wall -Wextra -Wpedantic -Werror \
  -I"$tmp/single" "${pc_cflags[@]}" "$root/tests/cmake_consumer/single_header.cpp" \
  -o "$tmp/single_header" "${pc_libs[@]}"
step single-run "$tmp/single_header"
echo "single header: $CXX -I<only sxla.hpp> ${pc_cflags[*]} ... ${pc_libs[*]}: $(cat "$tmp/single-run.log")"
echo "package check passed"
