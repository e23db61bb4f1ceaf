// The README's quickstart: shapes as types, layouts, tensors, views and expressions.
// Build and run: meson setup build && meson compile -C build && build/examples/quickstart
#include <sxla/sxla.hpp>

#include <iostream>

namespace x = sxla;

// Shapes are types; an HLO shape string is accepted wherever a shape is.
using tiled = x::shape<"f32[3,5]{1,0:T(2,2)}">;
static_assert(tiled::rank == 2 && tiled::element_count == 15);
static_assert(tiled::storage_count == 24);                 // tile padding counted
static_assert(x::linear_index<tiled>({2, 3}) == 17);        // constexpr index math
static_assert(x::to_string<tiled>() == "f32[3,5]{1,0:T(2,2)}");

int main() {
  // Tensors own static storage (no heap); values are given in logical order.
  x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};

  // The same values in column-major storage, and in a 2x2-tiled layout.
  x::tensor<"f32[2,3]{0,1}"> col = a;
  x::tensor<"f32[2,3]{1,0:T(2,2)}"> til = a;

  // A view lays out memory the caller owns; assigning to it writes that memory.
  float buf[6];
  auto out = x::view<"f32[2,3]{0,1}">(buf);
  out = a;

  std::cout << a << '\n' << col << '\n' << til << '\n';
  std::cout << "column-major storage:";
  for (float v : buf) std::cout << ' ' << v;
  std::cout << "\ntiled storage:";
  for (float v : til.storage()) std::cout << ' ' << v;
  std::cout << "\na(1, 2) = " << a(1, 2) << ", element (2,3) of " << x::to_string<tiled>()
            << " is at offset " << x::linear_index<tiled>({2, 3}) << '\n';

  // Shape strings read at run time give an error value, never an exception.
  const auto bad = x::parse_shape("f32[2,3]{0,0}");
  std::cout << "parse_shape(\"f32[2,3]{0,0}\"): " << bad.message().view() << '\n';

  // Operations are lazy expressions, evaluated in one vectorised pass when assigned,
  // in the destination's layout; XLA's broadcasting rules apply.
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  const x::tensor<"f32[2,3]{0,1}"> fused = x::max(x::add(a * a, v, x::broadcast_dimensions<1>) - 20.0f, 0.0f);
  const auto squashed = x::eval(x::tanh(x::iota<"f32[4]", 0>() / 2.0f));
  std::cout << fused << '\n' << squashed << '\n';

  // The same at compile time.
  constexpr x::tensor<"s32[3]"> c = {1, 2, 3};
  static_assert(x::eval(x::max(c * c - 2, 0))(2) == 7);

  const bool ok = col == a && til == a && out == a && buf[1] == 4.0f && til.storage()[2] == 4.0f &&
                  fused == x::tensor<"f32[2,3]">{{0, 0, 0}, {3, 13, 25}} && squashed(0) == 0.0f;
  std::cout << (ok ? "quickstart: ok" : "quickstart: MISMATCH") << '\n';
  return ok ? 0 : 1;
}
