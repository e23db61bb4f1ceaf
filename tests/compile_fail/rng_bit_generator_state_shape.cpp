// Compile-fail: rng_bit_generator with THREE_FRY on a u64[3] state (THREE_FRY's state is
// u64[2]; PHILOX also takes u64[3]).
// expect-error-gcc: sxla: rng_bit_generator: u64[3]: the state must be u64[2] for three_fry, u64[2] or u64[3] for philox and the default
// expect-error-clang: sxla::diagnostic<sxla::hlo::rng_bit_generator, sxla::hlo::u64[3]>::values<>
// expect-error-clang: sxla: {}: {}: the state must be u64[2] for three_fry, u64[2] or u64[3] for philox and the default
#include <sxla/sxla.hpp>

sxla::tensor<"u64[3]"> state;
#ifdef SXLA_CONTROL
auto r = sxla::rng_bit_generator<sxla::rng_algorithm::philox, "u32[4]">(state);
#else
auto r = sxla::rng_bit_generator<sxla::rng_algorithm::three_fry, "u32[4]">(state);
#endif
