// Compile-fail: a built-in comparator (the default x::lt_op) on complex keys, which have
// no order.
// expect-error-gcc: sxla: sort: c64[4]: the comparator (sxla::compare_op<sxla::comparison_direction::lt, false>) must take the 2N elements
// expect-error-clang: sxla::diagnostic<sxla::hlo::sort, sxla::hlo::c64[4], sxla::compare_op<sxla::comparison_direction::lt, false>>::values<>
// expect-error-clang: sxla: {}: {}: the comparator ({}) must take the 2N elements (a_i, a_j, b_i, b_j, ...) and return pred, or be a built-in comparator of a non-complex first operand
#include <sxla/sxla.hpp>

#include <complex>

sxla::tensor<"c64[4]"> c;
struct by_real {
  bool operator()(std::complex<float> a, std::complex<float> b) const { return a.real() < b.real(); }
};
#ifdef SXLA_CONTROL
sxla::tensor<"c64[4]"> r = sxla::sort(c, by_real{});
#else
sxla::tensor<"c64[4]"> r = sxla::sort(c);
#endif
