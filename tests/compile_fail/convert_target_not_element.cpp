// Compile-fail: a convert to a type that is not an XLA element type.
// expect-error-gcc: sxla: convert: f32[3] to long double: the target type is not an XLA element type (bool, std::int8_t ... std::uint64_t, x::f16, x::bf16, float, double, std::complex<float>, std::complex<double>)
// expect-error-clang: sxla::diagnostic<sxla::hlo::convert, sxla::hlo::f32[3], long double>::values<>
// expect-error-clang: sxla: {}: {} to {}: the target type is not an XLA element type (bool, std::int8_t ... std::uint64_t, x::f16, x::bf16, float, double, std::complex<float>, std::complex<double>)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/convert.hpp>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::convert<double>(a);
#else
auto e = sxla::convert<long double>(a);
#endif
