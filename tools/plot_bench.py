#!/usr/bin/env python3
"""Bar charts of sxla against its peers from Google Benchmark JSON output.

    python3 tools/plot_bench.py bench/out/*.json --out docs/bench
    python3 tools/plot_bench.py --self-test      # what CI runs (with a saved sample too)

Each benchmark's name ends with its implementation: the last '/'-separated part
(`gemm/1024/openblas`: case `gemm/1024`), or, in a name without '/', what follows the
case, the part before `_sxla` in the sxla entry's name (`keys_sxla`, `keys_std_sort`).
A case with an `sxla` entry (else its first `sxla_*` variant; the rules are in ratios())
gives each other implementation the ratio

    peer time / sxla time        (above 1: sxla is faster; real time, one thread)

One PNG per input file (`<file>.png`: a bar per case and peer) and `summary.png` (per
file, the geometric mean over its cases of the ratio to the case's fastest peer), titled
with the CPU:
the `cpu` entry of the JSON's context (tools/run_bench.sh records /proc/cpuinfo's model
name there with --benchmark_context), else the host name. With repetitions, the median
aggregate is used, else the mean of the iterations of a name. The table of ratios is
also printed (or written with --table FILE).

Needs matplotlib (Debian: python3-matplotlib) for the charts; --table alone does not.
"""
import argparse
import json
import math
import os
import re
import statistics
import sys
import tempfile

UNIT_NS = {'ns': 1.0, 'us': 1e3, 'ms': 1e6, 's': 1e9}


# What Google Benchmark appends to a registered name: ->Arg values, ->Threads, ->UseRealTime...
RUN_SUFFIX = re.compile(r'/(\d+|real_time|manual_time|process_time|threads:\d+|min_time:[^/]*|iterations:\d+|repeats:\d+)$')


def split_name(name):
    """(case, implementation) of a name with '/', once the run suffixes are removed;
    (name, None) for a name without '/' (grouped by group_flat)."""
    while RUN_SUFFIX.search(name):
        name = RUN_SUFFIX.sub('', name)
    if '/' not in name:
        return name, None
    case, _, impl = name.rpartition('/')
    return case, impl


def group_flat(names):
    """{name: (case, impl)} for names without '/': `keys_sxla`, `keys_std_sort` and
    `keys_vqsort_f32` are the case `keys` (what comes before `_sxla` in an sxla name,
    the longest such prefix winning) with implementations `sxla`, `std_sort` and
    `vqsort_f32`. A name of no case is its own case, without peers."""
    prefixes = sorted({n[:n.index('_sxla')] for n in names if '_sxla' in n}, key=len, reverse=True)
    grouped = {}
    for n in names:
        prefix = next((p for p in prefixes if n.startswith(p + '_')), None)
        grouped[n] = (prefix, n[len(prefix) + 1:]) if prefix else (n, n)
    return grouped


def load(path):
    """{'cpu': str, 'date': str, 'cases': {case: {impl: nanoseconds}}} of one JSON file,
    implementations in the order they ran."""
    with open(path) as f:
        data = json.load(f)
    context = data.get('context', {})
    cpu = context.get('cpu') or context.get('host_name', 'unknown CPU')
    medians, iterations = {}, {}
    for b in data.get('benchmarks', []):
        if b.get('error_occurred'):
            continue
        ns = b['real_time'] * UNIT_NS[b.get('time_unit', 'ns')]
        name = b.get('run_name', b['name'])
        if b.get('run_type') == 'aggregate':
            if b.get('aggregate_name') == 'median':
                medians[name] = ns
        else:
            iterations.setdefault(name, []).append(ns)
    times = {name: statistics.mean(v) for name, v in iterations.items()}
    times.update(medians)
    split = {name: split_name(name) for name in times}
    flat = group_flat([case for case, impl in split.values() if impl is None])
    cases = {}
    for name, ns in times.items():
        case, impl = split[name]
        if impl is None:
            case, impl = flat[case]
        cases.setdefault(case, {})[impl] = ns
    return {'cpu': cpu, 'date': context.get('date', ''), 'cases': cases}


def ratios(cases):
    """[(case, peer, peer time / sxla time)] for the cases that have an sxla entry.

    The sxla entry is `sxla`, else the first `sxla_*` that ran (`sxla_row_major`,
    `sxla_fused`); other `sxla_*` entries are sxla's own variants, not peers. A peer
    whose name ends as an sxla variant's does (`eigen_fixed_4x4` and `sxla_4x4`) is
    compared with that variant, and the case is labelled with the suffix."""
    rows = []
    for case, impls in cases.items():
        variants = [i for i in impls if i == 'sxla' or i.startswith('sxla_')]
        if not variants:
            continue
        primary = 'sxla' if 'sxla' in impls else variants[0]
        for impl, ns in impls.items():
            if impl in variants:
                continue
            mate, label = primary, case
            for v in variants:
                suffix = v[len('sxla'):]
                if suffix and impl.endswith(suffix) and impl != suffix:
                    mate, label = v, f'{case} ({suffix.lstrip("_")})'
                    impl = impl[:-len(suffix)]
                    break
            if impls[mate] > 0:
                rows.append((label, impl, ns / impls[mate]))
    return rows


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def table(results):
    lines = ['file\tcase\tpeer\tpeer time / sxla time']
    for title, result in results:
        for case, peer, r in ratios(result['cases']):
            lines.append(f'{title}\t{case}\t{peer}\t{r:.3f}')
    return '\n'.join(lines) + '\n'


def bar_chart(plt, labels, values, colors, title, xlabel, out_path):
    """Horizontal bars on a log2 axis with 1 marked, each annotated with its value."""
    fig, ax = plt.subplots(figsize=(9, 1.3 + 0.24 * len(labels)))
    ax.barh(range(len(labels)), values, color=colors, height=0.75)
    for i, v in enumerate(values):
        ax.text(v, i, f' {v:.2f}x', va='center', fontsize=7)
    ax.axvline(1.0, color='black', linewidth=0.8)
    ax.set_xscale('log', base=2)
    lo, hi = min(values + [1.0]), max(values + [1.0])
    ax.set_xlim(lo / 1.6, hi * 2.2)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.set_yticks(range(len(labels)))
    ax.set_yticklabels(labels, fontsize=8)
    ax.set_xlabel(xlabel, fontsize=9)
    ax.set_title(title, fontsize=10)
    ax.grid(axis='x', which='major', alpha=0.3)
    fig.tight_layout()
    fig.savefig(out_path, dpi=80)
    plt.close(fig)


def plot_file(plt, title, result, out_path):
    """A bar per (case, peer), labelled with both and coloured by peer."""
    rows = ratios(result['cases'])
    if not rows:
        return False
    peers = list(dict.fromkeys(peer for _, peer, _ in rows))
    cmap = plt.get_cmap('tab10')
    color = {peer: cmap(j % 10) for j, peer in enumerate(peers)}
    bar_chart(plt, [f'{case}: {peer}' for case, peer, _ in rows], [r for _, _, r in rows],
              [color[peer] for _, peer, _ in rows],
              f'{title}: sxla against each peer, one thread\n{result["cpu"]}',
              'peer time / sxla time (log scale; right of 1: sxla is faster)', out_path)
    return True


def summary_rows(results):
    """[(file title, geometric mean of fastest peer time / sxla time, number of cases)]."""
    rows = []
    for title, result in results:
        fastest = {}
        for case, _, r in ratios(result['cases']):
            fastest[case] = min(r, fastest.get(case, math.inf))
        if fastest:
            rows.append((title, geometric_mean(list(fastest.values())), len(fastest)))
    return rows


def plot_summary(plt, results, out_path):
    """Per benchmark file, the geometric mean over its cases of the ratio to the fastest
    other implementation of each case (library, hand-written loop or machine bound)."""
    rows = summary_rows(results)
    labels = [f'{title.replace("bench_", "")} ({n} cases)' for title, _, n in rows]
    values = [v for _, v, _ in rows]
    if not labels:
        return False
    cpus = '; '.join(sorted({r['cpu'] for _, r in results}))
    bar_chart(plt, labels, values, ['tab:green' if v >= 1 else 'tab:red' for v in values],
              f'sxla against the fastest peer of each case, one thread\n{cpus}',
              'geometric mean over the cases of fastest peer time / sxla time (log scale)', out_path)
    return True


def render(paths, out_dir, table_path=None, quiet=False):
    results = [(os.path.splitext(os.path.basename(p))[0], load(p)) for p in paths]
    text = table(results)
    if table_path:
        with open(table_path, 'w') as f:
            f.write(text)
    elif not quiet:
        sys.stdout.write(text)
    if out_dir is None:
        return []
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for title, result in results:
        path = os.path.join(out_dir, f'{title}.png')
        if plot_file(plt, title, result, path):
            written.append(path)
    path = os.path.join(out_dir, 'summary.png')
    if plot_summary(plt, results, path):
        written.append(path)
    return written


def self_test(samples):
    """Ratios of a made-up file against numbers worked out by hand, then charts of it and
    of each saved sample (real output of the benchmarks), each checked to be a PNG."""
    made_up = {
        'context': {'cpu': 'test CPU', 'date': 'today'},
        'benchmarks': [
            {'name': 'gemm/256/sxla', 'run_type': 'iteration', 'real_time': 2.0, 'time_unit': 'ms'},
            {'name': 'gemm/256/openblas', 'run_type': 'iteration', 'real_time': 3.0, 'time_unit': 'ms'},
            {'name': 'gemm/256/eigen', 'run_type': 'iteration', 'real_time': 1000.0, 'time_unit': 'us'},
            # repetitions: the median aggregate wins over the iterations' mean
            {'name': 'f8_add_sxla', 'run_name': 'f8_add_sxla', 'run_type': 'iteration', 'real_time': 9.0, 'time_unit': 'us'},
            {'name': 'f8_add_sxla_median', 'run_name': 'f8_add_sxla', 'run_type': 'aggregate',
             'aggregate_name': 'median', 'real_time': 4.0, 'time_unit': 'us'},
            {'name': 'f8_add_sxla_mean', 'run_name': 'f8_add_sxla', 'run_type': 'aggregate',
             'aggregate_name': 'mean', 'real_time': 5.0, 'time_unit': 'us'},
            {'name': 'f8_add_loop', 'run_type': 'iteration', 'real_time': 2000.0, 'time_unit': 'ns'},
            {'name': 'peak_fma', 'run_type': 'iteration', 'real_time': 1.0, 'time_unit': 'ns'},
            {'name': 'only/peer', 'run_type': 'iteration', 'real_time': 1.0, 'time_unit': 'ns'},
            # ->Arg(4096)->UseRealTime() suffixes
            {'name': 'copy/sxla/4096/real_time', 'run_type': 'iteration', 'real_time': 8.0, 'time_unit': 'ns'},
            {'name': 'copy/memcpy/4096/real_time', 'run_type': 'iteration', 'real_time': 6.0, 'time_unit': 'ns'},
            # sxla's own variants: the first to run is the one peers are compared with,
            # unless a peer ends as a variant does
            {'name': 'dense/sxla_fused', 'run_type': 'iteration', 'real_time': 10.0, 'time_unit': 'ns'},
            {'name': 'dense/sxla_unfused', 'run_type': 'iteration', 'real_time': 20.0, 'time_unit': 'ns'},
            {'name': 'dense/openblas_then_loop', 'run_type': 'iteration', 'real_time': 30.0, 'time_unit': 'ns'},
            {'name': 'small/sxla_4x4', 'run_type': 'iteration', 'real_time': 4.0, 'time_unit': 'ns'},
            {'name': 'small/sxla_16x16', 'run_type': 'iteration', 'real_time': 16.0, 'time_unit': 'ns'},
            {'name': 'small/eigen_4x4', 'run_type': 'iteration', 'real_time': 2.0, 'time_unit': 'ns'},
            {'name': 'small/eigen_16x16', 'run_type': 'iteration', 'real_time': 64.0, 'time_unit': 'ns'},
            # names without '/': the case is what precedes _sxla
            {'name': 'keys_sxla', 'run_type': 'iteration', 'real_time': 5.0, 'time_unit': 'ns'},
            {'name': 'keys_std_sort', 'run_type': 'iteration', 'real_time': 50.0, 'time_unit': 'ns'},
            {'name': 'keys_vqsort_f32', 'run_type': 'iteration', 'real_time': 2.5, 'time_unit': 'ns'},
        ],
    }
    expected = {('gemm/256', 'openblas'): 1.5, ('gemm/256', 'eigen'): 0.5, ('f8_add', 'loop'): 0.5,
                ('copy', 'memcpy'): 0.75, ('dense', 'openblas_then_loop'): 3.0,
                ('small (4x4)', 'eigen'): 0.5, ('small (16x16)', 'eigen'): 4.0,
                ('keys', 'std_sort'): 10.0, ('keys', 'vqsort_f32'): 0.5}
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'bench_made_up.json')
        with open(path, 'w') as f:
            json.dump(made_up, f)
        got = {(case, peer): r for case, peer, r in ratios(load(path)['cases'])}
        if set(got) != set(expected) or any(abs(got[k] - v) > 1e-12 for k, v in expected.items()):
            failures.append(f'ratios {sorted(got.items())}, expected {sorted(expected.items())}')
        # the summary: per case the fastest peer (gemm/256: eigen 0.5; keys: vqsort 0.5),
        # 7 cases, geometric mean (0.5^4 * 0.75 * 3 * 4)^(1/7)
        summary = summary_rows([('bench_made_up', load(path))])
        want = ('bench_made_up', 0.5625 ** (1 / 7), 7)
        if len(summary) != 1 or summary[0][0::2] != want[0::2] or abs(summary[0][1] - want[1]) > 1e-12:
            failures.append(f'summary {summary}, expected {[want]}')
        written = render([path] + samples, os.path.join(tmp, 'png'), quiet=True)
        want = len(samples) + 2
        if len(written) != want:
            failures.append(f'{len(written)} charts written, expected {want}: {written}')
        for png in written:
            with open(png, 'rb') as f:
                if f.read(8) != b'\x89PNG\r\n\x1a\n' or os.path.getsize(png) < 2000:
                    failures.append(f'{os.path.basename(png)} is not a PNG chart')
    for failure in failures:
        print('plot_bench self-test:', failure, file=sys.stderr)
    if not failures:
        print(f'plot_bench self-test: ok (ratios of a made-up file; {len(samples)} saved sample(s) charted)')
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('json', nargs='*', help='Google Benchmark JSON files (--benchmark_out)')
    parser.add_argument('--out', help='directory for the PNG charts (none: the table alone)')
    parser.add_argument('--table', help='write the ratio table to this file instead of stdout')
    parser.add_argument('--self-test', action='store_true',
                        help='check the ratios on a made-up file and chart it and the given JSON files')
    args = parser.parse_args()
    if args.self_test:
        return self_test(args.json)
    if not args.json:
        parser.error('no JSON files given')
    for path in render(args.json, args.out, args.table):
        print('wrote', path)
    return 0


if __name__ == '__main__':
    sys.exit(main())
