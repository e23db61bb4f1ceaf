// Compile-fail: a built-in computation that does not apply to the element type (xor of floats).
// expect-error: sxla::reduce: the computation cannot combine two elements of the operand's type
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce<1>(a, 0.0f, sxla::max_op);
#else
auto e = sxla::reduce<1>(a, 0.0f, sxla::xor_op);
#endif
