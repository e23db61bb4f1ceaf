// Compile-fail: ragged_all_to_all with offsets and sizes of two shapes.
// expect-error-gcc: sxla: ragged_all_to_all: offsets and sizes s32[2], s32[3], s32[2] and s32[2]: one shape of rank 1 or 2 and one integer type
// expect-error-clang: sxla::diagnostic<sxla::hlo::ragged_all_to_all, sxla::hlo::s32[2], sxla::hlo::s32[3], sxla::hlo::s32[2], sxla::hlo::s32[2]>::values<>
// expect-error-clang: sxla: {}: offsets and sizes {}, {}, {} and {}: one shape of rank 1 or 2 and one integer type
#include <sxla/sxla.hpp>

void f(const sxla::thread_replica& comm) {
  sxla::tensor<"f32[4,2]"> in, out;
  sxla::tensor<"s32[2]"> offsets;
#ifdef SXLA_CONTROL
  sxla::tensor<"s32[2]"> sizes;
#else
  sxla::tensor<"s32[3]"> sizes;
#endif
  auto r = sxla::ragged_all_to_all(in, out, offsets, sizes, offsets, offsets, comm);
  static_cast<void>(r);
}
