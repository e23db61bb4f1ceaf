// Compile-fail: conditional by index whose branch 1 returns (s32[], f32[2]) where branch 0
// expect-error-gcc: sxla: conditional: branch 0 returns s32[] but another returns (s32[], f32[2]) (branch 1): every branch must return the same type
// expect-error-clang: sxla::diagnostic<sxla::hlo::conditional, sxla::hlo::s32, sxla::hlo::tuple_shape<sxla::hlo::s32, sxla::hlo::f32[2]>>::values<1>
// expect-error-clang: sxla: {}: branch 0 returns {} but another returns {} (branch {}): every branch must return the same type
// returns s32[].
#include <sxla/sxla.hpp>

int i = 1;
#ifdef SXLA_CONTROL
auto r = sxla::conditional(i, std::tuple{[](int v) { return v; }, [](int v) { return v + 1; }}, std::tuple{1, 2});
#else
auto r = sxla::conditional(i, std::tuple{[](int v) { return v; }, [](int v) { return sxla::tuple(v, sxla::tensor<"f32[2]">{}); }},
                           std::tuple{1, 2});
#endif
