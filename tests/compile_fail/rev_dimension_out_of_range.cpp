// Compile-fail: rev of a dimension the operand does not have.
// expect-error: sxla::rev: a dimension is out of range or listed twice
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::rev<1>(a);
#else
auto e = sxla::rev<2>(a);
#endif
