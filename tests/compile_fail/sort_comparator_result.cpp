// Compile-fail: a comparator whose result is not convertible to pred.
// expect-error-gcc: sxla: sort: s32[5]: the comparator (no_answer) must take the 2N elements (a_i, a_j, b_i, b_j, ...) and return pred, or be a built-in comparator of a non-complex first operand
// expect-error-clang: sxla::diagnostic<sxla::hlo::sort, sxla::hlo::s32[5], no_answer>::values<>
// expect-error-clang: sxla: {}: {}: the comparator ({}) must take the 2N elements (a_i, a_j, b_i, b_j, ...) and return pred, or be a built-in comparator of a non-complex first operand
#include <sxla/sxla.hpp>

sxla::tensor<"s32[5]"> a;
struct no_answer {
  void operator()(int, int) const {}
};
struct answer {
  bool operator()(int x, int y) const { return x < y; }
};
#ifdef SXLA_CONTROL
sxla::tensor<"s32[5]"> r = sxla::sort(a, answer{});
#else
sxla::tensor<"s32[5]"> r = sxla::sort(a, no_answer{});
#endif
