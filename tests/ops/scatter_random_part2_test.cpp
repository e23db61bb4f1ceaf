// scatter_random_test.cpp's random configurations continued (seeds 18-33; split for
// compile time): one operand, ranks 1-4, every index_vector_dim position, a third with
// input batching dimensions, every index type, layout and computation of
// tests/ops/gather_cases.hpp, against the plain reference of
// tests/support/gather_reference.hpp, exactly. And a case where scatter index order and
// the updates' row-major order differ.
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "ops/gather_check.hpp"

namespace x = sxla;
namespace gk = sxla_test::gather_check;
namespace gr = sxla_test::gather;

namespace {

template <std::uint64_t First, std::size_t N>
void run() {
  gk::for_seeds<First>([](auto seed) { gk::check_scatter<decltype(seed)::value, 2>(); }, std::make_index_sequence<N>{});
}

}  // namespace

TEST_CASE("scatter: repeated indices with a window dimension before the scatter dimension") {
  // operand f32[3] of zeros, indices {0, 1} (implicit index vector), updates f32[2,2] with
  // the window in dimension 0: u(w, g) = {{10, 20}, {30, 40}}, computation overwrite.
  // Element 1 gets u(1, 0) = 30 from scatter index 0 (window position 1) and u(0, 1) = 20
  // from scatter index 1 (window position 0). In scatter index order (sxla's documented
  // order, XLA's CPU loop) 20 comes last; row-major order over the updates would apply
  // u(0, 1) first and leave 30.
  x::tensor<"f32[3]"> operand{0.0f, 0.0f, 0.0f};
  x::tensor<"s32[2]"> indices{0, 1};
  x::tensor<"f32[2,2]"> updates{10.0f, 20.0f, 30.0f, 40.0f};
  constexpr x::scatter_dims dims = [] {
    x::scatter_dims d{};
    d.update_window_dims = x::idx{0};
    d.scatter_dims_to_operand_dims = x::idx{0};
    d.index_vector_dim = 1;
    return d;
  }();
  x::tensor<"f32[3]"> result = x::scatter<dims>(operand, indices, updates, [](float, float b) { return b; });
  CHECK(gk::read(result) == std::vector<float>{10.0f, 20.0f, 40.0f});
  const gr::scatter_config cfg{{3}, {2}, {2, 2}, {0}, {}, {0}, {}, {}, 1};
  CHECK(gr::validate(cfg).empty());
  auto keep_update = [](float, float b) { return b; };
  const std::vector<float> zeros(3, 0.0f), u{10.0f, 20.0f, 30.0f, 40.0f};
  CHECK(gr::scatter(cfg, zeros, {0, 1}, u, keep_update) == std::vector<float>{10.0f, 20.0f, 40.0f});
  CHECK(gr::scatter(cfg, zeros, {0, 1}, u, keep_update, gr::scatter_order::update_row_major) ==
        std::vector<float>{10.0f, 30.0f, 40.0f});
}

TEST_CASE("scatter: random configurations, seeds 18-33") { run<18, 16>(); }
