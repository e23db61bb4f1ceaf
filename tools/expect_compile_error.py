#!/usr/bin/env python3
"""Compile-fail driver: a diagnostic test passes only if the source fails to compile,
the compiler's output contains every expected text, and the same source compiles
cleanly with -DSXLA_CONTROL (its control variant), so the failure is the one meant.

usage: expect_compile_error.py --source FILE --compiler CXX [ARGS...] -- FLAGS...

FILE holds one or more lines `// expect-error: <text>`; each <text> must appear in the
compiler output (whitespace runs are compared as single blanks). Lines
`// expect-error-gcc: <text>` and `// expect-error-clang: <text>` apply to one compiler
only (how each prints template arguments differs). FILE must also use
`#ifdef SXLA_CONTROL` to provide a variant that compiles.
"""
import os
import re
import subprocess
import sys


def parse_args(argv):
    source, compiler, flags = None, [], []
    i = 0
    while i < len(argv):
        if argv[i] == '--source':
            source = argv[i + 1]
            i += 2
        elif argv[i] == '--compiler':
            i += 1
            while i < len(argv) and argv[i] != '--':
                compiler.append(argv[i])
                i += 1
        elif argv[i] == '--':
            flags = argv[i + 1:]
            break
        else:
            sys.exit('expect_compile_error.py: unexpected argument ' + argv[i])
    if not source or not compiler:
        sys.exit(__doc__)
    return source, compiler, flags


def squash(text):
    return re.sub(r'\s+', ' ', text)


def compile_(compiler, flags, source, extra):
    env = dict(os.environ, LC_ALL='C', LANG='C')
    cmd = compiler + flags + extra + ['-fsyntax-only', '-fdiagnostics-color=never', source]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                          universal_newlines=True)
    return proc.returncode, proc.stdout, cmd


def main():
    source, compiler, flags = parse_args(sys.argv[1:])
    with open(source, encoding='utf-8') as f:
        text = f.read()
    family = 'clang' if 'clang' in subprocess.run(compiler + ['--version'], stdout=subprocess.PIPE,
                                                    universal_newlines=True).stdout else 'gcc'
    expected = [m.strip() for m in re.findall(r'^\s*// expect-error:(.*)$', text, re.M)]
    expected += [m.strip() for m in re.findall(r'^\s*// expect-error-' + family + r':(.*)$', text, re.M)]
    if not expected:
        sys.exit(f'{source}: no "// expect-error:" line')
    if 'SXLA_CONTROL' not in text:
        sys.exit(f'{source}: no SXLA_CONTROL variant (a case must show what compiles)')

    code, out, cmd = compile_(compiler, flags, source, [])
    if code == 0:
        print(' '.join(cmd))
        sys.exit(f'{source}: compiled, but it must fail with: {expected}')
    missing = [e for e in expected if squash(e) not in squash(out)]
    if missing:
        print(out)
        sys.exit(f'{source}: failed to compile, but the output lacks: {missing}')

    code, out, cmd = compile_(compiler, flags, source, ['-DSXLA_CONTROL', '-Wall', '-Wextra', '-Werror'])
    if code != 0:
        print(' '.join(cmd))
        print(out)
        sys.exit(f'{source}: the SXLA_CONTROL variant must compile')
    print(f'{os.path.basename(source)} ({family}): fails as expected, {len(expected)} text(s) '
          'found; the control variant compiles')


if __name__ == '__main__':
    main()
