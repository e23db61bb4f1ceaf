// Static facts of the tensor layer: tensors are constexpr values, in any layout.
#include <sxla/tensor/tensor.hpp>
#include <sxla/tensor/view.hpp>

namespace x = sxla;

constexpr x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
static_assert(a(0, 0) == 1 && a(1, 2) == 6);
constexpr x::tensor<"f32[2,3]{0,1}"> col = a;            // layout conversion at compile time
static_assert(col.storage()[1] == 4 && col.storage()[4] == 3);
static_assert(col == a);
constexpr x::tensor<"f32[3,5]{1,0:T(2,2)}"> tiled = {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}, {10, 11, 12, 13, 14}};
static_assert(tiled.storage()[17] == 13);                  // element (2,3)
constexpr x::tensor<"s32[2,2]{0,1}"> flat = {1, 2, 3, 4};
static_assert(flat(0, 1) == 2 && flat.storage()[1] == 3);
constexpr x::tensor<"bf16[2]"> b = {0.1f, 3};
static_assert(b(0).bits() == 0x3DCD);
constexpr x::tensor<"f32[]"> s = 2.5f;
static_assert(s() == 2.5f);

constexpr float f(int i) {
  x::tensor<"f32[4]{0:pad(6,one)}"> t;
  t(1) = 7;
  const float data[4] = {1, 2, 3, 4};
  const auto v = x::view<"f32[2,2]{0,1}">(data);
  return t.storage()[i] + v(0, 1);
}
static_assert(f(1) == 10 && f(5) == 4 && f(0) == 3);
