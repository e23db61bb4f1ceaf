// x::sort along each dimension of rank-3 operands in row-major, column-major, permuted
// and tiled layouts, and into a tiled destination: one operand descending (the node) and
// two ascending (values and their positions), against std::stable_sort of each line;
// negative dimensions.
#include "ops/sort_check.hpp"

namespace x = sxla;

namespace {
template <x::shape_spec S, std::size_t Dim, x::shape_spec DstSpec = S>
void check_rank3() {
  x::tensor<S> t;
  std::mt19937 rng(static_cast<unsigned>(Dim) + 3);
  constexpr x::index_t a = S.dimensions[0], b = S.dimensions[1], c = S.dimensions[2];
  for (x::index_t i = 0; i < a; ++i)
    for (x::index_t j = 0; j < b; ++j)
      for (x::index_t k = 0; k < c; ++k) t(i, j, k) = static_cast<float>(static_cast<int>(rng() % 9) - 4);
  x::tensor<x::logical_spec(x::primitive_type::s32, S.dimensions)> pos;
  for (x::index_t i = 0; i < a; ++i)
    for (x::index_t j = 0; j < b; ++j)
      for (x::index_t k = 0; k < c; ++k) pos(i, j, k) = static_cast<std::int32_t>(100 * i + 10 * j + k);
  const x::tensor<DstSpec> s = x::sort<static_cast<x::index_t>(Dim)>(t, x::gt_op);
  const auto [sk, sp] = x::sort<static_cast<x::index_t>(Dim)>(t, pos, x::lt_op);
  constexpr x::index_t n = S.dimensions[Dim];
  x::multi_index<3> ext{a, b, c};
  ext[Dim] = 1;
  std::size_t wrong = 0;
  for (x::index_t i = 0; i < ext[0]; ++i)
    for (x::index_t j = 0; j < ext[1]; ++j)
      for (x::index_t k = 0; k < ext[2]; ++k) {
        std::vector<std::pair<float, std::int32_t>> line;
        for (x::index_t m = 0; m < n; ++m) {
          x::multi_index<3> ix{i, j, k};
          ix[Dim] = m;
          line.emplace_back(t(ix[0], ix[1], ix[2]), pos(ix[0], ix[1], ix[2]));
        }
        auto down = line, up = line;
        std::stable_sort(down.begin(), down.end(), [](const auto& p, const auto& q) { return p.first > q.first; });
        std::stable_sort(up.begin(), up.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
        for (x::index_t m = 0; m < n; ++m) {
          x::multi_index<3> ix{i, j, k};
          ix[Dim] = m;
          const auto u = static_cast<std::size_t>(m);
          wrong += s(ix[0], ix[1], ix[2]) != down[u].first;
          wrong += sk(ix[0], ix[1], ix[2]) != up[u].first || sp(ix[0], ix[1], ix[2]) != up[u].second;
        }
      }
  INFO(S, " dimension ", Dim);
  CHECK(wrong == 0);
}
}  // namespace

TEST_CASE("sort: each dimension of rank-3 operands in every layout") {
  check_rank3<"f32[4,5,19]", 0>();
  check_rank3<"f32[4,5,19]", 1>();
  check_rank3<"f32[4,5,19]", 2>();
  check_rank3<"f32[4,5,19]{0,1,2}", 0>();
  check_rank3<"f32[4,5,19]{0,1,2}", 1>();
  check_rank3<"f32[4,5,19]{0,1,2}", 2>();
  check_rank3<"f32[4,5,19]{2,1,0:T(2,8)}", 0>();
  check_rank3<"f32[4,5,19]{2,1,0:T(2,8)}", 1>();
  check_rank3<"f32[4,5,19]{2,1,0:T(2,8)}", 2>();
  check_rank3<"f32[3,2,70]", 2, "f32[3,2,70]{1,2,0:T(8)}">();  // radix lines into a tiled destination
  check_rank3<"f32[70,2,3]{0,2,1}", 0>();
  // -1 is the last dimension, the default; -2 the one before.
  const x::tensor<"s32[2,3]"> m = {{3, 1, 2}, {0, -5, 9}};
  CHECK(x::tensor<"s32[2,3]">(x::sort(m)) == x::tensor<"s32[2,3]">{{1, 2, 3}, {-5, 0, 9}});
  CHECK(x::tensor<"s32[2,3]">(x::sort<-2>(m)) == x::tensor<"s32[2,3]">{{0, -5, 2}, {3, 1, 9}});
}

