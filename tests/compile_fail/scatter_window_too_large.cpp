// Compile-fail: an update window of 5 columns into an operand of 3.
// expect-error-gcc: sxla: scatter: f32[4,3], indices s32[2] and updates f32[2,5]: the update window is larger than operand dimension 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::scatter, sxla::hlo::f32[4][3], sxla::hlo::s32[2], sxla::hlo::f32[2][5]>::values<1>
// expect-error-clang: sxla: {}: {}, indices {} and updates {}: the update window is larger than operand dimension {}
#include <sxla/sxla.hpp>

constexpr sxla::scatter_dims rows{.update_window_dims = sxla::idx{1}, .inserted_window_dims = sxla::idx{0}, .scatter_dims_to_operand_dims = sxla::idx{0}, .index_vector_dim = 1};
sxla::tensor<"f32[4,3]"> a;
sxla::tensor<"s32[2]"> ids;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]"> u;
#else
sxla::tensor<"f32[2,5]"> u;
#endif
auto e = sxla::scatter<rows>(a, ids, u, sxla::add_op);
