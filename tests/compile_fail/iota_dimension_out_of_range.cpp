// Compile-fail: an iota dimension the shape does not have.
// expect-error-gcc: sxla: iota: s32[4,8]: dimension 2 is not a dimension of the shape (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::iota, sxla::hlo::s32[4][8]>::values<2, 2>
// expect-error-clang: sxla: {}: {}: dimension {} is not a dimension of the shape (rank {})
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
auto e = sxla::iota<"s32[4,8]", 1>();
#else
auto e = sxla::iota<"s32[4,8]", 2>();
#endif
