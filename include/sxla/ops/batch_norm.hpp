// sxla/ops/batch_norm.hpp: XLA's BatchNormTraining, BatchNormInference, BatchNormGrad,
// over the feature dimension F of an f32 or f64 operand (scale, offset, mean and
// variance are rank-1 of the feature count).
//   auto [y, mean, var] = x::batch_norm_training<3>(x, scale, offset, 1e-3f);      NHWC
//   auto y = x::batch_norm_inference<1>(x, scale, offset, mean, var, 1e-3f);  // lazy
//   auto [dx, dscale, doffset] = x::batch_norm_grad<3>(x, scale, mean, var, dy, 1e-3f);
// Outputs in the seed's order, as std::tuple (structured bindings, get<I>).
//
// Moments. With m elements per feature, mean = sum(x) / m and the biased variance
// sum((x - mean)^2) / m, as the seed defines them. sxla computes both from one set of
// sums over d = x - s, s the feature's first element: mean = s + sum(d) / m, variance =
// sum(d^2) / m - (sum(d) / m)^2 (a negative value clamped to 0, a NaN kept: with m = 0,
// both moments are 0 / 0, NaN, as XLA's sum / count gives). The shift makes the
// one-formula variance safe: its cancellation is relative to (mean - s)^2, about the
// variance itself, not to mean^2 as in XLA's E[x^2] - E[x]^2. The sums are two reductions of fused expressions
// (x is read, never d stored), in reduce.hpp's deterministic order.
// The normalization is one fused pass: y = (x - mean) * (scale / sqrt(var + eps)) + offset.
// Gradients (the seed's formulas): grad_offset = sum(dy), grad_scale = sum(dy * (x -
// mean)) / sqrt(var + eps), grad_operand = scale / sqrt(var + eps) * (dy - sum(dy) / m -
// (x - mean) * sum(dy * (x - mean)) / (m (var + eps))), also one fused pass.
#ifndef SXLA_OPS_BATCH_NORM_HPP
#define SXLA_OPS_BATCH_NORM_HPP

#include <cmath>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/core/diagnostics.hpp"    // SXLA_DIAGNOSE, detail::nth_type, detail::first_index
#include "sxla/core/index.hpp"          // index_t, multi_index, idx
#include "sxla/expr/assign.hpp"         // eval
#include "sxla/expr/expression.hpp"     // logical_spec
#include "sxla/expr/leaf.hpp"           // as_operand, operand
#include "sxla/ops/arithmetic.hpp"      // add, sub, mul, add_op
#include "sxla/ops/broadcast.hpp"       // broadcast_dimensions
#include "sxla/ops/reduce.hpp"          // detail::reduce_one
#include "sxla/shape/print.hpp"         // shape_arg, diagnostic_display of shapes
#include "sxla/tensor/tensor.hpp"       // tensor

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct batch_norm_training;
struct batch_norm_inference;
struct batch_norm_grad;
}  // namespace hlo

namespace detail {
// What the three ops check and share, for operand E and feature dimension F.
template <class E, index_t F>
struct batch_norm_traits {
  using T = typename E::value_type;
  static constexpr bool type_ok = std::is_same_v<T, float> || std::is_same_v<T, double>;
  static constexpr bool index_ok = F >= 0 && F < static_cast<index_t>(E::rank);
  static constexpr auto f = static_cast<std::size_t>(index_ok ? F : 0);
  static constexpr index_t features = E::rank == 0 ? 0 : E::spec.dimensions[f];
  using vector = tensor<logical_spec(E::spec.element_type, idx{features})>;
  // A rank-1 argument of the feature count, of type T.
  template <class V>
  static constexpr bool is_vector = operand_t<V>::rank == 1 && std::is_same_v<typename operand_t<V>::value_type, T> &&
                                    operand_t<V>::spec.dimensions[0] == features;
  // The dimensions other than F, and the element count per feature.
  static constexpr idx others = [] {
    idx o;
    for (std::size_t d = 0; d < E::rank; ++d)
      if (d != f) o.push_back(static_cast<index_t>(d));
    return o;
  }();
  static constexpr index_t per_feature = [] {
    index_t m = 1;
    for (index_t d : others) m *= E::spec.dimensions[static_cast<std::size_t>(d)];
    return m;
  }();

  // A rank-1 operand as a tensor of T.
  template <class V>
  static vector values(V&& v) noexcept {
    return vector(as_operand(static_cast<V&&>(v)));
  }
};

// The error of batch norm op Op on operand E with feature index F; V... are the rank-1
// arguments (scale, offset, mean, variance), G the grad_output (or void).
template <class Op, class E, index_t F, class G, class... V>
constexpr void report_batch_norm() noexcept {
  using B = batch_norm_traits<E, F>;
  if constexpr (!B::type_ok) {
    SXLA_DIAGNOSE(Op, "{}: the element type must be f32 or f64", (E), ());
  } else if constexpr (!B::index_ok) {
    SXLA_DIAGNOSE(Op, "{}: feature_index {} is not a dimension of the operand (rank {})", (E), (F, E::rank));
  } else if constexpr (!(B::template is_vector<V> && ...)) {
    using Vk = operand_t<typename nth_type<first_index({!B::template is_vector<V>...}), V...>::type>;
    SXLA_DIAGNOSE(Op,
                  "{} and {}: scale, offset, mean and variance must be {} (the element type, and the size of "
                  "feature dimension {})",
                  (E, Vk, shape_arg<B::vector::spec>), (F));
  } else {
    SXLA_DIAGNOSE(Op, "{} and grad_output {}: grad_output must have the shape of the operand", (E, operand_t<G>), ());
  }
}
}  // namespace detail

// BatchNormTraining(operand, scale, offset, epsilon, F): (output, batch_mean, batch_var).
template <index_t F, operand X, operand S, operand O>
auto batch_norm_training(X&& x, S&& scale, O&& offset, double epsilon) {
  const auto e = as_operand(static_cast<X&&>(x));
  using E = std::remove_cvref_t<decltype(e)>;
  using B = detail::batch_norm_traits<E, F>;
  using T = typename B::T;
  constexpr bool ok = B::type_ok && B::index_ok && B::template is_vector<S> && B::template is_vector<O>;
  if constexpr (!ok) {
    detail::report_batch_norm<hlo::batch_norm_training, E, F, void, S, O>();
    return 0;
  } else {
    constexpr auto f = B::f;
    typename B::vector shift(uninitialized), mean(uninitialized), var(uninitialized), factor(uninitialized);
    for (index_t k = 0; k < B::features; ++k) {
      multi_index<E::rank> i{};
      i[f] = k;
      shift.data()[k] = B::per_feature == 0 ? T(0) : e.at(i);
    }
    const auto d = sub(e, shift, broadcast_dimensions<F>);
    const typename B::vector s1 = detail::reduce_one<B::others>(d, T(0), add_op);
    const typename B::vector s2 = detail::reduce_one<B::others>(mul(d, d), T(0), add_op);
    const typename B::vector sc = B::values(static_cast<S&&>(scale));
    const T m = static_cast<T>(B::per_feature);
    for (index_t k = 0; k < B::features; ++k) {
      const T d1 = s1.data()[k] / m;
      const T v = s2.data()[k] / m - d1 * d1;
      mean.data()[k] = shift.data()[k] + d1;
      var.data()[k] = v < T(0) ? T(0) : v;  // NaN stays: 0 / 0 for a feature of no elements
      factor.data()[k] = sc.data()[k] / std::sqrt(var.data()[k] + static_cast<T>(epsilon));
    }
    tensor<E::spec> y = add(mul(sub(e, mean, broadcast_dimensions<F>), factor, broadcast_dimensions<F>),
                            static_cast<O&&>(offset), broadcast_dimensions<F>);
    return std::tuple<tensor<E::spec>, typename B::vector, typename B::vector>(std::move(y), mean, var);
  }
}

// BatchNormInference(operand, scale, offset, mean, variance, epsilon, F): a lazy
// expression (x - mean) * (scale / sqrt(variance + epsilon)) + offset.
template <index_t F, operand X, operand S, operand O, operand M, operand V>
auto batch_norm_inference(X&& x, S&& scale, O&& offset, M&& mean, V&& variance, double epsilon) {
  auto e = as_operand(static_cast<X&&>(x));
  using E = std::remove_cvref_t<decltype(e)>;
  using B = detail::batch_norm_traits<E, F>;
  using T = typename B::T;
  constexpr bool ok = B::type_ok && B::index_ok && B::template is_vector<S> && B::template is_vector<O> &&
                      B::template is_vector<M> && B::template is_vector<V>;
  if constexpr (!ok) {
    detail::report_batch_norm<hlo::batch_norm_inference, E, F, void, S, O, M, V>();
    return 0;
  } else {
    const typename B::vector sc = B::values(static_cast<S&&>(scale));
    const typename B::vector va = B::values(static_cast<V&&>(variance));
    typename B::vector factor(uninitialized);
    for (index_t k = 0; k < B::features; ++k)
      factor.data()[k] = sc.data()[k] / std::sqrt(va.data()[k] + static_cast<T>(epsilon));
    return add(mul(sub(std::move(e), static_cast<M&&>(mean), broadcast_dimensions<F>), std::move(factor),
                   broadcast_dimensions<F>),
               static_cast<O&&>(offset), broadcast_dimensions<F>);
  }
}

// BatchNormGrad(operand, scale, mean, variance, grad_output, epsilon, F):
// (grad_operand, grad_scale, grad_offset).
template <index_t F, operand X, operand S, operand M, operand V, operand G>
auto batch_norm_grad(X&& x, S&& scale, M&& mean, V&& variance, G&& grad_output, double epsilon) {
  const auto e = as_operand(static_cast<X&&>(x));
  const auto dy = as_operand(static_cast<G&&>(grad_output));
  using E = std::remove_cvref_t<decltype(e)>;
  using B = detail::batch_norm_traits<E, F>;
  using T = typename B::T;
  constexpr bool ok = B::type_ok && B::index_ok && B::template is_vector<S> && B::template is_vector<M> &&
                      B::template is_vector<V> && std::remove_cvref_t<decltype(dy)>::spec.dimensions == E::spec.dimensions &&
                      std::is_same_v<typename std::remove_cvref_t<decltype(dy)>::value_type, T>;
  if constexpr (!ok) {
    detail::report_batch_norm<hlo::batch_norm_grad, E, F, G, S, M, V>();
    return 0;
  } else {
    const typename B::vector mu = B::values(static_cast<M&&>(mean));
    const typename B::vector sc = B::values(static_cast<S&&>(scale));
    const typename B::vector va = B::values(static_cast<V&&>(variance));
    const auto centered = sub(e, mu, broadcast_dimensions<F>);
    typename B::vector sum_dy = detail::reduce_one<B::others>(dy, T(0), add_op);
    const typename B::vector sum_dy_xc = detail::reduce_one<B::others>(mul(dy, centered), T(0), add_op);
    typename B::vector grad_scale(uninitialized), a(uninitialized), c(uninitialized), d(uninitialized);
    const T m = static_cast<T>(B::per_feature);
    for (index_t k = 0; k < B::features; ++k) {
      const T v = va.data()[k] + static_cast<T>(epsilon);
      const T inv_std = T(1) / std::sqrt(v);
      grad_scale.data()[k] = sum_dy_xc.data()[k] * inv_std;
      a.data()[k] = sc.data()[k] * inv_std;
      c.data()[k] = sum_dy_xc.data()[k] / (m * v);
      d.data()[k] = sum_dy.data()[k] / m;
    }
    tensor<E::spec> grad_x =
        mul(sub(sub(dy, d, broadcast_dimensions<F>), mul(centered, c, broadcast_dimensions<F>)), a,
            broadcast_dimensions<F>);
    return std::tuple<tensor<E::spec>, typename B::vector, typename B::vector>(std::move(grad_x), grad_scale,
                                                                               sum_dy);
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_BATCH_NORM_HPP
