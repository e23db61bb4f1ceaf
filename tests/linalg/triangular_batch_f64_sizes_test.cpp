// kernels/triangular_batch.hpp: solve_across on f64, the other sizes up to 7 rows
// (triangular_batch_check.hpp says how; 16 rows, and b of 20 and 70 columns, in
// triangular_batch_f64_large_test.cpp), in a translation unit of its own for compile time.
#include "linalg/triangular_batch_check.hpp"

using namespace batch_check;

TEST_CASE("kernels/triangular_batch: solve_across, f64, other sizes") { solves_small_sizes<double>(); }
