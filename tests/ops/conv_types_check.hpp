// tests/ops/conv_types_check.hpp: what conv_types_test.cpp and conv_narrow_test.cpp share:
// one element type's convolution, on random operands, against the plain reference of
// tests/support/conv_reference.hpp, in two geometries: the seed's order with every window
// option and two feature groups (the element path through a temporary), and NHWC with SAME
// padding (the engine writing features directly where the result is the accumulation type).
#ifndef SXLA_TESTS_OPS_CONV_TYPES_CHECK_HPP
#define SXLA_TESTS_OPS_CONV_TYPES_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <memory>
#include <type_traits>

#include "support/conv_reference.hpp"

namespace sxla_test::conv_types {

namespace x = sxla;
namespace ct = sxla_test::conv;

// Every window option and two feature groups, the seed's order: [2,4,8,7] by [6,2,3,2].
constexpr x::conv_config grouped{.window_strides = x::idx{2, 1},
                                 .padding = x::padding::low_high(x::idx{1, -1}, x::idx{0, 2}),
                                 .lhs_dilation = x::idx{1, 2},
                                 .rhs_dilation = x::idx{2, 1},
                                 .feature_group_count = 2};
// NHWC, SAME, strides (1, 2): [2,6,7,8] by [3,3,8,5].
constexpr x::conv_config nhwc{.window_strides = x::idx{1, 2},
                              .padding = x::padding::same,
                              .dim_labels = "b01f_01io->b01f"};

// Random operands of type V, the result of type P (void: V's default), against the reference.
template <class V, class P, x::conv_config C, x::idx LD, x::idx RD, x::idx OD>
void check_type(unsigned seed) {
  using Out = std::conditional_t<std::is_void_v<P>, V, P>;
  constexpr x::primitive_type t = x::primitive_type_of<V>;
  const auto lhs = ct::random_tensor<x::logical_spec(t, LD)>(seed);
  const auto rhs = ct::random_tensor<x::logical_spec(t, RD)>(seed + 1);
  auto out = std::make_unique<x::tensor<x::logical_spec(x::primitive_type_of<Out>, OD)>>();
  if constexpr (std::is_void_v<P>) {
    *out = x::conv_general_dilated<C>(*lhs, *rhs);
  } else {
    *out = x::conv_general_dilated<C, P>(*lhs, *rhs);
  }
  ct::check<ct::accumulation_t<V>>(ct::params_of<C>(), *lhs, *rhs, *out, seed);
}

template <class V, class P = void>
void check_both(unsigned seed) {
  check_type<V, P, grouped, x::idx{2, 4, 8, 7}, x::idx{6, 2, 3, 2}, x::idx{2, 6, 3, 13}>(seed);
  check_type<V, P, nhwc, x::idx{2, 6, 7, 8}, x::idx{3, 3, 8, 5}, x::idx{2, 6, 4, 5}>(seed + 10);
}


}  // namespace sxla_test::conv_types

#endif  // SXLA_TESTS_OPS_CONV_TYPES_CHECK_HPP
