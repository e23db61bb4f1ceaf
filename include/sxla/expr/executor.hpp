// sxla/expr/executor.hpp: evaluate(dst, expr), the loops that write an expression into
// a tensor or view in one pass, in the destination's storage order. The strategy is
// chosen at compile time from the destination's layout and the expression:
//
//  - untiled destination (any minor_to_major, padded or not): loop over the physical
//    dimensions major to minor, skipping size-1 ones; the innermost becomes a line, and
//    outer dimensions merge into it while the destination and every leaf keep a constant
//    stride across them (f32[4,4] = a + b is one run of 16). Each line runs in vectors
//    when every node has a vector form for the lane width, with masked (or buffered)
//    loads and stores for the tail; large destinations use streaming stores.
//  - tiled destination: the same lines, one per run of the last storage dimension,
//    when consecutive slots there are consecutive elements of one logical dimension;
//    otherwise element by element.
//  - constant evaluation: element by element in logical order (no SIMD).
//  - a node may bring its own loops for some destinations (E::evaluates_into<D> and
//    e.evaluate_to(dst): column reductions, which read their operand row by row).
//  - elementwise work over a producer (producer.hpp: a dot) runs on each block the
//    producer finishes, in the destination, while it is in cache; when the destination
//    is tiled, its last dimension strided, or an elementwise operand reads its memory,
//    the producer writes a temporary first and the elementwise work is a second pass.
//    With several producers (x::dot(x, wx) + x::dot(h, wh)), each but the last writes a
//    temporary first, read by the rest like an array.
//
// Scratch memory (temporaries, a dot's packing buffers) comes from an arena (core/
// workspace.hpp); evaluate_scratch<Dst, E> is how many bytes evaluate(dst, e, ws) takes,
// a compile-time constant. Aliasing is not handled here (assign.hpp).
#ifndef SXLA_EXPR_EXECUTOR_HPP
#define SXLA_EXPR_EXECUTOR_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"             // SXLA_FORCE_INLINE, SXLA_STREAM_STORE_BYTES
#include "sxla/core/index.hpp"         // index_t, multi_index
#include "sxla/core/minmax.hpp"        // detail::max_of, detail::min_of
#include "sxla/core/small_vector.hpp"  // small_vector
#include "sxla/core/workspace.hpp"     // arena, arena_scope
#include "sxla/expr/leaf.hpp"          // array_leaf
#include "sxla/expr/producer.hpp"      // has_fusable_producer, find_producer, substitute_producer, finish_nothing
#include "sxla/expr/scratch.hpp"       // node_scratch, take_temporary, may_read_written, with_scratch_memory
#include "sxla/shape/layout_map.hpp"   // delinearize, tile_level
#include "sxla/shape/shape.hpp"        // for_each_index
#include "sxla/simd/vec.hpp"           // vec, store, store_n, stream, store_mask
#include "sxla/tensor/view.hpp"        // tensor_view

namespace sxla {

template <class Dst, class E>
constexpr void evaluate(Dst& dst, const E& e, detail::arena& ws) noexcept;

namespace detail {

// The lane type an expression's lines are loaded with when written to T.
template <class E, class T>
using lane_for_t = std::conditional_t<
    !std::is_same_v<T, bool>, T,
    std::conditional_t<std::is_void_v<typename E::lane_type>, std::uint8_t, typename E::lane_type>>;

// Whether expression E can be written to element type T with vectors (of more than one
// lane: Highway's one-lane target, SXLA_SIMD_HIGHWAY_ONLY without SSSE3, runs the plain
// element loop, which the compiler may vectorise itself).
template <class E, class T>
inline constexpr bool vector_path = [] {
  using L = lane_for_t<E, T>;
  if constexpr (!simd::has_vec<L>) {
    return false;
  } else if constexpr (simd::lanes<L> == 1) {
    return false;
  } else if constexpr (!std::is_same_v<T, bool> && !simd::has_vec<T>) {
    return false;
  } else {
    return E::template vectorizable<L>;
  }
}();

// Writes line elements [first, n) to out[first, n).
template <class E, class T, bool Stream, class Line>
SXLA_FORCE_INLINE void write_line(const Line& line, T* out, index_t n, index_t first = 0) noexcept {
  if constexpr (vector_path<E, T>) {
    using L = lane_for_t<E, T>;
    constexpr index_t lanes = static_cast<index_t>(simd::lanes<L>);
    index_t j = first;
    if constexpr (std::is_same_v<T, bool>) {
      for (; j + lanes <= n; j += lanes) simd::store_mask(line.template load<L>(j), out + j, simd::lanes<L>);
      if (j < n) simd::store_mask(line.template load_n<L>(j, static_cast<std::size_t>(n - j)), out + j,
                                  static_cast<std::size_t>(n - j));
    } else {
      if constexpr (Stream) {
        constexpr std::uintptr_t align = sizeof(T) * simd::lanes<L>;
        for (; j < n && reinterpret_cast<std::uintptr_t>(out + j) % align != 0; ++j) out[j] = line.get(j);
        for (; j + lanes <= n; j += lanes) simd::stream(line.template load<L>(j), out + j);
      } else {
        for (; j + 4 * lanes <= n; j += 4 * lanes) {
          simd::store(line.template load<L>(j), out + j);
          simd::store(line.template load<L>(j + lanes), out + j + lanes);
          simd::store(line.template load<L>(j + 2 * lanes), out + j + 2 * lanes);
          simd::store(line.template load<L>(j + 3 * lanes), out + j + 3 * lanes);
        }
        for (; j + lanes <= n; j += lanes) simd::store(line.template load<L>(j), out + j);
      }
      if (j < n) {
        simd::store_n(line.template load_n<L>(j, static_cast<std::size_t>(n - j)), out + j,
                      static_cast<std::size_t>(n - j));
      }
    }
  } else {
    for (index_t j = first; j < n; ++j) out[j] = line.get(j);
  }
}

// The loop plan for an untiled destination shape D and expression E.
template <class D, class E>
struct untiled_plan {
  static constexpr std::size_t rank = D::rank;
  // Physical dimensions, major to minor, of size > 1.
  static constexpr small_vector<index_t, max_rank> loops = [] {
    small_vector<index_t, max_rank> v;
    for (std::size_t k = 0; k < rank; ++k) {
      const index_t d = D::map.physical_to_logical[k];
      if (D::dimensions[static_cast<std::size_t>(d)] > 1) v.push_back(d);
    }
    return v;
  }();
  static constexpr std::size_t loop_count = loops.size();

  template <std::size_t K>  // may loops[K - 1] merge into loops[K]?
  static constexpr bool merges() noexcept {
    constexpr auto outer = static_cast<std::size_t>(loops[K - 1]);
    constexpr auto inner = static_cast<std::size_t>(loops[K]);
    return D::map.strides[outer] == D::dimensions[inner] * D::map.strides[inner] &&
           E::template mergeable<outer, inner>;
  }
  // The first loop of the innermost merged run.
  static constexpr std::size_t first_merged = [] {
    if constexpr (loop_count == 0) {
      return std::size_t{0};
    } else {
      return []<std::size_t... K>(std::index_sequence<K...>) {
        constexpr bool ok[] = {false, merges<K + 1>()...};
        std::size_t k = loop_count - 1;
        while (k > 0 && ok[k]) --k;
        return k;
      }(std::make_index_sequence<loop_count - 1>{});
    }
  }();
  static constexpr std::size_t inner = loop_count == 0 ? 0 : static_cast<std::size_t>(loops[loop_count - 1]);
  static constexpr index_t run_length = [] {
    index_t n = 1;
    for (std::size_t k = first_merged; k < loop_count; ++k) n *= D::dimensions[static_cast<std::size_t>(loops[k])];
    return n;
  }();
  static constexpr bool unit_stride = loop_count == 0 || D::map.strides[inner] == 1;
  // The next loop out from the inner one.
  static constexpr std::size_t outer =
      loop_count >= 2 ? static_cast<std::size_t>(loops[loop_count - 2]) : std::size_t{0};
  // Blocking: when an operand is strided along the inner loop (a transposed layout) but
  // not along the next loop out, the two run in squares transposed in registers (see
  // evaluate_blocked).
  // Rows of at most a vector (f32[4,4] + a broadcast row): when the next loop out merges
  // for the destination and every node is mergeable or repeats per row, the two loops
  // run as one, each node's line built with periodic_line.
  static constexpr bool periodic = [] {
    if constexpr (loop_count < 2 || first_merged != loop_count - 1 || !unit_stride) {
      return false;
    } else if constexpr (!vector_path<E, typename D::value_type>) {
      return false;
    } else {
      constexpr index_t n = D::dimensions[inner];
      constexpr auto lanes = static_cast<index_t>(simd::lanes<lane_for_t<E, typename D::value_type>>);
      return n <= lanes && lanes % n == 0 && D::map.strides[outer] == n * D::map.strides[inner] &&
             E::template periodic_mergeable<outer, inner>;
    }
  }();
  static constexpr bool blocked = [] {
    if constexpr (loop_count < 2 || first_merged != loop_count - 1 || !unit_stride) {
      return false;
    } else if constexpr (std::is_same_v<typename D::value_type, bool> ||
                         !vector_path<E, typename D::value_type>) {
      return false;
    } else {
      return sizeof(lane_for_t<E, typename D::value_type>) == sizeof(typename D::value_type) &&
             E::template strided_along<inner> && !E::template strided_along<outer>;
    }
  }();
};

// Squares of lanes x lanes elements: the expression is read along the next loop out (K),
// where its operands are contiguous, one vector per position of the inner dimension;
// the square of results is transposed in registers and stored along the inner dimension
// (M), where the destination is contiguous. Each operand is read row by row, each store
// writes a whole vector; loops further out run around the squares.
template <class Dst, class E, bool Stream>
SXLA_FORCE_INLINE void evaluate_blocked(Dst& dst, const E& e) noexcept {
  using D = typename Dst::shape_type;
  using T = typename D::value_type;
  using P = untiled_plan<D, E>;
  using L = lane_for_t<E, T>;
  constexpr std::size_t lanes = simd::lanes<L>;
  constexpr index_t n_inner = D::dimensions[P::inner];
  constexpr index_t n_outer = D::dimensions[P::outer];
  constexpr std::uintptr_t align = sizeof(T) * lanes;
  // The squares run in tiles of tile_m x tile_k elements (tile_m along the destination's
  // rows, tile_k along the operands' rows: 1 KiB of them), and within a tile along the
  // destination's rows first, so that each destination row receives its tile_m elements
  // at once. Streaming stores scattered a line per row run at a third of their sequential
  // speed (9 against 23 GB/s on the Xeon of bench/RESULTS.md), so tile_m is as large as
  // the hardware prefetchers allow for the reads: they follow some 32 streams, and a tile
  // reads tile_m rows of every array leaf (32 rows for a transpose: two lines per
  // destination row, 17 GB/s instead of 14.5 for f32[4096,4096]; 16 for a * b). Each
  // row's line is made once per tile and read at an offset for each square.
  constexpr auto step = static_cast<index_t>(lanes);
  constexpr index_t streams = [] {
    index_t n = 0;
    auto count = [&](const leaf_read&) { ++n; };
    E::visit_leaves(count, true);
    return n < 1 ? index_t{1} : n;
  }();
  constexpr index_t tile_m = 32 / streams / step * step < step ? step : 32 / streams / step * step;
  constexpr index_t tile_k = static_cast<index_t>(1024 / sizeof(T)) < step ? step : static_cast<index_t>(1024 / sizeof(T));
  constexpr index_t out_step = D::map.strides[P::outer];  // between the destination's rows
  using line_t = decltype(e.template line<P::outer>(std::declval<const multi_index<D::rank>&>()));
  T* out = dst.data();
  multi_index<D::rank> idx{};
  simd::vec<T> square[lanes];
  std::optional<line_t> lines[tile_m];
  while (true) {
    for (index_t mt = 0; mt < n_inner; mt += tile_m) {
      const index_t m_end = mt + tile_m < n_inner ? mt + tile_m : n_inner;
      for (index_t kt = 0; kt < n_outer; kt += tile_k) {
        const index_t k_end = kt + tile_k < n_outer ? kt + tile_k : n_outer;
        idx[P::outer] = kt;
        for (index_t m = mt; m < m_end; ++m) {
          idx[P::inner] = m;
          lines[m - mt].emplace(e.template line<P::outer>(idx));
        }
        for (index_t k0 = kt; k0 < k_end; k0 += step) {
          const auto cols = static_cast<std::size_t>(step < k_end - k0 ? step : k_end - k0);
          for (index_t m0 = mt; m0 < m_end; m0 += step) {
            const auto rows = static_cast<std::size_t>(step < m_end - m0 ? step : m_end - m0);
            for (std::size_t r = 0; r < lanes; ++r) {
              if (r < rows) {
                const line_t& l = *lines[static_cast<std::size_t>(m0 - mt) + r];
                square[r] = cols == lanes ? l.template load<L>(k0 - kt) : l.template load_n<L>(k0 - kt, cols);
              } else {
                square[r] = simd::zero<T>();
              }
            }
            simd::transpose_square(square);
            idx[P::inner] = m0;
            idx[P::outer] = k0;
            T* o = out + D::offset(idx);
            for (std::size_t c = 0; c < cols; ++c, o += out_step) {
              if (rows < lanes) {
                simd::store_n(square[c], o, rows);
              } else if (Stream && reinterpret_cast<std::uintptr_t>(o) % align == 0) {
                simd::stream(square[c], o);
              } else {
                simd::store(square[c], o);
              }
            }
          }
        }
      }
    }
    idx[P::inner] = 0;
    idx[P::outer] = 0;
    // The loops outside the squares, as an odometer.
    std::size_t k = P::loop_count - 2;
    while (k > 0) {
      const auto d = static_cast<std::size_t>(P::loops[k - 1]);
      if (++idx[d] < D::dimensions[d]) break;
      idx[d] = 0;
      --k;
    }
    if (k == 0) return;
  }
}

template <class Dst, class E, bool Stream>
SXLA_FORCE_INLINE void evaluate_untiled(Dst& dst, const E& e) noexcept {
  using D = typename Dst::shape_type;
  using T = typename D::value_type;
  using P = untiled_plan<D, E>;
  T* out = dst.data();
  multi_index<D::rank> idx{};
  if constexpr (P::loop_count == 0) {
    out[D::offset(idx)] = e.at(idx);
  } else if constexpr (P::blocked && vector_path<E, T>) {
    evaluate_blocked<Dst, E, Stream>(dst, e);
  } else if constexpr (P::periodic) {
    using L = lane_for_t<E, T>;
    constexpr index_t run = D::dimensions[P::outer] * D::dimensions[P::inner];
    while (true) {
      // No streaming: its alignment peel would shift the vectors off the period.
      write_line<E, T, false>(e.template periodic_line<P::outer, P::inner, L>(idx), out + D::offset(idx), run);
      std::size_t k = P::loop_count - 2;
      while (k > 0) {
        const auto d = static_cast<std::size_t>(P::loops[k - 1]);
        if (++idx[d] < D::dimensions[d]) break;
        idx[d] = 0;
        --k;
      }
      if (k == 0) return;
    }
  } else {
    while (true) {
      T* o = out + D::offset(idx);
      if constexpr (P::unit_stride) {
        write_line<E, T, Stream>(e.template line<P::inner>(idx), o, P::run_length);
      } else {  // a padded size-1 dimension is more minor: the run is strided
        const auto line = e.template line<P::inner>(idx);
        for (index_t j = 0; j < P::run_length; ++j) o[j * D::map.strides[P::inner]] = line.get(j);
      }
      // Next index of the outer loops (an odometer, minor loop fastest).
      std::size_t k = P::first_merged;
      while (k > 0) {
        const auto d = static_cast<std::size_t>(P::loops[k - 1]);
        if (++idx[d] < D::dimensions[d]) break;
        idx[d] = 0;
        --k;
      }
      if (k == 0) return;
    }
  }
}

// The tiled layouts whose last storage dimension holds consecutive elements of one
// logical dimension: no '*' merges a dimension into the most minor one at any level.
template <class D>
inline constexpr bool clean_minor_tiles = [] {
  for (const tile_level& lv : D::map.levels) {
    const std::size_t n = lv.in_bounds.size();
    if (n >= 2 && lv.combine_into_next[n - 2]) return false;
  }
  return D::rank > 0;
}();

template <class Dst, class E, bool Stream>
SXLA_FORCE_INLINE void evaluate_tiled(Dst& dst, const E& e) noexcept {
  using D = typename Dst::shape_type;
  using T = typename D::value_type;
  T* out = dst.data();
  if constexpr (!clean_minor_tiles<D>) {
    for_each_index<D>([&](const multi_index<D::rank>& idx) { out[D::offset(idx)] = e.at(idx); });
  } else {
    constexpr std::size_t m = static_cast<std::size_t>(D::map.physical_to_logical[D::rank - 1]);
    constexpr index_t block = D::map.storage_bounds[D::map.storage_bounds.size() - 1];
    multi_index<D::rank> idx{};
    for (index_t off = 0; off < D::storage_count; off += block) {
      if (!delinearize(D::map, off, idx.data())) continue;  // a block of padding
      // Padding inside a block is a suffix: shrink the run until its last slot maps back.
      index_t n = block < D::dimensions[m] - idx[m] ? block : D::dimensions[m] - idx[m];
      while (n > 1) {
        multi_index<D::rank> last = idx;
        last[m] += n - 1;
        if (D::offset(last) == off + n - 1) break;
        --n;
      }
      write_line<E, T, Stream>(e.template line<m>(idx), out + off, n);
    }
  }
}

// Whether writing e into dst (whose storage starts at first), element by element, could
// overwrite an element e still has to read: some leaf's memory overlaps dst's, and that
// leaf is not read exactly at the index being written, from the same address in the
// same layout (with exact_reads_safe false, any overlap counts: a producer writes the
// destination before the elementwise work reads it).
template <class Dst, class E>
SXLA_FORCE_INLINE bool reads_overwritten(std::uintptr_t first, const E& e,
                                         bool exact_reads_safe = true) noexcept {
  using D = typename Dst::shape_type;
  const auto last = first + static_cast<std::uintptr_t>(D::storage_count) * sizeof(typename D::value_type);
  bool conflict = false;
  e.for_each_leaf(
      [&]<shape_spec S>(std::uintptr_t b, std::uintptr_t end, bool direct) {
        if (end <= first || last <= b) return;
        constexpr bool same_storage = S.layout == Dst::spec.layout && S.dimensions == Dst::spec.dimensions;
        if (same_storage && direct && b == first) return;
        conflict = true;
      },
      exact_reads_safe);
  return conflict;
}

template <class Dst, class E>
constexpr void evaluate_plain(Dst& dst, const E& e) noexcept;

// The fused evaluation of e (has_fusable_producer) into Dst: its producer P, whether P
// can write Dst itself (same element type, untiled, the last dimension contiguous), and
// the expression F that then reads P's values back from Dst.
template <class Dst, class E>
struct fused_plan {
  using D = typename Dst::shape_type;
  using T = typename D::value_type;
  using P = std::remove_cvref_t<decltype(find_producer(std::declval<const E&>()))>;
  using view = tensor_view<Dst::spec, const T>;
  static constexpr bool direct =
      std::is_same_v<typename P::value_type, T> && !D::is_tiled && D::rank > 0 && D::map.strides[D::rank - 1] == 1;
  using F = decltype(substitute_producer(std::declval<const E&>(), std::declval<produced_leaf<view>>()));
  // Whether the elementwise work may read what the producer has written (c = c +
  // dot(a, b)): then the run-time test may send it through a temporary.
  static constexpr bool may_fall_back = !direct || may_read_written<Dst, F>(false);
  using temporary = tensor_view<P::spec>;
  static constexpr std::size_t scratch = detail::max_of(
      direct ? node_scratch<P, D> : std::size_t{0},
      may_fall_back ? temporary_bytes<P::spec> + node_scratch<P, typename temporary::shape_type> : std::size_t{0});
};

// e (has_fusable_producer) into dst: fused where dst allows (see the top).
template <class Dst, class E>
void evaluate_fused(Dst& dst, const E& e, arena& ws) noexcept {
  using plan = fused_plan<Dst, E>;
  using D = typename plan::D;
  using T = typename plan::T;
  const auto& p = find_producer(e);
  if constexpr (plan::direct) {
    const auto fused = substitute_producer(e, produced_leaf<typename plan::view>{{typename plan::view(dst.data())}});
    using F = std::remove_cvref_t<decltype(fused)>;
    if (!plan::may_fall_back || !reads_overwritten<Dst>(reinterpret_cast<std::uintptr_t>(dst.data()), fused, false)) {
      p.produce(dst, [&](const multi_index<D::rank>& start, index_t count) {
        write_line<F, T, false>(fused.template line<D::rank - 1>(start), dst.data() + D::offset(start), count);
      }, ws);
      return;
    }
  }
  if constexpr (plan::may_fall_back) {
    const arena_scope scope(ws);
    auto tmp = take_temporary<plan::P::spec>(ws);
    p.produce(tmp, finish_nothing{}, ws);
    evaluate_plain(dst, substitute_producer(e, array_leaf<typename plan::temporary, true>{tmp}));
  }
}

// The scratch bytes evaluate(dst, e, ws) takes from ws for dst of type Dst
// (evaluate_scratch, below).
template <class Dst, class E>
constexpr std::size_t scratch_of() noexcept;

// e (has_several_producers) into Dst: its first producer P into a temporary, then the
// expression R that reads it from there.
template <class Dst, class E>
struct producers_plan {
  using P = std::remove_cvref_t<decltype(find_producer(std::declval<const E&>()))>;
  using temporary = tensor_view<P::spec>;
  using R = decltype(substitute_first_producer(std::declval<const E&>(),
                                               std::declval<array_leaf<temporary, true>>()));
  static constexpr std::size_t scratch =
      temporary_bytes<P::spec> +
      detail::max_of(node_scratch<P, typename temporary::shape_type>, scratch_of<Dst, R>());
};

template <class Dst, class E>
void evaluate_producers(Dst& dst, const E& e, arena& ws) noexcept {
  using plan = producers_plan<Dst, E>;
  const arena_scope scope(ws);
  auto tmp = take_temporary<plan::P::spec>(ws);
  find_producer(e).produce(tmp, finish_nothing{}, ws);
  ::sxla::evaluate(dst, substitute_first_producer(e, array_leaf<typename plan::temporary, true>{tmp}), ws);
}

template <class Dst, class E>
constexpr std::size_t scratch_of() noexcept {
  using D = typename Dst::shape_type;
  if constexpr (D::element_count == 0) {
    return std::size_t{0};
  } else if constexpr (requires { requires E::template evaluates_into<D>; }) {
    return node_scratch<E, D>;
  } else if constexpr (has_fusable_producer<E>) {
    return fused_plan<Dst, E>::scratch;
  } else if constexpr (has_several_producers<E>) {
    return producers_plan<Dst, E>::scratch;
  } else {
    return std::size_t{0};
  }
}
template <class Dst, class E>
inline constexpr std::size_t evaluate_scratch = scratch_of<Dst, E>();

// The op named when E's scratch does not fit (scratch.hpp): the node with its own loops,
// or the producer under fused elementwise work.
template <class E>
struct scratch_op {
  using type = void;
};
template <class E>
  requires requires { typename E::scratch_op; }
struct scratch_op<E> {
  using type = typename E::scratch_op;
};
template <class E>
  requires(!requires { typename E::scratch_op; } && (has_fusable_producer<E> || has_several_producers<E>))
struct scratch_op<E> {
  using type = typename std::remove_cvref_t<decltype(find_producer(std::declval<const E&>()))>::scratch_op;
};
template <class E>
using scratch_op_t = typename scratch_op<E>::type;

}  // namespace detail

// Writes every element of e into dst (same dimensions and element type), in dst's
// storage order, taking scratch memory (evaluate_scratch<Dst, E> bytes) from ws. Padding
// slots of dst are left as they are.
template <class Dst, class E>
constexpr void evaluate(Dst& dst, const E& e, detail::arena& ws) noexcept {
  using D = typename Dst::shape_type;
  if (std::is_constant_evaluated()) {
    auto* out = dst.data();
    for_each_index<D>([&](const multi_index<D::rank>& idx) { out[D::offset(idx)] = e.at(idx); });
    return;
  }
  if constexpr (D::element_count == 0) {
    return;
  } else if constexpr (requires { requires E::template evaluates_into<D>; }) {
    e.evaluate_to(dst, ws);  // a node with its own loops (a column reduction, a dot)
  } else if constexpr (has_fusable_producer<E>) {
    detail::evaluate_fused(dst, e, ws);
  } else if constexpr (has_several_producers<E>) {
    detail::evaluate_producers(dst, e, ws);
  } else {
    detail::evaluate_plain(dst, e);
  }
}

// The same with scratch memory from the stack, or the heap where the build allows it
// (scratch.hpp: with_scratch_memory).
template <class Dst, class E>
constexpr void evaluate(Dst& dst, const E& e) noexcept {
  if (std::is_constant_evaluated()) {
    detail::arena none;
    evaluate(dst, e, none);
  } else {
    detail::with_scratch_memory<detail::evaluate_scratch<Dst, E>, detail::scratch_op_t<E>>(
        [&](detail::arena& ws) { evaluate(dst, e, ws); });
  }
}

namespace detail {
// The executor's own loops (the strategies at the top).
template <class Dst, class E>
constexpr void evaluate_plain(Dst& dst, const E& e) noexcept {
  using D = typename Dst::shape_type;
  using T = typename D::value_type;
  // Not over scattered reads (a gather of single elements): their loads need the line
  // fill buffers that streaming stores hold (take_along_axis of f32[4096,1024] on the Xeon:
  // 1.87 ms streaming, 1.72 ms not).
  constexpr bool scattered = [] {
    bool any = false;
    auto see = [&](const leaf_read& l) { any = any || l.scattered; };
    E::visit_leaves(see, true);
    return any;
  }();
  constexpr bool stream = SXLA_STREAM_STORE_BYTES > 0 && simd::has_vec<T> && !scattered &&
                          D::storage_count * static_cast<index_t>(sizeof(T)) >= SXLA_STREAM_STORE_BYTES;
  if constexpr (D::is_tiled) {
    detail::evaluate_tiled<Dst, E, stream>(dst, e);
  } else {
    detail::evaluate_untiled<Dst, E, stream>(dst, e);
  }
  if constexpr (stream) simd::stream_fence();
}
}  // namespace detail

}  // namespace sxla

#endif  // SXLA_EXPR_EXECUTOR_HPP
