// Compile-fail: a collapsed gather dimension whose slice size is 2, not 1.
// expect-error-gcc: sxla: gather: f32[16,11] and start indices s32[5,2]: collapsed_slice_dims has dimension 0, whose slice size 2 is not 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::gather, sxla::hlo::f32[16][11], sxla::hlo::s32[5][2]>::values<0, 2>
// expect-error-clang: sxla: {}: {} and start indices {}: collapsed_slice_dims has dimension {}, whose slice size {} is not 1
#include <sxla/sxla.hpp>

sxla::tensor<"f32[16,11]"> a;
sxla::tensor<"s32[5,2]"> s;
#ifdef SXLA_CONTROL
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1}, .collapsed_slice_dims = sxla::idx{0}, .start_index_map = sxla::idx{0, 1}, .index_vector_dim = 1}, sxla::idx{1, 6}>(a, s);
#else
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1}, .collapsed_slice_dims = sxla::idx{0}, .start_index_map = sxla::idx{0, 1}, .index_vector_dim = 1}, sxla::idx{2, 6}>(a, s);
#endif
