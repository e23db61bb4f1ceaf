#!/usr/bin/env bash
# README command 1, for a fresh Debian 12 machine: installs what sxla needs to build and
# test (Debian packages only), configures ./build, builds it and runs the quickstart.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

packages=(g++ clang libclang-rt-14-dev meson ninja-build pkg-config cmake python3 python3-numpy python3-scipy python3-matplotlib libhwy-dev libxsimd-dev
          libopenmpi-dev openmpi-bin
          doctest-dev)
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

echo "== configuring and building ./build"
if [ -d build ]; then
  meson setup --reconfigure build -Dtests=disabled -Dbench=disabled
else
  meson setup build -Dtests=disabled -Dbench=disabled
fi
meson compile -C build
echo "== running the quickstart"
build/examples/quickstart
