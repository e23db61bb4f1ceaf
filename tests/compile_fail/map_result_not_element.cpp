// Compile-fail: a map computation that returns something that is not an element type.
// expect-error-gcc: sxla: map: f32[3]: the computation <lambda(float)> returns point, not an XLA element type (pred, s8 ... c128)
// expect-error-clang: sxla::diagnostic<sxla::hlo::map, sxla::hlo::f32[3], (lambda at
// expect-error-clang: sxla: {}: {}: the computation {} returns {}, not an XLA element type (pred, s8 ... c128)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/map.hpp>

struct point {
  float x, y;
};
sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
[[maybe_unused]] auto e = sxla::map([](float v) { return v + 1.0f; }, a);
#else
[[maybe_unused]] auto e = sxla::map([](float v) { return point{v, v}; }, a);
#endif
