// The quickstart's computation using only single_include/sxla.hpp, built with
// -fno-exceptions -fno-rtti (suite single_include). Exits non-zero on a mismatch.
#include "sxla.hpp"

#include <cstdio>

namespace x = sxla;

using tiled = x::shape<"f32[3,5]{1,0:T(2,2)}">;
static_assert(tiled::storage_count == 24 && x::linear_index<tiled>({2, 3}) == 17);
static_assert(x::to_string<tiled>() == "f32[3,5]{1,0:T(2,2)}");

#if defined(__cpp_exceptions) || defined(__GXX_RTTI)
#error "this test must be built with -fno-exceptions -fno-rtti"
#endif

int main() {
  x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  x::tensor<"f32[2,3]{0,1}"> col = a;
  x::tensor<"f32[2,3]{1,0:T(2,2)}"> til = a;
  float buf[6];
  auto out = x::view<"f32[2,3]{0,1}">(buf);
  out = a;
  const float expect_col[6] = {1, 4, 2, 5, 3, 6};
  const float expect_tiled[8] = {1, 2, 4, 5, 3, 0, 6, 0};
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  const x::tensor<"f32[2,3]{0,1}"> fused = x::max(x::add(a * a, v, x::broadcast_dimensions<1>) - 20.0f, 0.0f);
  bool ok = col == a && til == a && out == a && !x::parse_shape("f32[2,3]{0,0}").ok() &&
            fused == x::tensor<"f32[2,3]">{{0, 0, 0}, {3, 13, 25}} && x::eval(x::tanh(v - v))(1) == 0.0f;
  for (int i = 0; i < 6; ++i) ok = ok && buf[i] == expect_col[i] && col.storage()[i] == expect_col[i];
  for (int i = 0; i < 8; ++i) ok = ok && til.storage()[i] == expect_tiled[i];
  std::printf("single header (%s): %s\n", x::simd::backend_name().data(), ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
