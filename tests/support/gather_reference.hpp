// tests/support/gather_reference.hpp: a plain reference for Gather and Scatter, written
// from XLA's and StableHLO's definitions with no sxla code (tests/ops/gather_random*_test.cpp,
// tests/ops/scatter_random*_test.cpp). Arrays are flat, logical row-major std::vectors;
// dimension numbers are run-time std::vectors; every index value is an int64 (the s32, s64,
// u8 and u32 index types convert to it exactly).
//
// Gather(operand, start_indices): batch_dims are the result dimensions not in offset_dims
// (ascending); the batch sizes are start_indices' sizes without index_vector_dim
// (index_vector_dim == rank(start_indices): an implicit trailing dimension of size 1); the
// offset sizes are slice_sizes without collapsed_slice_dims and operand_batching_dims, in
// order. For a result index Out, G = Out at batch_dims:
//   S[k] = start_indices[G with k inserted at index_vector_dim] (start_indices[G] if implicit)
//   full_start[start_index_map[k]] = clamp(S[k], 0, operand_dim - slice_size)
//   full_batching[operand_batching_dims[i]] = G's coordinate of start_indices dimension
//     start_indices_batching_dims[i] (that dimension minus 1 when past index_vector_dim)
//   full_offset = Out at offset_dims, in order, in the operand dimensions that are neither
//     collapsed nor batching
//   operand index = full_start + full_batching + full_offset.
//
// Scatter(operand, scatter_indices, updates, f): update_scatter_dims are the update
// dimensions not in update_window_dims (ascending). For each update index U: G = U at
// update_scatter_dims; S as above, not clamped; full_start[scatter_dims_to_operand_dims[k]]
// = S[k]; full_batching as above with input_batching_dims / scatter_indices_batching_dims;
// full_window = U at update_window_dims, in order, in the operand dimensions that are
// neither inserted nor batching; I = full_start + full_batching + full_window. The whole
// window of a scatter index G is skipped (XLA's CPU backend) when, for some operand
// dimension d, full_start[d] < 0 or full_start[d] + window_size[d] > operand_dim[d],
// window_size[d] being the update size of the window dimension mapped to d (1 for
// inserted and batching dimensions). The result starts as a copy of the operand; each
// applied element does out[I] = f(out[I], updates[U]), the U in the order of
// scatter_order below (by default each scatter index G in row-major order, its window
// in row-major order: XLA's CPU loop, and sxla's documented order).
#ifndef SXLA_TESTS_SUPPORT_GATHER_REFERENCE_HPP
#define SXLA_TESTS_SUPPORT_GATHER_REFERENCE_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace sxla_test::gather {

using i64 = std::int64_t;
using dims_t = std::vector<i64>;

// ---- Multi-indices over row-major arrays ------------------------------------------------
inline i64 element_count(const dims_t& dims) {
  i64 n = 1;
  for (i64 d : dims) n *= d;
  return n;
}

// The next multi-index in row-major order; false after the last one.
inline bool next_index(dims_t& i, const dims_t& dims) {
  for (std::size_t d = dims.size(); d-- > 0;) {
    if (++i[d] < dims[d]) return true;
    i[d] = 0;
  }
  return false;
}

inline i64 flat_offset(const dims_t& i, const dims_t& dims) {
  i64 off = 0;
  for (std::size_t d = 0; d < dims.size(); ++d) off = off * dims[d] + i[d];
  return off;
}

inline bool contains(const dims_t& v, i64 x) { return std::find(v.begin(), v.end(), x) != v.end(); }

inline std::string to_string(const dims_t& v) {
  std::string s = "{";
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i > 0) s += ',';
    s += std::to_string(v[i]);
  }
  return s + "}";
}

// ---- Index vectors (shared by gather and scatter) ------------------------------------------
// The batch sizes of an index array: its sizes without index_vector_dim.
inline dims_t batch_sizes(const dims_t& indices_dims, i64 index_vector_dim) {
  dims_t b;
  for (std::size_t d = 0; d < indices_dims.size(); ++d)
    if (static_cast<i64>(d) != index_vector_dim) b.push_back(indices_dims[d]);
  return b;
}

// The number of components of one index vector.
inline i64 index_vector_size(const dims_t& indices_dims, i64 index_vector_dim) {
  return index_vector_dim == static_cast<i64>(indices_dims.size()) ? 1 : indices_dims[static_cast<std::size_t>(index_vector_dim)];
}

// Component k of the index vector at batch coordinate G.
inline i64 index_component(const dims_t& indices_dims, i64 index_vector_dim, const std::vector<i64>& indices,
                           const dims_t& G, i64 k) {
  dims_t j;
  const auto ivd = static_cast<std::size_t>(index_vector_dim);
  for (std::size_t d = 0; d < indices_dims.size(); ++d) {
    if (d < ivd) {
      j.push_back(G[d]);
    } else if (d == ivd) {
      j.push_back(k);
    } else {
      j.push_back(G[d - 1]);
    }
  }
  return indices[static_cast<std::size_t>(flat_offset(j, indices_dims))];
}

// G's coordinate of index-array dimension d (d != index_vector_dim).
inline i64 batch_coordinate(const dims_t& G, i64 d, i64 index_vector_dim) {
  return G[static_cast<std::size_t>(d > index_vector_dim ? d - 1 : d)];
}

// ---- Gather -------------------------------------------------------------------------------
struct gather_config {
  dims_t operand_dims, indices_dims, slice_sizes;
  dims_t offset_dims, collapsed_slice_dims, start_index_map, operand_batching_dims, start_indices_batching_dims;
  i64 index_vector_dim = 0;
};

inline std::string describe(const gather_config& c) {
  return "operand " + to_string(c.operand_dims) + " indices " + to_string(c.indices_dims) + " slice_sizes " +
         to_string(c.slice_sizes) + " offset_dims " + to_string(c.offset_dims) + " collapsed_slice_dims " +
         to_string(c.collapsed_slice_dims) + " start_index_map " + to_string(c.start_index_map) +
         " operand_batching_dims " + to_string(c.operand_batching_dims) + " start_indices_batching_dims " +
         to_string(c.start_indices_batching_dims) + " index_vector_dim " + std::to_string(c.index_vector_dim);
}

// StableHLO's constraints on gather's arguments; empty when they hold, else the first broken.
inline std::string validate(const gather_config& c) {
  const auto R = static_cast<i64>(c.operand_dims.size());
  const auto ir = static_cast<i64>(c.indices_dims.size());
  if (c.index_vector_dim < 0 || c.index_vector_dim > ir) return "index_vector_dim";
  if (c.slice_sizes.size() != c.operand_dims.size()) return "slice_sizes size";
  const i64 K = index_vector_size(c.indices_dims, c.index_vector_dim);
  if (static_cast<i64>(c.start_index_map.size()) != K) return "start_index_map size";
  for (std::size_t d = 0; d < c.operand_dims.size(); ++d)
    if (c.slice_sizes[d] < 0 || c.slice_sizes[d] > c.operand_dims[d]) return "slice size out of range";
  auto in_range_unique = [](const dims_t& v, i64 n) {
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (v[i] < 0 || v[i] >= n) return false;
      for (std::size_t j = 0; j < i; ++j)
        if (v[i] == v[j]) return false;
    }
    return true;
  };
  if (!in_range_unique(c.collapsed_slice_dims, R) || !std::is_sorted(c.collapsed_slice_dims.begin(), c.collapsed_slice_dims.end()))
    return "collapsed_slice_dims";
  if (!in_range_unique(c.operand_batching_dims, R) || !std::is_sorted(c.operand_batching_dims.begin(), c.operand_batching_dims.end()))
    return "operand_batching_dims";
  for (i64 d : c.collapsed_slice_dims) {
    if (contains(c.operand_batching_dims, d)) return "collapsed and batching overlap";
    if (c.slice_sizes[static_cast<std::size_t>(d)] > 1) return "collapsed slice size > 1";
  }
  for (i64 d : c.operand_batching_dims)
    if (c.slice_sizes[static_cast<std::size_t>(d)] > 1) return "batching slice size > 1";
  if (!in_range_unique(c.start_index_map, R)) return "start_index_map";
  for (i64 d : c.start_index_map)
    if (contains(c.operand_batching_dims, d)) return "start_index_map names a batching dim";
  if (c.start_indices_batching_dims.size() != c.operand_batching_dims.size()) return "batching dims sizes";
  if (!in_range_unique(c.start_indices_batching_dims, ir)) return "start_indices_batching_dims";
  for (std::size_t i = 0; i < c.start_indices_batching_dims.size(); ++i) {
    const i64 d = c.start_indices_batching_dims[i];
    if (d == c.index_vector_dim) return "start_indices_batching_dims names index_vector_dim";
    if (c.indices_dims[static_cast<std::size_t>(d)] !=
        c.operand_dims[static_cast<std::size_t>(c.operand_batching_dims[i])])
      return "batching dim sizes differ";
  }
  const i64 offsets = R - static_cast<i64>(c.collapsed_slice_dims.size() + c.operand_batching_dims.size());
  if (static_cast<i64>(c.offset_dims.size()) != offsets) return "offset_dims size";
  const i64 result_rank = static_cast<i64>(batch_sizes(c.indices_dims, c.index_vector_dim).size()) + offsets;
  if (!in_range_unique(c.offset_dims, result_rank) || !std::is_sorted(c.offset_dims.begin(), c.offset_dims.end()))
    return "offset_dims";
  return {};
}

inline dims_t gather_result_dims(const gather_config& c) {
  const dims_t batch = batch_sizes(c.indices_dims, c.index_vector_dim);
  dims_t offsets;
  for (std::size_t d = 0; d < c.operand_dims.size(); ++d)
    if (!contains(c.collapsed_slice_dims, static_cast<i64>(d)) && !contains(c.operand_batching_dims, static_cast<i64>(d)))
      offsets.push_back(c.slice_sizes[d]);
  const std::size_t rank = batch.size() + offsets.size();
  dims_t out(rank);
  std::size_t b = 0, o = 0;
  for (std::size_t d = 0; d < rank; ++d) out[d] = contains(c.offset_dims, static_cast<i64>(d)) ? offsets[o++] : batch[b++];
  return out;
}

// For each result element (row-major), the row-major offset of the operand element it reads.
inline std::vector<i64> gather_sources(const gather_config& c, const std::vector<i64>& indices) {
  const dims_t out_dims = gather_result_dims(c);
  const std::size_t R = c.operand_dims.size();
  dims_t batch_dims, window_operand_dims;  // result dims not in offset_dims; operand dims taking offsets
  for (std::size_t d = 0; d < out_dims.size(); ++d)
    if (!contains(c.offset_dims, static_cast<i64>(d))) batch_dims.push_back(static_cast<i64>(d));
  for (std::size_t d = 0; d < R; ++d)
    if (!contains(c.collapsed_slice_dims, static_cast<i64>(d)) && !contains(c.operand_batching_dims, static_cast<i64>(d)))
      window_operand_dims.push_back(static_cast<i64>(d));
  std::vector<i64> sources;
  if (element_count(out_dims) == 0) return sources;
  dims_t out(out_dims.size(), 0);
  do {
    dims_t G;
    for (i64 d : batch_dims) G.push_back(out[static_cast<std::size_t>(d)]);
    dims_t operand_index(R, 0);
    for (std::size_t k = 0; k < c.start_index_map.size(); ++k) {
      const auto d = static_cast<std::size_t>(c.start_index_map[k]);
      const i64 s = index_component(c.indices_dims, c.index_vector_dim, indices, G, static_cast<i64>(k));
      const i64 hi = c.operand_dims[d] - c.slice_sizes[d];
      operand_index[d] += std::clamp<i64>(s, 0, hi);
    }
    for (std::size_t i = 0; i < c.operand_batching_dims.size(); ++i)
      operand_index[static_cast<std::size_t>(c.operand_batching_dims[i])] +=
          batch_coordinate(G, c.start_indices_batching_dims[i], c.index_vector_dim);
    for (std::size_t o = 0; o < c.offset_dims.size(); ++o)
      operand_index[static_cast<std::size_t>(window_operand_dims[o])] += out[static_cast<std::size_t>(c.offset_dims[o])];
    sources.push_back(flat_offset(operand_index, c.operand_dims));
  } while (next_index(out, out_dims));
  return sources;
}

template <class T>
std::vector<T> gather(const gather_config& c, const std::vector<T>& operand, const std::vector<i64>& indices) {
  std::vector<T> r;
  for (i64 s : gather_sources(c, indices)) r.push_back(operand[static_cast<std::size_t>(s)]);
  return r;
}

// ---- Scatter ------------------------------------------------------------------------------
struct scatter_config {
  dims_t operand_dims, indices_dims, updates_dims;
  dims_t update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, input_batching_dims,
      scatter_indices_batching_dims;
  i64 index_vector_dim = 0;
};

inline std::string describe(const scatter_config& c) {
  return "operand " + to_string(c.operand_dims) + " indices " + to_string(c.indices_dims) + " updates " +
         to_string(c.updates_dims) + " update_window_dims " + to_string(c.update_window_dims) +
         " inserted_window_dims " + to_string(c.inserted_window_dims) + " scatter_dims_to_operand_dims " +
         to_string(c.scatter_dims_to_operand_dims) + " input_batching_dims " + to_string(c.input_batching_dims) +
         " scatter_indices_batching_dims " + to_string(c.scatter_indices_batching_dims) + " index_vector_dim " +
         std::to_string(c.index_vector_dim);
}

// The operand dimensions that take update window dimensions, in order.
inline dims_t window_operand_dims(const scatter_config& c) {
  dims_t w;
  for (std::size_t d = 0; d < c.operand_dims.size(); ++d)
    if (!contains(c.inserted_window_dims, static_cast<i64>(d)) && !contains(c.input_batching_dims, static_cast<i64>(d)))
      w.push_back(static_cast<i64>(d));
  return w;
}

// window_size[d] for each operand dimension d.
inline dims_t window_sizes(const scatter_config& c) {
  dims_t ws(c.operand_dims.size(), 1);
  const dims_t w = window_operand_dims(c);
  for (std::size_t k = 0; k < w.size() && k < c.update_window_dims.size(); ++k)
    ws[static_cast<std::size_t>(w[k])] = c.updates_dims[static_cast<std::size_t>(c.update_window_dims[k])];
  return ws;
}

// StableHLO's constraints on scatter's arguments; empty when they hold, else the first broken.
inline std::string validate(const scatter_config& c) {
  const auto R = static_cast<i64>(c.operand_dims.size());
  const auto ir = static_cast<i64>(c.indices_dims.size());
  const auto ur = static_cast<i64>(c.updates_dims.size());
  if (c.index_vector_dim < 0 || c.index_vector_dim > ir) return "index_vector_dim";
  const i64 K = index_vector_size(c.indices_dims, c.index_vector_dim);
  if (static_cast<i64>(c.scatter_dims_to_operand_dims.size()) != K) return "scatter_dims_to_operand_dims size";
  auto in_range_unique = [](const dims_t& v, i64 n) {
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (v[i] < 0 || v[i] >= n) return false;
      for (std::size_t j = 0; j < i; ++j)
        if (v[i] == v[j]) return false;
    }
    return true;
  };
  auto sorted = [](const dims_t& v) { return std::is_sorted(v.begin(), v.end()); };
  if (!in_range_unique(c.update_window_dims, ur) || !sorted(c.update_window_dims)) return "update_window_dims";
  if (!in_range_unique(c.inserted_window_dims, R) || !sorted(c.inserted_window_dims)) return "inserted_window_dims";
  if (!in_range_unique(c.input_batching_dims, R) || !sorted(c.input_batching_dims)) return "input_batching_dims";
  for (i64 d : c.inserted_window_dims)
    if (contains(c.input_batching_dims, d)) return "inserted and batching overlap";
  if (static_cast<i64>(c.update_window_dims.size() + c.inserted_window_dims.size() + c.input_batching_dims.size()) != R)
    return "operand rank";
  if (!in_range_unique(c.scatter_dims_to_operand_dims, R)) return "scatter_dims_to_operand_dims";
  for (i64 d : c.scatter_dims_to_operand_dims)
    if (contains(c.input_batching_dims, d)) return "scatter_dims_to_operand_dims names a batching dim";
  if (c.scatter_indices_batching_dims.size() != c.input_batching_dims.size()) return "batching dims sizes";
  if (!in_range_unique(c.scatter_indices_batching_dims, ir)) return "scatter_indices_batching_dims";
  for (std::size_t i = 0; i < c.scatter_indices_batching_dims.size(); ++i) {
    const i64 d = c.scatter_indices_batching_dims[i];
    if (d == c.index_vector_dim) return "scatter_indices_batching_dims names index_vector_dim";
    if (c.indices_dims[static_cast<std::size_t>(d)] != c.operand_dims[static_cast<std::size_t>(c.input_batching_dims[i])])
      return "batching dim sizes differ";
  }
  const dims_t batch = batch_sizes(c.indices_dims, c.index_vector_dim);
  if (static_cast<i64>(batch.size() + c.update_window_dims.size()) != ur) return "updates rank";
  std::size_t b = 0;
  for (std::size_t d = 0; d < c.updates_dims.size(); ++d)
    if (!contains(c.update_window_dims, static_cast<i64>(d)) && c.updates_dims[d] != batch[b++])
      return "update scatter dim size";
  const dims_t w = window_operand_dims(c);
  for (std::size_t k = 0; k < w.size(); ++k)
    if (c.updates_dims[static_cast<std::size_t>(c.update_window_dims[k])] > c.operand_dims[static_cast<std::size_t>(w[k])])
      return "window larger than the operand";
  return {};
}

// The order updates apply in. Both apply the updates landing on one operand element in
// the same order wherever the update window dimensions follow the scatter dimensions in
// the updates' shape; they differ when a window dimension comes first (two scatter
// indices G1 before G2 in row-major order can then land on one element at window
// positions w1 > w2, and row-major order over the updates applies G2's first).
//   scatter_index_major  for each scatter index G in row-major order, its window in
//                        row-major order: XLA's CPU loop (one iteration per G), and what
//                        sxla documents (ops/scatter.hpp): on each element, the updates in
//                        their scatter indices' row-major order
//   update_row_major     row-major order over the update indices U (StableHLO's
//                        interpreter walks index_space(updates) so; StableHLO leaves the
//                        order implementation-defined)
enum class scatter_order { scatter_index_major, update_row_major };

// The update indices U in application order.
inline std::vector<dims_t> update_sequence(const scatter_config& c, scatter_order order) {
  std::vector<dims_t> sequence;
  if (element_count(c.updates_dims) == 0) return sequence;
  if (order == scatter_order::update_row_major) {
    dims_t U(c.updates_dims.size(), 0);
    do {
      sequence.push_back(U);
    } while (next_index(U, c.updates_dims));
    return sequence;
  }
  dims_t scatter_dims, scatter_sizes, update_window_sizes;
  for (std::size_t d = 0; d < c.updates_dims.size(); ++d) {
    if (contains(c.update_window_dims, static_cast<i64>(d))) {
      update_window_sizes.push_back(c.updates_dims[d]);
    } else {
      scatter_dims.push_back(static_cast<i64>(d));
      scatter_sizes.push_back(c.updates_dims[d]);
    }
  }
  dims_t G(scatter_sizes.size(), 0);
  do {
    dims_t W(update_window_sizes.size(), 0);
    do {
      dims_t U(c.updates_dims.size(), 0);
      for (std::size_t i = 0; i < scatter_dims.size(); ++i) U[static_cast<std::size_t>(scatter_dims[i])] = G[i];
      for (std::size_t k = 0; k < W.size(); ++k) U[static_cast<std::size_t>(c.update_window_dims[k])] = W[k];
      sequence.push_back(U);
    } while (next_index(W, update_window_sizes));
  } while (next_index(G, scatter_sizes));
  return sequence;
}

// The applied (operand offset, update offset) pairs, row-major offsets, in application order.
inline std::vector<std::pair<i64, i64>> scatter_pairs(const scatter_config& c, const std::vector<i64>& indices,
                                                      scatter_order order = scatter_order::scatter_index_major) {
  const std::size_t R = c.operand_dims.size();
  const dims_t ws = window_sizes(c), wd = window_operand_dims(c);
  dims_t scatter_dims;  // update dims not in update_window_dims
  for (std::size_t d = 0; d < c.updates_dims.size(); ++d)
    if (!contains(c.update_window_dims, static_cast<i64>(d))) scatter_dims.push_back(static_cast<i64>(d));
  std::vector<std::pair<i64, i64>> pairs;
  for (const dims_t& U : update_sequence(c, order)) {
    dims_t G;
    for (i64 d : scatter_dims) G.push_back(U[static_cast<std::size_t>(d)]);
    dims_t I(R, 0);
    bool skip = false;
    for (std::size_t k = 0; k < c.scatter_dims_to_operand_dims.size(); ++k) {
      const auto d = static_cast<std::size_t>(c.scatter_dims_to_operand_dims[k]);
      const i64 s = index_component(c.indices_dims, c.index_vector_dim, indices, G, static_cast<i64>(k));
      if (s < 0 || s > c.operand_dims[d] - ws[d]) skip = true;  // s + ws[d] > dim, without overflow
      I[d] = s;
    }
    if (skip) continue;
    for (std::size_t i = 0; i < c.input_batching_dims.size(); ++i)
      I[static_cast<std::size_t>(c.input_batching_dims[i])] +=
          batch_coordinate(G, c.scatter_indices_batching_dims[i], c.index_vector_dim);
    for (std::size_t k = 0; k < wd.size(); ++k)
      I[static_cast<std::size_t>(wd[k])] += U[static_cast<std::size_t>(c.update_window_dims[k])];
    pairs.emplace_back(flat_offset(I, c.operand_dims), flat_offset(U, c.updates_dims));
  }
  return pairs;
}

// Scatter with one operand: f(current, update).
template <class T, class F>
std::vector<T> scatter(const scatter_config& c, std::vector<T> operand, const std::vector<i64>& indices,
                       const std::vector<T>& updates, F f,
                       scatter_order order = scatter_order::scatter_index_major) {
  for (const auto& [o, u] : scatter_pairs(c, indices, order))
    operand[static_cast<std::size_t>(o)] = static_cast<T>(f(operand[static_cast<std::size_t>(o)], updates[static_cast<std::size_t>(u)]));
  return operand;
}

// Scatter with two operands: f(a, b, update_a, update_b) returns the pair (new a, new b).
template <class A, class B, class F>
std::pair<std::vector<A>, std::vector<B>> scatter2(const scatter_config& c, std::vector<A> a, std::vector<B> b,
                                                   const std::vector<i64>& indices, const std::vector<A>& ua,
                                                   const std::vector<B>& ub, F f,
                                                   scatter_order order = scatter_order::scatter_index_major) {
  for (const auto& [o, u] : scatter_pairs(c, indices, order)) {
    const auto oi = static_cast<std::size_t>(o), ui = static_cast<std::size_t>(u);
    const auto r = f(a[oi], b[oi], ua[ui], ub[ui]);
    a[oi] = static_cast<A>(std::get<0>(r));
    b[oi] = static_cast<B>(std::get<1>(r));
  }
  return {std::move(a), std::move(b)};
}

}  // namespace sxla_test::gather

#endif  // SXLA_TESTS_SUPPORT_GATHER_REFERENCE_HPP
