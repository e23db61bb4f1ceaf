// Compile-fail: dimension 2 of a rank-2 shape.
// expect-error: sxla: dimension number out of range for this shape's rank
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
inline constexpr auto d = sxla::shape<"f32[2,3]">::dimension<-2>;
#else
inline constexpr auto d = sxla::shape<"f32[2,3]">::dimension<2>;
#endif
