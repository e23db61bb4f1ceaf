// tests/ops/gather_cases.hpp: random valid Gather and Scatter configurations, drawn in
// constant evaluation from a seed (tests/ops/gather_check.hpp runs them): operand ranks
// 1-4 of sizes 1-7; index arrays with one or two batch dimensions (a sixth of the time
// none) besides one per batching dimension, of sizes 1-5, and every index_vector_dim
// position (== rank(indices) too, the implicit trailing dimension, a quarter of the time
// when there is one start component); start_index_map / scatter_dims_to_operand_dims in
// any order; collapsed / inserted dimensions; slice and window sizes from 1 to the whole
// dimension; operand batching dimensions (mode 0: none, 1: one or two, 2: a third of the
// time) mapped from index dimensions in any order; element types f32, f64 and s32, index
// types s32, s64, u8 and u32; operands row-major, column-major, in a random dimension
// order or tiled, indices, updates and results in the first three. Every configuration
// satisfies StableHLO's constraints (gather_check.hpp checks them with the reference's
// validate before comparing).
#ifndef SXLA_TESTS_OPS_GATHER_CASES_HPP
#define SXLA_TESTS_OPS_GATHER_CASES_HPP

#include <sxla/core/element_type.hpp>
#include <sxla/core/index.hpp>
#include <sxla/shape/layout.hpp>
#include <sxla/shape/shape_spec.hpp>
#include <sxla/shape/validate.hpp>

#include <cstdint>

namespace sxla_test::gather_cases {

namespace x = sxla;
using x::index_t;

// ---- A constexpr PRNG and small helpers --------------------------------------------------
struct rng {
  std::uint64_t s;
  constexpr std::uint64_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return s >> 33;
  }
  // Uniform in [lo, hi].
  constexpr index_t pick(index_t lo, index_t hi) {
    return lo + static_cast<index_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
};

constexpr bool has(const x::idx& v, index_t d) {
  for (index_t e : v)
    if (e == d) return true;
  return false;
}

constexpr x::idx sorted(x::idx v) {
  for (std::size_t i = 1; i < v.size(); ++i)
    for (std::size_t j = i; j > 0 && v[j - 1] > v[j]; --j) {
      const index_t t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  return v;
}

// A random permutation of 0..n-1.
constexpr x::idx shuffled(index_t n, rng& r) {
  x::idx p;
  for (index_t i = 0; i < n; ++i) p.push_back(i);
  for (index_t i = n - 1; i > 0; --i) {
    const auto j = static_cast<std::size_t>(r.pick(0, i));
    const index_t t = p[static_cast<std::size_t>(i)];
    p[static_cast<std::size_t>(i)] = p[j];
    p[j] = t;
  }
  return p;
}

// The first n entries of v (sorted when asked).
constexpr x::idx first(const x::idx& v, index_t n, bool sort) {
  x::idx f;
  for (index_t i = 0; i < n; ++i) f.push_back(v[static_cast<std::size_t>(i)]);
  return sort ? sorted(f) : f;
}

constexpr index_t elements(const x::idx& d) {
  index_t n = 1;
  for (index_t e : d) n *= e;
  return n;
}

constexpr index_t min_of(index_t a, index_t b) { return a < b ? a : b; }

enum layout_kind : int { row_major = 0, column_major = 1, permuted = 2, tiled = 3 };

// A shape of the given layout kind (permuted: a random minor_to_major; tiled: row-major
// with a (2,3) tile, (4) for rank 1).
constexpr x::shape_spec make_spec(x::primitive_type t, const x::idx& dims, int kind, rng& r) {
  x::layout_spec l = x::default_layout(dims.size());
  const auto rank = static_cast<index_t>(dims.size());
  if (kind == column_major) {
    l.minor_to_major = {};
    for (index_t d = 0; d < rank; ++d) l.minor_to_major.push_back(d);
  } else if (kind == permuted) {
    l.minor_to_major = shuffled(rank, r);
  } else if (kind == tiled && rank >= 1) {
    x::tile_spec tile;
    if (rank >= 2) {
      tile.dimensions.push_back(2);
      tile.dimensions.push_back(3);
    } else {
      tile.dimensions.push_back(4);
    }
    l.tiles.push_back(tile);
  }
  return x::shape_spec(t, dims, l);
}

constexpr x::primitive_type index_type(rng& r) {
  constexpr x::primitive_type types[] = {x::primitive_type::s32, x::primitive_type::s64, x::primitive_type::u8,
                                         x::primitive_type::u32};
  return types[r.pick(0, 3)];
}

constexpr x::primitive_type value_type(rng& r) {
  const index_t v = r.pick(0, 9);
  return v < 6 ? x::primitive_type::f32 : v < 8 ? x::primitive_type::f64 : x::primitive_type::s32;
}

// Operands: 40% row-major, 20% column-major, 25% permuted, 15% tiled.
constexpr int operand_layout(rng& r) {
  const index_t v = r.pick(0, 19);
  return v < 8 ? row_major : v < 12 ? column_major : v < 17 ? permuted : tiled;
}
constexpr int plain_layout(rng& r) { return static_cast<int>(r.pick(0, 2)); }

// Batching: mode 0 none, 1 always (operand rank >= 2), 2 a third of the time.
constexpr index_t batching_count(index_t rank, int mode, rng& r) {
  if (mode == 0 || rank < 2) return 0;
  if (mode == 2 && r.pick(0, 2) != 0) return 0;
  return r.pick(1, min_of(2, rank - 1));
}

// The index array of a gather or scatter: 1-2 batch dimensions (a sixth of the time none)
// besides one for each operand batching dimension (its size, at a random batch position), the index vector of
// K components at index_vector_dim (implicit, == rank, a quarter of the time when K is 1).
struct index_layout {
  x::idx dims, batch, index_batching;
  index_t ivd = 0;
};

constexpr index_layout make_indices(const x::idx& operand, const x::idx& operand_batching, index_t K, rng& r) {
  index_layout il;
  const auto nb = static_cast<index_t>(operand_batching.size());
  const index_t nbatch = nb + (r.pick(0, 5) == 0 ? 0 : r.pick(1, nb >= 2 ? 1 : 2));  // a sixth: no other
  const bool implicit = K == 1 && r.pick(0, 3) == 0;
  il.ivd = implicit ? nbatch : r.pick(0, nbatch);
  for (index_t g = 0; g < nbatch; ++g) il.batch.push_back(r.pick(1, 5));
  const x::idx bperm = shuffled(nbatch, r);
  for (index_t i = 0; i < nb; ++i) {
    const index_t g = bperm[static_cast<std::size_t>(i)];
    il.batch[static_cast<std::size_t>(g)] = operand[static_cast<std::size_t>(operand_batching[static_cast<std::size_t>(i)])];
    il.index_batching.push_back(g < il.ivd ? g : g + 1);
  }
  for (index_t g = 0; g <= nbatch; ++g) {
    if (g == il.ivd && !implicit) il.dims.push_back(K);
    if (g < nbatch) il.dims.push_back(il.batch[static_cast<std::size_t>(g)]);
  }
  return il;
}

// ---- Gather ---------------------------------------------------------------------------
struct gather_case {
  x::idx operand_dims, indices_dims, slice_sizes, result_dims;
  x::idx offset_dims, collapsed_slice_dims, start_index_map, operand_batching_dims, start_indices_batching_dims;
  index_t index_vector_dim = 0;
  x::shape_spec operand, indices, result;
};

constexpr gather_case make_gather_case(std::uint64_t seed, int mode) {
  rng r{seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull};
  for (int i = 0; i < 3; ++i) r.next();
  while (true) {
    gather_case g;
    const index_t R = r.pick(mode == 1 ? 2 : 1, 4);
    for (index_t d = 0; d < R; ++d) g.operand_dims.push_back(r.pick(1, R <= 2 ? 7 : R == 3 ? 5 : 4));
    const index_t nb = batching_count(R, mode, r);
    // Operand dimensions: nb batching ones (sorted), the others in random order.
    const x::idx perm = shuffled(R, r);
    g.operand_batching_dims = first(perm, nb, true);
    x::idx free;
    for (index_t i = nb; i < R; ++i) free.push_back(perm[static_cast<std::size_t>(i)]);
    const index_t K = r.pick(1, static_cast<index_t>(free.size()));
    g.start_index_map = first(free, K, false);
    for (index_t d = 0; d < R; ++d) {
      const index_t size = g.operand_dims[static_cast<std::size_t>(d)];
      const index_t v = r.pick(0, 3);
      g.slice_sizes.push_back(has(g.operand_batching_dims, d) || v == 0 ? 1 : v == 1 ? size : r.pick(1, size));
    }
    for (index_t d = 0; d < R; ++d)
      if (!has(g.operand_batching_dims, d) && g.slice_sizes[static_cast<std::size_t>(d)] == 1 && r.pick(0, 1) == 0)
        g.collapsed_slice_dims.push_back(d);
    const index_layout il = make_indices(g.operand_dims, g.operand_batching_dims, K, r);
    g.indices_dims = il.dims;
    g.index_vector_dim = il.ivd;
    g.start_indices_batching_dims = il.index_batching;
    // The result: offsets at random (sorted) positions among the batch dimensions.
    x::idx offsets;
    for (index_t d = 0; d < R; ++d)
      if (!has(g.collapsed_slice_dims, d) && !has(g.operand_batching_dims, d))
        offsets.push_back(g.slice_sizes[static_cast<std::size_t>(d)]);
    const auto noff = static_cast<index_t>(offsets.size());
    const index_t rr = static_cast<index_t>(il.batch.size()) + noff;
    if (rr > static_cast<index_t>(x::max_rank)) continue;
    g.offset_dims = first(shuffled(rr, r), noff, true);
    std::size_t o = 0, b = 0;
    for (index_t d = 0; d < rr; ++d) g.result_dims.push_back(has(g.offset_dims, d) ? offsets[o++] : il.batch[b++]);
    if (elements(g.operand_dims) > 600 || elements(g.result_dims) > 1500 || elements(g.indices_dims) > 300) continue;
    const x::primitive_type vt = value_type(r);
    g.operand = make_spec(vt, g.operand_dims, operand_layout(r), r);
    g.indices = make_spec(index_type(r), g.indices_dims, plain_layout(r), r);
    g.result = make_spec(vt, g.result_dims, plain_layout(r), r);
    if (!x::is_valid(g.operand) || !x::is_valid(g.indices) || !x::is_valid(g.result)) continue;
    return g;
  }
}

// ---- Scatter --------------------------------------------------------------------------
// The computations: add_op, sub_op, a lambda keeping the update, and two non-commutative
// lambdas (f32/f64: 2a - b and a / 2 + b; s32: b - a and a - 2b), max_op.
enum computation : int { add = 0, sub = 1, overwrite = 2, lambda_1 = 3, lambda_2 = 4, max = 5 };

struct scatter_case {
  x::idx operand_dims, indices_dims, updates_dims;
  x::idx update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, input_batching_dims,
      scatter_indices_batching_dims;
  index_t index_vector_dim = 0;
  x::shape_spec operand, indices, updates, result;
  x::shape_spec operand_b, updates_b;  // the second operand (scatter of two)
  int comp = add;
  bool eval = false;  // x::eval rather than assignment to a tensor of the result's shape
};

constexpr scatter_case make_scatter_case(std::uint64_t seed, int mode) {
  rng r{seed * 0xD1B54A32D192ED03ull + 0x8CB92BA72F3D8DD7ull};
  for (int i = 0; i < 3; ++i) r.next();
  while (true) {
    scatter_case c;
    const index_t R = r.pick(mode == 1 ? 2 : 1, 4);
    for (index_t d = 0; d < R; ++d) c.operand_dims.push_back(r.pick(1, R <= 2 ? 7 : R == 3 ? 5 : 4));
    const index_t nb = batching_count(R, mode, r);
    const x::idx perm = shuffled(R, r);
    c.input_batching_dims = first(perm, nb, true);
    x::idx free;
    for (index_t i = nb; i < R; ++i) free.push_back(perm[static_cast<std::size_t>(i)]);
    const index_t K = r.pick(1, static_cast<index_t>(free.size()));
    c.scatter_dims_to_operand_dims = first(free, K, false);
    x::idx window;  // the window size of each operand dimension taking an update window dimension
    for (index_t d = 0; d < R; ++d) {
      if (has(c.input_batching_dims, d)) continue;
      if (r.pick(0, 2) == 0) {
        c.inserted_window_dims.push_back(d);
        continue;
      }
      const index_t size = c.operand_dims[static_cast<std::size_t>(d)];
      const index_t v = r.pick(0, 3);
      window.push_back(v == 0 ? 1 : v == 1 ? size : r.pick(1, size));
    }
    const index_layout il = make_indices(c.operand_dims, c.input_batching_dims, K, r);
    c.indices_dims = il.dims;
    c.index_vector_dim = il.ivd;
    c.scatter_indices_batching_dims = il.index_batching;
    const auto nwin = static_cast<index_t>(window.size());
    const index_t ur = static_cast<index_t>(il.batch.size()) + nwin;
    if (ur > static_cast<index_t>(x::max_rank)) continue;
    c.update_window_dims = first(shuffled(ur, r), nwin, true);
    std::size_t w = 0, b = 0;
    for (index_t d = 0; d < ur; ++d) c.updates_dims.push_back(has(c.update_window_dims, d) ? window[w++] : il.batch[b++]);
    if (elements(c.operand_dims) > 600 || elements(c.updates_dims) > 1000 || elements(c.indices_dims) > 300) continue;
    const x::primitive_type vt = value_type(r);
    c.operand = make_spec(vt, c.operand_dims, operand_layout(r), r);
    c.indices = make_spec(index_type(r), c.indices_dims, plain_layout(r), r);
    c.updates = make_spec(vt, c.updates_dims, plain_layout(r), r);
    c.result = make_spec(vt, c.operand_dims, plain_layout(r), r);
    // The second operand: f32 beside s32 or f64; beside f32, s32, f64 or f32 again.
    constexpr x::primitive_type second[] = {x::primitive_type::s32, x::primitive_type::f64, x::primitive_type::f32};
    const x::primitive_type vb = vt != x::primitive_type::f32 ? x::primitive_type::f32 : second[r.pick(0, 2)];
    c.operand_b = make_spec(vb, c.operand_dims, operand_layout(r), r);
    c.updates_b = make_spec(vb, c.updates_dims, plain_layout(r), r);
    c.comp = static_cast<int>(r.pick(0, 5));
    c.eval = r.pick(0, 3) == 0;
    if (!x::is_valid(c.operand) || !x::is_valid(c.indices) || !x::is_valid(c.updates) || !x::is_valid(c.result) ||
        !x::is_valid(c.operand_b) || !x::is_valid(c.updates_b))
      continue;
    return c;
  }
}

}  // namespace sxla_test::gather_cases

#endif  // SXLA_TESTS_OPS_GATHER_CASES_HPP
