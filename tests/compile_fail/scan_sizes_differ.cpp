// Compile-fail: a scan over two inputs of different lengths along the scan dimension.
// expect-error-gcc: sxla: scan: inputs (f32[4], f32[5]): their sizes along dimension 0 differ
// expect-error-clang: sxla::diagnostic<sxla::hlo::scan, sxla::hlo::tuple_shape<sxla::hlo::f32[4], sxla::hlo::f32[5]>>::values<0>
// expect-error-clang: sxla: {}: inputs {}: their sizes along dimension {} differ
#include <sxla/sxla.hpp>

#include <tuple>

sxla::tensor<"f32[4]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[4]"> b;
#else
sxla::tensor<"f32[5]"> b;
#endif
auto r = sxla::scan<0>(std::tuple{a, b}, sxla::tensor<"f32[]">{},
                       [](const auto& p, const auto& q, const auto& c) { return std::tuple{c + p + q, c + p + q}; });
