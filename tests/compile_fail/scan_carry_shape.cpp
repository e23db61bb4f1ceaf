// Compile-fail: a scan body that returns a carry of another shape than the init.
// expect-error-gcc: sxla: scan: the carries are (f32[]) and the body returns (f32[], f32[2]): it must return its outputs, then the carries
// expect-error-clang: sxla::diagnostic<sxla::hlo::scan, sxla::hlo::tuple_shape<sxla::hlo::f32>, sxla::hlo::tuple_shape<sxla::hlo::f32, sxla::hlo::f32[2]>>::values<>
// expect-error-clang: sxla: {}: the carries are {} and the body returns {}: it must return its outputs, then the carries
#include <sxla/sxla.hpp>

#include <tuple>

sxla::tensor<"f32[4]"> v;
#ifdef SXLA_CONTROL
auto r = sxla::scan<0>(v, sxla::tensor<"f32[]">{}, [](const auto& e, const auto& c) { return std::tuple{c + e, c + e}; });
#else
auto r = sxla::scan<0>(v, sxla::tensor<"f32[]">{},
                       [](const auto& e, const auto& c) { return std::tuple{c + e, sxla::tensor<"f32[2]">{e(), c()}}; });
#endif
