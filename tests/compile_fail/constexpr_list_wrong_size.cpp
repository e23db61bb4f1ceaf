// Compile-fail: a constexpr tensor whose nested list has a short row.
// expect-error: initializer_list_does_not_match_the_shape
#include <sxla/tensor/tensor.hpp>

#ifdef SXLA_CONTROL
inline constexpr sxla::tensor<"f32[2,3]"> t = {{1, 2, 3}, {4, 5, 6}};
#else
inline constexpr sxla::tensor<"f32[2,3]"> t = {{1, 2}, {4, 5, 6}};
#endif
