// Compile-fail: 3 updates rows for 2 indices.
// expect-error-gcc: sxla: scatter: f32[4,3], indices s32[2] and updates f32[3,3]: updates dimension 0 is a scatter dimension, and its size must be that of the matching indices dimension
// expect-error-clang: sxla::diagnostic<sxla::hlo::scatter, sxla::hlo::f32[4][3], sxla::hlo::s32[2], sxla::hlo::f32[3][3]>::values<0>
// expect-error-clang: sxla: {}: {}, indices {} and updates {}: updates dimension {} is a scatter dimension, and its size must be that of the matching indices dimension
#include <sxla/sxla.hpp>

constexpr sxla::scatter_dims rows{.update_window_dims = sxla::idx{1}, .inserted_window_dims = sxla::idx{0}, .scatter_dims_to_operand_dims = sxla::idx{0}, .index_vector_dim = 1};
sxla::tensor<"f32[4,3]"> a;
sxla::tensor<"s32[2]"> ids;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]"> u;
#else
sxla::tensor<"f32[3,3]"> u;
#endif
auto e = sxla::scatter<rows>(a, ids, u, sxla::add_op);
