// Compile-fail: a reduce without the computation (an even number of arguments).
// expect-error-gcc: sxla: reduce: give N operands, then N init values, then the computation (2 arguments given)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce>::values<2>
// expect-error-clang: sxla: {}: give N operands, then N init values, then the computation ({} arguments given)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/reduce.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce<1>(a, 0.0f, sxla::add_op);
#else
auto e = sxla::reduce<1>(a, 0.0f);
#endif
