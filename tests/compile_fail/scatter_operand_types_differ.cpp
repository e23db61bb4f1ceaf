// Compile-fail: two operands updated together by updates of swapped element types.
// expect-error-gcc: sxla: scatter: f32[4,3], indices s32[2] and updates s32[2,3]: each updates array must have the element type of its operand
// expect-error-clang: sxla::diagnostic<sxla::hlo::scatter, sxla::hlo::f32[4][3], sxla::hlo::s32[2], sxla::hlo::s32[2][3]>::values<>
// expect-error-clang: sxla: {}: {}, indices {} and updates {}: each updates array must have the element type of its operand
#include <sxla/sxla.hpp>

constexpr sxla::scatter_dims rows{.update_window_dims = sxla::idx{1}, .inserted_window_dims = sxla::idx{0}, .scatter_dims_to_operand_dims = sxla::idx{0}, .index_vector_dim = 1};
sxla::tensor<"f32[4,3]"> a;
sxla::tensor<"s32[2]"> ids;
sxla::tensor<"s32[4,3]"> b;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]"> ua; sxla::tensor<"s32[2,3]"> ub;
#else
sxla::tensor<"s32[2,3]"> ua; sxla::tensor<"f32[2,3]"> ub;
#endif
auto e = sxla::scatter<rows>(a, b, ids, ua, ub, [](auto ca, auto cb, auto va, auto vb) { return std::tuple{ca + va, cb + vb}; });
