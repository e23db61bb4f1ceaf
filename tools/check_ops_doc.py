#!/usr/bin/env python3
"""Checks docs/ops.md, the op reference, against the headers and against XLA's op list.

usage: check_ops_doc.py --root REPO [--seed FILE] [--list] [--emit-cpp OUT.cpp]

Exit status 0 when the reference is complete, 1 with a message naming what is missing.

1. Every public op name of the headers appears in docs/ops.md as `x::name` (operators as
   `operator+` etc.). The public op names are extracted from the headers, with this rule:

   - Folders scanned: include/sxla/ops/, linalg/, control/ and dist/ (OP_DIRS): the
     layers that hold XLA's operations, the program ops and the collectives (README,
     "Architecture"). The other folders hold no op: config/core (vocabulary), shape/
     (shapes, layouts, strings), tensor/ (storage, views, printing), simd/ and kernels/
     (internal algorithms), expr/ (the expression machinery). From expr/ only the names
     in EXPR_NAMES are taken, the evaluation spellings every op's documentation uses
     (x::eval, x::noalias, x::workspace_bytes, x::broadcast_dimensions); each must still
     be declared in the header named there.
   - Declarations at namespace scope of `sxla`, or of a public namespace nested in it
     (`sxla::padding`: reported as `padding::valid`). Namespaces named `detail`, `hlo`
     (the op names of diagnostics), `*_detail`, `math_kind` (the tags of ops/math.hpp),
     `simd` and `kernels` are internal: nothing in them is public.
   - Kinds kept: functions and function templates (x::slice, x::reduce), variables and
     variable templates (the function objects x::add, x::exp; the computations x::add_op;
     the tags x::stable, x::lower, x::non_blocking; x::sort_workspace_bytes), operator
     overloads (ops/operators.hpp; checked as `operator+` ... in the doc).
   - Kinds ignored: types (struct, class, union, enum, `using` aliases, typedefs: the
     configuration structs such as x::conv_config are documented with their op, but not
     checked), concepts, static_asserts, out-of-line member definitions (X::f),
     deduction guides.
   - Names in these folders that are utilities, not ops, are excluded explicitly
     (EXCLUDED below, each with its reason).

2. Every XLA op of SEED_OPS (the op list of ../shared/seeds/002, the operation
   semantics) and of EXTRA_XLA_OPS (XLA ops sxla implements that seed 002 does not
   describe) has an entry in docs/ops.md: a heading whose first word is the name
   ("### Reshape") or a table row whose first cell opens with the name, alone or as a
   signature ("| Add(lhs, rhs) | ..."). A mention elsewhere does not count. With --seed FILE (by default
   REPO/../shared/seeds/002_724c3d422c3ce39c.txt when it exists), the script also
   re-reads the seed and fails if it names an op that SEED_OPS lacks: the XlaBuilder::X
   references, the signature lines "X(...)" that start a line, the stand-alone CamelCase
   headings, and the lists of the elementwise sections ("Op es Add (suma), ...",
   "EqTotalOrder, ...").

3. --emit-cpp OUT.cpp writes every ```cpp block of docs/ops.md into a C++ file, each in a
   function of its own (a block whose first line is "// file scope" is copied at
   namespace scope instead), with #line directives that point compile errors at
   docs/ops.md. Compiling the file proves that the examples compile:
     g++ -std=c++20 -Iinclude -march=native -DSXLA_SIMD_HIGHWAY=1 -Wall -Wextra -Werror \
         -O0 -fsyntax-only OUT.cpp
   (the file silences the unused-variable warnings that example fragments give). Built
   with -DSXLA_DOC_RUN_EXAMPLES, its main() also runs every example. With --emit-cpp the
   script only writes the file (exit 0); the checks of 1 and 2 are not run.
   --list prints the extracted names and exits.
"""
import argparse
import os
import re
import sys

OP_DIRS = ['ops', 'linalg', 'control', 'dist']

# Names from expr/ that the reference must document: header -> names.
EXPR_NAMES = {
    'expr/make_elementwise.hpp': ['broadcast_dimensions'],
    'expr/assign.hpp': ['eval', 'noalias', 'workspace_bytes'],
}

# Public names of the op folders that are not ops: name -> reason.
EXCLUDED = {
    'make_window_geometry': 'ops/window.hpp: the window geometry behind reduce_window and select_and_scatter',
    'report_window': 'ops/window.hpp: the compile error of a bad window',
    'to_string': 'printing (control/feed_queue.hpp: feed_status; dist/replica_groups.hpp: groups)',
    'to_value': 'control/value.hpp: how an argument becomes an XLA value (not an op)',
    'is_valid': 'control/value_shape.hpp: validity of a tuple shape string',
    'check_value_shape': 'control/value_shape.hpp: the compile error of a bad tuple shape string',
    'max_tuple_elements': 'control/value_shape.hpp: a limit',
    'max_replicas': 'dist/replica_groups.hpp: a limit (SXLA_MAX_REPLICAS)',
    'locate': 'dist/replica_groups.hpp: where a replica stands in its group (bookkeeping)',
    'member_id': 'dist/replica_groups.hpp: bookkeeping',
    'check_pairs': 'dist/replica_groups.hpp: validation of source_target_pairs',
}

# Namespaces whose contents are internal.
INTERNAL_NAMESPACE = re.compile(r'^(detail|hlo|\w+_detail|math_kind|simd|kernels|d|hn)$')

# XLA's ops as ../shared/seeds/002 (operation semantics) describes them.
SEED_OPS = [
    # elementwise binary arithmetic ("Donde Op es Add (suma), ...")
    'Add', 'Sub', 'Mul', 'Div', 'Rem', 'Max', 'Min', 'LogicalAnd', 'LogicalOr',
    # comparisons
    'Eq', 'Ne', 'Ge', 'Gt', 'Le', 'Lt',
    'EqTotalOrder', 'NeTotalOrder', 'GeTotalOrder', 'GtTotalOrder', 'LeTotalOrder', 'LtTotalOrder',
    # unary ("Funciones unarias de elementos")
    'Abs', 'Ceil', 'Cos', 'Exp', 'Floor', 'Imag', 'IsFinite', 'Log', 'LogicalNot', 'Logistic',
    'PopulationCount', 'Neg', 'Real', 'Rsqrt', 'Sign', 'Sqrt', 'Cbrt', 'Tanh', 'Round',
    'RoundNearestEven',
    # the other sections, in the seed's order
    'AfterAll', 'AllGather', 'AllReduce', 'AllToAll', 'BatchNormGrad', 'BatchNormInference',
    'BatchNormTraining', 'BitcastConvertType', 'Broadcast', 'BroadcastInDim', 'Call', 'Cholesky',
    'Clamp', 'Collapse', 'CollectivePermute', 'Concatenate', 'Conditional', 'Conv',
    'ConvWithGeneralPadding', 'ConvertElementType', 'CrossReplicaSum', 'CustomCall', 'Dot',
    'DotGeneral', 'DynamicSlice', 'DynamicUpdateSlice', 'Fft', 'Gather', 'GetDimensionSize',
    'SetDimensionSize', 'GetTupleElement', 'Infeed', 'Iota', 'Map', 'OptimizationBarrier', 'Pad',
    'Recv', 'RecvDone', 'Reduce', 'ReducePrecision', 'ReduceScatter', 'ReduceWindow', 'ReplicaId',
    'Reshape', 'Rev', 'RngNormal', 'RngUniform', 'RngBitGenerator', 'Scatter', 'Select',
    'SelectAndScatter', 'Send', 'SendDone', 'Slice', 'Sort', 'Transpose', 'TriangularSolve',
    'Tuple', 'While',
]

# XLA ops that sxla implements and seed 002 does not describe.
EXTRA_XLA_OPS = [
    'And', 'Or', 'Xor', 'Not', 'ShiftLeft', 'ShiftRightLogical', 'ShiftRightArithmetic', 'Clz',
    'Pow', 'Atan2', 'Sin', 'Tan', 'Expm1', 'Log1p', 'Complex', 'Conj', 'Outfeed',
    'CollectiveBroadcast', 'ConvGeneralDilated', 'Erf', 'TopK', 'StochasticConvert',
    'Copy', 'CopyStart', 'CopyDone', 'AsyncStart', 'AsyncUpdate', 'AsyncDone', 'AddDependency', 'PartitionId',
    'AllReduceStart', 'AllReduceDone', 'AllGatherStart', 'AllGatherDone', 'CollectivePermuteStart',
    'CollectivePermuteDone', 'Mulhi', 'Asin', 'Acos', 'Atan', 'Sinh', 'Cosh', 'Asinh', 'Acosh', 'Atanh', 'RaggedDot',
    'DynamicReshape', 'Scan', 'ScaledDot', 'RaggedAllToAll', 'CollectiveReduce',
]

# The seed's other spellings of SEED_OPS entries, and words it uses that are no op.
SEED_ALIASES = {'ConcatInDim': 'Concatenate', 'Concat': 'Concatenate'}
SEED_NOT_OPS = {'Op'}

DEFAULT_SEED = os.path.join('..', 'shared', 'seeds', '002_724c3d422c3ce39c.txt')


# ---- C++ declarations at namespace scope ------------------------------------------------

def strip_source(text):
    """The text without comments, string and character literals (emptied) and
    preprocessor lines; newlines kept."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c in ' \t':
            out.append(c)
            i += 1
            continue
        if line_start and c == '#':
            while i < n:  # the directive, with its continuation lines
                j = text.find('\n', i)
                j = n if j < 0 else j
                continued = text[i:j].rstrip().endswith('\\')
                i = j
                if continued and i < n:
                    out.append('\n')
                    i += 1
                    continue
                break
            continue
        line_start = False
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
            continue
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * text.count('\n', i, j))
            i = j
            continue
        m = re.match(r'(?:u8|u|U|L)?R"([^(\s]*)\(', text[i:i + 24])
        if m:
            end = ')' + m.group(1) + '"'
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""')
            i = j
            continue
        if c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):  # 1'000 is a number
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            out.append(c + c)
            i = j + 1
            continue
        if c == '\n':
            line_start = True
        out.append(c)
        i += 1
    return ''.join(out)


# Tokens: '>>' stays two tokens (it closes two template argument lists).
TOKEN = re.compile(r"[A-Za-z_]\w*|::|->|\.\.\.|<=>|<=|>=|==|!=|&&|\|\||<<|\d[\w.']*|\S")


def skip_group(toks, i):
    """toks[i] opens (, [ or {: the index after the matching closer."""
    depth = 0
    while i < len(toks):
        if toks[i] in '([{':
            depth += 1
        elif toks[i] in ')]}':
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def skip_angles(toks, i):
    """toks[i] == '<': the index after the matching '>' (brackets inside nest)."""
    depth = 0
    while i < len(toks):
        t = toks[i]
        if t in '([{':
            i = skip_group(toks, i)
            continue
        if t == '<':
            depth += 1
        elif t == '>':
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def namespace_declarations(path):
    """(namespace path, head tokens) of each declaration at namespace scope. The head is
    the declaration up to its body, initializer braces or ';' (a template header, a
    requires-expression or an initializer with braces included)."""
    with open(path, encoding='utf-8') as fh:
        toks = TOKEN.findall(strip_source(fh.read()))
    scopes = []  # 'ns:NAME' or 'block'
    result = []
    head = []
    done = False  # the declaration's body was just seen; the next token starts another
    initializer = False  # a '=' of the declaration itself was seen (not of a template header)
    i = 0

    def at_namespace_scope():
        return all(s.startswith('ns:') for s in scopes)

    def emit():
        result.append((tuple(s[3:] for s in scopes), list(head)))

    while i < len(toks):
        t = toks[i]
        if not at_namespace_scope():
            if t in '{':
                scopes.append('block')
            elif t == '}':
                scopes.pop()
            i += 1
            continue
        if done and t != ';':
            head, done, initializer = [], False, False
        if t == 'namespace' and head in ([], ['inline']):
            j = i + 1
            while j < len(toks) and toks[j] not in ('{', '=', ';'):
                j += 1
            if j < len(toks) and toks[j] == '{':
                scopes.append('ns:' + ''.join(toks[i + 1:j]))
            head, initializer = [], False
            i = j + 1
            continue
        if t == 'template' and i + 1 < len(toks) and toks[i + 1] == '<':
            j = skip_angles(toks, i + 1)
            head.extend(toks[i:j])
            i = j
            continue
        if t == 'requires' and i + 1 < len(toks) and toks[i + 1] in ('(', '{') and head and \
                head[-1] in ('requires', '&&', '||', '(', '!', '=', ','):
            j = i + 1  # a requires-expression: its parameters and its body
            if toks[j] == '(':
                j = skip_group(toks, j)
            if j < len(toks) and toks[j] == '{':
                j = skip_group(toks, j)
            head.extend(toks[i:j])
            i = j
            continue
        if t in '([':
            j = skip_group(toks, i)
            head.extend(toks[i:j])
            i = j
            continue
        if t == '{':
            if initializer:  # an initializer (a lambda, a braced list): part of the head
                j = skip_group(toks, i)
                head.extend(['{', '}'])
                i = j
                continue
            if head:
                emit()
            scopes.append('block')
            done = True
            i += 1
            continue
        if t == '}':
            scopes.pop()
            head, done, initializer = [], False, False
            i += 1
            continue
        if t == ';':
            if head and not done:
                emit()
            head, done, initializer = [], False, False
            i += 1
            continue
        if t == '=':
            initializer = True
        head.append(t)
        i += 1
    return result


TYPE_WORDS = {'struct', 'class', 'union', 'enum', 'using', 'typedef'}
OTHER_WORDS = {'concept', 'static_assert', 'friend', 'extern', 'namespace'}


def classify(head):
    """(kind, name) of a namespace-scope declaration head: kind is 'function',
    'variable', 'operator' (kept) or 'type', 'other', 'member', 'guide' (ignored)."""
    i = 0
    is_template = False
    while i < len(head) and head[i] == 'template':
        is_template = True
        i += 1
        if i < len(head) and head[i] == '<':
            i = skip_angles(head, i)
    rest = head[i:]
    if not rest:
        return ('other', None)
    if rest[0] in TYPE_WORDS:
        return ('type', None)
    if rest[0] in OTHER_WORDS or 'concept' in rest[:2]:
        return ('other', None)
    if rest[0] == 'requires':  # a requires-clause: terms joined by && and ||
        j = 1
        while j < len(rest):
            if rest[j] == '(':
                j = skip_group(rest, j)
            else:
                while j < len(rest) and (re.match(r'\w', rest[j]) or rest[j] == '::'):
                    j += 1
                if j < len(rest) and rest[j] == '<':
                    j = skip_angles(rest, j)
                if j < len(rest) and rest[j] == '(':
                    j = skip_group(rest, j)
            if j < len(rest) and rest[j] in ('&&', '||'):
                j += 1
                continue
            break
        rest = rest[j:]
    if 'operator' in rest:
        k = rest.index('operator')
        e = k + 2
        while e < len(rest) and rest[e] != '(':
            e += 1
        return ('operator', 'operator' + ''.join(rest[k + 1:e]))
    # A function: the identifier before the first '(' outside template arguments.
    k = 0
    while k < len(rest):
        t = rest[k]
        if t == '<' and k > 0 and re.match(r'\w', rest[k - 1]):
            k = skip_angles(rest, k)
            continue
        if t == '(':
            prev = rest[k - 1] if k > 0 else ''
            if prev in ('decltype', 'noexcept', 'alignas', 'requires', 'sizeof', 'alignof'):
                k = skip_group(rest, k)
                continue
            if not re.match(r'[A-Za-z_]\w*$', prev):
                return ('other', None)
            if k >= 2 and rest[k - 2] == '::':
                return ('member', prev)
            if '->' in rest[k:] and k == 1:
                return ('guide', prev)
            return ('function', prev)
        if t in ('=', '{', '['):
            break
        k += 1
    # A variable: the last identifier before the initializer (a specialisation's
    # template arguments dropped).
    r = rest[:k]
    while r and r[-1] == '>':
        depth, m = 0, len(r) - 1
        while m >= 0:
            if r[m] == '>':
                depth += 1
            elif r[m] == '<':
                depth -= 1
                if depth == 0:
                    break
            m -= 1
        r = r[:max(m, 0)]
    if r and re.match(r'[A-Za-z_]\w*$', r[-1]):
        if len(r) >= 2 and r[-2] == '::':
            return ('member', r[-1])
        return ('variable', r[-1])
    return ('other', None)


def public_name(namespaces, name):
    """'name' or 'sub::name' for a public declaration, None for an internal one."""
    if not namespaces or namespaces[0] != 'sxla' and not namespaces[0].startswith('sxla::'):
        return None
    parts = []
    for ns in namespaces:
        parts.extend(ns.split('::'))
    parts = parts[1:]  # below sxla
    if any(INTERNAL_NAMESPACE.match(p) for p in parts):
        return None
    return '::'.join(parts + [name])


def header_names(path):
    """{public name: kind} of one header."""
    names = {}
    for namespaces, head in namespace_declarations(path):
        kind, name = classify(head)
        if kind in ('function', 'variable', 'operator') and name:
            full = public_name(namespaces, name)
            if full:
                names.setdefault(full, kind)
    return names


def public_ops(root):
    """{name: header} of the public op names, and the problems found on the way."""
    base = os.path.join(root, 'include', 'sxla')
    ops, problems = {}, []
    for d in OP_DIRS:
        folder = os.path.join(base, d)
        if not os.path.isdir(folder):
            problems.append(f'include/sxla/{d}/ does not exist')
            continue
        for f in sorted(os.listdir(folder)):
            if f.endswith('.hpp'):
                for name in header_names(os.path.join(folder, f)):
                    if name not in EXCLUDED:
                        ops.setdefault(name, f'{d}/{f}')
    for rel, wanted in EXPR_NAMES.items():
        path = os.path.join(base, rel)
        found = header_names(path) if os.path.exists(path) else {}
        for name in wanted:
            if name in found:
                ops.setdefault(name, rel)
            else:
                problems.append(f'{rel} no longer declares {name} (EXPR_NAMES in tools/check_ops_doc.py)')
    return ops, problems


# ---- the seed's op names ------------------------------------------------------------------

def seed_op_names(text):
    names = set(re.findall(r'XlaBuilder::(\w+)', text))
    names |= set(re.findall(r'(?m)^\s*([A-Z][A-Za-z0-9]+)\(', text))
    names |= set(re.findall(r'(?m)^([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)$', text))
    for m in re.finditer(r'\bOp es (.*)', text):
        names |= set(re.findall(r'\b([A-Z][A-Za-z]+) \(', m.group(1)))
    names |= set(re.findall(r'\b([A-Z][a-z]+TotalOrder)\b', text))
    return {SEED_ALIASES.get(n, n) for n in names} - SEED_NOT_OPS


# ---- the document -------------------------------------------------------------------------

def xla_names_present(doc):
    """The op names the document has an entry for: the first word of each heading
    ("### Reshape", "### SendDone and RecvDone") and the name that opens the first cell
    of a table row, alone or as a signature ("| Add(lhs, rhs) |", "| Add |"). A word
    elsewhere (a group heading's list, a mention in a sentence) is no entry."""
    names = set()
    for line in doc.split('\n'):
        if line.startswith('#'):
            m = re.match(r'#+\s*(\w+)', line)
            if m:
                names.add(m.group(1))
        elif line.startswith('|'):
            cells = line.split('|')
            m = re.match(r'\s*([A-Za-z]\w*)\s*(?:\(|$)', cells[1]) if len(cells) > 2 else None
            if m:
                names.add(m.group(1))
    return names


def doc_has_op(doc, name):
    if name.startswith('operator'):
        return ('`' + name + '`') in doc or (name + '`') in doc
    return re.search(r'\bx::' + re.escape(name) + r'(?![\w])', doc) is not None


def cpp_blocks(doc):
    """(first line number, code) of each ```cpp block."""
    blocks, lines = [], doc.split('\n')
    i = 0
    while i < len(lines):
        if lines[i].strip() == '```cpp':
            start = i + 2
            j = i + 1
            while j < len(lines) and lines[j].strip() != '```':
                j += 1
            blocks.append((start, '\n'.join(lines[i + 1:j])))
            i = j
        i += 1
    return blocks


def emit_cpp(doc_rel, out_name, blocks):
    out = [
        f'// Generated by tools/check_ops_doc.py --emit-cpp from {doc_rel}: every ```cpp example',
        '// of the op reference, each in a function of its own. Compiling this file proves that',
        '// the examples compile. Do not edit: edit the document.',
        '#include <sxla/sxla.hpp>',
        '',
        '#include <complex>',
        '#include <cstdint>',
        '#include <limits>',
        '#include <tuple>',
        '',
        '// Examples are fragments: a value shown but not used is no mistake here.',
        '#pragma GCC diagnostic ignored "-Wunused-variable"',
        '#pragma GCC diagnostic ignored "-Wunused-but-set-variable"',
        '#pragma GCC diagnostic ignored "-Wunused-local-typedefs"',
        '#pragma GCC diagnostic ignored "-Wunused-parameter"',
        '',
        'namespace x = sxla;',
        '',
    ]
    n = 0

    def back_home():  # a #line directive naming the generated file's own next line
        here = sum(part.count("\n") + 1 for part in out) + 2
        return f'#line {here} "{out_name}"'

    for line, code in blocks:
        first = code.split('\n', 1)[0].strip()
        if first == '// file scope':
            out += [f'#line {line} "{doc_rel}"', code]
        else:
            n += 1
            out += [f'void sxla_doc_example_{n}() {{', f'#line {line} "{doc_rel}"', code, '}']
        out += [back_home(), '']
    # Built with -DSXLA_DOC_RUN_EXAMPLES, the program also runs every example (they are
    # self-contained and finish); without it, compiling is the test.
    out += ['int main() {', '#ifdef SXLA_DOC_RUN_EXAMPLES']
    out += [f'  sxla_doc_example_{k}();' for k in range(1, n + 1)]
    out += ['#endif', '  return 0;', '}', '']
    return '\n'.join(out), n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', required=True, help='the repository')
    ap.add_argument('--seed', help='seed 002 (operation semantics), to check SEED_OPS against')
    ap.add_argument('--list', action='store_true', help='print the extracted names and exit')
    ap.add_argument('--emit-cpp', metavar='OUT.cpp', help="write the doc's ```cpp examples as a C++ file")
    args = ap.parse_args()
    root = args.root
    doc_rel = 'docs/ops.md'
    doc_path = os.path.join(root, doc_rel)

    ops, problems = public_ops(root)
    if args.list:
        for name in sorted(ops):
            print(f'x::{name:36} {ops[name]}')
        print(f'{len(ops)} public op names; {len(SEED_OPS)} XLA ops of seed 002 and '
              f'{len(EXTRA_XLA_OPS)} others')
        return 0
    if not os.path.exists(doc_path):
        print(f'check_ops_doc: {doc_rel} does not exist', file=sys.stderr)
        return 1
    with open(doc_path, encoding='utf-8') as fh:
        doc = fh.read()

    if args.emit_cpp:  # only that: the completeness check is a test of its own
        text, n = emit_cpp(doc_rel, os.path.basename(args.emit_cpp), cpp_blocks(doc))
        with open(args.emit_cpp, 'w', encoding='utf-8') as fh:
            fh.write(text)
        print(f'check_ops_doc: wrote {n} examples to {args.emit_cpp}')
        return 0

    missing_ops = sorted(name for name in ops if not doc_has_op(doc, name))
    for name in missing_ops:
        spelled = name if name.startswith('operator') else 'x::' + name
        problems.append(f'public op {spelled} (include/sxla/{ops[name]}) is not in {doc_rel}')

    present = xla_names_present(doc)
    for name in SEED_OPS + EXTRA_XLA_OPS:
        if name not in present:
            where = 'seed 002' if name in SEED_OPS else 'EXTRA_XLA_OPS'
            problems.append(f'XLA op {name} ({where}) has no heading or table row in {doc_rel}')

    seed = args.seed or os.path.join(root, DEFAULT_SEED)
    seed_checked = False
    if os.path.exists(seed):
        with open(seed, encoding='utf-8') as fh:
            for name in sorted(seed_op_names(fh.read()) - set(SEED_OPS)):
                problems.append(f'the seed ({seed}) names {name}, which SEED_OPS in tools/check_ops_doc.py lacks')
        seed_checked = True
    elif args.seed:
        problems.append(f'no seed at {seed}')

    if problems:
        print(f'check_ops_doc: {doc_rel} is incomplete ({len(problems)} problem{"s" if len(problems) != 1 else ""}):', file=sys.stderr)
        for p in problems:
            print('  ' + p, file=sys.stderr)
        return 1
    print(f'check_ops_doc: {doc_rel} documents all {len(ops)} public op names and all '
          f'{len(SEED_OPS) + len(EXTRA_XLA_OPS)} XLA ops ({len(SEED_OPS)} of seed 002'
          f'{", checked against the seed" if seed_checked else ""}; {len(EXTRA_XLA_OPS)} others)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
