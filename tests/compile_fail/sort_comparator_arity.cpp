// Compile-fail: a comparator of two operands that takes 2 elements, not 2N = 4.
// expect-error-gcc: sxla: sort: f32[8]: the comparator (two_elements) must take the 2N elements (a_i, a_j, b_i, b_j, ...) and return pred, or be a built-in comparator of a non-complex first operand
// expect-error-clang: sxla::diagnostic<sxla::hlo::sort, sxla::hlo::f32[8], two_elements>::values<>
// expect-error-clang: sxla: {}: {}: the comparator ({}) must take the 2N elements (a_i, a_j, b_i, b_j, ...) and return pred, or be a built-in comparator of a non-complex first operand
#include <sxla/sxla.hpp>

sxla::tensor<"f32[8]"> keys;
sxla::tensor<"s32[8]"> values;
struct two_elements {
  bool operator()(float a, float b) const { return a < b; }
};
struct four_elements {
  bool operator()(float a, float b, int, int) const { return a < b; }
};
#ifdef SXLA_CONTROL
auto r = sxla::sort(keys, values, four_elements{});
#else
auto r = sxla::sort(keys, values, two_elements{});
#endif
