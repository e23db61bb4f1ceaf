#!/usr/bin/env python3
"""Checks the header architecture of include/sxla:

- includes point down the layer order: config/version -> core -> shape -> tensor ->
  expr -> ops -> {linalg, control, dist}; simd depends only on config and core; kernels
  (whole algorithms over the SIMD vocabulary) only on config, core and simd, and only
  expr and above use them;
- every project include is written "sxla/<path>" and names, in a trailing comment, the
  symbol it is there for (the umbrella sxla.hpp is exempt);
- every header starts with a comment naming itself ("// sxla/<path>: what it holds");
- <mpi.h> is included by dist/mpi_communicator.hpp alone, which only the umbrella
  sxla/mpi.hpp includes (sxla/sxla.hpp and the single header need no MPI).

usage: check_layers.py --root REPO
"""
import os
import re
import sys

RANK = {'config.hpp': 0, 'version.hpp': 0, 'core': 1, 'shape': 2, 'tensor': 3,
        'expr': 4, 'ops': 5, 'linalg': 6, 'control': 6, 'dist': 6}
SIMD_MAY_USE = {'config.hpp', 'core', 'simd'}
KERNELS_MAY_USE = {'config.hpp', 'core', 'simd', 'kernels'}
MPI_HEADER = 'dist/mpi_communicator.hpp'


def layer(path):  # path relative to include/sxla
    return path.split('/')[0]


def main():
    root = sys.argv[sys.argv.index('--root') + 1]
    base = os.path.join(root, 'include', 'sxla')
    problems = []
    count = 0
    for d, _, files in os.walk(base):
        for f in sorted(files):
            if not f.endswith('.hpp'):
                continue
            count += 1
            full = os.path.join(d, f)
            rel = os.path.relpath(full, base).replace(os.sep, '/')
            with open(full, encoding='utf-8') as fh:
                lines = fh.read().split('\n')
            if not lines[0].startswith(f'// sxla/{rel}: '):
                problems.append(f'{rel}: the first line must be "// sxla/{rel}: <what it holds>"')
            for n, line in enumerate(lines, 1):
                if re.match(r'\s*#\s*include\s*<mpi\.h>', line) and rel != MPI_HEADER:
                    problems.append(f'{rel}:{n}: only {MPI_HEADER} includes <mpi.h>')
                if f'"sxla/{MPI_HEADER}"' in line and rel != 'mpi.hpp':
                    problems.append(f'{rel}:{n}: only sxla/mpi.hpp includes {MPI_HEADER}')
            if rel in ('sxla.hpp', 'mpi.hpp'):
                continue
            me = layer(rel)
            for n, line in enumerate(lines, 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"(.*)$', line)
                if not m:
                    continue
                target, rest = m.group(1), m.group(2)
                if not target.startswith('sxla/'):
                    problems.append(f'{rel}:{n}: project includes are written "sxla/<path>"')
                    continue
                if not re.match(r'\s*//\s*\S', rest):
                    problems.append(f'{rel}:{n}: say which symbol "{target}" is included for')
                other = layer(target[len('sxla/'):])
                if me == 'simd':
                    if other not in SIMD_MAY_USE:
                        problems.append(f'{rel}:{n}: simd/ may use only config and core, not {other}')
                elif me == 'kernels':
                    if other not in KERNELS_MAY_USE:
                        problems.append(f'{rel}:{n}: kernels/ may use only config, core and simd, not {other}')
                elif other in ('simd', 'kernels'):
                    if RANK.get(me, 0) < RANK['expr']:
                        problems.append(f'{rel}:{n}: only expr/ and above may use {other}/')
                elif RANK.get(other, 99) > RANK.get(me, -1):
                    problems.append(f'{rel}:{n}: {me}/ must not include {target} (a higher layer)')
    for p in problems:
        print(p)
    print(f'{count} headers checked, {len(problems)} problem(s)')
    sys.exit(1 if problems else 0)


if __name__ == '__main__':
    main()
