// Compile-fail: an iota dimension the shape does not have.
// expect-error: sxla::iota: the iota dimension is not a dimension of the shape
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
auto e = sxla::iota<"s32[4,8]", 1>();
#else
auto e = sxla::iota<"s32[4,8]", 2>();
#endif
