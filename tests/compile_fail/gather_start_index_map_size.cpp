// Compile-fail: start_index_map has 1 entry but index_vector_dim holds 2 start components.
// expect-error-gcc: sxla: gather: f32[16,11] and start indices s32[5,2]: start_index_map has 1 entries, but index_vector_dim holds 2 start components
// expect-error-clang: sxla::diagnostic<sxla::hlo::gather, sxla::hlo::f32[16][11], sxla::hlo::s32[5][2]>::values<1, 2>
// expect-error-clang: sxla: {}: {} and start indices {}: start_index_map has {} entries, but index_vector_dim holds {} start components
#include <sxla/sxla.hpp>

sxla::tensor<"f32[16,11]"> a;
sxla::tensor<"s32[5,2]"> s;
#ifdef SXLA_CONTROL
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1, 2}, .start_index_map = sxla::idx{0, 1}, .index_vector_dim = 1}, sxla::idx{8, 6}>(a, s);
#else
auto e = sxla::gather<sxla::gather_dims{.offset_dims = sxla::idx{1, 2}, .start_index_map = sxla::idx{0}, .index_vector_dim = 1}, sxla::idx{8, 6}>(a, s);
#endif
