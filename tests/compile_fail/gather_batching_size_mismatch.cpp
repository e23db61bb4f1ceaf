// Compile-fail: a batching pair of sizes 4 (operand) and 5 (start indices).
// expect-error-gcc: sxla: gather: f32[4,7] and start indices s32[5,3]: batching pair 0: operand dimension 0 and start indices dimension 0 differ in size
// expect-error-clang: sxla::diagnostic<sxla::hlo::gather, sxla::hlo::f32[4][7], sxla::hlo::s32[5][3]>::values<0, 0, 0>
// expect-error-clang: sxla: {}: {} and start indices {}: batching pair {}: operand dimension {} and start indices dimension {} differ in size
#include <sxla/sxla.hpp>

sxla::tensor<"s32[5,3]"> ids;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[5,7]"> t;
#else
sxla::tensor<"f32[4,7]"> t;
#endif
auto e = sxla::gather<sxla::gather_dims{.collapsed_slice_dims = sxla::idx{1}, .start_index_map = sxla::idx{1}, .index_vector_dim = 2, .operand_batching_dims = sxla::idx{0}, .start_indices_batching_dims = sxla::idx{0}}, sxla::idx{1, 1}>(t, ids);
