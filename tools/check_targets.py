#!/usr/bin/env python3
"""Per-flag SIMD target check: builds tests/simd/target_smoke.cpp with one compiler once
per x86 flag set and checks the backend, target and FMA use each build reports, and
that its results are right:

  flags                 expected (Highway build, xsimd installed)
  (none)                xsimd sse2, no fma   (Highway 1.0.3 has no SSE2 target)
  -march=x86-64-v2      highway SSE4, no fma
  -march=x86-64-v3      highway AVX2, fma
  -march=x86-64-v4      highway AVX3, fma
  -march=x86-64-v4 -DSXLA_SIMD_XSIMD=1 -O0
                        xsimd avx512bw, fma  (unoptimised: g++ 12 then defines some
                        AVX-512BW intrinsics as macros, which xsimd 8.1's select cannot
                        call; simd/xsimd.hpp works around it)
  -march=native         printed only (it depends on the machine)

A build whose instructions this CPU lacks is compiled but not run (reported as such).
Exits 77 (meson's "skipped") on a non-x86 machine.

usage: check_targets.py --root REPO --compiler CXX [ARGS...]
"""
import os
import platform
import subprocess
import sys
import tempfile

CASES = [
    ([], ('xsimd', 'sse2', 'no'), None),
    (['-march=x86-64-v2'], ('highway', 'SSE4', 'no'), 'sse4_2'),
    (['-march=x86-64-v3'], ('highway', 'AVX2', 'yes'), 'avx2'),
    (['-march=x86-64-v4'], ('highway', 'AVX3', 'yes'), 'avx512bw'),
    (['-march=x86-64-v4', '-DSXLA_SIMD_XSIMD=1', '-O0'], ('xsimd', 'avx512bw', 'yes'), 'avx512bw'),
    (['-march=native'], None, None),
]


def cpu_flags():
    try:
        with open('/proc/cpuinfo', encoding='utf-8') as f:
            for line in f:
                if line.startswith('flags'):
                    return set(line.split(':', 1)[1].split())
    except OSError:
        pass
    return set()


def main():
    argv = sys.argv[1:]
    root = argv[argv.index('--root') + 1]
    compiler = argv[argv.index('--compiler') + 1:]
    if platform.machine() not in ('x86_64', 'AMD64', 'i686'):
        print('not an x86 machine: skipped')
        sys.exit(77)
    have = cpu_flags()
    source = os.path.join(root, 'tests', 'simd', 'target_smoke.cpp')
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n, (flags, expected, needs) in enumerate(CASES):
            exe = os.path.join(tmp, f'smoke{n}')
            cmd = compiler + ['-std=c++20', '-O2', '-Wall', '-Wextra', '-Werror', '-DSXLA_QUIET_TARGET',
                              '-I' + os.path.join(root, 'include')] + flags + [source, '-o', exe]
            label = ' '.join(flags) or '(no -march)'
            built = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
            if built.returncode != 0:
                print(f'{label}: does not build\n{" ".join(cmd)}\n{built.stdout}')
                failures += 1
                continue
            if needs and needs not in have:
                print(f'{label}: built; not run (this CPU lacks {needs})')
                continue
            ran = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
            words = ran.stdout.split()
            got = (words[1], words[3], words[5]) if len(words) >= 6 else None
            ok = ran.returncode == 0 and (expected is None or got == expected)
            print(f'{label}: {ran.stdout.strip()}' + ('' if ok else f'   <-- expected {expected}'))
            failures += not ok
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
