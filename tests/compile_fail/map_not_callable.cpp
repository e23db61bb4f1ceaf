// Compile-fail: a map computation that cannot take the operands' element types.
// expect-error-gcc: sxla: map: f32[3]: the computation <lambda(const std::string&)> cannot be called with the element types of the operands
// expect-error-clang: sxla::diagnostic<sxla::hlo::map, sxla::hlo::f32[3], (lambda at
// expect-error-clang: sxla: {}: {}: the computation {} cannot be called with the element types of the operands
#include <sxla/sxla.hpp>

#include <string>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
[[maybe_unused]] auto e = sxla::map([](float v) { return v * 2; }, a);
#else
[[maybe_unused]] auto e = sxla::map([](const std::string& s) { return s.empty(); }, a);
#endif
