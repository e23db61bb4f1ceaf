#!/usr/bin/env python3
"""Checks that every public header under include/sxla compiles on its own (twice in a
row, so that its include guard is checked too).

The headers that need <mpi.h> (sxla/mpi.hpp, sxla/dist/mpi_communicator.hpp) are
compiled with --mpi-flags' flags (mpicxx --showme:compile), and skipped, with a line
saying so, without them.

usage: check_headers.py --root REPO [--mpi-flags "FLAGS"] --compiler CXX [ARGS...] -- FLAGS...
"""
import concurrent.futures
import os
import subprocess
import sys
import tempfile


def main():
    argv = sys.argv[1:]
    root = argv[argv.index('--root') + 1]
    sep = argv.index('--')
    compiler = argv[argv.index('--compiler') + 1:sep]
    flags = argv[sep + 1:]
    mpi_flags = None
    if '--mpi-flags' in argv[:sep]:
        mpi_flags = argv[argv.index('--mpi-flags') + 1].split()
        del argv[argv.index('--mpi-flags'):argv.index('--mpi-flags') + 2]
        sep = argv.index('--')
        compiler = argv[argv.index('--compiler') + 1:sep]
    mpi_headers = {os.path.join('sxla', 'mpi.hpp'), os.path.join('sxla', 'dist', 'mpi_communicator.hpp')}
    include = os.path.join(root, 'include')
    headers = sorted(
        os.path.relpath(os.path.join(d, f), include)
        for d, _, files in os.walk(os.path.join(include, 'sxla'))
        for f in files if f.endswith('.hpp'))

    def check(header):
        with tempfile.NamedTemporaryFile('w', suffix='.cpp', delete=False) as tu:
            tu.write(f'#include "{header}"\n#include "{header}"\n')
            name = tu.name
        try:
            if header in mpi_headers and mpi_flags is None:
                return header, None, ''
            extra = mpi_flags if header in mpi_headers else []
            cmd = compiler + flags + extra + ['-fsyntax-only', '-fdiagnostics-color=never', name]
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  universal_newlines=True)
            return header, proc.returncode, proc.stdout
        finally:
            os.unlink(name)

    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for header, code, out in pool.map(check, headers):
            if code is None:
                print(f'skip {header} (no MPI: --mpi-flags not given)')
            elif code != 0:
                failures += 1
                print(f'FAIL {header}\n{out}')
            else:
                print(f'ok   {header}')
    print(f'{len(headers) - failures} of {len(headers)} headers compile on their own')
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
