// Compile-fail: all_to_all whose split dimension does not split into split_count blocks.
// expect-error-gcc: sxla: all_to_all: s32[4,6]: dimension 0 (size 4) does not split into 3 equal blocks
// expect-error-clang: sxla::diagnostic<sxla::hlo::all_to_all, sxla::hlo::s32[4][6]>::values<0, 4, 3>
// expect-error-clang: sxla: {}: {}: dimension {} (size {}) does not split into {} equal blocks
#include <sxla/sxla.hpp>

void f(sxla::thread_replica comm) {
  const sxla::tensor<"s32[4,6]"> a;
#ifdef SXLA_CONTROL
  auto r = sxla::all_to_all<1, 0, 3>(a, comm);
#else
  auto r = sxla::all_to_all<0, 1, 3>(a, comm);
#endif
  static_cast<void>(r);
}
