// The promise "no heap unless asked" (no_heap_test.cpp's) for the ops added with issue 38:
// erf and the inverse trigonometric and hyperbolic functions, stochastic_convert, mulhi,
// top_k, ragged_dot, scaled_dot, copy and the async pairs, scan and dynamic_reshape each
// evaluate without an allocation (counting.cpp counts them).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>

#include "alloc/counting.hpp"

namespace x = sxla;
using sxla_test::allocations_during;

TEST_CASE("alloc: erf, asin ... atanh, stochastic_convert, mulhi, top_k, ragged_dot: no allocation") {
  const x::tensor<"f32[8,16]"> p = x::iota<"f32[8,16]", 1>() * 0.5f;
  x::tensor<"f32[8,16]"> out;
  x::tensor<"s32[8,16]"> ints = x::iota<"s32[8,16]", 0>();
  CHECK_EQ(allocations_during([&] { out = x::erf(p) * 0.5f + 0.5f; }), 0);
  CHECK_EQ(allocations_during([&] { out = x::asinh(p) + x::cosh(p * 0.01f) + x::atan(p); }), 0);
  CHECK_EQ(allocations_during([&] { ints = x::stochastic_convert<std::int32_t>(p, x::bitcast_convert<std::uint32_t>(p)); }),
           0);
  CHECK_EQ(allocations_during([&] { ints = x::mulhi(ints, ints + 7); }), 0);
  CHECK_EQ(allocations_during([&] {
             auto [best, where] = x::top_k<4>(p);
             out(0, 0) = best(7, 3) + static_cast<float>(where(7, 0));
           }),
           0);
  CHECK(out(0, 0) == 6.0f + 15.0f);  // row 7: 0, 0.5 ... 7.5; the fourth largest 6.0, the largest at 15
  CHECK_EQ(allocations_during([&] {
             const auto r = x::ragged_dot(p, x::tensor<"f32[2,16,3]">{}, x::tensor<"s32[2]">{3, 5});
             out(0, 0) = r(7, 2);
           }),
           0);
  CHECK(out(0, 0) == 0.0f);
  CHECK_EQ(allocations_during([&] {
             // Ragged in k: group 1 contracts k in [3, 8); rhs an expression, read element by element.
             using D = x::ragged_dot_dims<x::dot_dims<x::idx{1}, x::idx{0}>, x::idx{1}>;
             const auto r = x::ragged_dot_general<D>(p, x::iota<"f32[16,3]", 0>(), x::tensor<"s32[2]">{3, 5});
             out(0, 0) = r(1, 7, 2);
           }),
           0);
  CHECK(out(0, 0) == 67.5f);  // 0.5 (3 * 3 + 4 * 4 + ... + 7 * 7)
  CHECK_EQ(allocations_during([&] {
             const auto r = x::scaled_dot<float>(p, x::iota<"f32[16,3]", 1>(), x::tensor<"f32[1,1]">{{2.0f}},
                                                 x::tensor<"f8e8m0fnu[1,3]">{{1.0f, 1.0f, 1.0f}});
             out(0, 0) = r(7, 2);
           }),
           0);
  CHECK(out(0, 0) == 240.0f);  // 2 * sum over j of (0.5 j) * 2
  // The synchronous async pairs and copies hold their results by value, on the stack.
  CHECK_EQ(allocations_during([&] {
             auto h = x::async_start([](const auto& t) { return x::eval(t * 2.0f); }, p);
             out = x::async_done(x::async_update(h)) + x::copy_done(x::copy_start(p)) + x::copy(p);
           }),
           0);
  CHECK(out(3, 5) == 10.0f);  // 2.5 * 2 + 2.5 + 2.5
  // Scan's slices, carries and outputs, and dynamic_reshape's result, are in the frame.
  CHECK_EQ(allocations_during([&] {
             const auto [sums, last] = x::scan<0>(p, x::tensor<"f32[16]">{},
                                                  [](const auto& row, const auto& c) { return std::tuple{c + row, c + row}; });
             out(0, 0) = sums(7, 2) + last(2);
           }),
           0);
  CHECK(out(0, 0) == 16.0f);  // column 2 is 1.0 in every row: 8 by row 7, and 8 in the last carry
  CHECK_EQ(allocations_during([&] {
             const auto r = x::dynamic_reshape<"f32[16,8]">(x::set_dimension_size<0>(p, 2), 4, 8);
             out(0, 0) = x::tensor<"f32[16,8]">(r)(3, 7);
           }),
           0);
  CHECK(out(0, 0) == 7.5f);  // element 31 of rows 0 and 1: row 1, column 15
}
