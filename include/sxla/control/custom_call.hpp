// sxla/control/custom_call.hpp: CustomCall(target, args..., shape), spelled
// x::custom_call<"shape">(target, args...). The shape names the result: an array, or a
// tuple of arrays ("(f32[2], s32[])", control/value_shape.hpp). Two kinds of target:
// - the seed's C ABI, extern "C" void target(void* out, void** in): in[i] points to
//   operand i in its default row-major layout (a tensor or view already so laid out is
//   passed in place, anything else is first copied or evaluated into a row-major
//   temporary in this frame; the target must not write through in), out to the result's
//   storage in the layout the shape string gives, or, for a tuple shape, to an array of
//   pointers to each element's storage, as XLA's CPU runtime passes them;
// - any C++ callable taking (result&, operands...): the result as x::tensor<S>& (a
//   std::tuple of tensors for a tuple shape), each operand as a value (a tensor as
//   itself, by const reference; control/value.hpp).
// The result starts zeroed, so elements the target leaves alone read 0. Operands are
// arrays (tensors, views, expressions, numbers); a tuple operand, a target of neither
// kind or a malformed shape string is a compile error.
#ifndef SXLA_CONTROL_CUSTOM_CALL_HPP
#define SXLA_CONTROL_CUSTOM_CALL_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/control/value.hpp"        // value_t, to_value, is_tensor
#include "sxla/control/value_shape.hpp"  // value_shape_spec, value_shape_t, check_value_shape
#include "sxla/core/diagnostics.hpp"     // SXLA_DIAGNOSE, detail::nth_type, detail::first_index
#include "sxla/core/invoke.hpp"          // detail::invoke
#include "sxla/expr/expression.hpp"      // expression, logical_spec
#include "sxla/tensor/storage_array.hpp" // storage_array
#include "sxla/tensor/tensor.hpp"        // tensor

namespace sxla {

namespace hlo {
struct custom_call;
}  // namespace hlo

// The seed's C ABI for custom-call targets.
using custom_call_target = void (*)(void* out, void** in);

namespace detail {
// An array operand: anything that converts to a tensor.
template <class A>
concept array_operand = value_like<A> && is_tensor<value_t<A>>::value;

// An operand already in memory in its default row-major layout, passed in place.
struct borrowed_operand {
  const void* data;
};

template <class A>
constexpr auto row_major_operand(const A& a) {
  using V = value_t<A>;
  constexpr shape_spec row_major = logical_spec(V::spec.element_type, V::spec.dimensions);
  if constexpr (storage_array<A>) {
    if constexpr (A::spec == row_major) {
      return borrowed_operand{static_cast<const void*>(a.data())};
    } else {
      return tensor<row_major>(a);
    }
  } else {
    return tensor<row_major>(to_value(a));
  }
}

inline void* c_pointer(const borrowed_operand& b) noexcept { return const_cast<void*>(b.data); }
template <shape_spec S>
void* c_pointer(tensor<S>& t) noexcept {
  return static_cast<void*>(t.data());
}

// An operand as the typed target receives it: a tensor as itself, anything else as the
// value it converts to.
template <class A>
constexpr decltype(auto) typed_operand(const A& a) {
  if constexpr (is_tensor<A>::value) {
    return (a);
  } else {
    return to_value(a);
  }
}
}  // namespace detail

template <value_shape_spec V, class F, class... A>
constexpr auto custom_call(F&& target, const A&... args) {
  if constexpr (!check_value_shape<V>()) {
    return std::tuple<>{};
  } else if constexpr (!(detail::array_operand<A> && ...)) {
    constexpr std::size_t i = detail::first_index({!detail::array_operand<A>...});
    SXLA_DIAGNOSE(hlo::custom_call, "{} is not an array (operand {}): a tuple operand passes its elements",
                  (typename detail::nth_type<i, A...>::type), (i));
    return value_shape_t<V>{};
  } else {
    using R = value_shape_t<V>;
    R out{};
    if constexpr (std::is_convertible_v<F, custom_call_target>) {
      const custom_call_target fn = target;
      auto held = std::tuple{detail::row_major_operand(args)...};
      std::apply(
          [&](auto&... h) {
            void* in[sizeof...(A) + 1] = {detail::c_pointer(h)..., nullptr};
            if constexpr (V.is_tuple) {
              std::apply(
                  [&](auto&... e) {
                    void* parts[V.count + 1] = {static_cast<void*>(e.data())..., nullptr};
                    fn(static_cast<void*>(parts), in);
                  },
                  out);
            } else {
              fn(static_cast<void*>(out.data()), in);
            }
          },
          held);
    } else if constexpr (std::is_invocable_v<F, R&, decltype(detail::typed_operand(args))...>) {
      detail::invoke(static_cast<F&&>(target), out, detail::typed_operand(args)...);
    } else {
      SXLA_DIAGNOSE(hlo::custom_call,
                    "the target is neither void(void*, void**) nor callable with the result {} and the operands {}",
                    (R, std::tuple<value_t<A>...>), ());
    }
    return out;
  }
}

}  // namespace sxla

#endif  // SXLA_CONTROL_CUSTOM_CALL_HPP
