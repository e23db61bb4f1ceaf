// Compile-fail: a map computation that cannot take the operands' element types.
// expect-error: sxla::map: the computation cannot be called with the operands' element types
#include <sxla/sxla.hpp>

#include <string>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
[[maybe_unused]] auto e = sxla::map([](float v) { return v * 2; }, a);
#else
[[maybe_unused]] auto e = sxla::map([](const std::string& s) { return s.empty(); }, a);
#endif
