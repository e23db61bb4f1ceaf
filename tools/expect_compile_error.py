#!/usr/bin/env python3
"""Compile-fail driver: a diagnostic test passes only if the source fails to compile with
exactly one error, the first (and only) error line contains every expected text, and the
same source compiles cleanly with -DSXLA_CONTROL (its control variant), so the failure is
the one meant.

usage: expect_compile_error.py --source FILE [--no-control] --compiler CXX [ARGS...] -- FLAGS...
       expect_compile_error.py --controls FILE... --compiler CXX [ARGS...] -- FLAGS...

--no-control leaves the control variant to a --controls run, which compiles the control
variants of all the FILEs as one translation unit, each in a namespace of its own (one
parse of the library instead of one per case; the test suite runs it once for all the
cases). Their includes are hoisted to the top, so that each case's own includes, inside
its namespace, find their include guards set.

FILE holds one or more lines `// expect-error: <text>`; each <text> must appear on the
first line of the compiler output that reports an error ("file:line:col: error: ...",
whitespace runs compared as single blanks). Lines `// expect-error-gcc: <text>` and
`// expect-error-clang: <text>` apply to one compiler only (g++ 12 shows the message with
the op, the shapes as HLO text and the sizes filled in; clang 14 shows the shapes as array
types in the static_assert's requirement and the message with {} placeholders: see
include/sxla/core/diagnostics.hpp). `// expect-note: <text>` (and -gcc, -clang) may
appear anywhere in the output: for what a compiler prints only in its instantiation
notes. A second error line fails the test: one mistake, one error. FILE must also use
`#ifdef SXLA_CONTROL` to provide a variant that compiles.
"""
import os
import re
import subprocess
import sys
import tempfile

# An error line: "path:line:col: error: ..." (or "fatal error:"), not an indented note or
# a context line ("In instantiation of ...").
ERROR_LINE = re.compile(r'^\S[^\n]*?:(?:\d+:\d+:)? (?:fatal )?error: ', re.M)


def parse_args(argv):
    source, compiler, flags = None, [], []
    i = 0
    while i < len(argv):
        if argv[i] == '--source':
            source = argv[i + 1]
            i += 2
        elif argv[i] == '--no-control':
            i += 1
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
    return re.sub(r'\s+', ' ', text).strip()


def directives(text, kind, family):
    found = [m.strip() for m in re.findall(r'^\s*// expect-' + kind + r':(.*)$', text, re.M)]
    found += [m.strip() for m in re.findall(r'^\s*// expect-' + kind + '-' + family + r':(.*)$', text, re.M)]
    return found


def compile_(compiler, flags, source, extra):
    env = dict(os.environ, LC_ALL='C', LANG='C')
    cmd = compiler + flags + extra + ['-fsyntax-only', '-fdiagnostics-color=never', source]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                          universal_newlines=True)
    return proc.returncode, proc.stdout, cmd


CONTROL_FLAGS = ['-DSXLA_CONTROL', '-Wall', '-Wextra', '-Werror']


def controls(argv):
    """--controls FILE... --compiler CXX... -- FLAGS...: every FILE's control variant, in
    one translation unit."""
    sep = argv.index('--compiler')
    sources = argv[argv.index('--controls') + 1:sep]
    _, compiler, flags = parse_args(['--source', 'unused'] + argv[sep:])
    includes, body = [], []
    for n, source in enumerate(sorted(sources)):
        with open(source, encoding='utf-8') as f:
            text = f.read()
        if 'SXLA_CONTROL' not in text:
            sys.exit(f'{source}: no SXLA_CONTROL variant (a case must show what compiles)')
        includes += [line for line in text.splitlines() if line.startswith('#include <')]
        body += [f'namespace sxla_control_case_{n} {{', f'#include "{os.path.abspath(source)}"', '}']
    with tempfile.NamedTemporaryFile('w', suffix='.cpp', delete=False) as tu:
        tu.write('\n'.join(list(dict.fromkeys(includes)) + body) + '\n')
        name = tu.name
    try:
        code, out, cmd = compile_(compiler, flags, name, CONTROL_FLAGS)
    finally:
        os.unlink(name)
    if code != 0:
        print(' '.join(cmd))
        print(out)
        sys.exit('the SXLA_CONTROL variants must compile (the file of each error is named above)')
    print(f'the control variants of {len(sources)} cases compile')


def main():
    if '--controls' in sys.argv:
        controls(sys.argv[1:])
        return
    source, compiler, flags = parse_args(sys.argv[1:])
    with open(source, encoding='utf-8') as f:
        text = f.read()
    family = 'clang' if 'clang' in subprocess.run(compiler + ['--version'], stdout=subprocess.PIPE,
                                                    universal_newlines=True).stdout else 'gcc'
    expected = directives(text, 'error', family)
    notes = directives(text, 'note', family)
    if not expected:
        sys.exit(f'{source}: no "// expect-error:" line')
    if 'SXLA_CONTROL' not in text:
        sys.exit(f'{source}: no SXLA_CONTROL variant (a case must show what compiles)')

    code, out, cmd = compile_(compiler, flags, source, [])
    if code == 0:
        print(' '.join(cmd))
        sys.exit(f'{source}: compiled, but it must fail with: {expected}')
    errors = [out[m.start():out.find('\n', m.start()) if '\n' in out[m.start():] else len(out)]
              for m in ERROR_LINE.finditer(out)]
    if not errors:
        print(out)
        sys.exit(f'{source}: failed to compile, but no line reports an error')
    first = squash(errors[0])
    missing = [e for e in expected if squash(e) not in first]
    if missing:
        print(out)
        sys.exit(f'{source}: the first error line lacks: {missing}\nfirst error line: {errors[0]}')
    missing = [n for n in notes if squash(n) not in squash(out)]
    if missing:
        print(out)
        sys.exit(f'{source}: the output lacks: {missing}')
    if len(errors) != 1:
        print(out)
        sys.exit(f'{source}: {len(errors)} errors, where one mistake must give one error:\n' + '\n'.join(errors))

    if '--no-control' in sys.argv:
        control = 'its control variant is compiled with the others (--controls)'
    else:
        code, out, cmd = compile_(compiler, flags, source, CONTROL_FLAGS)
        if code != 0:
            print(' '.join(cmd))
            print(out)
            sys.exit(f'{source}: the SXLA_CONTROL variant must compile')
        control = 'the control variant compiles'
    print(f'{os.path.basename(source)} ({family}): one error, with {len(expected)} expected text(s) on it'
          f'{f" and {len(notes)} in the notes" if notes else ""}; {control}')


if __name__ == '__main__':
    main()
