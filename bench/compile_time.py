#!/usr/bin/env python3
"""Compile time of sxla beside its peers, measured like speed: each translation unit is
compiled --runs times, the cases interleaved round by round, and the compiler's CPU
seconds (user + system, from wait4) and peak memory (maximum resident set) are reported
as the minimum and the median over the runs.

The translation units (written to a temporary directory):
  highway      <hwy/highway.h> and a loop computing max(a * b + c, 0) on f32[1024 * 1024]
  eigen        Eigen's Tensor module and c = (a * b + c).cwiseMax(0) on TensorFixedSize
  xtensor      xtensor_fixed and c = maximum(a * b + c, 0)
  sxla-include #include <sxla/sxla.hpp> and an empty main
  sxla         #include <sxla/sxla.hpp> and c = max(a * b + c, 0) on f32[1024,1024]
  quickstart   the README's first program (examples/quickstart.cpp)
A peer whose headers are missing is reported as such (Debian: libeigen3-dev,
libxtensor-dev, libhwy-dev).

usage: bench/compile_time.py [--root REPO] [--runs N] [--compiler CXX ...] [--flags "..."]
Defaults: the repository holding this script, 5 runs, g++ and clang++, -O2 -march=native.
The table goes to standard output as Markdown (for bench/RESULTS.md), with the CPU.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

EXPRESSION_CASES = {
    'highway': '''#if defined(__AVX512F__) && defined(__AVXVNNI__) && !defined(HWY_WANT_AVX3_DL)
#define HWY_WANT_AVX3_DL 1  // (Highway 1.0.3 needs it on such CPUs: sxla/simd/backend.hpp)
#endif
#include <hwy/highway.h>
#include <cstddef>
namespace hn = hwy::HWY_NAMESPACE;
alignas(64) float a[1 << 20], b[1 << 20], c[1 << 20];
int main() {
  const hn::ScalableTag<float> d;
  for (std::size_t i = 0; i < (std::size_t{1} << 20); i += hn::Lanes(d)) {
    const auto v = hn::MulAdd(hn::Load(d, a + i), hn::Load(d, b + i), hn::Load(d, c + i));
    hn::Store(hn::Max(v, hn::Zero(d)), d, c + i);
  }
  return static_cast<int>(c[0]);
}
''',
    'eigen': '''#include <unsupported/Eigen/CXX11/Tensor>
Eigen::TensorFixedSize<float, Eigen::Sizes<1024, 1024>> a, b, c;
int main() {
  c = (a * b + c).cwiseMax(0.0f);
  return static_cast<int>(c(0, 0));
}
''',
    'xtensor': '''#include <xtensor/xfixed.hpp>
#include <xtensor/xmath.hpp>
xt::xtensor_fixed<float, xt::xshape<1024, 1024>> a, b, c;
int main() {
  c = xt::maximum(a * b + c, 0.0f);
  return static_cast<int>(c(0, 0));
}
''',
    'sxla-include': '''#include <sxla/sxla.hpp>
int main() { return 0; }
''',
    'sxla': '''#include <sxla/sxla.hpp>
namespace x = sxla;
x::tensor<"f32[1024,1024]"> a, b, c;
int main() {
  c = x::max(a * b + c, 0.0f);
  return static_cast<int>(c(0, 0));
}
''',
}

# Headers each case needs, to report a missing peer instead of a failed compile.
NEEDS = {
    'highway': ['/usr/include/hwy/highway.h'],
    'eigen': ['/usr/include/eigen3/unsupported/Eigen/CXX11/Tensor'],
    'xtensor': ['/usr/include/xtensor/xfixed.hpp'],
}


def cpu_model():
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith('model name'):
                    return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return 'unknown CPU'


def compile_once(command):
    """CPU seconds and peak resident memory (MiB) of one compiler run."""
    # The diagnostics go to a file: a pipe the parent reads only after wait4 would block
    # a compiler that writes more than the pipe holds.
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            sys.exit(f'compile failed: {" ".join(command)}\n{err.read().decode(errors="replace")}')
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--root', default=os.path.dirname(here))
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--compiler', action='append', help='g++ and clang++ unless given')
    ap.add_argument('--flags', default='-O2 -march=native')
    args = ap.parse_args()
    compilers = args.compiler or ['g++', 'clang++']
    include = os.path.join(args.root, 'include')
    with tempfile.TemporaryDirectory() as tmp:
        sources = {}
        for name, text in EXPRESSION_CASES.items():
            sources[name] = os.path.join(tmp, name + '.cpp')
            with open(sources[name], 'w') as f:
                f.write(text)
        sources['quickstart'] = os.path.join(args.root, 'examples', 'quickstart.cpp')
        cases = [c for c in sources if all(os.path.exists(h) for h in NEEDS.get(c, []))]
        missing = [c for c in sources if c not in cases]
        results = {}  # (compiler, case) -> ([seconds], [MiB])
        for run in range(args.runs):
            for cxx in compilers:
                for case in cases:
                    command = [cxx, '-std=c++20', *args.flags.split(), '-I' + include,
                               '-I/usr/include/eigen3', '-c', sources[case], '-o', os.path.join(tmp, 'out.o')]
                    seconds, mib = compile_once(command)
                    results.setdefault((cxx, case), ([], []))
                    results[(cxx, case)][0].append(seconds)
                    results[(cxx, case)][1].append(mib)
            print(f'round {run + 1}/{args.runs} done', file=sys.stderr)
    print(f'Compile time, {cpu_model()}, {os.cpu_count()} CPUs; flags `-std=c++20 {args.flags}`; '
          f'CPU seconds (user + system) and peak memory, min and median of {args.runs} interleaved runs.')
    print()
    header = '| translation unit | ' + ' | '.join(f'{c} CPU s (min / median) | {c} peak MiB' for c in compilers) + ' |'
    print(header)
    print('|---' * (1 + 2 * len(compilers)) + '|')
    for case in cases:
        cells = []
        for cxx in compilers:
            secs, mibs = results[(cxx, case)]
            cells.append(f'{min(secs):.2f} / {statistics.median(secs):.2f}')
            cells.append(f'{statistics.median(mibs):.0f}')
        print(f'| {case} | ' + ' | '.join(cells) + ' |')
    for case in missing:
        print(f'| {case} | ' + ' | '.join('not installed' for _ in range(2 * len(compilers))) + ' |')
    print()
    for cxx in compilers:
        if (cxx, 'highway') in results and (cxx, 'sxla') in results:
            ratio = min(results[(cxx, 'sxla')][0]) / min(results[(cxx, 'highway')][0])
            print(f'{cxx}: sxla with the expression takes {ratio:.2f}x the CPU time of Highway alone.')


if __name__ == '__main__':
    main()
