// Compile-fail: a reduction that lists a dimension twice.
// expect-error: sxla::reduce: a dimension to reduce is out of the operand's range, or repeated
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce<1, 0>(a, 0.0f, sxla::add_op);
#else
auto e = sxla::reduce<1, 1>(a, 0.0f, sxla::add_op);
#endif
