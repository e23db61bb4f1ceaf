// dot and dot_general with one row or one column of result (kernels/gemv.hpp): x . W,
// x . W^T, W . v with W row- and column-major, and the streaming form for matrices
// larger than L2, at sizes 1, 3, 17, 33, 255 and contractions past one block of the
// summation order. Each element is checked two ways, both written here from the
// definitions and not from sxla's code:
//   - bit for bit against the documented order of summation (dot_general.hpp,
//     kernels/gemm.hpp): blocks of block_sum_order<A>() terms, std::fma from zero within
//     a block in order, the blocks' sums added in order;
//   - against the sum in long double, within the documented bound.
// Element types, batches and fused epilogues: dot_matvec_forms_test.cpp.
#include "ops/dot_matvec_check.hpp"

using namespace matvec_check;

TEST_CASE("dot: x . W (W row-major), every size") {
  check_row<float, 1, 1, form::w_row>(1);
  check_row<float, 3, 17, form::w_row>(2);
  check_row<float, 17, 255, form::w_row>(3);
  check_row<float, 33, 3, form::w_row>(4);
  check_row<float, 255, 33, form::w_row>(5);
  check_row<float, 255, 700, form::w_row>(6);  // three blocks of the contraction
  check_row<float, 400, 700, form::w_row>(7);  // past L2 (1.1 MB): the streaming form
}

TEST_CASE("dot: x . W^T (W [N,K] row-major, and column-major)") {
  check_row<float, 1, 255, form::w_transposed>(11);
  check_row<float, 3, 33, form::w_transposed>(12);
  check_row<float, 17, 3, form::w_transposed>(13);
  check_row<float, 33, 700, form::w_transposed>(14);
  check_row<float, 255, 17, form::w_transposed>(15);
  check_row<float, 17, 700, form::w_transposed_col>(16);
  check_row<float, 255, 33, form::w_transposed_col>(17);
}

TEST_CASE("dot: W . v (W [N,K] row-major, and column-major)") {
  check_col<float, 3, 255, false>(21);
  check_col<float, 17, 700, false>(22);
  check_col<float, 33, 1, false>(23);
  check_col<float, 255, 17, false>(24);
  check_col<float, 3, 33, true>(25);
  check_col<float, 17, 255, true>(26);
  check_col<float, 255, 700, true>(27);
}
