// Compile-fail: copy of something that is no XLA value (a struct of the program's own).
// expect-error-gcc: sxla: copy: settings is not an XLA value (an array, a number, a token or a tuple of them)
// expect-error-clang: sxla: {}: {} is not an XLA value (an array, a number, a token or a tuple of them)
#include <sxla/sxla.hpp>

struct settings {
  int level;
};
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2]"> s;
#else
settings s{3};
#endif
auto d = sxla::copy(s);
