// Compile-fail: scatter indices of a floating-point type.
// expect-error-gcc: sxla: scatter: f32[4,3], indices f64[2] and updates f32[2,3]: indices must be of an integer type
// expect-error-clang: sxla::diagnostic<sxla::hlo::scatter, sxla::hlo::f32[4][3], sxla::hlo::f64[2], sxla::hlo::f32[2][3]>::values<>
// expect-error-clang: sxla: {}: {}, indices {} and updates {}: indices must be of an integer type
#include <sxla/sxla.hpp>

constexpr sxla::scatter_dims rows{.update_window_dims = sxla::idx{1}, .inserted_window_dims = sxla::idx{0}, .scatter_dims_to_operand_dims = sxla::idx{0}, .index_vector_dim = 1};
sxla::tensor<"f32[4,3]"> a;
sxla::tensor<"s32[2]"> ids;
sxla::tensor<"f32[2,3]"> u;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[2]"> i;
#else
sxla::tensor<"f64[2]"> i;
#endif
auto e = sxla::scatter<rows>(a, i, u, sxla::add_op);
