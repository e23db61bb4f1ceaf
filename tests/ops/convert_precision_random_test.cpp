// Tests for sxla/ops/convert.hpp: reduce_precision on random operands (edge values mixed
// in) of f32 and f64 for eight (mantissa, exponent) pairs, against a plain long double
// reference (tests/ops/convert_check.hpp) in row-major, column-major, tiled and padded
// destinations and through at() (the scalar path). f16 and bf16:
// convert_precision_test.cpp.
#include "ops/convert_check.hpp"

#include <string>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::convert_check;

TEST_CASE_TEMPLATE("ops/reduce_precision: random operands against the reference, every layout", T, float, double) {
  const auto run = [&]<int M, int E>(unsigned seed) {
    check_layouts<T, T>([](const auto& a) { return x::reduce_precision<M, E>(a); },
                        [](T v) { return ref_reduce(v, M, E); },
                        "reduce_precision<" + std::to_string(M) + "," + std::to_string(E) + ">", seed);
  };
  run.template operator()<10, 5>(1);
  run.template operator()<7, 8>(2);
  run.template operator()<0, 8>(3);
  run.template operator()<3, 2>(4);
  run.template operator()<1, 1>(5);
  run.template operator()<0, 3>(6);
  run.template operator()<23, 8>(7);
  run.template operator()<60, 20>(8);
}
