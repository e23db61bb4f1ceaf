// Compile-fail: a built-in computation that does not apply to the element type (xor of floats).
// expect-error-gcc: sxla: reduce: f32[2,3]: the computation sxla::xor_op_t cannot combine two elements of this type (a built-in computation that rejects the type, or a callable f(T, T) whose result does not convert to T)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce, sxla::hlo::f32[2][3], sxla::xor_op_t>::values<>
// expect-error-clang: sxla: {}: {}: the computation {} cannot combine two elements of this type (a built-in computation that rejects the type, or a callable f(T, T) whose result does not convert to T)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce<1>(a, 0.0f, sxla::max_op);
#else
auto e = sxla::reduce<1>(a, 0.0f, sxla::xor_op);
#endif
