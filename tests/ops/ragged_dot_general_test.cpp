// x::ragged_dot_general (XLA's RaggedDot with its full dimension numbers) against
// jax.lax.ragged_dot_general's answers (jax 0.10.2, CPU), one worked case per form and
// placement of the dimensions: a ragged non-contracting dimension with batch dimensions
// (group sizes per batch row and a shared [g]; the rhs group dimension first and inside;
// non-contracting dimensions before the ragged one; the batch dimension after it), a
// ragged contracting dimension without and with batch dimensions and with contracting
// dimensions before the ragged one (in increasing and in listed order), and a ragged
// batch dimension; with group sizes that fit, fall short, overshoot and are negative.
// Then a lazy and a column-major operand, and result element types.
//
// The operands are filled by flat index: lhs (7 i mod 11) - 5, rhs (5 i mod 7) - 3, in jax
// as jnp.array([...]).reshape(shape) (float32), so every value here is exact.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>

namespace x = sxla;
using x::idx;
using x::index_t;

namespace {
template <class T>
T lhs_values() {
  T t;
  for (index_t i = 0; i < T::shape_type::element_count; ++i)
    t.data()[i] = static_cast<typename T::value_type>((7 * i % 11) - 5);
  return t;
}
template <class T>
T rhs_values() {
  T t;
  for (index_t i = 0; i < T::shape_type::element_count; ++i)
    t.data()[i] = static_cast<typename T::value_type>((5 * i % 7) - 3);
  return t;
}
}  // namespace

TEST_CASE("ragged_dot_general: ragged non-contracting dimension with a batch dimension, jax's answers") {
  // lhs [b, m, k], rhs [g, b, k, n], group_sizes [b, g] or [g] -> [b, m, n]
  using D = x::ragged_dot_dims<x::dot_dims<idx{2}, idx{2}, idx{0}, idx{1}>, idx{1}, idx{0}>;
  const auto lhs = lhs_values<x::tensor<"f32[2,5,2]">>();
  const auto rhs = rhs_values<x::tensor<"f32[3,2,2,2]">>();
  using Out = x::tensor<"f32[2,5,2]">;
  // batch 0 fits; batch 1 has a negative size (group 2 overlaps group 0 on row 0) and falls short.
  CHECK(x::ragged_dot_general<D>(lhs, rhs, x::tensor<"s32[2,3]">{{2, 2, 1}, {1, -1, 3}}) ==
        Out{{{15, -14}, {6, -14}, {8, -9}, {8, 0}, {9, 11}}, {{-7, 17}, {-6, -6}, {-3, -15}, {0, 0}, {0, 0}}});
  // batch 0 falls short; batch 1 overshoots (the last groups clipped).
  CHECK(x::ragged_dot_general<D>(lhs, rhs, x::tensor<"s32[2,3]">{{1, 1, 1}, {4, 4, 4}}) ==
        Out{{{15, -14}, {-14, 15}, {-9, -5}, {0, 0}, {0, 0}}, {{2, 14}, {8, 8}, {14, 2}, {-13, -15}, {12, -8}}});
  // [g] serves both batch rows.
  CHECK(x::ragged_dot_general<D>(lhs, rhs, x::tensor<"s32[3]">{2, 0, 2}) ==
        Out{{{15, -14}, {6, -14}, {-9, -5}, {0, -8}, {0, 0}}, {{2, 14}, {8, 8}, {-3, -15}, {11, 9}, {0, 0}}});
  CHECK(x::ragged_dot_general<D>(lhs, rhs, x::tensor<"s64[2,3]">{{0, 0, 0}, {-2, 4, 9}}) ==
        Out{{{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}}, {{14, -9}, {8, -6}, {-3, -15}, {11, 9}, {-8, 0}}});
}

TEST_CASE("ragged_dot_general: the rhs group dimension inside rhs, and the batch dimension after the ragged one") {
  // rhs [b, k, g, n]: the group dimension is not rhs's first.
  using D = x::ragged_dot_dims<x::dot_dims<idx{2}, idx{1}, idx{0}, idx{0}>, idx{1}, idx{2}>;
  CHECK(x::ragged_dot_general<D>(lhs_values<x::tensor<"f32[2,5,2]">>(), rhs_values<x::tensor<"f32[2,2,3,2]">>(),
                                 x::tensor<"s32[2,3]">{{2, 2, 1}, {1, -1, 3}}) ==
        x::tensor<"f32[2,5,2]">{{{13, -16}, {1, -19}, {-6, -2}, {0, -8}, {-18, 5}},
                                {{-26, -2}, {-4, -4}, {2, -10}, {0, 0}, {0, 0}}});
  // lhs [m, b, k] ragged in m (dimension 0), batch dimension 1; rhs [b, g, k, n]; the
  // result puts the batch dimension first: [b, m, n]; group_sizes [b, g].
  using E = x::ragged_dot_dims<x::dot_dims<idx{2}, idx{2}, idx{1}, idx{0}>, idx{0}, idx{1}>;
  CHECK(x::ragged_dot_general<E>(lhs_values<x::tensor<"f32[4,2,3]">>(), rhs_values<x::tensor<"f32[2,3,3,2]">>(),
                                 x::tensor<"s32[2,3]">{{1, 2, 1}, {3, -2, 3}}) ==
        x::tensor<"f32[2,4,2]">{{{9, -16}, {4, -24}, {-16, 9}, {12, -14}}, {{8, 2}, {2, 14}, {1, -7}, {-17, -9}}});
}

TEST_CASE("ragged_dot_general: non-contracting dimensions before the ragged one carry their own group sizes") {
  // lhs [b, x, m, k] ragged in m; group_sizes [b, x, g]; rhs [g, b, k, n].
  using D = x::ragged_dot_dims<x::dot_dims<idx{3}, idx{2}, idx{0}, idx{1}>, idx{2}, idx{0}>;
  CHECK(x::ragged_dot_general<D>(lhs_values<x::tensor<"f32[2,2,3,2]">>(), rhs_values<x::tensor<"f32[2,2,2,2]">>(),
                                 x::tensor<"s32[2,2,2]">{{{1, 2}, {3, 0}}, {{0, 1}, {-1, 5}}}) ==
        x::tensor<"f32[2,2,3,2]">{{{{15, -14}, {-14, 15}, {8, -9}}, {{-12, 8}, {12, -14}, {3, 8}}},
                                  {{{8, -6}, {0, 0}, {0, 0}}, {{12, -8}, {6, -5}, {-11, 9}}}});
}

TEST_CASE("ragged_dot_general: ragged contracting dimension, jax's answers") {
  // lhs [m, k] ragged in k, rhs [k, n], group_sizes [g] -> [g, m, n]
  using D = x::ragged_dot_dims<x::dot_dims<idx{1}, idx{0}>, idx{1}>;
  const auto lhs = lhs_values<x::tensor<"f32[2,6]">>();
  const auto rhs = rhs_values<x::tensor<"f32[6,2]">>();
  using Out = x::tensor<"f32[3,2,2]">;
  const auto run = [&](std::int32_t a, std::int32_t b, std::int32_t c) {
    return x::ragged_dot_general<D>(lhs, rhs, x::tensor<"s32[3]">{a, b, c});
  };
  CHECK(run(2, 3, 1) == Out{{{15, -14}, {-12, 8}}, {{-9, -17}, {-17, -13}}, {{6, -9}, {10, -15}}});
  CHECK(run(2, 1, 1) == Out{{{15, -14}, {-12, 8}}, {{-6, -2}, {-12, -4}}, {{-5, -15}, {-3, -9}}});
  CHECK(run(4, 4, 4) == Out{{{4, -31}, {-27, -5}}, {{8, -9}, {8, -15}}, {{0, 0}, {0, 0}}});
  CHECK(run(-1, 3, 2) == Out{{{0, 0}, {0, 0}}, {{15, -14}, {-12, 8}}, {{-11, -17}, {-15, -13}}});
  CHECK(run(2, -1, 3) == Out{{{15, -14}, {-12, 8}}, {{0, 0}, {0, 0}}, {{-11, -21}, {-15, -13}}});
  CHECK(run(0, 0, 0) == Out{});
}

TEST_CASE("ragged_dot_general: ragged contracting dimension with batch and outer contracting dimensions") {
  // lhs [b, m, k], rhs [b, k, n], group_sizes [b, g] -> [g, b, m, n]
  using D = x::ragged_dot_dims<x::dot_dims<idx{2}, idx{1}, idx{0}, idx{0}>, idx{2}>;
  CHECK(x::ragged_dot_general<D>(lhs_values<x::tensor<"f32[2,2,6]">>(), rhs_values<x::tensor<"f32[2,6,2]">>(),
                                 x::tensor<"s32[2,3]">{{2, 3, 1}, {-1, 5, 4}}) ==
        x::tensor<"f32[3,2,2,2]">{{{{15, -14}, {-12, 8}}, {{0, 0}, {0, 0}}},
                                  {{{-9, -17}, {-17, -13}}, {{11, -15}, {9, -15}}},
                                  {{{6, -9}, {10, -15}}, {{11, 9}, {9, 15}}}});
  // lhs [m, k1, k2] contracting {1, 2}, ragged in k2: group_sizes [k1, g].
  using E = x::ragged_dot_dims<x::dot_dims<idx{1, 2}, idx{0, 1}>, idx{2}>;
  CHECK(x::ragged_dot_general<E>(lhs_values<x::tensor<"f32[2,2,3]">>(), rhs_values<x::tensor<"f32[2,3,2]">>(),
                                 x::tensor<"s32[2,2]">{{1, 2}, {3, -1}}) ==
        x::tensor<"f32[2,2,2]">{{{18, -34}, {-7, -16}}, {{-6, -6}, {-12, -4}}});
  // Contracting dimensions listed {2, 1}, ragged in 1: the one listed before it is lhs
  // dimension 2, so group_sizes [k2, g]; rhs [k2, k1, n].
  using F = x::ragged_dot_dims<x::dot_dims<idx{2, 1}, idx{1, 0}>, idx{1}>;
  CHECK(x::ragged_dot_general<F>(lhs_values<x::tensor<"f32[2,2,3]">>(), rhs_values<x::tensor<"f32[2,3,2]">>(),
                                 x::tensor<"s32[3,2]">{{1, 1}, {0, 2}, {2, 0}}) ==
        x::tensor<"f32[2,2,2]">{{{15, -21}, {-14, -11}}, {{-3, -19}, {-5, -9}}});
}

TEST_CASE("ragged_dot_general: ragged batch dimension: dot_general's product, group sizes unread") {
  using D = x::ragged_dot_dims<x::dot_dims<idx{2}, idx{1}, idx{0}, idx{0}>, idx{0}>;
  const auto lhs = lhs_values<x::tensor<"f32[3,2,2]">>();
  const auto rhs = rhs_values<x::tensor<"f32[3,2,1]">>();
  const x::tensor<"f32[3,2,1]"> want = {{{19}, {16}}, {{6}, {0}}, {{-9}, {-8}}};
  CHECK(x::ragged_dot_general<D>(lhs, rhs, x::tensor<"s32[2]">{1, 0}) == want);
  CHECK(x::ragged_dot_general<D>(lhs, rhs, x::tensor<"u8[7]">{}) == want);
  CHECK(x::tensor<"f32[3,2,1]">(x::dot_general<x::dot_dims<idx{2}, idx{1}, idx{0}, idx{0}>>(lhs, rhs)) == want);
  // Two batch dimensions, ragged in the second: group_sizes [b0, g].
  using E = x::ragged_dot_dims<x::dot_dims<idx{3}, idx{2}, idx{0, 1}, idx{0, 1}>, idx{1}>;
  CHECK(x::ragged_dot_general<E>(lhs_values<x::tensor<"f32[2,3,2,2]">>(), rhs_values<x::tensor<"f32[2,3,2,2]">>(),
                                 x::tensor<"s32[2,4]">{{5, -3, 1, 0}, {0, 0, 0, 0}}) ==
        x::tensor<"f32[2,3,2,2]">{{{{15, -14}, {6, -14}}, {{6, 10}, {12, 4}}, {{-14, 9}, {8, -15}}},
                                  {{{8, -6}, {2, -3}}, {{12, 10}, {-12, -4}}, {{-5, -9}, {9, 15}}}});
}

TEST_CASE("ragged_dot_general: lazy and column-major operands, result element types") {
  using D = x::ragged_dot_dims<x::dot_dims<idx{2}, idx{2}, idx{0}, idx{1}>, idx{1}, idx{0}>;
  const auto lhs = lhs_values<x::tensor<"f32[2,5,2]">>();
  const auto rhs = rhs_values<x::tensor<"f32[3,2,2,2]">>();
  const x::tensor<"s32[2,3]"> sizes = {{2, 2, 1}, {1, -1, 3}};
  const x::tensor<"f32[2,5,2]"> want = {{{15, -14}, {6, -14}, {8, -9}, {8, 0}, {9, 11}},
                                        {{-7, 17}, {-6, -6}, {-3, -15}, {0, 0}, {0, 0}}};
  // An expression operand (read element by element) and a column-major one (in place,
  // through its strides).
  CHECK(x::ragged_dot_general<D>(lhs * 2.0f, rhs, sizes) == x::tensor<"f32[2,5,2]">(want * 2.0f));
  const x::tensor<"f32[3,2,2,2]{0,1,2,3}"> rhs_columns = rhs;
  const x::tensor<"f32[2,5,2]{0,1,2}"> lhs_columns = lhs;
  CHECK(x::ragged_dot_general<D>(lhs_columns, rhs_columns, sizes) == want);
  CHECK(x::ragged_dot_general<D>(lhs, x::transpose<0, 1, 2, 3>(rhs), x::convert<std::int16_t>(sizes)) == want);
  // Result types: s8 operands summed in s32 and kept (s32), or wrapped into s8; bf16
  // operands summed in f32 and kept.
  const x::tensor<"s8[2,5,2]"> lhs8 = x::convert<std::int8_t>(lhs * 10.0f);
  const x::tensor<"s8[3,2,2,2]"> rhs8 = x::convert<std::int8_t>(rhs * 10.0f);
  const x::tensor<"s32[2,5,2]"> want32 = x::convert<std::int32_t>(want * 100.0f);
  CHECK(x::ragged_dot_general<D, std::int32_t>(lhs8, rhs8, sizes) == want32);
  CHECK(x::ragged_dot_general<D>(lhs8, rhs8, sizes) == x::tensor<"s8[2,5,2]">(x::convert<std::int8_t>(want32)));
  const x::tensor<"bf16[2,5,2]"> lhs16 = x::convert<x::bf16>(lhs * 0.125f);
  const x::tensor<"bf16[3,2,2,2]"> rhs16 = x::convert<x::bf16>(rhs);
  CHECK(x::ragged_dot_general<D, float>(lhs16, rhs16, sizes) == x::tensor<"f32[2,5,2]">(want * 0.125f));
  CHECK(x::ragged_dot<float>(x::tensor<"bf16[3,1]">{{1.5f}, {2}, {3}}, x::tensor<"bf16[2,1,1]">{{{2}}, {{-1}}},
                             x::tensor<"s32[2]">{1, 2}) == x::tensor<"f32[3,1]">{{3}, {-2}, {-3}});
}
