// Compile-fail: a select_and_scatter whose select does not return pred.
// expect-error-gcc: sxla: select_and_scatter: f32[4,6]: select (<lambda(float, float)>) must be callable as select(T, T) returning pred
// expect-error-clang: sxla::diagnostic<sxla::hlo::select_and_scatter, sxla::hlo::f32[4][6], (lambda at
// expect-error-clang: sxla: {}: {}: select ({}) must be callable as select(T, T) returning pred
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/select_and_scatter.hpp>

struct nothing {};
sxla::tensor<"f32[4,6]"> a;
sxla::tensor<"f32[2,2]"> s;
#ifdef SXLA_CONTROL
auto e = sxla::select_and_scatter<sxla::idx{2, 3}, sxla::idx{2, 3}>(a, [](float p, float q) { return p >= q; }, s, 0.0f,
                                                                    sxla::add_op);
#else
auto e = sxla::select_and_scatter<sxla::idx{2, 3}, sxla::idx{2, 3}>(a, [](float, float) { return nothing{}; }, s, 0.0f,
                                                                    sxla::add_op);
#endif
