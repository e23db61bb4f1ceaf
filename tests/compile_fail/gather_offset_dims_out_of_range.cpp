// Compile-fail: offset_dims names result dimension 3 of a rank-3 result.
// expect-error-gcc: sxla: gather: f32[16,11] and start indices s32[5,2]: offset_dims entry 1 (3) is repeated, out of ascending order or outside the result rank 3
// expect-error-clang: sxla::diagnostic<sxla::hlo::gather, sxla::hlo::f32[16][11], sxla::hlo::s32[5][2]>::values<1, 3, 3>
// expect-error-clang: sxla: {}: {} and start indices {}: offset_dims entry {} ({}) is repeated, out of ascending order or outside the result rank {}
#include <sxla/sxla.hpp>

sxla::tensor<"f32[16,11]"> a;
sxla::tensor<"s32[5,2]"> s;
#ifdef SXLA_CONTROL
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1, 2}, .start_index_map = sxla::idx{0, 1}, .index_vector_dim = 1}, sxla::idx{8, 6}>(a, s);
#else
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1, 3}, .start_index_map = sxla::idx{0, 1}, .index_vector_dim = 1}, sxla::idx{8, 6}>(a, s);
#endif
