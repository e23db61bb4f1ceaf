// Compile-fail: a reduce_window whose computation does not take the element type.
// expect-error-gcc: sxla: reduce_window: f32[4,6]: the computation sxla::and_op_t cannot combine two elements of this type (a built-in computation that rejects the type, or a callable f(T, T) whose result does not convert to T)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce_window, sxla::hlo::f32[4][6], sxla::and_op_t>::values<>
// expect-error-clang: sxla: {}: {}: the computation {} cannot combine two elements of this type (a built-in computation that rejects the type, or a callable f(T, T) whose result does not convert to T)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/reduce_window.hpp>

sxla::tensor<"f32[4,6]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce_window<sxla::idx{2, 3}>(a, 0.0f, sxla::max_op);
#else
auto e = sxla::reduce_window<sxla::idx{2, 3}>(a, 0.0f, sxla::and_op);
#endif
