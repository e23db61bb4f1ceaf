// Compile-fail: rng_bit_generator producing pred (the bits go to integer or floating-point
// elements only).
// expect-error-gcc: sxla: rng_bit_generator: pred[4]: the output element type must be an integer or floating-point type
// expect-error-clang: sxla::diagnostic<sxla::hlo::rng_bit_generator, sxla::hlo::pred[4]>::values<>
// expect-error-clang: sxla: {}: {}: the output element type must be an integer or floating-point type
#include <sxla/sxla.hpp>

sxla::tensor<"u64[2]"> state;
#ifdef SXLA_CONTROL
auto r = sxla::rng_bit_generator<sxla::rng_algorithm::three_fry, "u8[4]">(state);
#else
auto r = sxla::rng_bit_generator<sxla::rng_algorithm::three_fry, "pred[4]">(state);
#endif
