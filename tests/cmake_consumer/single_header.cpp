// Uses sxla through the installed single header only: tools/check_cmake_consumer.sh
// compiles it with an include path holding nothing but <sxla.hpp>, the flags of the
// installed pkg-config file, and -fno-exceptions -fno-rtti. An expression into a view
// over a caller's pointer, and the run-time parser. Exits non-zero on any mismatch.
#include <sxla.hpp>

#include <cstdio>
#include <string_view>

namespace x = sxla;

int main() {
  const x::tensor<"s32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  alignas(64) int buf[6] = {};
  auto out = x::view<"s32[2,3]{0,1}">(&buf[0]);   // a pointer: the caller vouches for 6
  out = x::max(a * a - 10, 0);                     // column-major: 0 6 0 15 0 26
  const int expect[6] = {0, 6, 0, 15, 0, 26};
  bool ok = true;
  for (int i = 0; i < 6; ++i) ok = ok && buf[i] == expect[i];

  const auto good = x::parse_shape("f32[3,5]{1,0:T(2,2)}");
  const auto bad = x::parse_shape("f32[2,x]");
  ok = ok && good.ok() && x::to_string(good.shape) == std::string_view("f32[3,5]{1,0:T(2,2)}");
  ok = ok && !bad && bad.is_syntax_error() && bad.status.position == 6;

  const std::string_view backend = x::simd::backend_name();
  std::printf("single header (%.*s): %s\n", static_cast<int>(backend.size()), backend.data(),
              ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
