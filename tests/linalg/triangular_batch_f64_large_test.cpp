// kernels/triangular_batch.hpp: solve_across on f64, the other sizes with 16 rows or b of 20
// and 70 columns (triangular_batch_check.hpp says how; those up to 7 rows in
// triangular_batch_f64_sizes_test.cpp), in a translation unit of its own for compile time.
#include "linalg/triangular_batch_check.hpp"

using namespace batch_check;

TEST_CASE("kernels/triangular_batch: solve_across, f64, other sizes, 16 rows and wide b") {
  solves_large_sizes<double>();
}
