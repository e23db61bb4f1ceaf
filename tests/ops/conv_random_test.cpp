// conv_general_dilated on random geometries drawn in constant evaluation from fixed seeds
// (every window option at once: strides 1-3, padding -2..2 on each side, lhs and rhs
// dilation, with feature or batch groups), against the plain reference of
// tests/support/conv_reference.hpp. Operands are random f32 in [-1, 1] in the seed's
// order; each destination's shape is the expected result shape. Tolerance:
// |err| <= K u sum |a b|, K the terms of one output element, u = 2^-24
// (conv_reference.hpp explains the bound).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>

#include "support/conv_reference.hpp"

namespace x = sxla;
using sxla_test::conv::check_case;

namespace {

// ---- Random geometries, drawn in constant evaluation from a seed ----------------------
struct random_geometry {
  x::idx lhs, rhs, out;  // the seed's order: [N, C, spatial...], [O, Ci, window...], [N / Bg, O, ...]
  x::idx stride, low, high, lhs_dilation, rhs_dilation;
  x::index_t feature_groups = 1, batch_groups = 1;
};

constexpr std::uint64_t next(std::uint64_t& s) {
  s = s * 6364136223846793005ull + 1442695040888963407ull;
  return s >> 33;
}

constexpr random_geometry make_geometry(std::uint64_t seed, std::size_t spatial) {
  std::uint64_t s = seed * 7919 + 17;
  auto pick = [&s](x::index_t lo, x::index_t hi) {
    return lo + static_cast<x::index_t>(next(s) % static_cast<std::uint64_t>(hi - lo + 1));
  };
  while (true) {
    random_geometry g;
    const bool batch = pick(0, 3) == 0;  // a quarter with batch groups, the rest feature groups
    const x::index_t groups = pick(1, 3);
    const x::index_t ci = pick(1, 3);
    const x::index_t o = groups * pick(1, 3);
    const x::index_t n = (batch ? groups : 1) * pick(1, 2);
    g.feature_groups = batch ? 1 : groups;
    g.batch_groups = batch ? groups : 1;
    g.lhs = {n, batch ? ci : groups * ci};
    g.rhs = {o, ci};
    g.out = {n / g.batch_groups, o};
    x::index_t out_elements = n / g.batch_groups * o, lhs_elements = n * g.lhs[1];
    bool fits = true;
    for (std::size_t d = 0; d < spatial; ++d) {
      const x::index_t size = pick(1, spatial == 3 ? 6 : 11), w = pick(1, 4);
      g.stride.push_back(pick(1, 3));
      g.lhs_dilation.push_back(pick(0, 2) == 0 ? 2 : 1);
      g.rhs_dilation.push_back(pick(0, 2) == 0 ? pick(2, 3) : 1);
      g.low.push_back(pick(-2, 2));
      g.high.push_back(pick(-2, 2));
      const x::index_t dilated = (size - 1) * g.lhs_dilation[d] + 1;
      const x::index_t padded = dilated + g.low[d] + g.high[d];
      const x::index_t span = (w - 1) * g.rhs_dilation[d] + 1;
      if (padded < span) fits = false;
      const x::index_t out = fits ? (padded - span) / g.stride[d] + 1 : 0;
      g.lhs.push_back(size);
      g.rhs.push_back(w);
      g.out.push_back(out);
      out_elements *= out;
      lhs_elements *= size;
    }
    if (fits && out_elements >= 1 && out_elements <= 3000 && lhs_elements <= 3000) return g;
  }
}

template <std::uint64_t Seed, std::size_t Spatial>
void check_random() {  // (check_case reports the seed with a failure)
  constexpr random_geometry g = make_geometry(Seed, Spatial);
  constexpr x::conv_config cfg{.window_strides = g.stride,
                               .padding = x::padding::low_high(g.low, g.high),
                               .lhs_dilation = g.lhs_dilation,
                               .rhs_dilation = g.rhs_dilation,
                               .feature_group_count = g.feature_groups,
                               .batch_group_count = g.batch_groups};
  check_case<x::logical_spec(x::primitive_type::f32, g.lhs), x::logical_spec(x::primitive_type::f32, g.rhs), cfg,
             x::logical_spec(x::primitive_type::f32, g.out)>(static_cast<unsigned>(Seed));
}

}  // namespace

TEST_CASE("conv: random geometries, every option at once") {
  check_random<1, 1>();
  check_random<2, 1>();
  check_random<3, 1>();
  check_random<4, 2>();
  check_random<5, 2>();
  check_random<6, 2>();
  check_random<7, 2>();
  check_random<8, 2>();
  check_random<9, 3>();
  check_random<10, 3>();
}
