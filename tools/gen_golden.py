#!/usr/bin/python3
"""Writes tests/golden/elementwise_golden.txt, tests/golden/reduction_golden.txt,
tests/golden/fft_golden.txt and tests/golden/linalg_golden.txt: inputs and NumPy (and
SciPy) results, an oracle independent of sxla. Deterministic (seeded, one generator per
file); --check compares with the committed files instead of writing them (values
within 64 float64 ulps of their section's largest: LAPACK's last bits vary by CPU).

Sections, one per line: `<name> <count> <hex values...>`, values as C99 hex floats,
tensors in row-major order.

elementwise_golden.txt
- Broadcasting (seed 003's rules, computed by NumPy's broadcasting after the explicit
  reshape that broadcast_dimensions describes): f32 operands and exact f32 results.
- Transcendental functions: f32 inputs over each function's domain and the result of
  NumPy's float64 function rounded to f32 (within half an ulp of the true value but
  for rare double-rounding cases); the C++ test allows the documented bound plus one.

reduction_golden.txt
- Batch normalization (seed 002's BatchNormTraining / Inference / Grad formulas),
  computed in float64 from the inputs: <case>_{x,scale,offset,dy,eps} in, then training's
  <case>_{y,mean,var} (exact mean, biased variance), inference's <case>_y_inference and
  grad's <case>_{grad_operand,grad_scale,grad_offset}, both from mean and var rounded to
  the operand's type (what the C++ test passes), and <case>_{grad_scale,grad_offset}_mag,
  the sums of absolute terms (the scale of the sums' rounding error).
- ReduceWindow by construction: the operand placed base-dilated into an array of the
  padded size filled with the init value (so padding and holes are skipped), every
  window read with numpy.lib.stride_tricks.sliding_window_view, its window-dilated taps
  taken and reduced in float64; sums also get <name>_mag, the window sums of |x|.
- SelectAndScatter (max-pooling gradients): for each window in row-major order the first
  maximum (select >=) in row-major window order receives the window's source value (add).
  Integer sources, so the sums are exact; the overlapping case's operand is small
  integers, so ties are frequent.

fft_golden.txt
- Fft (XLA's FFT, IFFT, RFFT, IRFFT): numpy.fft in float64 from f32-representable
  inputs (uniform in [-1, 1) rounded to f32; complex ones as <name>_re and <name>_im
  sections). fft_n12 and fft_n1000 (numpy.fft.fft over 2 rows), ifft_n7 (numpy.fft.ifft,
  2 rows), rfft_n16 and rfft_n17 (numpy.fft.rfft, 2 rows), irfft_n16 and irfft_n17
  (numpy.fft.irfft(a, n) of 2 rows of n//2+1 bins whose bin 0 and bin n/2 have nonzero
  imaginary parts, which NumPy ignores), fft2_4x6 (numpy.fft.fft2 of a [4,6] operand),
  rfftn_3x4x10 (numpy.fft.rfftn(a, axes=(1, 2)) of a [3,4,10] operand: [3,4,6]) and
  irfftn_3x4x10 (numpy.fft.irfftn(b, s=(4, 10), axes=(1, 2)) of that result rounded to
  complex64: [3,4,10]). <case>_in is the operand, <case>_out the result.

linalg_golden.txt
- Cholesky and TriangularSolve: f32-representable inputs (complex ones as <name>_re and
  <name>_im sections), results computed in float64 / complex128; <case>_a and <case>_b
  are the operands, <case>_out the result.
- Cholesky: Hermitian positive definite a = m m^H + n I from f32-representable m in
  [-1, 1) (both parts for complex), made exactly Hermitian, rounded to f32 (an exactly
  real diagonal) and checked positive definite after the rounding; a stored whole (both
  triangles). chol_lower_f32_n5 (numpy.linalg.cholesky(a): the lower factor l, l l^T =
  a), chol_upper_c64_n4 (the upper factor u = numpy.linalg.cholesky(a).conj().T, u^H u =
  a) and chol_lower_f32_b3_n4 (a [3,4,4] batch, lower factors).
- TriangularSolve: scipy.linalg.solve_triangular, which reads only the named triangle of
  a (and not its diagonal with unit_diagonal=True). Well-conditioned a's: diagonal
  magnitudes uniform in [1, 2] (random signs; random phases for complex), the rest of the
  named triangle uniform in [-0.5, 0.5] (both parts); the stored a holds junk uniform in
  [-1e6, 1e6] (both parts) in the other triangle, and on the diagonal with unit_diagonal,
  so that reading it fails the test. b uniform in [-1, 1) (both parts). Each result is
  checked by its residual with the clean a.
  trsm_left_lower_n6: a x = b, a [6,6] lower, b and x [6,3];
  trsm_left_upper_unit_t_n5: a^T x = b, a [5,5] upper with a unit diagonal
  (trans='T', unit_diagonal=True), b and x [5,2];
  trsm_right_lower_n5: x a = b (right side, no transpose), a [5,5] lower, b and x [3,5],
  computed as solve_triangular(a, b.T, trans='T', lower=True).T (a^T x^T = b^T);
  trsm_left_lower_adjoint_c64_n4: a^H x = b (trans='C'), a [4,4] complex lower, b and x
  [4,2] complex.

Needs Debian's python3-numpy and python3-scipy (run with /usr/bin/python3).

usage: gen_golden.py [--root REPO] [--check]
"""
import os
import sys

import numpy as np
import scipy
import scipy.linalg

N = 256


def hexes(a):
    return ' '.join(float(v).hex() for v in np.asarray(a, dtype=np.float64).ravel())


def section(name, values):
    values = np.asarray(values)
    return f'{name} {values.size} {hexes(values)}'


def log_uniform(rng, n, lo_exp, hi_exp, signed=True):
    mag = np.exp2(rng.uniform(lo_exp, hi_exp, n)) * rng.uniform(1.0, 2.0, n)
    if signed:
        mag = mag * rng.choice([-1.0, 1.0], n)
    return mag.astype(np.float32)


def generate():
    rng = np.random.default_rng(20261123)
    out = ['# Generated by tools/gen_golden.py (NumPy %s): DO NOT EDIT.' % np.__version__]

    # ---- Broadcasting ------------------------------------------------------------------
    x = rng.uniform(-4, 4, (5, 7)).astype(np.float32)
    y = rng.uniform(-4, 4, (5, 7)).astype(np.float32)
    v = rng.uniform(-4, 4, (7,)).astype(np.float32)
    w = rng.uniform(-4, 4, (5,)).astype(np.float32)
    col = rng.uniform(-4, 4, (5, 1)).astype(np.float32)
    row = rng.uniform(-4, 4, (1, 7)).astype(np.float32)
    out.append(section('x', x))
    out.append(section('y', y))
    out.append(section('v', v))
    out.append(section('w', w))
    out.append(section('col', col))
    out.append(section('row', row))
    out.append(section('x_add_v_dims_1', x + v.reshape(1, 7)))          # add(x, v, {1})
    out.append(section('x_mul_w_dims_0', x * w.reshape(5, 1)))          # mul(x, w, {0})
    out.append(section('col_sub_row', col - row))                       # (5,1) - (1,7)
    out.append(section('max_x_y_sub_v', np.maximum(x, y) - v))          # max then broadcast sub
    out.append(section('x_div_y', x / y))
    # a 1x7 row into 5x7x1 (dims 1, 2) style: row (1,7) with w (5,) along dimension 0
    out.append(section('w_add_row_dims_0', w.reshape(5, 1) + row))

    # ---- Transcendental functions (float64 results rounded to float32) ---------------
    def unary(name, f, inputs):
        inputs = inputs.astype(np.float32)
        with np.errstate(all='ignore'):
            res = f(inputs.astype(np.float64)).astype(np.float32)
        out.append(section(name + '_in', inputs))
        out.append(section(name + '_out', res))

    unary('exp', np.exp, rng.uniform(-87, 88, N))
    unary('expm1', np.expm1, np.concatenate([log_uniform(rng, N // 2, -20, 4), rng.uniform(-20, 20, N // 2)]))
    unary('log', np.log, log_uniform(rng, N, -120, 120, signed=False))
    unary('log1p', np.log1p, np.concatenate([log_uniform(rng, N // 2, -20, 10, signed=False),
                                             rng.uniform(-0.99, 1, N // 2)]))
    unary('sin', np.sin, rng.uniform(-100, 100, N))
    unary('cos', np.cos, rng.uniform(-100, 100, N))
    unary('tan', np.tan, rng.uniform(-10, 10, N))
    unary('tanh', np.tanh, np.concatenate([log_uniform(rng, N // 2, -12, 3), rng.uniform(-10, 10, N // 2)]))
    unary('logistic', lambda t: 1.0 / (1.0 + np.exp(-t)), rng.uniform(-30, 30, N))
    unary('cbrt', np.cbrt, log_uniform(rng, N, -100, 100))
    unary('sqrt', np.sqrt, log_uniform(rng, N, -100, 100, signed=False))
    unary('rsqrt', lambda t: 1.0 / np.sqrt(t), log_uniform(rng, N, -60, 60, signed=False))

    px = log_uniform(rng, N, -8, 8, signed=False)
    py = rng.uniform(-8, 8, N).astype(np.float32)
    with np.errstate(all='ignore'):
        pr = np.power(px.astype(np.float64), py.astype(np.float64)).astype(np.float32)
    out.append(section('pow_x', px))
    out.append(section('pow_y', py))
    out.append(section('pow_out', pr))
    ay = rng.uniform(-10, 10, N).astype(np.float32)
    ax = rng.uniform(-10, 10, N).astype(np.float32)
    out.append(section('atan2_y', ay))
    out.append(section('atan2_x', ax))
    out.append(section('atan2_out', np.arctan2(ay.astype(np.float64), ax.astype(np.float64)).astype(np.float32)))
    return '\n'.join(out) + '\n'


# ---- reduction_golden.txt ------------------------------------------------------------

def batch_norm_case(out, rng, name, x, feature_index, eps):
    """Inputs and float64 results of the three batch-norm ops over operand x (f32 or f64)."""
    dt = x.dtype.type
    f = feature_index
    n = x.shape[f]
    axes = tuple(d for d in range(x.ndim) if d != f)
    per_feature = x.size // n
    bshape = [1] * x.ndim
    bshape[f] = n

    def b(v):  # a rank-1 vector broadcast along the feature dimension
        return np.asarray(v, dtype=np.float64).reshape(bshape)

    scale = rng.uniform(0.5, 2.0, n).astype(dt)
    offset = rng.uniform(-1.0, 1.0, n).astype(dt)
    dy = rng.normal(0.0, 1.0, x.shape).astype(dt)
    eps = float(dt(eps))                     # the epsilon the operand's type holds
    xs, ga, be, g = (a.astype(np.float64) for a in (x, scale, offset, dy))

    # BatchNormTraining: the exact moments and the normalization.
    mean = xs.mean(axis=axes)
    var = ((xs - b(mean)) ** 2).mean(axis=axes)
    y = (xs - b(mean)) / np.sqrt(b(var) + eps) * b(ga) + b(be)

    # Inference and grad take the moments as the operand's type holds them.
    mu = mean.astype(dt).astype(np.float64)
    va = var.astype(dt).astype(np.float64)
    y_inference = (xs - b(mu)) / np.sqrt(b(va) + eps) * b(ga) + b(be)
    xc = xs - b(mu)
    sum_dy = g.sum(axis=axes)
    sum_dy_xc = (g * xc).sum(axis=axes)
    c = sum_dy_xc / per_feature / (va + eps)
    d = sum_dy / per_feature
    grad_operand = b(ga) / np.sqrt(b(va) + eps) * (g - b(d) - b(c) * xc)
    grad_scale = sum_dy_xc / np.sqrt(va + eps)
    grad_offset = sum_dy

    for key, v in (('x', x), ('scale', scale), ('offset', offset), ('dy', dy), ('eps', [eps]),
                   ('y', y), ('mean', mean), ('var', var), ('y_inference', y_inference),
                   ('grad_operand', grad_operand), ('grad_scale', grad_scale), ('grad_offset', grad_offset),
                   ('grad_scale_mag', np.abs(g * xc).sum(axis=axes) / np.sqrt(va + eps)),
                   ('grad_offset_mag', np.abs(g).sum(axis=axes))):
        out.append(section(f'{name}_{key}', v))


def window_view(x, fill, window, strides, low, high, base_dilation, window_dilation):
    """The windows of x, padded (low, high) and base-dilated with `fill` in padding and
    holes: an array of shape result + window (every tap of every window)."""
    r = x.ndim
    dilated = [0 if n == 0 else (n - 1) * bd + 1 for n, bd in zip(x.shape, base_dilation)]
    padded = np.full([dil + lo + hi for dil, lo, hi in zip(dilated, low, high)], fill, dtype=np.float64)
    padded[tuple(slice(lo, lo + dil, bd) for lo, dil, bd in zip(low, dilated, base_dilation))] = x
    spans = [(w - 1) * wd + 1 for w, wd in zip(window, window_dilation)]
    v = np.lib.stride_tricks.sliding_window_view(padded, spans)
    v = v[tuple(slice(None, None, s) for s in strides) + tuple(slice(None, None, wd) for wd in window_dilation)]
    assert v.shape[r:] == tuple(window)
    return v


def same_padding(dims, window, strides):
    """XLA's kSame (dilations 1): ceil(n / stride) results, the padding split low-first."""
    low, high = [], []
    for n, w, s in zip(dims, window, strides):
        total = max((-(-n // s) - 1) * s + w - n, 0)
        low.append(total // 2)
        high.append(total - total // 2)
    return low, high


def reduce_window(x, fill, reducer, window, strides, low, high, base_dilation=None, window_dilation=None):
    r = x.ndim
    v = window_view(x, fill, window, strides, low, high,
                    base_dilation or [1] * r, window_dilation or [1] * r)
    return reducer(v, axis=tuple(range(r, 2 * r)))


def select_and_scatter_ge_add(operand, source, window, strides, low, high):
    """Max-pooling gradient: each window's first maximum (row-major) gets its source value."""
    r = operand.ndim
    v = window_view(operand, -np.inf, window, strides, low, high, [1] * r, [1] * r)
    out = np.zeros(operand.shape, dtype=np.float64)
    for o in np.ndindex(*v.shape[:r]):
        k = np.unravel_index(np.argmax(v[o]), window)      # argmax: the first maximum
        out[tuple(oo * s + kk - lo for oo, s, kk, lo in zip(o, strides, k, low))] += source[o]
    return out


def generate_reduction():
    rng = np.random.default_rng(20261124)  # its own stream: elementwise_golden.txt is unchanged
    out = ['# Generated by tools/gen_golden.py (NumPy %s): DO NOT EDIT.' % np.__version__]

    # ---- Batch normalization ---------------------------------------------------------
    def features(shape, f, lo, hi):  # per-feature means in [lo, hi], spreads in [0.5, 2]
        n = shape[f]
        bshape = [1] * len(shape)
        bshape[f] = n
        mu = rng.uniform(lo, hi, n).reshape(bshape)
        sd = rng.uniform(0.5, 2.0, n).reshape(bshape)
        return mu + sd * rng.normal(0.0, 1.0, shape)

    batch_norm_case(out, rng, 'bn_a', features((2, 3, 4, 5), 1, -3, 3).astype(np.float32), 1, 1e-3)
    batch_norm_case(out, rng, 'bn_b', features((4, 6, 6, 8), 3, -3, 3).astype(np.float32), 3, 1e-3)
    # Large mean, small spread: f32 E[x^2] - E[x]^2 would lose everything (ulp(1e6) = 1/16
    # against a variance of 1e-4); epsilon well below the variance so y depends on it.
    batch_norm_case(out, rng, 'bn_c', (1000.0 + rng.normal(0.0, 0.01, (64, 3))).astype(np.float32), 1, 1e-6)
    batch_norm_case(out, rng, 'bn_d', features((3, 5, 7), 0, -10, 10).astype(np.float64), 0, 1e-5)

    # ---- ReduceWindow ------------------------------------------------------------------
    # Max pooling, 2x2 windows, stride 2, over NHWC.
    pool = rng.normal(0.0, 1.0, (1, 8, 8, 16)).astype(np.float32)
    out.append(section('rw_maxpool_x', pool))
    out.append(section('rw_maxpool_out', reduce_window(pool, -np.inf, np.max, [1, 2, 2, 1], [1, 2, 2, 1],
                                                       [0, 0, 0, 0], [0, 0, 0, 0])))
    # Sum, window {3, 3}, strides {2, 1}, explicit padding low {1, 0} high {1, 2}.
    a = rng.uniform(-4.0, 4.0, (7, 9)).astype(np.float32)
    out.append(section('rw_sum_x', a))
    out.append(section('rw_sum_out', reduce_window(a, 0.0, np.sum, [3, 3], [2, 1], [1, 0], [1, 2])))
    out.append(section('rw_sum_mag', reduce_window(np.abs(a), 0.0, np.sum, [3, 3], [2, 1], [1, 0], [1, 2])))
    # SAME min, window 3, stride 2, over 11 elements (padding (1, 1), 6 results).
    v = rng.uniform(-100.0, 100.0, 11).astype(np.float32)
    low, high = same_padding(v.shape, [3], [2])
    out.append(section('rw_same_min_x', v))
    out.append(section('rw_same_min_out', reduce_window(v, np.inf, np.min, [3], [2], low, high)))
    # Sum with base dilation 2 and window dilation 2, window 3, stride 1, padding (1, 2):
    # 17 dilated positions + 3 of padding, 16 windows, every other one all holes.
    u = rng.uniform(-4.0, 4.0, 9).astype(np.float32)
    out.append(section('rw_dilated_sum_x', u))
    out.append(section('rw_dilated_sum_out', reduce_window(u, 0.0, np.sum, [3], [1], [1], [2], [2], [2])))
    out.append(section('rw_dilated_sum_mag', reduce_window(np.abs(u), 0.0, np.sum, [3], [1], [1], [2], [2], [2])))

    # ---- SelectAndScatter (select >=, scatter add, init 0) ------------------------------
    # The gradient of the max pooling above (no ties: normal values).
    src = rng.integers(-9, 10, (1, 4, 4, 16)).astype(np.float32)
    out.append(section('ss_maxpool_source', src))
    out.append(section('ss_maxpool_out', select_and_scatter_ge_add(pool, src, [1, 2, 2, 1], [1, 2, 2, 1],
                                                                   [0, 0, 0, 0], [0, 0, 0, 0])))
    # Overlapping 3x3 windows, stride 2, SAME over 7x7 small integers (ties everywhere).
    op = rng.integers(0, 4, (7, 7)).astype(np.float32)
    src = rng.integers(1, 10, (4, 4)).astype(np.float32)
    low, high = same_padding(op.shape, [3, 3], [2, 2])
    out.append(section('ss_overlap_operand', op))
    out.append(section('ss_overlap_source', src))
    out.append(section('ss_overlap_out', select_and_scatter_ge_add(op, src, [3, 3], [2, 2], low, high)))
    return '\n'.join(out) + '\n'


# ---- fft_golden.txt ------------------------------------------------------------------

def generate_fft():
    rng = np.random.default_rng(20261125)  # its own stream: the other files are unchanged
    out = ['# Generated by tools/gen_golden.py (NumPy %s): DO NOT EDIT.' % np.__version__]

    def real(shape):  # f32-representable values in [-1, 1)
        return rng.uniform(-1.0, 1.0, shape).astype(np.float32).astype(np.float64)

    def cplx(shape):  # both parts f32-representable (exactly complex64 values)
        return (real(shape) + 1j * real(shape)).astype(np.complex128)

    def put(name, values):
        values = np.asarray(values)
        if np.iscomplexobj(values):
            out.append(section(name + '_re', values.real))
            out.append(section(name + '_im', values.imag))
        else:
            out.append(section(name, values))

    def case(name, operand, result):
        put(name + '_in', operand)
        put(name + '_out', result)

    a = cplx((2, 12))
    case('fft_n12', a, np.fft.fft(a))
    a = cplx((2, 1000))
    case('fft_n1000', a, np.fft.fft(a))
    a = cplx((2, 7))
    case('ifft_n7', a, np.fft.ifft(a))
    for n in (16, 17):
        a = real((2, n))
        case(f'rfft_n{n}', a, np.fft.rfft(a))
    for n in (16, 17):
        b = cplx((2, n // 2 + 1))
        assert np.all(b[:, 0].imag != 0) and (n % 2 or np.all(b[:, n // 2].imag != 0))
        case(f'irfft_n{n}', b, np.fft.irfft(b, n))
    a = cplx((4, 6))
    case('fft2_4x6', a, np.fft.fft2(a))
    a = real((3, 4, 10))
    b = np.fft.rfftn(a, axes=(1, 2))
    case('rfftn_3x4x10', a, b)
    b = b.astype(np.complex64).astype(np.complex128)
    case('irfftn_3x4x10', b, np.fft.irfftn(b, s=(4, 10), axes=(1, 2)))
    return '\n'.join(out) + '\n'


# ---- linalg_golden.txt ---------------------------------------------------------------

def generate_linalg():
    rng = np.random.default_rng(20261126)  # its own stream: the other files are unchanged
    out = ['# Generated by tools/gen_golden.py (NumPy %s, SciPy %s): DO NOT EDIT.'
           % (np.__version__, scipy.__version__)]

    def r32(v):  # rounded to f32 (complex: both parts), kept as float64 / complex128
        v = np.asarray(v)
        if np.iscomplexobj(v):
            return v.astype(np.complex64).astype(np.complex128)
        return v.astype(np.float32).astype(np.float64)

    def real(shape, lo=-1.0, hi=1.0):  # f32-representable values in [lo, hi)
        return r32(rng.uniform(lo, hi, shape))

    def cplx(shape, lo=-1.0, hi=1.0):  # both parts f32-representable in [lo, hi)
        return real(shape, lo, hi) + 1j * real(shape, lo, hi)

    def put(name, values):
        values = np.asarray(values)
        if np.iscomplexobj(values):
            out.append(section(name + '_re', values.real))
            out.append(section(name + '_im', values.imag))
        else:
            out.append(section(name, values))

    # ---- Cholesky ------------------------------------------------------------------
    def hpd(n, complex_):
        """m m^H + n I (Hermitian positive definite), rounded to f32 and checked still so."""
        m = cplx((n, n)) if complex_ else real((n, n))
        a = m @ m.conj().T + n * np.eye(n)
        a = r32((a + a.conj().T) / 2)       # exactly Hermitian (a real diagonal), rounded or not
        assert np.array_equal(a, a.conj().T) and np.all(np.diag(a).imag == 0)
        assert np.linalg.eigvalsh(a).min() >= 1.0
        return a

    def chol(name, a, upper):
        lo = np.linalg.cholesky(a)           # lower, l l^H = a (NumPy reads a's lower triangle)
        f = lo.conj().swapaxes(-1, -2) if upper else lo
        assert np.allclose(f.conj().swapaxes(-1, -2) @ f if upper else f @ f.conj().swapaxes(-1, -2), a,
                           rtol=0, atol=1e-13 * np.abs(a).max())
        put(name + '_a', a)
        put(name + '_out', f)

    chol('chol_lower_f32_n5', hpd(5, False), upper=False)
    chol('chol_upper_c64_n4', hpd(4, True), upper=True)
    chol('chol_lower_f32_b3_n4', np.stack([hpd(4, False) for _ in range(3)]), upper=False)

    # ---- TriangularSolve -------------------------------------------------------------
    def triangular(n, lower, unit, complex_):
        """The clean triangular matrix and the stored one (junk where it is not read)."""
        if complex_:
            d = r32(rng.uniform(1.0, 2.0, n) * np.exp(2j * np.pi * rng.uniform(0.0, 1.0, n)))
            off = cplx((n, n), -0.5, 0.5)
            junk = cplx((n, n), -1e6, 1e6)
        else:
            d = real(n, 1.0, 2.0) * rng.choice([-1.0, 1.0], n)
            off = real((n, n), -0.5, 0.5)
            junk = real((n, n), -1e6, 1e6)
        k = -1 if unit else 0                 # the read triangle, without the diagonal if unit
        read = np.tril(np.ones((n, n), bool), k) if lower else np.triu(np.ones((n, n), bool), -k)
        clean = np.where(read, off, 0) + np.diag(np.ones(n) if unit else d)
        return clean, np.where(read, clean, junk)

    def trsm(name, stored, b, result, residual):
        assert np.allclose(residual, b, rtol=0, atol=1e-12 * np.abs(b).max())  # the junk was not read
        put(name + '_a', stored)
        put(name + '_b', b)
        put(name + '_out', result)

    # (a) left side, lower, non-unit, no transpose: a x = b.
    a, s = triangular(6, lower=True, unit=False, complex_=False)
    b = real((6, 3))
    x = scipy.linalg.solve_triangular(s, b, lower=True)
    trsm('trsm_left_lower_n6', s, b, x, a @ x)
    # (b) left side, upper, unit diagonal, transpose: a^T x = b.
    a, s = triangular(5, lower=False, unit=True, complex_=False)
    b = real((5, 2))
    x = scipy.linalg.solve_triangular(s, b, trans='T', lower=False, unit_diagonal=True)
    trsm('trsm_left_upper_unit_t_n5', s, b, x, a.T @ x)
    # (c) right side, lower, non-unit, no transpose: x a = b, b and x [3,5]; that is
    # a^T x^T = b^T, solved for x^T.
    a, s = triangular(5, lower=True, unit=False, complex_=False)
    b = real((3, 5))
    x = scipy.linalg.solve_triangular(s, b.T, trans='T', lower=True).T
    trsm('trsm_right_lower_n5', s, b, x, x @ a)
    # (d) complex, left side, lower, non-unit, adjoint: a^H x = b.
    a, s = triangular(4, lower=True, unit=False, complex_=True)
    b = cplx((4, 2))
    x = scipy.linalg.solve_triangular(s, b, trans='C', lower=True)
    trsm('trsm_left_lower_adjoint_c64_n4', s, b, x, a.conj().T @ x)
    return '\n'.join(out) + '\n'


def same_data(committed, regenerated):
    """Whether the committed file holds the data generated here: the same sections with
    the same counts, each value equal to the regenerated one within 64 float64 ulps of
    its section's largest magnitude. LAPACK and BLAS give results that differ in their
    last bits from one CPU to another (OpenBLAS picks its kernels by CPU); the C++ tests
    compare sxla with these float64 references to float32 tolerances, so such
    differences change nothing, while a change of inputs, shapes or formulas does."""
    a, b = committed.splitlines(), regenerated.splitlines()
    if len(a) != len(b):
        return False
    for line_a, line_b in zip(a, b):
        if line_a.startswith('#') or line_b.startswith('#'):  # the header comment
            if line_a != line_b:
                return False
            continue
        ta, tb = line_a.split(), line_b.split()
        if ta[:2] != tb[:2] or len(ta) != len(tb):
            return False
        va = np.array([float.fromhex(t) for t in ta[2:]])
        vb = np.array([float.fromhex(t) for t in tb[2:]])
        if not np.array_equal(np.isnan(va), np.isnan(vb)):
            return False
        finite = np.isfinite(va) & np.isfinite(vb)
        if not np.array_equal(va[~finite & ~np.isnan(va)], vb[~finite & ~np.isnan(vb)]):
            return False
        scale = np.max(np.abs(vb[finite]), initial=0.0)
        if np.any(np.abs(va[finite] - vb[finite]) > 64 * np.finfo(np.float64).eps * scale):
            return False
    return True


def main():
    root = sys.argv[sys.argv.index('--root') + 1] if '--root' in sys.argv else \
        os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = (('elementwise_golden.txt', generate), ('reduction_golden.txt', generate_reduction),
             ('fft_golden.txt', generate_fft), ('linalg_golden.txt', generate_linalg))
    stale = []
    for name, make in files:
        path = os.path.join(root, 'tests', 'golden', name)
        text = make()
        if '--check' in sys.argv:
            try:
                with open(path, encoding='utf-8') as f:
                    current = same_data(f.read(), text)
            except FileNotFoundError:
                current = False
            print(f'{path} is current' if current else f'{path} is stale')
            if not current:
                stale.append(path)
        else:
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            print(f'wrote {path}')
    if stale:
        sys.exit('stale golden data: run /usr/bin/python3 tools/gen_golden.py')


if __name__ == '__main__':
    main()
