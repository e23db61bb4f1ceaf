// kernels/triangular_batch.hpp: solve_across on f32, the other sizes
// (triangular_batch_check.hpp says how), in a translation unit of its own for compile
// time.
#include "linalg/triangular_batch_check.hpp"

using namespace batch_check;

TEST_CASE("kernels/triangular_batch: solve_across, f32, other sizes") { solves_other_sizes<float>(); }
