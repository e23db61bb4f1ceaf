// Compile-fail: a reshape to a malformed shape string: the shape error alone, not an op error as well.
// expect-error: sxla: malformed shape string: expected ',' or ']' after a dimension size
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/reshape.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reshape<"f32[3,2]">(a);
#else
auto e = sxla::reshape<"f32[3;2]">(a);
#endif
