// sxla/ops/ragged_dot.hpp: XLA's RaggedDot in its common form, a ragged non-contracting
// dimension of lhs (mixture-of-experts layers: each group of rows has its own matrix):
//
//   auto out = x::ragged_dot(lhs, rhs, group_sizes);   // f32[m, k], f32[g, k, n], s32[g] -> f32[m, n]
//
// Group i holds rows [e_(i-1), e_i) of lhs, e_i = group_sizes[0] + ... + group_sizes[i]
// (e_(-1) = 0); row r of the result is lhs row r times rhs[i] for its group, zero for a
// row in no group. Sizes that do not add up follow jax.lax.ragged_dot: each range is
// clipped to [0, m) (a sum above m leaves the last groups short, below m leaves rows
// zero), and a row in two ranges (after a negative size) takes both products, summed in
// group order. Sums as dot's: f16, bf16 and the 8-bit floats in f32, s8 and s16 in s32,
// u8 and u16 in u32, the rest in their own type; rounded or wrapped once into the
// result; each output element sums over the groups in order, then over k in order. Group sizes: any integer type. The result is a tensor
// (eager); the operands any array: a dense row-major tensor is read in place, anything
// else element by element. Scratch: one row of sums on the stack (n values). Misuse
// (ranks other than 2, 3 and 1, k or g that differ, element types that differ or are
// complex or pred, non-integer group sizes) is a compile error naming ragged_dot and the
// shapes.
#ifndef SXLA_OPS_RAGGED_DOT_HPP
#define SXLA_OPS_RAGGED_DOT_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"   // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"  // is_complex_v, is_small_float_v, element
#include "sxla/core/index.hpp"         // index_t, multi_index
#include "sxla/core/intn.hpp"          // is_intn_v
#include "sxla/expr/leaf.hpp"          // as_operand, operand
#include "sxla/ops/dot_general.hpp"    // detail::reads_dense_row_major
#include "sxla/shape/print.hpp"        // diagnostic_display of shapes
#include "sxla/tensor/tensor.hpp"      // tensor, uninitialized

namespace sxla {

namespace hlo {
struct ragged_dot;
}  // namespace hlo

namespace detail {

enum class ragged_dot_error { none, ranks, types, sizes, group_type };

template <class L, class R, class G>
constexpr ragged_dot_error ragged_dot_check() noexcept {
  using T = typename L::value_type;
  if constexpr (L::rank != 2 || R::rank != 3 || G::rank != 1) {
    return ragged_dot_error::ranks;
  } else if constexpr (!std::is_same_v<T, typename R::value_type> || is_complex_v<T> || std::is_same_v<T, bool> ||
                       is_intn_v<T>) {
    return ragged_dot_error::types;
  } else if constexpr (L::spec.dimensions[1] != R::spec.dimensions[1] ||
                       R::spec.dimensions[0] != G::spec.dimensions[0]) {
    return ragged_dot_error::sizes;
  } else if constexpr (!std::is_integral_v<typename G::value_type> || std::is_same_v<typename G::value_type, bool>) {
    return ragged_dot_error::group_type;
  } else {
    return ragged_dot_error::none;
  }
}

template <class L, class R, class G>
void report_ragged_dot() {
  constexpr ragged_dot_error e = ragged_dot_check<L, R, G>();
  if constexpr (e == ragged_dot_error::ranks) {
    SXLA_DIAGNOSE(hlo::ragged_dot, "{}, {} and {}: lhs [m, k], rhs [g, k, n] and group_sizes [g] are needed", (L, R, G),
                  ());
  } else if constexpr (e == ragged_dot_error::types) {
    SXLA_DIAGNOSE(hlo::ragged_dot, "{} and {}: lhs and rhs need one element type, a real number type (not pred)",
                  (L, R), ());
  } else if constexpr (e == ragged_dot_error::sizes) {
    SXLA_DIAGNOSE(hlo::ragged_dot,
                  "{}, {} and {}: k (lhs dimension 1, rhs dimension 1) and g (rhs dimension 0, the size of group_sizes) must "
                  "agree",
                  (L, R, G), ());
  } else if constexpr (e == ragged_dot_error::group_type) {
    SXLA_DIAGNOSE(hlo::ragged_dot, "{}: group sizes must be integers", (G), ());
  }
}

// The type sums run in, as dot's: f32 for f16, bf16 and the 8-bit floats; s32 and u32 for
// the narrower integers; else the element type.
template <class T>
using ragged_sum_t = std::conditional_t<
    is_small_float_v<T> || is_minifloat_v<T>, float,
    std::conditional_t<std::is_integral_v<T> && (sizeof(T) < 4), std::conditional_t<std::is_signed_v<T>, std::int32_t, std::uint32_t>, T>>;

}  // namespace detail

// RaggedDot(lhs, rhs, group_sizes): see the top.
template <operand XL, operand XR, operand XG>
auto ragged_dot(XL&& lhs, XR&& rhs, XG&& group_sizes) {
  auto l = as_operand(static_cast<XL&&>(lhs));
  auto r = as_operand(static_cast<XR&&>(rhs));
  auto g = as_operand(static_cast<XG&&>(group_sizes));
  using L = decltype(l);
  using R = decltype(r);
  using G = decltype(g);
  using T = typename L::value_type;
  if constexpr (detail::ragged_dot_check<L, R, G>() != detail::ragged_dot_error::none) {
    detail::report_ragged_dot<L, R, G>();
    return tensor<logical_spec(primitive_type_of<T>, dimension_list{})>{};
  } else {
    constexpr index_t m = L::spec.dimensions[0], k = L::spec.dimensions[1];
    constexpr index_t groups = R::spec.dimensions[0], n = R::spec.dimensions[2];
    using S = detail::ragged_sum_t<T>;
    tensor<logical_spec(primitive_type_of<T>, dimension_list{m, n})> out(uninitialized);
    // Each group's rows [start, end), clipped to [0, m).
    index_t start[groups == 0 ? 1 : groups], end[groups == 0 ? 1 : groups];
    std::int64_t e = 0;
    for (index_t i = 0; i < groups; ++i) {
      const std::int64_t s = e;
      e += static_cast<std::int64_t>(g.at(multi_index<1>{i}));
      start[i] = static_cast<index_t>(s < 0 ? 0 : (s > m ? m : s));
      end[i] = static_cast<index_t>(e < 0 ? 0 : (e > m ? m : e));
    }
    const auto a = [&](index_t row, index_t col) -> S {
      if constexpr (detail::reads_dense_row_major<L, T>()) {
        return static_cast<S>(l.data()[row * k + col]);
      } else {
        return static_cast<S>(l.at(multi_index<2>{row, col}));
      }
    };
    const auto b = [&](index_t grp, index_t row, index_t col) -> S {
      if constexpr (detail::reads_dense_row_major<R, T>()) {
        return static_cast<S>(r.data()[(grp * k + row) * n + col]);
      } else {
        return static_cast<S>(r.at(multi_index<3>{grp, row, col}));
      }
    };
    S sums[n == 0 ? 1 : n];
    for (index_t row = 0; row < m; ++row) {
      for (index_t j = 0; j < n; ++j) sums[j] = S{};
      for (index_t i = 0; i < groups; ++i) {
        if (row < start[i] || row >= end[i]) continue;
        for (index_t c = 0; c < k; ++c) {
          const S v = a(row, c);
          for (index_t j = 0; j < n; ++j) sums[j] = static_cast<S>(sums[j] + v * b(i, c, j));
        }
      }
      for (index_t j = 0; j < n; ++j) out(row, j) = static_cast<T>(sums[j]);
    }
    return out;
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_RAGGED_DOT_HPP
