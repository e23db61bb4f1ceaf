// kernels/triangular_batch.hpp: solve_across on f32 (triangular_batch_check.hpp says
// how), in its own translation unit for compile time.
#include "linalg/triangular_batch_check.hpp"

using namespace batch_check;

TEST_CASE("kernels/triangular_batch: solve_across, f32") { all_solves<float>(); }
