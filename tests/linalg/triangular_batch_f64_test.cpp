// kernels/triangular_batch.hpp: solve_across on f64, 4 x 4 in every form and 16 x 16
// (triangular_batch_check.hpp says how; the other sizes in
// triangular_batch_f64_sizes_test.cpp and triangular_batch_f64_large_test.cpp), in translation units of their own for compile
// time.
#include "linalg/triangular_batch_check.hpp"

using namespace batch_check;

TEST_CASE("kernels/triangular_batch: solve_across, f64, 4 x 4 and 16 x 16") { solves_4_and_16<double>(); }
