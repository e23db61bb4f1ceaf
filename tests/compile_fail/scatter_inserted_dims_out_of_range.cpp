// Compile-fail: inserted_window_dims names dimension 2 of a rank-2 operand.
// expect-error-gcc: sxla: scatter: f32[4,3], indices s32[2] and updates f32[2,3]: inserted_window_dims entry 0 (2) is repeated, out of ascending order or outside the operand rank
// expect-error-clang: sxla::diagnostic<sxla::hlo::scatter, sxla::hlo::f32[4][3], sxla::hlo::s32[2], sxla::hlo::f32[2][3]>::values<0, 2>
// expect-error-clang: sxla: {}: {}, indices {} and updates {}: inserted_window_dims entry {} ({}) is repeated, out of ascending order or outside the operand rank
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,3]"> a;
sxla::tensor<"s32[2]"> ids;
sxla::tensor<"f32[2,3]"> u;
#ifdef SXLA_CONTROL
constexpr sxla::scatter_dims d{.update_window_dims = sxla::idx{1}, .inserted_window_dims = sxla::idx{0}, .scatter_dims_to_operand_dims = sxla::idx{0}, .index_vector_dim = 1};
#else
constexpr sxla::scatter_dims d{.update_window_dims = sxla::idx{1}, .inserted_window_dims = sxla::idx{2}, .scatter_dims_to_operand_dims = sxla::idx{0}, .index_vector_dim = 1};
#endif
auto e = sxla::scatter<d>(a, ids, u, sxla::add_op);
