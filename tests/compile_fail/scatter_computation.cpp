// Compile-fail: a computation that takes one argument, not (current, update).
// expect-error-gcc: sxla: scatter: f32[4,3], indices s32[2] and updates f32[2,3]: the computation (one_argument) must take the N current values, then the N updates, and return a value (N = 1) or a tuple of N values
// expect-error-clang: sxla::diagnostic<sxla::hlo::scatter, sxla::hlo::f32[4][3], sxla::hlo::s32[2], sxla::hlo::f32[2][3], one_argument>::values<>
// expect-error-clang: sxla: {}: {}, indices {} and updates {}: the computation ({}) must take the N current values, then the N updates, and return a value (N = 1) or a tuple of N values
#include <sxla/sxla.hpp>

constexpr sxla::scatter_dims rows{.update_window_dims = sxla::idx{1}, .inserted_window_dims = sxla::idx{0}, .scatter_dims_to_operand_dims = sxla::idx{0}, .index_vector_dim = 1};
sxla::tensor<"f32[4,3]"> a;
sxla::tensor<"s32[2]"> ids;
sxla::tensor<"f32[2,3]"> u;
struct one_argument {
  float operator()(float c) const { return c; }
};
struct two_arguments {
  float operator()(float c, float v) const { return c + v; }
};
#ifdef SXLA_CONTROL
auto e = sxla::scatter<rows>(a, ids, u, two_arguments{});
#else
auto e = sxla::scatter<rows>(a, ids, u, one_argument{});
#endif
