// Compile-fail: a gather slice of 17 rows from an operand of 16.
// expect-error-gcc: sxla: gather: f32[16,11] and start indices s32[5,2]: slice_sizes entry 0 (17) is outside [0, 16]
// expect-error-clang: sxla::diagnostic<sxla::hlo::gather, sxla::hlo::f32[16][11], sxla::hlo::s32[5][2]>::values<0, 17, 16>
// expect-error-clang: sxla: {}: {} and start indices {}: slice_sizes entry {} ({}) is outside [0, {}]
#include <sxla/sxla.hpp>

sxla::tensor<"f32[16,11]"> a;
sxla::tensor<"s32[5,2]"> s;
#ifdef SXLA_CONTROL
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1, 2}, .start_index_map = sxla::idx{0, 1}, .index_vector_dim = 1}, sxla::idx{16, 6}>(a, s);
#else
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1, 2}, .start_index_map = sxla::idx{0, 1}, .index_vector_dim = 1}, sxla::idx{17, 6}>(a, s);
#endif
