// x::custom_call: the seed's myfunc example with its values through the C ABI
// (void f(void* out, void** in)), operands in other layouts and lazy ones materialised
// row-major (and row-major ones passed in place), results in another layout and tuple
// results through XLA's array of element pointers, and the typed form. The targets
// below are written from the ABI, reading and writing plain C arrays.
#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <cstdint>
#include <tuple>
#include <type_traits>

namespace x = sxla;

namespace {
int myfunc_checks_failed = 0;
const void* seen_in[4] = {};
}  // namespace

// The seed's example: x = f32[2] {1,2}, y = f32[2x3] {{10,20,30},{40,50,60}},
// CustomCall("myfunc", {x, y}, f32[3x3]); z[0][0] = x[1] + y[1][0], and "// ...": here
// z[i][j] = x[i % 2] * y[i % 2][j] + i, written out from the ABI.
extern "C" void control_myfunc(void* out, void** in) {  // (seeds/ has its own myfunc)
  float (&xs)[2] = *static_cast<float (*)[2]>(in[0]);
  float (&y)[2][3] = *static_cast<float (*)[2][3]>(in[1]);
  const float want_y[2][3] = {{10, 20, 30}, {40, 50, 60}};
  if (xs[0] != 1 || xs[1] != 2) ++myfunc_checks_failed;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      if (y[i][j] != want_y[i][j]) ++myfunc_checks_failed;
  float (&z)[3][3] = *static_cast<float (*)[3][3]>(out);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) z[i][j] = xs[i % 2] * y[i % 2][j] + static_cast<float>(i);
  z[0][0] = xs[1] + y[1][0];
  seen_in[0] = in[0];
  seen_in[1] = in[1];
}

// A tuple result: out is an array of pointers to (f32[2], s32[]); in[0] an s32[3].
extern "C" void sum_and_count(void* out, void** in) {
  void** parts = static_cast<void**>(out);
  const std::int32_t* v = static_cast<const std::int32_t*>(in[0]);
  float* sums = static_cast<float*>(parts[0]);
  std::int32_t* count = static_cast<std::int32_t*>(parts[1]);
  sums[0] = static_cast<float>(v[0] + v[1] + v[2]);
  sums[1] = static_cast<float>(v[0] * v[1] * v[2]);
  *count = 3;
}

// Writes 0, 1, 2, ... in storage order, whatever the layout; reads nothing.
extern "C" void storage_order(void* out, void**) {
  float* o = static_cast<float*>(out);
  for (int i = 0; i < 6; ++i) o[i] = static_cast<float>(i);
}

// Copies in[0], six floats, to out: shows what row-major order the operand came in.
extern "C" void copy_six(void* out, void** in) {
  const float* src = static_cast<const float*>(in[0]);
  float* o = static_cast<float*>(out);
  for (int i = 0; i < 6; ++i) o[i] = src[i];
  seen_in[2] = in[0];
}

TEST_CASE("custom_call: the seed's myfunc example") {
  const x::tensor<"f32[2]"> xs = {1, 2};
  const x::tensor<"f32[2,3]"> y = {{10, 20, 30}, {40, 50, 60}};
  myfunc_checks_failed = 0;
  const auto z = x::custom_call<"f32[3,3]">(&control_myfunc, xs, y);
  static_assert(std::is_same_v<std::remove_const_t<decltype(z)>, x::tensor<"f32[3,3]">>);
  CHECK(myfunc_checks_failed == 0);
  CHECK(z(0, 0) == 42);  // x[1] + y[1][0] = 2 + 40
  CHECK(z(0, 1) == 20);
  CHECK(z(1, 2) == 2 * 60 + 1);
  CHECK(z(2, 0) == 10 + 2);
  // Row-major tensors are passed in place.
  CHECK(seen_in[0] == xs.data());
  CHECK(seen_in[1] == y.data());
}

TEST_CASE("custom_call: operands materialised row-major, views in place") {
  // A column-major operand and a lazy one: the target still sees row-major C arrays.
  const x::tensor<"f32[2,3]{0,1}"> col = {{10, 20, 30}, {40, 50, 60}};
  const x::tensor<"f32[2]"> half = {0.5f, 1};
  myfunc_checks_failed = 0;
  const auto z = x::custom_call<"f32[3,3]">(control_myfunc, half * 2.0f, col);
  CHECK(myfunc_checks_failed == 0);
  CHECK(z(0, 0) == 42);
  CHECK(seen_in[1] != col.data());
  // A tiled operand, copied; a row-major view, in place.
  const x::tensor<"f32[2,3]{1,0:T(2,2)}"> tiled = {{1, 2, 3}, {4, 5, 6}};
  auto r = x::custom_call<"f32[6]">(copy_six, tiled);
  CHECK(r == x::tensor<"f32[6]">{1, 2, 3, 4, 5, 6});
  float buf[6] = {6, 5, 4, 3, 2, 1};
  r = x::custom_call<"f32[6]">(copy_six, x::view<"f32[2,3]">(buf));
  CHECK(r == x::tensor<"f32[6]">{6, 5, 4, 3, 2, 1});
  CHECK(seen_in[2] == static_cast<const void*>(buf));
  // A column-major view is copied row-major.
  r = x::custom_call<"f32[6]">(copy_six, x::view<"f32[2,3]{0,1}">(buf));
  CHECK(r == x::tensor<"f32[6]">{6, 4, 2, 5, 3, 1});
}

TEST_CASE("custom_call: results in the shape's layout, and tuples") {
  // out is the result's storage in the layout the string gives.
  const auto col = x::custom_call<"f32[2,3]{0,1}">(storage_order);
  CHECK(col(0, 0) == 0);
  CHECK(col(1, 0) == 1);
  CHECK(col(0, 1) == 2);
  CHECK(col(1, 2) == 5);
  const auto t = x::custom_call<"(f32[2], s32[])">(sum_and_count, x::tensor<"s32[3]">{2, 3, 4});
  static_assert(std::is_same_v<std::remove_const_t<decltype(t)>, std::tuple<x::tensor<"f32[2]">, x::tensor<"s32[]">>>);
  CHECK(std::get<0>(t) == x::tensor<"f32[2]">{9, 24});
  CHECK(std::get<1>(t)() == 3);
  // A number operand is an s32[] in memory.
  const auto n = x::custom_call<"f32[2,3]">(
      +[](void* out, void** in) {
        float* o = static_cast<float*>(out);
        o[4] = static_cast<float>(*static_cast<const std::int32_t*>(in[0]));
      },
      7);
  CHECK(n == x::tensor<"f32[2,3]">{{0, 0, 0}, {0, 7, 0}});  // the rest starts zeroed
}

TEST_CASE("custom_call: the typed form") {
  const x::tensor<"f32[3]"> a = {1, 2, 3};
  const auto r = x::custom_call<"f32[3]">(
      [](x::tensor<"f32[3]">& out, const x::tensor<"f32[3]">& p, const x::tensor<"f32[]">& s) {
        for (int i = 0; i < 3; ++i) out(i) = p(2 - i) * s();
      },
      a, 10.0f);
  CHECK(r == x::tensor<"f32[3]">{30, 20, 10});
  // The operand of a lazy expression arrives evaluated; a tuple result as a std::tuple.
  const auto t = x::custom_call<"(s32[], f32[3])">(
      [](auto& out, const auto& p) {
        std::get<0>(out)() = 3;
        std::get<1>(out) = p;
      },
      a + 1.0f);
  CHECK(std::get<0>(t)() == 3);
  CHECK(std::get<1>(t) == x::tensor<"f32[3]">{2, 3, 4});
  constexpr auto c = x::custom_call<"s32[2]">([](auto& out, const auto& p) { out = p * 2; }, x::tensor<"s32[2]">{4, 5});
  static_assert(c(0) == 8 && c(1) == 10);
}
