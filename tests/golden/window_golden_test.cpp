// ReduceWindow and SelectAndScatter against NumPy (tests/golden/reduction_golden.txt,
// written by tools/gen_golden.py; the checks in reduction_golden_check.hpp): max and min
// windows exactly; window sums within 1e-6 of the sum of |x| over the window (at most 8
// f32 additions: below 8 * 2^-24 < 5e-7 of it); select_and_scatter exactly (integer
// values: the scattered sums are exact).

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "golden/reduction_golden_check.hpp"

namespace x = sxla;
using namespace reduction_golden;

namespace {

constexpr float inf = std::numeric_limits<float>::infinity();
const auto ge = [](float a, float b) { return a >= b; };

}  // namespace

TEST_CASE("golden/reduction: max pooling 2x2 stride 2 over NHWC f32[1,8,8,16], exactly") {
  const auto in = load<x::tensor<"f32[1,8,8,16]">>("rw_maxpool_x");
  const x::tensor<"f32[1,4,4,16]"> pooled =
      x::reduce_window<x::idx{1, 2, 2, 1}, x::idx{1, 2, 2, 1}>(in, -inf, x::max_op);
  check_exact("max pooling", pooled, want("rw_maxpool_out"));
  const x::tensor<"f32[1,4,4,16]{0,1,2,3}"> column_major =
      x::reduce_window<x::idx{1, 2, 2, 1}, x::idx{1, 2, 2, 1}>(in, -inf, x::max_op);
  check_exact("max pooling into {0,1,2,3}", column_major, want("rw_maxpool_out"));
}

TEST_CASE("golden/reduction: sum, window {3,3}, strides {2,1}, padding low {1,0} high {1,2}") {
  const auto in = load<x::tensor<"f32[7,9]">>("rw_sum_x");
  const x::tensor<"f32[4,9]"> sums =
      x::reduce_window<x::idx{3, 3}, x::idx{2, 1}, x::padding::low_high(x::idx{1, 0}, x::idx{1, 2})>(in, 0.0f,
                                                                                                   x::add_op);
  const auto mag = load<x::tensor<"f64[4,9]">>("rw_sum_mag");
  check_close("window sums", sums, want("rw_sum_out"), [&](const auto& i) { return 1e-6 * mag[i]; });
}

TEST_CASE("golden/reduction: SAME min, window 3, stride 2, over 11 elements, exactly") {
  const auto in = load<x::tensor<"f32[11]">>("rw_same_min_x");
  const x::tensor<"f32[6]"> mins = x::reduce_window<x::idx{3}, x::idx{2}, x::padding::same>(in, inf, x::min_op);
  check_exact("SAME min", mins, want("rw_same_min_out"));
}

TEST_CASE("golden/reduction: sum with base dilation 2 and window dilation 2, padding (1, 2)") {
  const auto in = load<x::tensor<"f32[9]">>("rw_dilated_sum_x");
  const x::tensor<"f32[16]"> sums =
      x::reduce_window<x::idx{3}, x::idx{1}, x::padding::low_high(x::idx{1}, x::idx{2}), x::idx{2}, x::idx{2}>(
          in, 0.0f, x::add_op);
  const auto mag = load<x::tensor<"f64[16]">>("rw_dilated_sum_mag");
  // Windows on holes only have magnitude 0: they must be exactly the init value.
  check_close("dilated sums", sums, want("rw_dilated_sum_out"), [&](const auto& i) { return 1e-6 * mag[i]; });
}

TEST_CASE("golden/reduction: select_and_scatter, the gradient of 2x2 max pooling, exactly") {
  const auto in = load<x::tensor<"f32[1,8,8,16]">>("rw_maxpool_x");
  const auto source = load<x::tensor<"f32[1,4,4,16]">>("ss_maxpool_source");
  const auto grad = x::select_and_scatter<x::idx{1, 2, 2, 1}, x::idx{1, 2, 2, 1}>(in, ge, source, 0.0f, x::add_op);
  check_exact("max pooling gradient", grad, want("ss_maxpool_out"));
}

TEST_CASE("golden/reduction: select_and_scatter, overlapping SAME 3x3 stride 2 windows with ties, exactly") {
  const auto in = load<x::tensor<"f32[7,7]">>("ss_overlap_operand");
  const auto source = load<x::tensor<"f32[4,4]">>("ss_overlap_source");
  const auto grad =
      x::select_and_scatter<x::idx{3, 3}, x::idx{2, 2}, x::padding::same>(in, ge, source, 0.0f, x::add_op);
  check_exact("overlapping windows", grad, want("ss_overlap_out"));
}
