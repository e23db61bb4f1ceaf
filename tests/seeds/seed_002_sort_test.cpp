// The Sort section ("Ordenar") of ../shared/seeds/002:
//  - three operands [3, 1], [42, 50], [-3.0, 1.1] with a comparator that compares
//    operand 0 with less-than: the result is the tuple ([1, 3], [50, 42], [1.1, -3.0]);
//  - one rank-1 operand sorted ascending with a less-than comparator: for i < j,
//    cmp(v[i], v[j]) or neither cmp(v[i], v[j]) nor cmp(v[j], v[i]) (the seed's formal
//    rule, checked pair by pair);
//  - rank 2: dimension 0 sorts each column, dimension 1 each row, the default is the last;
//  - is_stable: elements the comparator finds equal keep their relative order.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>

namespace x = sxla;

namespace {
// The seed's comparator: operand 0 with less-than, the other pairs ignored.
struct first_less {
  bool operator()(std::int32_t a_i, std::int32_t a_j, std::int32_t, std::int32_t, float, float) const {
    return a_i < a_j;
  }
};
}  // namespace

TEST_CASE("seed 002 Sort: three operands sorted together by the first") {
  const x::tensor<"s32[2]"> op0 = {3, 1};
  const x::tensor<"s32[2]"> op1 = {42, 50};
  const x::tensor<"f32[2]"> op2 = {-3.0f, 1.1f};
  const auto [r0, r1, r2] = x::sort(op0, op1, op2, first_less{});
  CHECK(r0 == x::tensor<"s32[2]">{1, 3});
  CHECK(r1 == x::tensor<"s32[2]">{50, 42});
  CHECK(r2 == x::tensor<"f32[2]">{1.1f, -3.0f});
  // The same with the built-in comparator, which compares the first pair only.
  const auto [b0, b1, b2] = x::sort(op0, op1, op2, x::lt_op);
  CHECK(b0 == r0);
  CHECK(b1 == r1);
  CHECK(b2 == r2);
}

TEST_CASE("seed 002 Sort: one rank-1 operand satisfies the seed's formal rule") {
  const x::tensor<"s32[9]"> v = {5, -2, 7, 7, 0, 13, -2, 1, 4};
  const auto less = [](std::int32_t a, std::int32_t b) { return a < b; };
  const x::tensor<"s32[9]"> s = x::sort(v, less);
  for (int i = 0; i < 9; ++i)
    for (int j = i + 1; j < 9; ++j) CHECK((less(s(i), s(j)) || (!less(s(i), s(j)) && !less(s(j), s(i)))));
  CHECK(s == x::tensor<"s32[9]">{-2, -2, 0, 1, 4, 5, 7, 7, 13});
}

TEST_CASE("seed 002 Sort: dimension 0 sorts columns, 1 (the default) rows") {
  const x::tensor<"s32[3,3]"> m = {{3, 9, 1}, {2, 0, 8}, {7, 4, 5}};
  CHECK(x::tensor<"s32[3,3]">(x::sort<0>(m)) == x::tensor<"s32[3,3]">{{2, 0, 1}, {3, 4, 5}, {7, 9, 8}});
  CHECK(x::tensor<"s32[3,3]">(x::sort<1>(m)) == x::tensor<"s32[3,3]">{{1, 3, 9}, {0, 2, 8}, {4, 5, 7}});
  CHECK(x::tensor<"s32[3,3]">(x::sort(m)) == x::tensor<"s32[3,3]">(x::sort<1>(m)));
}

TEST_CASE("seed 002 Sort: is_stable keeps equal elements in order") {
  // Keys with ties; the values record the original positions.
  const x::tensor<"s32[8]"> keys = {2, 1, 2, 0, 1, 2, 0, 1};
  const x::tensor<"s32[8]"> pos = {0, 1, 2, 3, 4, 5, 6, 7};
  const auto by_key = [](std::int32_t a, std::int32_t b, std::int32_t, std::int32_t) { return a < b; };
  const auto [k, p] = x::sort<0, x::stable>(keys, pos, by_key);
  CHECK(k == x::tensor<"s32[8]">{0, 0, 1, 1, 1, 2, 2, 2});
  CHECK(p == x::tensor<"s32[8]">{3, 6, 1, 4, 7, 0, 2, 5});
  const auto [kb, pb] = x::sort<0, x::stable>(keys, pos, x::gt_op);
  CHECK(kb == x::tensor<"s32[8]">{2, 2, 2, 1, 1, 1, 0, 0});
  CHECK(pb == x::tensor<"s32[8]">{0, 2, 5, 1, 4, 7, 3, 6});
}
