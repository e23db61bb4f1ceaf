// Compile-fail: a constexpr tensor whose nested list has a short row.
// (The sizes of a braced list are not template arguments, so this error cannot name the
// shape; it names the rule.)
// expect-error-gcc: call to non-'constexpr' function 'void sxla::detail::initializer_list_does_not_match_the_shape()'
// expect-error-clang: constexpr variable 't' must be initialized by a constant expression
// expect-note-clang: initializer_list_does_not_match_the_shape
#include <sxla/tensor/tensor.hpp>

#ifdef SXLA_CONTROL
inline constexpr sxla::tensor<"f32[2,3]"> t = {{1, 2, 3}, {4, 5, 6}};
#else
inline constexpr sxla::tensor<"f32[2,3]"> t = {{1, 2}, {4, 5, 6}};
#endif
