// The data-movement views (rev, slice, dynamic_slice, pad, concatenate,
// dynamic_update_slice, reshape, collapse, transpose) on pred and bf16 against scalar
// references written from the seed's definitions (index arithmetic on the operands'
// elements, no sxla node; tests/ops/data_movement_check.hpp), each into one destination
// layout with operands in the others; chains of views fused with arithmetic in every
// destination layout; aliasing, constant evaluation, the lines of views of contiguous
// memory. f32 in every layout: data_movement_f32_test.cpp; s32, f64, u8:
// data_movement_types_test.cpp.
#include "ops/data_movement_check.hpp"

#include <cstdint>
#include <type_traits>
#include <utility>

namespace x = sxla;
using namespace sxla_test::data_movement;

TEST_CASE("ops/data movement: pred, bf16") {
  check_views<bool, 0>();
  check_views<x::bf16, 1>();
}

TEST_CASE("ops/data movement: chains of views fused with arithmetic") {
  check_chains<0>();
  check_chains<1>();
  check_chains<2>();
  check_chains<3>();
}

TEST_CASE("ops/data movement: transpose of a tensor into itself goes through a temporary") {
  x::tensor<"s32[3,3]"> t = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  t = x::rev<1>(t);
  CHECK(t == x::tensor<"s32[3,3]">{{3, 2, 1}, {6, 5, 4}, {9, 8, 7}});
  t = x::concatenate<0>(x::slice<x::idx{1, 0}, x::idx{3, 3}>(t), x::slice<x::idx{0, 0}, x::idx{1, 3}>(t));
  CHECK(t == x::tensor<"s32[3,3]">{{6, 5, 4}, {9, 8, 7}, {3, 2, 1}});
}

TEST_CASE("ops/data movement: constant evaluation") {
  constexpr auto t = x::eval(x::concatenate<0>(x::rev<0>(x::iota<"s32[3]", 0>()),
                                               x::pad<x::idx{1}, x::idx{0}, x::idx{1}>(x::iota<"s32[2]", 0>(), 7)));
  static_assert(t == x::tensor<"s32[7]">{2, 1, 0, 7, 0, 7, 1});
  constexpr auto s = x::eval(x::dynamic_slice<2>(x::reshape<"s32[6]">(x::iota<"s32[2,3]", 1>()), 3));
  static_assert(s == x::tensor<"s32[2]">{0, 1});
  CHECK(t(0) == 2);
}

// Views of contiguous memory are recognised at compile time: their lines are the
// tensor's own strided memory lines (plain or strided loads), merged where contiguous.
namespace {
using t423 = x::tensor<"f32[4,2,3]">;
using t43 = x::tensor<"f32[4,3]">;
using collapsed = decltype(x::collapse<0, 1>(std::declval<const t423&>()));
using transposed = decltype(x::transpose<1, 0>(std::declval<const t43&>()));
using reversed = decltype(x::rev<1>(std::declval<const t43&>()));
using sliced = decltype(x::slice<x::idx{0, 0}, x::idx{4, 3}, x::idx{2, 1}>(std::declval<const t43&>()));
template <class E, std::size_t M>
using line_t = decltype(std::declval<const E&>().template line<M>(x::multi_index<E::rank>{}));
static_assert(std::is_same_v<line_t<collapsed, 1>, x::strided_line<float, 1>>);
static_assert(std::is_same_v<line_t<collapsed, 0>, x::strided_line<float, 3>>);
static_assert(collapsed::mergeable<0, 1>);  // f32[8,3] = collapse(row-major): one run of 24
static_assert(std::is_same_v<line_t<transposed, 0>, x::strided_line<float, 1>>);
static_assert(std::is_same_v<line_t<transposed, 1>, x::strided_line<float, 3>>);
static_assert(std::is_same_v<line_t<reversed, 1>, x::reversed_line<x::strided_line<float, 1>>>);
static_assert(std::is_same_v<line_t<sliced, 0>, x::strided_line<float, 6>>);
using recut = decltype(x::reshape<"f32[3,8]">(std::declval<const t423&>()));  // rows of 8 across rows of 3
static_assert(std::is_same_v<line_t<recut, 1>, x::strided_line<float, 1>>);
static_assert(!recut::strided_along<1>);
using out_of_order = decltype(x::reshape<"f32[24]", 1, 2, 0>(std::declval<const t423&>()));
static_assert(out_of_order::strided_along<0>);  // element by element: no run in memory
}  // namespace

TEST_CASE("ops/data movement: dynamic_update_slice_in_place into a view, and with an update that reads it") {
  float buf[12] = {0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11};  // f32[4,3] column-major: b(i, j) = 3i + j
  auto b = x::view<"f32[4,3]{0,1}">(buf);
  x::dynamic_update_slice_in_place(b, x::tensor<"f32[1,2]">{{-1.0f, -2.0f}}, 3, 2);  // starts clamp to (3, 1)
  CHECK(b(3, 0) == 9.0f);
  CHECK(b(3, 1) == -1.0f);
  CHECK(b(3, 2) == -2.0f);
  CHECK(buf[7] == -1.0f);
  // The update reads the rows it overwrites (rows 0-1 into rows 1-2): through a temporary.
  x::tensor<"s32[4,3]"> t = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
  x::dynamic_update_slice_in_place(t, x::slice<x::idx{0, 0}, x::idx{2, 3}>(t), 1, 0);
  CHECK(t == x::tensor<"s32[4,3]">{{0, 1, 2}, {0, 1, 2}, {3, 4, 5}, {9, 10, 11}});
}
