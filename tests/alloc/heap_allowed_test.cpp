// The documented allocations of a build that allows the heap (SXLA_ALLOW_HEAP=1): an
// evaluation whose scratch memory exceeds SXLA_STACK_TEMPORARY_BYTES and is given no
// workspace allocates exactly once (one block for all of it, freed at its end); with a
// workspace, or within the stack budget, never. Also checks that the counting itself
// sees operator new and malloc (the other file's zeros would otherwise prove nothing).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdlib>

#include "alloc/counting.hpp"

namespace x = sxla;
using sxla_test::allocations_during;

namespace {
x::tensor<"f32[256,256]"> lhs, rhs, out;
x::tensor<"f32[1024,1024]"> big;
}  // namespace

TEST_CASE("alloc: the counter sees operator new, aligned new and malloc") {
  // (Each pointer escapes through a volatile, so that no pair of new and delete is elided.)
  static void* volatile escape = nullptr;
  CHECK_EQ(allocations_during([] { escape = new int(1); }), 1);
  delete static_cast<int*>(escape);
  CHECK_EQ(allocations_during([] { escape = new x::workspace<100>; }), 1);  // aligned new
  delete static_cast<x::workspace<100>*>(escape);
  CHECK_EQ(allocations_during([] { escape = std::malloc(16); }), 1);
  std::free(escape);
  void* p = nullptr;
  CHECK_EQ(allocations_during([&] { CHECK(posix_memalign(&p, 64, 64) == 0); }), 1);
  std::free(p);
}

TEST_CASE("alloc: with SXLA_ALLOW_HEAP, scratch beyond the stack budget is one heap block per evaluation") {
  for (int i = 0; i < 256; ++i) lhs(i, i) = rhs(i, 255 - i) = 1.0f;
  // 256^3: 532,480 bytes of packing, one block.
  CHECK_EQ(allocations_during([] { x::noalias(out) = x::dot(lhs, rhs); }), 1);
  CHECK(out(3, 252) == 1.0f);
  CHECK_EQ(allocations_during([] { out = x::max(x::dot(lhs, x::transpose<1, 0>(rhs)) + 1.0f, 0.0f); }), 1);
  // The same with a workspace: none.
  static x::workspace_for<decltype(x::dot(lhs, rhs)), decltype(out)> ws;
  CHECK_EQ(allocations_during([] { out.using_workspace(ws) = x::dot(lhs, rhs); }), 0);
  // Within the stack budget: none.
  const x::tensor<"f32[32,64]"> a = x::iota<"f32[32,64]", 1>();
  x::tensor<"f32[32,32]"> small;
  CHECK_EQ(allocations_during([&] { small = x::dot(a, x::transpose<1, 0>(a)); }), 0);
  // T = transpose(T): one block for the aliasing temporary (4 MiB) when T is read in
  // another order, none with x::noalias into another tensor.
  big(0, 1) = 5.0f;
  CHECK_EQ(allocations_during([] { big = x::transpose<1, 0>(big); }), 1);
  CHECK(big(1, 0) == 5.0f);
}
