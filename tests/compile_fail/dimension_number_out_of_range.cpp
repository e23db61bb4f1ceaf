// Compile-fail: dimension 2 of a rank-2 shape.
// expect-error-gcc: sxla: dimension: f32[2,3]: dimension number 2 is out of range for rank 2 (negative numbers count from the end: -1 is the last dimension)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dimension, sxla::hlo::f32[2][3]>::values<2, 2>
// expect-error-clang: sxla: {}: {}: dimension number {} is out of range for rank {} (negative numbers count from the end: -1 is the last dimension)
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
inline constexpr auto d = sxla::shape<"f32[2,3]">::dimension<-2>;
#else
inline constexpr auto d = sxla::shape<"f32[2,3]">::dimension<2>;
#endif
