// Compile-fail: gather start indices of a floating-point type.
// expect-error-gcc: sxla: gather: f32[16,11] and start indices f32[5,2]: start indices must be of an integer type
// expect-error-clang: sxla::diagnostic<sxla::hlo::gather, sxla::hlo::f32[16][11], sxla::hlo::f32[5][2]>::values<>
// expect-error-clang: sxla: {}: {} and start indices {}: start indices must be of an integer type
#include <sxla/sxla.hpp>

sxla::tensor<"f32[16,11]"> a;
sxla::tensor<"s32[5,2]"> s;

#ifdef SXLA_CONTROL
sxla::tensor<"s32[5,2]"> i;
#else
sxla::tensor<"f32[5,2]"> i;
#endif
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1, 2}, .start_index_map = sxla::idx{0, 1}, .index_vector_dim = 1}, sxla::idx{8, 6}>(a, i);
