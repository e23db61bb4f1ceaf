// sxla/ops/scaled_dot.hpp: XLA's ScaledDot (HLO scaled-dot, jax.lax.scaled_dot), the
// product of block-scaled operands (the OCP MX and NVFP4 formats):
//
//   auto c = x::scaled_dot(a, b, sa, sb);          // f8e4m3fn[m, k], f8e4m3fn[k, n],
//                                                  // f8e8m0fnu[m, k/32], f8e8m0fnu[k/32, n] -> bf16[m, n]
//   auto c = x::scaled_dot<float>(a, b, sa, sb);   // the same, the result in f32
//   auto c = x::scaled_dot<x::dot_dims<x::idx{1}, x::idx{1}>, float>(a, b, sa, sb);
//                                                  // a [m, k], b [n, k]: any dimension numbers
//
// The value is DotGeneral(lhs * lhs_scale, rhs * rhs_scale), each scale spread over its
// operand by blocks: a scale has its operand's rank, each of its sizes divides the
// operand's, and element i of the operand is multiplied by the scale element whose index
// is i_d / (n_d / s_d) in every dimension d (n_d, s_d: the operand's and the scale's
// sizes). So a scale of size k/32 along k gives one scale to each run of 32 (the MX
// block), a size equal to the operand's one to each element, a size of 1 one to the
// whole dimension. Dimension numbers: x::dot_dims (ops/dot_general.hpp), with exactly one
// contracting dimension on each side (as XLA's verifier asks); by default jax's: lhs and
// rhs of one rank r >= 2, lhs [..., m, k] and rhs [..., k, n], lhs dimension r-1
// contracted with rhs dimension r-2 and the first r-2 dimensions batch. The result's
// dimensions are dot_general's: batch, then lhs's free, then rhs's free dimensions.
//
// Types. lhs, rhs and the two scales: any floating-point types, each its own (f16, bf16,
// f32, f64, the 8-, 6- and 4-bit floats, f8e8m0fnu). The result: bf16 (jax's default),
// or the floating-point type given. Each term (lhs * lhs_scale) * (rhs * rhs_scale), and
// the sum over k in k order, are computed in f32 (in f64 when any of the five types is
// f64), the sum rounded once into the result type. XLA's GPU decomposition and jax's CPU
// lowering instead round each dequantized operand, lhs * lhs_scale, to a common type
// first (bf16 when the operand and the scale are both narrower than 16 bits; jax on CPU
// always bf16, even for f32 operands); for the MX and NVFP4 formats that rounding is
// exact away from the ends of bf16's range, and the results agree.
//
// The result is a tensor (eager); the operands any arrays: a dense row-major tensor is
// read in place, anything else element by element. Scratch: at most 128 sums on the
// stack. Misuse (a type that is not a float, ranks or dimension numbers that do not fit,
// a scale of another rank or a size that does not divide its operand's) is a compile
// error naming scaled_dot and the shapes.
#ifndef SXLA_OPS_SCALED_DOT_HPP
#define SXLA_OPS_SCALED_DOT_HPP

#include <cstddef>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"   // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"  // element, primitive_type_of, is_floating_point
#include "sxla/core/float16.hpp"       // bf16
#include "sxla/core/index.hpp"         // index_t, idx, multi_index
#include "sxla/expr/leaf.hpp"          // as_operand, operand
#include "sxla/ops/dot_general.hpp"    // dot_dims, detail::check_dot, detail::make_dot_plan
#include "sxla/shape/print.hpp"        // diagnostic_display of shapes
#include "sxla/tensor/tensor.hpp"      // tensor, uninitialized

namespace sxla {

namespace hlo {
struct scaled_dot;
}  // namespace hlo

namespace detail {

template <class T>
inline constexpr bool is_dot_dims = false;
template <idx LC, idx RC, idx LB, idx RB>
inline constexpr bool is_dot_dims<dot_dims<LC, RC, LB, RB>> = true;

// Whether T is an element type of floating point (f8e8m0fnu included).
template <class T>
constexpr bool scaled_dot_float() noexcept {
  if constexpr (element<T>) {
    return is_floating_point(primitive_type_of<T>);
  } else {
    return false;
  }
}

// jax's dimension numbers for operands of rank r >= 2: [..., m, k] . [..., k, n].
template <std::size_t R>
using scaled_dot_default_dims = dot_dims<idx{static_cast<index_t>(R - 1)}, idx{static_cast<index_t>(R - 2)},
                                         iota_list(0, R - 2), iota_list(0, R - 2)>;

enum class scaled_dot_error {
  none,
  types,
  result_type,
  ranks,               // the default form: ranks that differ or are below 2
  dims,                // dimension numbers that do not fit (detail::check_dot)
  contracting_count,   // other than one contracting dimension
  lhs_scale_rank,
  rhs_scale_rank,
  lhs_scale_sizes,
  rhs_scale_sizes,
};

// The first dimension d where scale size s does not divide operand size n (a size 0
// divides only 0), or -1.
constexpr index_t scale_mismatch(const idx& n, const idx& s) noexcept {
  for (std::size_t d = 0; d < n.size(); ++d)
    if (s[d] == 0 ? n[d] != 0 : n[d] % s[d] != 0) return static_cast<index_t>(d);
  return -1;
}

// The element types' part of the checks.
template <class Out, class L, class R, class LS, class RS>
constexpr scaled_dot_error scaled_dot_type_check() noexcept {
  if constexpr (!scaled_dot_float<typename L::value_type>() || !scaled_dot_float<typename R::value_type>() ||
                !scaled_dot_float<typename LS::value_type>() || !scaled_dot_float<typename RS::value_type>()) {
    return scaled_dot_error::types;
  } else if constexpr (!scaled_dot_float<Out>()) {
    return scaled_dot_error::result_type;
  } else {
    return scaled_dot_error::none;
  }
}

template <class Dims, class Out, class L, class R, class LS, class RS>
constexpr scaled_dot_error scaled_dot_check() noexcept {
  if constexpr (constexpr scaled_dot_error e = scaled_dot_type_check<Out, L, R, LS, RS>();
                e != scaled_dot_error::none) {
    return e;
  } else if constexpr (check_dot(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch, Dims::rhs_batch,
                                 L::spec.dimensions, R::spec.dimensions) != dot_error::none) {
    return scaled_dot_error::dims;
  } else if constexpr (Dims::lhs_contracting.size() != 1) {
    return scaled_dot_error::contracting_count;
  } else if constexpr (LS::rank != L::rank) {
    return scaled_dot_error::lhs_scale_rank;
  } else if constexpr (RS::rank != R::rank) {
    return scaled_dot_error::rhs_scale_rank;
  } else if constexpr (scale_mismatch(L::spec.dimensions, LS::spec.dimensions) >= 0) {
    return scaled_dot_error::lhs_scale_sizes;
  } else if constexpr (scale_mismatch(R::spec.dimensions, RS::spec.dimensions) >= 0) {
    return scaled_dot_error::rhs_scale_sizes;
  } else {
    return scaled_dot_error::none;
  }
}

// The compile error for scaled_dot_check's answer E.
template <class Dims, class Out, class L, class R, class LS, class RS, scaled_dot_error E>
constexpr void report_scaled_dot() noexcept {
  using Op = hlo::scaled_dot;
  constexpr idx ls = L::spec.dimensions, rs = R::spec.dimensions;
  if constexpr (E == scaled_dot_error::types) {
    SXLA_DIAGNOSE(Op, "{}, {}, {} and {}: lhs, rhs and their scales must have floating-point element types",
                  (L, R, LS, RS), ());
  } else if constexpr (E == scaled_dot_error::result_type) {
    SXLA_DIAGNOSE(Op, "{}, {}, {} and {}: the result type {} is not a floating-point element type", (L, R, LS, RS, Out),
                  ());
  } else if constexpr (E == scaled_dot_error::ranks) {
    SXLA_DIAGNOSE(Op,
                  "{}, {}, {} and {}: without dimension numbers lhs [..., m, k] and rhs [..., k, n] need one rank "
                  "of at least 2, here {} and {}; give x::dot_dims for others",
                  (L, R, LS, RS), (L::rank, R::rank));
  } else if constexpr (E == scaled_dot_error::dims) {
    report_dot_dimensions<Op, L, R, Dims,
                          check_dot(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch, Dims::rhs_batch, ls,
                                    rs)>();
  } else if constexpr (E == scaled_dot_error::contracting_count) {
    SXLA_DIAGNOSE(Op, "{}, {}, {} and {}: scaled_dot takes exactly one contracting dimension on each side, here {}",
                  (L, R, LS, RS), (Dims::lhs_contracting.size()));
  } else if constexpr (E == scaled_dot_error::lhs_scale_rank) {
    SXLA_DIAGNOSE(Op, "{}, {}, {} and {}: lhs_scale must have the rank of lhs ({}), not {}", (L, R, LS, RS),
                  (L::rank, LS::rank));
  } else if constexpr (E == scaled_dot_error::rhs_scale_rank) {
    SXLA_DIAGNOSE(Op, "{}, {}, {} and {}: rhs_scale must have the rank of rhs ({}), not {}", (L, R, LS, RS),
                  (R::rank, RS::rank));
  } else if constexpr (E == scaled_dot_error::lhs_scale_sizes) {
    constexpr auto d = static_cast<std::size_t>(scale_mismatch(ls, LS::spec.dimensions));
    SXLA_DIAGNOSE(Op, "{}, {}, {} and {}: lhs_scale dimension {} (size {}) does not divide lhs dimension {} (size {})",
                  (L, R, LS, RS), (d, LS::spec.dimensions[d], d, ls[d]));
  } else if constexpr (E == scaled_dot_error::rhs_scale_sizes) {
    constexpr auto d = static_cast<std::size_t>(scale_mismatch(rs, RS::spec.dimensions));
    SXLA_DIAGNOSE(Op, "{}, {}, {} and {}: rhs_scale dimension {} (size {}) does not divide rhs dimension {} (size {})",
                  (L, R, LS, RS), (d, RS::spec.dimensions[d], d, rs[d]));
  }
}

// The type the terms and sums run in: f64 when any of the types is, else f32.
template <class... T>
using scaled_dot_sum_t = std::conditional_t<(std::is_same_v<T, double> || ...), double, float>;

// The block of operand elements one scale element covers, per dimension (1 where the
// operand is empty).
constexpr idx scale_blocks(const idx& n, const idx& s) noexcept {
  idx b;
  for (std::size_t d = 0; d < n.size(); ++d) b.push_back(s[d] == 0 || n[d] == 0 ? 1 : n[d] / s[d]);
  return b;
}

// Sets the dimensions `group` of i to the row-major digits of f over their sizes.
template <std::size_t N>
constexpr void set_digits(multi_index<N>& i, const idx& group, const idx& sizes, index_t f) noexcept {
  for (std::size_t t = group.size(); t-- > 0;) {
    const auto d = static_cast<std::size_t>(group[t]);
    i[d] = f % sizes[d];
    f /= sizes[d];
  }
}

// Element i of op as A: in place from a dense row-major tensor, else through at().
template <class A, class Op>
A scaled_dot_read(const Op& op, const multi_index<Op::rank>& i) noexcept {
  using T = typename Op::value_type;
  if constexpr (reads_dense_row_major<Op, T>()) {
    index_t off = 0;
    for (std::size_t d = 0; d < Op::rank; ++d) off = off * Op::spec.dimensions[d] + i[d];
    return static_cast<A>(op.data()[off]);
  } else {
    return static_cast<A>(op.at(i));
  }
}

// Element i of op times its scale, in A.
template <class A, idx Blocks, class Op, class Scale>
A scaled_element(const Op& op, const Scale& scale, const multi_index<Op::rank>& i) noexcept {
  multi_index<Op::rank> s{};
  for (std::size_t d = 0; d < Op::rank; ++d) s[d] = i[d] / Blocks[d];
  return static_cast<A>(scaled_dot_read<A>(op, i) * scaled_dot_read<A>(scale, s));
}

// The sums per output row kept at once (the scratch on the stack).
inline constexpr index_t scaled_dot_chunk = 128;

template <class Dims, class Out, class L, class R, class LS, class RS>
auto scaled_dot_run(const L& l, const R& r, const LS& lsc, const RS& rsc) {
  constexpr scaled_dot_error e = scaled_dot_check<Dims, Out, L, R, LS, RS>();
  if constexpr (e != scaled_dot_error::none) {
    report_scaled_dot<Dims, Out, L, R, LS, RS, e>();
    return tensor<logical_spec(primitive_type::bf16, dimension_list{})>{};
  } else {
    constexpr idx ls = L::spec.dimensions, rs = R::spec.dimensions;
    constexpr dot_plan P = make_dot_plan(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch,
                                         Dims::rhs_batch, ls, rs);
    constexpr idx lblocks = scale_blocks(ls, LS::spec.dimensions);
    constexpr idx rblocks = scale_blocks(rs, RS::spec.dimensions);
    constexpr auto lk = static_cast<std::size_t>(Dims::lhs_contracting[0]);
    constexpr auto rk = static_cast<std::size_t>(Dims::rhs_contracting[0]);
    constexpr index_t chunk = P.n < 1 ? 1 : (P.n < scaled_dot_chunk ? P.n : scaled_dot_chunk);
    using A = scaled_dot_sum_t<typename L::value_type, typename R::value_type, typename LS::value_type,
                               typename RS::value_type, Out>;
    tensor<logical_spec(primitive_type_of<Out>, P.result)> out(uninitialized);
    Out* o = out.data();
    A sums[chunk];
    multi_index<L::rank> li{};
    multi_index<R::rank> ri{};
    for (index_t bt = 0; bt < P.batch; ++bt) {
      set_digits(li, P.lhs_batch, ls, bt);
      set_digits(ri, P.rhs_batch, rs, bt);
      for (index_t i = 0; i < P.m; ++i) {
        set_digits(li, P.lhs_free, ls, i);
        for (index_t j0 = 0; j0 < P.n; j0 += chunk) {
          const index_t j1 = P.n - j0 < chunk ? P.n : j0 + chunk;
          for (index_t j = j0; j < j1; ++j) sums[j - j0] = A{};
          for (index_t c = 0; c < P.k; ++c) {
            li[lk] = c;
            ri[rk] = c;
            const A a = scaled_element<A, lblocks>(l, lsc, li);
            for (index_t j = j0; j < j1; ++j) {
              set_digits(ri, P.rhs_free, rs, j);
              sums[j - j0] = static_cast<A>(sums[j - j0] + a * scaled_element<A, rblocks>(r, rsc, ri));
            }
          }
          for (index_t j = j0; j < j1; ++j) o[(bt * P.m + i) * P.n + j] = static_cast<Out>(sums[j - j0]);
        }
      }
    }
    return out;
  }
}

}  // namespace detail

// ScaledDot(lhs, rhs, lhs_scale, rhs_scale): see the top. Template arguments, both
// optional: x::dot_dims (default: jax's), then the result type (default bf16); or the
// result type alone.
template <class DimsOrResult = void, class Result = void, operand XL, operand XR, operand XLS, operand XRS>
auto scaled_dot(XL&& lhs, XR&& rhs, XLS&& lhs_scale, XRS&& rhs_scale) {
  auto l = as_operand(static_cast<XL&&>(lhs));
  auto r = as_operand(static_cast<XR&&>(rhs));
  auto ls = as_operand(static_cast<XLS&&>(lhs_scale));
  auto rs = as_operand(static_cast<XRS&&>(rhs_scale));
  using L = decltype(l);
  using R = decltype(r);
  using LS = decltype(ls);
  using RS = decltype(rs);
  if constexpr (detail::is_dot_dims<DimsOrResult>) {
    using Out = std::conditional_t<std::is_void_v<Result>, bf16, Result>;
    return detail::scaled_dot_run<DimsOrResult, Out>(l, r, ls, rs);
  } else {
    using Out = std::conditional_t<std::is_void_v<DimsOrResult>, bf16, DimsOrResult>;
    if constexpr (!std::is_void_v<Result>) {
      SXLA_DIAGNOSE(hlo::scaled_dot,
                    "{}, {}, {} and {}: with two template arguments the first must be x::dot_dims<...>, not {}",
                    (L, R, LS, RS, DimsOrResult), ());
      return tensor<logical_spec(primitive_type::bf16, dimension_list{})>{};
    } else if constexpr (L::rank != R::rank || L::rank < 2) {
      // Without dimension numbers: the types, then the ranks, then as with them.
      constexpr detail::scaled_dot_error e = detail::scaled_dot_type_check<Out, L, R, LS, RS>();
      detail::report_scaled_dot<void, Out, L, R, LS, RS, e == detail::scaled_dot_error::none
                                                             ? detail::scaled_dot_error::ranks
                                                             : e>();
      return tensor<logical_spec(primitive_type::bf16, dimension_list{})>{};
    } else {
      return detail::scaled_dot_run<detail::scaled_dot_default_dims<L::rank>, Out>(l, r, ls, rs);
    }
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_SCALED_DOT_HPP
