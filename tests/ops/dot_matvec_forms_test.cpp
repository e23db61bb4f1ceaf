// dot and dot_general with one row or one column of result (kernels/gemv.hpp), beyond
// f32 (dot_matvec_test.cpp): f64 and c64 on the matrix-vector kernels, bf16 and f16
// (summed in f32 by the engine), batched products, elementwise work fused over the
// product, and the scratch memory: none for the matrix-vector kernels. Same two
// references as dot_matvec_test.cpp (tests/ops/dot_matvec_check.hpp).
#include "ops/dot_matvec_check.hpp"

#include <algorithm>

using namespace matvec_check;

TEST_CASE("dot: matrix-vector products on f64, c64, bf16 and f16") {
  check_row<double, 17, 700, form::w_row>(31);
  check_row<double, 33, 255, form::w_transposed>(32);
  check_col<double, 255, 33, false>(33);
  check_col<double, 3, 255, true>(34);
  check_row<x::c64, 17, 255, form::w_row>(35);
  check_row<x::c64, 3, 33, form::w_transposed>(36);
  check_col<x::c64, 33, 17, false>(37);
  check_col<x::c64, 17, 3, true>(38);
  check_row<x::bf16, 33, 255, form::w_row>(39);
  check_col<x::bf16, 17, 33, false>(40);
  check_row<x::f16, 17, 33, form::w_transposed>(41);
  check_col<x::f16, 255, 17, true>(42);
}

TEST_CASE("dot: the matrix-vector and few-rows kernels take no scratch memory") {
  using row = x::tensor<"f32[1,784]">;
  using w = x::tensor<"f32[784,256]">;
  using wt = x::tensor<"f32[256,784]">;
  using v = x::tensor<"f32[784]">;
  using y_row = x::tensor<"f32[1,256]">;
  using y_col = x::tensor<"f32[256]">;
  using xw = decltype(x::dot(std::declval<const row&>(), std::declval<const w&>()));
  using wv = decltype(x::dot(std::declval<const wt&>(), std::declval<const v&>()));
  using xwt = decltype(x::dot_general<x::dot_dims<x::idx{1}, x::idx{1}>>(std::declval<const row&>(),
                                                                          std::declval<const wt&>()));
  static_assert(xw::scratch<y_row::shape_type> == 0);
  static_assert(wv::scratch<y_col::shape_type> == 0);
  static_assert(xwt::scratch<y_row::shape_type> == 0);
  // (nor the few-rows kernel, [8,784] . [784,256]; the engine, for comparison, packs:
  // [64,784] . [784,256])
  using eight = decltype(x::dot(std::declval<const x::tensor<"f32[8,784]">&>(), std::declval<const w&>()));
  static_assert(eight::scratch<x::tensor<"f32[8,256]">::shape_type> == 0);
  using many = decltype(x::dot(std::declval<const x::tensor<"f32[64,784]">&>(), std::declval<const w&>()));
  static_assert(many::scratch<x::tensor<"f32[64,256]">::shape_type> > 0);
  CHECK(true);
}

TEST_CASE("dot_general: batched matrix-vector products") {
  // [4,1,K] . [4,K,N] -> [4,1,N] (batch 0, contracting 2 x 1), and [4,N,K] . [4,K] -> [4,N].
  using dims = x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>;
  const auto a = random_tensor<x::tensor<"f32[4,1,255]">>(51);
  const auto b = random_tensor<x::tensor<"f32[4,255,33]">>(52);
  const auto c = std::make_unique<x::tensor<"f32[4,1,33]">>();
  *c = x::dot_general<dims>(*a, *b);
  const auto m = random_tensor<x::tensor<"f32[4,17,700]">>(53);
  const auto v = random_tensor<x::tensor<"f32[4,700]">>(54);
  const auto y = std::make_unique<x::tensor<"f32[4,17]">>();
  *y = x::dot_general<dims>(*m, *v);
  int failures = 0;
  for (index_t bt = 0; bt < 4; ++bt) {
    for (index_t j = 0; j < 33; ++j)
      check_element<float, float>(
          (*c)(bt, 0, j), 255, [&](index_t p) { return std::pair{(*a)(bt, 0, p), (*b)(bt, p, j)}; }, j, failures);
    for (index_t j = 0; j < 17; ++j)
      check_element<float, float>(
          (*y)(bt, j), 700, [&](index_t p) { return std::pair{(*m)(bt, j, p), (*v)(bt, p)}; }, j, failures);
  }
  CHECK(failures == 0);
}

TEST_CASE("dot: elementwise work fused over a matrix-vector product") {
  // relu(x W + b) and tanh(W v) - v', each product element rounded once before the
  // elementwise op, as XLA computes the unfused ops.
  const auto xv = random_tensor<x::tensor<"f32[1,255]">>(61);
  const auto w = random_tensor<x::tensor<"f32[255,33]">>(62);
  const auto b = random_tensor<x::tensor<"f32[1,33]">>(63);
  const auto y = std::make_unique<x::tensor<"f32[1,33]">>();
  *y = x::max(x::dot(*xv, *w) + *b, 0.0f);
  const auto wt = random_tensor<x::tensor<"f32[17,700]">>(64);
  const auto v = random_tensor<x::tensor<"f32[700]">>(65);
  const auto u = random_tensor<x::tensor<"f32[17]">>(66);
  const auto z = std::make_unique<x::tensor<"f32[17]">>();
  *z = x::dot(*wt, *v) - *u;
  for (index_t j = 0; j < 33; ++j) {
    const float s = ordered_sum<float>(255, [&](index_t p) { return std::pair{(*xv)(0, p), (*w)(p, j)}; });
    CHECK((*y)(0, j) == std::max(s + (*b)(0, j), 0.0f));
  }
  for (index_t j = 0; j < 17; ++j) {
    const float s = ordered_sum<float>(700, [&](index_t p) { return std::pair{(*wt)(j, p), (*v)(p)}; });
    CHECK((*z)(j) == s - (*u)(j));
  }
}
