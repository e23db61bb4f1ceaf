// x::dynamic_reshape (XLA's DynamicReshape): the four cases of XLA's own tests
// (xla/tests/dynamic_reshape_test.cc: bounded dynamic operands and results, their valid
// elements in row-major order), checked by their listed answers; the sizes seen by
// get_dimension_size and a reduction above; sizes as scalars, as an s32 array, a lazy
// expression and s4 values; clamped sizes and element counts that differ (undefined in
// XLA, defined here: the first min of the two moved, the rest zero).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>

namespace x = sxla;
using x::index_t;

namespace {
// 0, 1, 2, ... in row-major order.
template <class T>
T counting() {
  T t;
  for (index_t k = 0; k < x::detail::element_count(T::spec.dimensions); ++k)
    t.data()[k] = static_cast<typename T::value_type>(k);
  return t;
}
}  // namespace

TEST_CASE("dynamic_reshape: XLA's test cases") {
  // s32[2,<=3,3] with dimension 1 of size 2 -> s32[<=18] of size 9.
  const auto a = x::set_dimension_size<1>(counting<x::tensor<"s32[2,3,3]">>(), 2);
  const auto ra = x::dynamic_reshape<"s32[18]">(a, 9);
  CHECK(x::get_dimension_size<0>(ra) == 9);
  CHECK(x::tensor<"s32[18]">(ra) == x::tensor<"s32[18]">{0, 1, 2, 3, 4, 5, 9, 10, 11});
  // s32[2,<=3,<=3] with dimensions 1 and 2 of size 2 -> s32[<=18] of size 8.
  const auto b = x::set_dimension_size<2>(x::set_dimension_size<1>(counting<x::tensor<"s32[2,3,3]">>(), 2), 2);
  CHECK(x::tensor<"s32[18]">(x::dynamic_reshape<"s32[18]">(b, x::tensor<"s32[1]">{8})) ==
        x::tensor<"s32[18]">{0, 1, 3, 4, 9, 10, 12, 13});
  // s32[<=18] of size 8 -> s32[2,<=3,<=3] of sizes (2, 2, 2).
  const auto c = x::set_dimension_size<0>(counting<x::tensor<"s32[18]">>(), 8);
  const auto rc = x::dynamic_reshape<"s32[2,3,3]">(c, 2, 2, 2);
  CHECK(x::get_dimension_size<1>(rc) == 2);
  x::tensor<"s32[2,3,3]"> want_c{};
  want_c(0, 0, 0) = 0, want_c(0, 0, 1) = 1, want_c(0, 1, 0) = 2, want_c(0, 1, 1) = 3;
  want_c(1, 0, 0) = 4, want_c(1, 0, 1) = 5, want_c(1, 1, 0) = 6, want_c(1, 1, 1) = 7;
  CHECK(x::tensor<"s32[2,3,3]">(rc) == want_c);
  // s32[<=3,<=4,<=4] of sizes (2, 3, 3) -> s32[<=6,<=8] of sizes (3, 6).
  const auto d = x::set_dimension_size<2>(
      x::set_dimension_size<1>(x::set_dimension_size<0>(counting<x::tensor<"s32[3,4,4]">>(), 2), 3), 3);
  const auto rd = x::dynamic_reshape<"s32[6,8]">(d, x::tensor<"s32[2]">{3, 6});
  CHECK(x::get_dimension_size<0>(rd) == 3);
  CHECK(x::get_dimension_size<1>(rd) == 6);
  CHECK(x::tensor<"s32[6,8]">(rd) == x::tensor<"s32[6,8]">{{0, 1, 2, 4, 5, 6, 0, 0},
                                                            {8, 9, 10, 16, 17, 18, 0, 0},
                                                            {20, 21, 22, 24, 25, 26, 0, 0}});
  // A reduction above it reduces over the run-time sizes only: 0+1+2+4+5+6 = 18.
  const x::tensor<"s32[6]"> sums = x::reduce<1>(rd, 0, x::add_op);
  CHECK(sums(0) == 18);
  CHECK(x::get_dimension_size<0>(x::reduce<1>(rd, 0, x::add_op)) == 3);
}

TEST_CASE("dynamic_reshape: static operands, sizes of any integer form") {
  const auto v = counting<x::tensor<"f32[2,6]">>();
  const x::tensor<"f32[4,3]"> full = x::dynamic_reshape<"f32[4,3]">(v, 4, 3);
  CHECK(full == x::tensor<"f32[4,3]">(x::reshape<"f32[4,3]">(v)));
  const x::tensor<"f32[4,3]"> want = {{0, 1, 2}, {3, 4, 5}, {0, 0, 0}, {0, 0, 0}};
  CHECK(x::tensor<"f32[4,3]">(x::dynamic_reshape<"f32[4,3]">(v, std::int64_t{2}, 3u)) == want);
  CHECK(x::tensor<"f32[4,3]">(x::dynamic_reshape<"f32[4,3]">(v, x::tensor<"s32[2]">{1, 2} + 1)) == want);
  CHECK(x::tensor<"f32[4,3]">(x::dynamic_reshape<"f32[4,3]">(v, x::tensor<"s4[2]">{x::s4(2), x::s4(3)})) == want);
}

TEST_CASE("dynamic_reshape: sizes clamped to the bounds; element counts that differ") {
  const x::tensor<"f32[6]"> v = {1, 2, 3, 4, 5, 6};
  // 9 > 3 is clamped to 3, -1 to 0.
  const auto r = x::dynamic_reshape<"f32[3,2]">(v, 9, 2);
  CHECK(x::get_dimension_size<0>(r) == 3);
  CHECK(x::tensor<"f32[3,2]">(r) == x::tensor<"f32[3,2]">{{1, 2}, {3, 4}, {5, 6}});
  const auto z = x::dynamic_reshape<"f32[3,2]">(v, -1, 2);
  CHECK(x::get_dimension_size<0>(z) == 0);
  CHECK(x::tensor<"f32[3,2]">(z) == x::tensor<"f32[3,2]">{});
  // More asked for than the operand holds: the rest zero.
  const auto few = x::set_dimension_size<0>(v, 3);
  CHECK(x::tensor<"f32[3,2]">(x::dynamic_reshape<"f32[3,2]">(few, 3, 2)) ==
        x::tensor<"f32[3,2]">{{1, 2}, {3, 0}, {0, 0}});
}
