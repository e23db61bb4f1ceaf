// sxla/ops/top_k.hpp: XLA's TopK, the k largest (or smallest) elements of each row.
//
//   auto [values, indices] = x::top_k<3>(a);         // f32[..., n] -> f32[..., 3], s32[..., 3]
//   auto [low, where] = x::top_k<3, false>(a);       // the 3 smallest
//
// Along the last dimension, in XLA's total order (floats: -NaN < -Inf < ... < -0 < +0 <
// ... < +Inf < +NaN, NaNs by their bits; f16, bf16 and the 8-bit floats by their exact
// f32 values; pred false < true), the largest first (Largest = false: the smallest
// first); equal values by index, the lower first, as XLA's TopK and jax.lax.top_k. The
// values keep the operand's element type; the indices are s32. The operand is any array
// (a tensor in any layout, a view, a lazy expression: each element read once per
// comparison through its line). Each row is selected with a heap of k indices that lives
// in the result's own index row, then sorted in place: O(n log k) per row, no scratch
// memory. Results: a std::tuple of two tensors in the default layout. Threads: none.
// Misuse (k above the last dimension or negative, rank 0, complex elements, rows too long
// for s32 indices) is a compile error naming top_k and the shape.
#ifndef SXLA_OPS_TOP_K_HPP
#define SXLA_OPS_TOP_K_HPP

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"   // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"  // is_complex_v
#include "sxla/core/index.hpp"         // index_t, multi_index, idx
#include "sxla/expr/expression.hpp"    // logical_spec
#include "sxla/expr/leaf.hpp"          // as_operand, operand
#include "sxla/ops/reduction.hpp"      // detail::odometer
#include "sxla/ops/compare.hpp"        // compare_op (the total order)
#include "sxla/ops/sort.hpp"           // detail::line_of, detail::sort_key
#include "sxla/shape/print.hpp"        // diagnostic_display of shapes
#include "sxla/tensor/tensor.hpp"      // tensor, uninitialized

namespace sxla {

namespace hlo {
struct top_k;
}  // namespace hlo

namespace detail {

// The k elements of the row in(0) .. in(n - 1) that come first (largest, or smallest when
// !Largest; ties by index), their indices into idx[0, k) in that order.
template <bool Largest, class T, class Line>
void top_k_row(const Line& in, std::int32_t n, std::int32_t* idx, std::int32_t k) noexcept {
  if (k == 0) return;
  // The total-order key sort uses (ops/sort.hpp): unsigned order is XLA's total order.
  const auto key = [&](std::int32_t i) {
    using total_order = compare_op<comparison_direction::lt, true>;
    const std::uint64_t v = sort_key<total_order, T>(static_cast<T>(in(static_cast<std::size_t>(i))));
    return Largest ? v : ~v;
  };
  // i comes before j in the result.
  const auto before = [&](std::int32_t i, std::int32_t j) {
    const std::uint64_t a = key(i), b = key(j);
    return a > b || (a == b && i < j);
  };
  // A heap of idx[0, size) whose root comes last: each parent comes after its children.
  const auto sift_down = [&](std::int32_t at, std::int32_t size) {
    while (true) {
      std::int32_t last = at;
      const std::int32_t l = 2 * at + 1, r = l + 1;
      if (l < size && before(idx[last], idx[l])) last = l;
      if (r < size && before(idx[last], idx[r])) last = r;
      if (last == at) return;
      const std::int32_t t = idx[at];
      idx[at] = idx[last];
      idx[last] = t;
      at = last;
    }
  };
  for (std::int32_t i = 0; i < k; ++i) idx[i] = i;
  for (std::int32_t i = k / 2; i-- > 0;) sift_down(i, k);
  // A later element enters when its key is above the root's (equal: its index is higher).
  std::uint64_t root = key(idx[0]);
  for (std::int32_t i = k; i < n; ++i) {
    const std::uint64_t v = key(i);
    if (v > root) {
      idx[0] = i;
      sift_down(0, k);
      root = key(idx[0]);
    }
  }
  // Sorted: the root (the one that comes last) to the back, one at a time.
  for (std::int32_t size = k; size > 1; --size) {
    const std::int32_t t = idx[0];
    idx[0] = idx[size - 1];
    idx[size - 1] = t;
    sift_down(0, size - 1);
  }
}

enum class top_k_error { none, rank, type, k_range, too_long };

template <index_t K, class E>
constexpr top_k_error top_k_check() noexcept {
  if constexpr (E::rank == 0) {
    return top_k_error::rank;
  } else if constexpr (is_complex_v<typename E::value_type>) {
    return top_k_error::type;
  } else if constexpr (K < 0 || K > E::spec.dimensions[E::rank - 1]) {
    return top_k_error::k_range;
  } else if constexpr (E::spec.dimensions[E::rank - 1] > index_t{2147483647}) {
    return top_k_error::too_long;
  } else {
    return top_k_error::none;
  }
}

template <index_t K, class E>
void report_top_k() {
  constexpr top_k_error e = top_k_check<K, E>();
  if constexpr (e == top_k_error::rank) {
    SXLA_DIAGNOSE(hlo::top_k, "{}: the operand must have a dimension to select along (rank 1 or more)", (E), ());
  } else if constexpr (e == top_k_error::type) {
    SXLA_DIAGNOSE(hlo::top_k, "{}: complex numbers have no order", (E), ());
  } else if constexpr (e == top_k_error::k_range) {
    SXLA_DIAGNOSE(hlo::top_k, "{}: k = {} must be in [0, {}], the size of the last dimension", (E),
                  (K, E::spec.dimensions[E::rank - 1]));
  } else if constexpr (e == top_k_error::too_long) {
    SXLA_DIAGNOSE(hlo::top_k, "{}: rows of more than 2^31 - 1 elements have no s32 index", (E), ());
  }
}

// The results' shapes: the operand's dimensions with the last one k.
template <index_t K, class E>
constexpr shape_spec top_k_spec(primitive_type t) noexcept {
  dimension_list d = E::spec.dimensions;
  if (E::rank > 0) d[E::rank - 1] = K;
  return logical_spec(t, d);
}

}  // namespace detail

// TopK(operand, k, largest): see the top.
template <index_t K, bool Largest = true, operand X>
auto top_k(X&& x) {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  using T = typename E::value_type;
  using values_t = tensor<detail::top_k_spec<K, E>(E::spec.element_type)>;
  using indices_t = tensor<detail::top_k_spec<K, E>(primitive_type::s32)>;
  std::tuple<values_t, indices_t> out(uninitialized, uninitialized);
  if constexpr (detail::top_k_check<K, E>() != detail::top_k_error::none) {
    detail::report_top_k<K, E>();
  } else if constexpr (values_t::spec.element_count() > 0) {
    constexpr std::size_t r = E::rank, last = r - 1;
    constexpr auto n = static_cast<std::int32_t>(E::spec.dimensions[last]);
    auto& [values, indices] = out;
    T* v = values.data();
    std::int32_t* w = indices.data();
    multi_index<r> at{}, extent{};
    idx rows;
    for (std::size_t d = 0; d < r; ++d) {
      extent[d] = E::spec.dimensions[d];
      if (d != last) rows.push_back(static_cast<index_t>(d));
    }
    detail::odometer(rows, extent, at, [&] {
      const auto in = detail::line_of<last>(e, at);
      detail::top_k_row<Largest, T>(in, n, w, static_cast<std::int32_t>(K));
      for (index_t j = 0; j < K; ++j) v[j] = static_cast<T>(in(static_cast<std::size_t>(w[j])));
      v += K;
      w += K;
    });
  }
  return out;
}

}  // namespace sxla

#endif  // SXLA_OPS_TOP_K_HPP
