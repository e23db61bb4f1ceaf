// Compile-fail: x::tensor with a packed layout (E(n)): that is packed_tensor's storage.
// expect-error: sxla: tensor: a layout with E(n) packs its elements: use x::packed_tensor (tensor/packed.hpp)
#include <sxla/tensor/tensor.hpp>
#include <sxla/tensor/packed.hpp>

#ifdef SXLA_CONTROL
sxla::packed_tensor<"s4[2,3]{1,0:E(4)}"> t;
#else
sxla::tensor<"s4[2,3]{1,0:E(4)}"> t;
#endif
