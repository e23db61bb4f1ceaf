// sxla/control/scan.hpp: XLA's Scan, a loop over one dimension of its inputs that threads
// carries through a computation and stacks its per-step outputs:
//   auto [sums, total] = x::scan<0>(v, x::tensor<"f32[]">{0},
//                                   [](const auto& e, const auto& c) { return std::tuple{c + e, c + e}; });
//   x::scan<Dim, Reverse>(inputs, inits, body)     inputs, inits: an array or a std::tuple of them
// With N the size of dimension Dim of every input, step t (t = 0 .. N-1, or N-1 .. 0 with
// Reverse) calls body(x_0, ..., x_(m-1), c_0, ..., c_(k-1)): the inputs' slices at t along
// Dim (that dimension removed), then the current carries. The body returns the step's
// outputs, then the new carries: a std::tuple (y_0, ..., y_(n-1), c'_0, ..., c'_(k-1)), or
// one array when n + k = 1. The result is the std::tuple (Y_0, ..., Y_(n-1), C_0, ...,
// C_(k-1)): Y_i holds y_i of step t at position t of a dimension of size N inserted at Dim
// (also with Reverse), C_j the last carries (the inits when N = 0). Inclusive or exclusive
// is the body's choice (return c + x or c as the output). XLA's is_associative is a hint
// to its compiler and has no spelling here: the steps run in order. A scan without inputs
// takes N as a third template argument (XLA's scan_dimension_size): x::scan<0, false, 8>.
// Everything is in the function's frame: the slices, the carries, one step's result and
// the outputs; nothing is allocated. Misuse (Dim out of range, inputs whose sizes along
// Dim differ, a body that does not accept the slices and carries or returns other carry
// shapes, a scan with neither inputs nor a length) is one compile error naming scan.
#ifndef SXLA_CONTROL_SCAN_HPP
#define SXLA_CONTROL_SCAN_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/control/call.hpp"      // computation_ok, report_computation
#include "sxla/control/value.hpp"     // value_t, to_value, is_tensor, is_std_tuple
#include "sxla/control/while.hpp"     // detail::same_value_shape, store_value
#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"        // index_t, multi_index, idx
#include "sxla/core/invoke.hpp"       // detail::invoke
#include "sxla/expr/expression.hpp"   // logical_spec
#include "sxla/shape/shape.hpp"        // for_each_index
#include "sxla/tensor/tensor.hpp"     // tensor

namespace sxla {

namespace hlo {
struct scan;
}  // namespace hlo

namespace detail {

// A value as a std::tuple of arrays: a tuple stays itself, an array becomes a tuple of one.
template <class V>
struct as_tuple {
  using type = std::tuple<V>;
};
template <class... V>
struct as_tuple<std::tuple<V...>> {
  using type = std::tuple<V...>;
};
template <class V>
using as_tuple_t = typename as_tuple<V>::type;

template <class V>
constexpr as_tuple_t<V> to_tuple(V&& v) {
  if constexpr (is_std_tuple<std::remove_cvref_t<V>>::value) {
    return static_cast<V&&>(v);
  } else {
    return std::tuple<std::remove_cvref_t<V>>(static_cast<V&&>(v));
  }
}

template <class Tuple>
consteval bool all_arrays() {
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return (is_tensor<std::tuple_element_t<I, Tuple>>::value && ...);
  }(std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}

// The dimensions of an array with dimension D removed, or with a dimension of size n
// inserted at D.
consteval idx without_dimension(const idx& d, index_t dim) {
  idx r;
  for (index_t k = 0; k < static_cast<index_t>(d.size()); ++k)
    if (k != dim) r.push_back(d[static_cast<std::size_t>(k)]);
  return r;
}
consteval idx with_dimension(const idx& d, index_t dim, index_t n) {
  idx r;
  for (index_t k = 0; k <= static_cast<index_t>(d.size()); ++k) {
    if (k == dim) r.push_back(n);
    if (k < static_cast<index_t>(d.size())) r.push_back(d[static_cast<std::size_t>(k)]);
  }
  return r;
}

template <class A, index_t Dim>
using scan_slice_t = tensor<logical_spec(A::spec.element_type, without_dimension(A::spec.dimensions, Dim))>;
template <class Y, index_t Dim, index_t N>
using scan_stack_t = tensor<logical_spec(Y::spec.element_type, with_dimension(Y::spec.dimensions, Dim, N))>;

// The slices' and carries' types as one argument list, and what the body returns for them.
template <class F, class Slices, class Carries>
struct scan_body;
template <class F, class... S, class... C>
struct scan_body<F, std::tuple<S...>, std::tuple<C...>> {
  static constexpr bool invocable = computation_ok<F, const S&..., const C&...>();
  template <class Op>
  static constexpr void report() {
    report_computation<Op, F, const S&..., const C&...>();
  }
  using result = as_tuple_t<computation_value_t<F, const S&..., const C&...>>;
};

// The multi-index of an array with dimension Dim inserted at position t.
template <std::size_t R>
constexpr multi_index<R + 1> insert_index(const multi_index<R>& i, std::size_t dim, index_t t) noexcept {
  multi_index<R + 1> o{};
  for (std::size_t k = 0, j = 0; k <= R; ++k) o[k] = k == dim ? t : i[j++];
  return o;
}

// s := a's slice at t along dimension dim; y's elements into ys at t along dim.
template <class S, class A>
constexpr void take_slice(S& s, const A& a, index_t dim, index_t t) {
  for_each_index<typename S::shape_type>(
      [&](const multi_index<S::rank>& i) { s[i] = a[insert_index(i, static_cast<std::size_t>(dim), t)]; });
}
template <class Ys, class Y>
constexpr void put_slice(Ys& ys, const Y& y, index_t dim, index_t t) {
  for_each_index<typename Y::shape_type>(
      [&](const multi_index<Y::rank>& i) { ys[insert_index(i, static_cast<std::size_t>(dim), t)] = y[i]; });
}

enum class scan_error {
  none, not_arrays, dimension, sizes_differ, no_length, returns_too_few, carry_shapes, output_dimension
};

template <index_t Dim, index_t Length, class In, class Init>
struct scan_plan {
  static constexpr std::size_t m = std::tuple_size_v<In>;
  static constexpr std::size_t k = std::tuple_size_v<Init>;

  static consteval bool dimension_ok() {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return ((Dim >= 0 && Dim < static_cast<index_t>(std::tuple_element_t<I, In>::rank)) && ...);
    }(std::make_index_sequence<m>{});
  }
  static consteval index_t length() {
    if constexpr (m == 0) {
      return Length;
    } else {
      return std::tuple_element_t<0, In>::spec.dimensions[static_cast<std::size_t>(Dim)];
    }
  }
  static consteval bool sizes_agree() {
    constexpr index_t n = length();
    static_cast<void>(n);  // (no inputs: unused)
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return ((std::tuple_element_t<I, In>::spec.dimensions[static_cast<std::size_t>(Dim)] == n) && ...);
    }(std::make_index_sequence<m>{});
  }
  static consteval scan_error input_error() {
    if constexpr (!all_arrays<In>() || !all_arrays<Init>()) {
      return scan_error::not_arrays;
    } else if constexpr (!dimension_ok()) {
      return scan_error::dimension;
    } else if constexpr (!sizes_agree()) {
      return scan_error::sizes_differ;
    } else if constexpr (m == 0 && Length < 0) {
      return scan_error::no_length;
    } else {
      return scan_error::none;
    }
  }
};

// The slices' types (one per input), and the stacked outputs' (one per output y of R).
// Spelled as partial specialisations, not as the decltype of a lambda: clang 14 crashes
// reading such an alias back from a precompiled header.
template <index_t Dim, class In, class Seq>
struct scan_slices;
template <index_t Dim, class In, std::size_t... I>
struct scan_slices<Dim, In, std::index_sequence<I...>> {
  using type = std::tuple<scan_slice_t<std::tuple_element_t<I, In>, Dim>...>;
};
template <class R, index_t Dim, index_t N, class Seq>
struct scan_stacks;
template <class R, index_t Dim, index_t N, std::size_t... J>
struct scan_stacks<R, Dim, N, std::index_sequence<J...>> {
  using type = std::tuple<scan_stack_t<std::tuple_element_t<J, R>, Dim, N>...>;
};

template <index_t Dim, class In, class Init, class F>
struct scan_types {
  using slices = typename scan_slices<Dim, In, std::make_index_sequence<std::tuple_size_v<In>>>::type;
  using body = scan_body<F, slices, Init>;
};

template <class R, std::size_t K, class Init>
consteval scan_error result_error(index_t dim) {
  if constexpr (std::tuple_size_v<R> < K) {
    return scan_error::returns_too_few;
  } else {
    constexpr std::size_t n = std::tuple_size_v<R> - K;
    const bool carries = []<std::size_t... J>(std::index_sequence<J...>) {
      return (same_value_shape<std::tuple_element_t<J, Init>, std::tuple_element_t<n + J, R>>() && ...);
    }(std::make_index_sequence<K>{});
    if (!carries) return scan_error::carry_shapes;
    const bool outputs = []<std::size_t... I>(index_t d, std::index_sequence<I...>) {
      return ((is_tensor<std::tuple_element_t<I, R>>::value &&
               d <= static_cast<index_t>(std::tuple_element_t<I, R>::rank)) &&
              ...);
    }(dim, std::make_index_sequence<n>{});
    return outputs ? scan_error::none : scan_error::output_dimension;
  }
}

}  // namespace detail

// Scan(inputs, inits, to_apply, scan_dimension, is_reverse): see the top.
template <index_t Dim, bool Reverse = false, index_t Length = -1, class I, class C, class F>
auto scan(I&& inputs, C&& inits, F&& body) {
  using In = detail::as_tuple_t<value_t<I>>;
  using Init = detail::as_tuple_t<value_t<C>>;
  using plan = detail::scan_plan<Dim, Length, In, Init>;
  constexpr detail::scan_error input_error = plan::input_error();
  if constexpr (!value_like<I> || !value_like<C> || input_error == detail::scan_error::not_arrays) {
    SXLA_DIAGNOSE(hlo::scan, "inputs {} and inits {}: each must be an array or a std::tuple of arrays",
                  (std::remove_cvref_t<I>, std::remove_cvref_t<C>), ());
    return std::tuple<>{};
  } else if constexpr (input_error == detail::scan_error::dimension) {
    SXLA_DIAGNOSE(hlo::scan, "inputs {}: dimension {} is not a dimension of every input", (In), (Dim));
    return std::tuple<>{};
  } else if constexpr (input_error == detail::scan_error::sizes_differ) {
    SXLA_DIAGNOSE(hlo::scan, "inputs {}: their sizes along dimension {} differ", (In), (Dim));
    return std::tuple<>{};
  } else if constexpr (input_error == detail::scan_error::no_length) {
    SXLA_DIAGNOSE(hlo::scan, "a scan without inputs needs its length: x::scan<{}, reverse, length>", (), (Dim));
    return std::tuple<>{};
  } else {
    using types = detail::scan_types<Dim, In, Init, F>;
    using body_t = typename types::body;
    if constexpr (!body_t::invocable) {
      body_t::template report<hlo::scan>();
      return std::tuple<>{};
    } else {
      using R = typename body_t::result;
      constexpr std::size_t k = std::tuple_size_v<Init>;
      constexpr detail::scan_error result_error = detail::result_error<R, k, Init>(Dim);
      if constexpr (result_error == detail::scan_error::returns_too_few ||
                    result_error == detail::scan_error::carry_shapes) {
        SXLA_DIAGNOSE(hlo::scan, "the carries are {} and the body returns {}: it must return its outputs, then the carries",
                      (Init, R), ());
        return std::tuple<>{};
      } else if constexpr (result_error == detail::scan_error::output_dimension) {
        SXLA_DIAGNOSE(hlo::scan, "the body returns {}: every output must be an array of rank {} or more (dimension {} is inserted)",
                      (R), (Dim, Dim));
        return std::tuple<>{};
      } else {
        constexpr std::size_t m = std::tuple_size_v<In>;
        constexpr std::size_t n = std::tuple_size_v<R> - k;
        constexpr index_t N = plan::length();
        using Slices = typename types::slices;
        using Ys = typename detail::scan_stacks<R, Dim, N, std::make_index_sequence<n>>::type;
        using Result = decltype(std::tuple_cat(std::declval<Ys>(), std::declval<Init>()));

        const In in = detail::to_tuple(to_value(static_cast<I&&>(inputs)));
        Init carries = detail::to_tuple(to_value(static_cast<C&&>(inits)));
        Ys ys{};
        Slices slices{};
        for (index_t step = 0; step < N; ++step) {
          const index_t t = Reverse ? N - 1 - step : step;
          [&]<std::size_t... J>(std::index_sequence<J...>) {
            (detail::take_slice(std::get<J>(slices), std::get<J>(in), Dim, t), ...);
          }(std::make_index_sequence<m>{});
          R r = detail::to_tuple(std::apply(
              [&](const auto&... x) {
                return std::apply([&](const auto&... c) { return to_value(detail::invoke(body, x..., c...)); },
                                  std::as_const(carries));
              },
              std::as_const(slices)));
          [&]<std::size_t... J>(std::index_sequence<J...>) {
            (detail::put_slice(std::get<J>(ys), std::get<J>(r), Dim, t), ...);
          }(std::make_index_sequence<n>{});
          [&]<std::size_t... J>(std::index_sequence<J...>) {
            (detail::store_value(std::get<J>(carries), std::move(std::get<n + J>(r))), ...);
          }(std::make_index_sequence<k>{});
        }
        return Result(std::tuple_cat(static_cast<Ys&&>(ys), static_cast<Init&&>(carries)));
      }
    }
  }
}

}  // namespace sxla

#endif  // SXLA_CONTROL_SCAN_HPP
