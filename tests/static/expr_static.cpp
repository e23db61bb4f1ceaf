// Static facts of the expression engine: expressions over constexpr tensors evaluate at
// compile time (the scalar path), with XLA's values; compiling this file is passing.
#include <sxla/sxla.hpp>

#include <cstdint>
#include <limits>
#include <type_traits>

namespace x = sxla;

namespace {

constexpr x::tensor<"f32[2,3]"> m = {{1, 2, 3}, {4, 5, 6}};
constexpr x::tensor<"f32[3]"> v = {7, 8, 9};

// Seed 003: a vector along dimension 1, a scalar, and the composed 4x2 example.
constexpr auto row_sum = x::eval(x::add(m, v, x::broadcast_dimensions<1>));
static_assert(row_sum(0, 0) == 8 && row_sum(0, 2) == 12 && row_sum(1, 1) == 13);
constexpr auto plus7 = x::eval(m + 7.0f);
static_assert(plus7(1, 2) == 13);
constexpr x::tensor<"f32[4]"> v4 = {1, 2, 3, 4};
constexpr x::tensor<"f32[1,2]"> m12 = {{5, 6}};
constexpr auto four_by_two = x::eval(x::add(v4, m12, x::broadcast_dimensions<0>));
static_assert(std::is_same_v<std::remove_cvref_t<decltype(four_by_two)>, x::tensor<"f32[4,2]">>);
static_assert(four_by_two(0, 0) == 6 && four_by_two(3, 1) == 10);

// Result shapes are types.
using outer = decltype(x::add(x::tensor<"s32[2,1]">{}, x::tensor<"s32[1,3]">{}));
static_assert(outer::spec == x::shape_spec(x::primitive_type::s32, {2, 3}));
using cmp = decltype(m < 2.0f);
static_assert(std::is_same_v<cmp::value_type, bool> && cmp::spec.dimensions == m.spec.dimensions);

// Integer division and shifts have defined values.
constexpr std::int32_t imin = std::numeric_limits<std::int32_t>::min();
constexpr x::tensor<"s32[3]"> num = {7, imin, imin};
constexpr x::tensor<"s32[3]"> den = {0, -1, 0};
constexpr auto q = x::eval(x::div(num, den));
constexpr auto r = x::eval(x::rem(num, den));
static_assert(q(0) == -1 && q(1) == imin && q(2) == -1);
static_assert(r(0) == 7 && r(1) == 0 && r(2) == imin);
constexpr auto sh = x::eval(x::shift_right_arithmetic(x::tensor<"s32[2]">{-8, -8}, x::tensor<"s32[2]">{1, 99}));
static_assert(sh(0) == -4 && sh(1) == -1);

// Select, clamp, sign, iota, transpose, map; f16 arithmetic rounds back.
constexpr auto sel = x::eval(x::select(x::tensor<"pred[4]">{true, false, false, true}, x::tensor<"s32[4]">{1, 2, 3, 4},
                                       x::tensor<"s32[4]">{100, 200, 300, 400}));
static_assert(sel(0) == 1 && sel(1) == 200 && sel(3) == 4);
constexpr auto cl = x::eval(x::clamp(0, x::tensor<"s32[3]">{-1, 5, 9}, 6));
static_assert(cl(0) == 0 && cl(1) == 5 && cl(2) == 6);
constexpr auto sg = x::eval(x::sign(x::tensor<"f32[3]">{-2, 0, 5}));
static_assert(sg(0) == -1 && sg(1) == 0 && sg(2) == 1);
constexpr auto io = x::eval(x::iota<"s32[4,8]", 1>());
static_assert(io(3, 7) == 7 && io(3, 0) == 0);
constexpr auto tr = x::eval(x::transpose<1, 0>(m));
static_assert(tr(2, 1) == 6);
constexpr auto mp = x::eval(x::map([](float a) { return a > 2.0f; }, m));
static_assert(!mp(0, 1) && mp(0, 2));
constexpr x::tensor<"f16[2]"> h = {0.1f, 1024.0f};
constexpr auto hs = x::eval(h + h);
static_assert(hs(0) == x::f16(0.2f) && hs(1) == x::f16(2048.0f));
// One rounding where the target has FMA instructions (fma(0.1, 10, -1)), else two (0.1 *
// 10 rounds to 1).
constexpr auto fused = x::eval(x::tensor<"f64[1]">{0.1} * 10.0 - 1.0);
static_assert(fused(0) == (SXLA_HAS_FMA ? 0x1p-54 : 0.0));

}  // namespace
