#!/usr/bin/env python3
"""XLA's CPU backend through jax on bench/bench_ragged.cpp's shapes, one thread.

usage: XLA_FLAGS=--xla_cpu_multi_thread_eigen=false python3 bench/jax_products.py
(in a virtual environment with jax and jaxlib; tools/test.sh's venv or `pip install jax`).
Prints the median of 31 timed calls of each jitted op, after a warm-up call.
"""
import os
import statistics
import time

os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402


def median_us(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(31):
        t = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


rng = np.random.default_rng(1)
a = jnp.asarray(rng.uniform(-1, 1, (512, 256)).astype(np.float32))
w = jnp.asarray(rng.uniform(-1, 1, (8, 256, 256)).astype(np.float32))
sizes = jnp.full((8,), 64, jnp.int32)
t = median_us(jax.jit(jax.lax.ragged_dot), a, w, sizes)
print(f"ragged_dot f32[512,256] x 8 x [256,256]: {t:.1f} us, {2 * 512 * 256 * 256 / t / 1e3:.2f} GFLOP/s")

qa = jnp.asarray(rng.uniform(-4, 4, (256, 512)).astype(ml_dtypes.float8_e4m3fn))
qb = jnp.asarray(rng.uniform(-4, 4, (512, 256)).astype(ml_dtypes.float8_e4m3fn))
sa = jnp.asarray(rng.uniform(0.25, 4, (256, 16)).astype(ml_dtypes.float8_e8m0fnu))
sb = jnp.asarray(rng.uniform(0.25, 4, (16, 256)).astype(ml_dtypes.float8_e8m0fnu))
f = jax.jit(lambda p, q, r, s: jax.lax.scaled_dot(p, q, lhs_scale=r, rhs_scale=s, preferred_element_type=jnp.float32))
t = median_us(f, qa, qb, sa, sb)
print(f"scaled_dot f8e4m3fn[256,512] . [512,256], MX scales: {t:.1f} us, {2 * 256 * 512 * 256 / t / 1e3:.2f} GFLOP/s")
