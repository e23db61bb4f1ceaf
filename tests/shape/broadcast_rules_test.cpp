// Tests for sxla/shape/broadcast_rules.hpp: XLA's broadcasting rules on dimension lists,
// with the seed's examples (../shared/seeds/003) and every broken rule.
#include <sxla/shape/broadcast_rules.hpp>

#include <doctest/doctest.h>

namespace x = sxla;
using dims = x::dimension_list;
using x::broadcast_error;

TEST_CASE("shape/broadcast_rules: a scalar broadcasts with anything, implicitly") {
  CHECK(x::implicit_broadcast({}, {2, 3}).dimensions == dims{2, 3});
  CHECK(x::implicit_broadcast({2, 3}, {}).dimensions == dims{2, 3});
  CHECK(x::implicit_broadcast({}, {}).dimensions == dims{});
}

TEST_CASE("shape/broadcast_rules: same ranks broadcast through size-1 dimensions (seed 003)") {
  CHECK(x::implicit_broadcast({2, 1}, {2, 3}).dimensions == dims{2, 3});
  CHECK(x::implicit_broadcast({1, 2, 5}, {7, 2, 5}).dimensions == dims{7, 2, 5});
  CHECK(x::implicit_broadcast({7, 2, 5}, {7, 1, 5}).dimensions == dims{7, 2, 5});
  CHECK(x::implicit_broadcast({2, 1}, {1, 3}).dimensions == dims{2, 3});  // the outer product
  const auto bad = x::implicit_broadcast({7, 2, 5}, {7, 2, 6});
  CHECK_EQ(bad.error, broadcast_error::dimension_mismatch);
  CHECK_EQ(bad.at, 2u);
  CHECK(x::implicit_broadcast({0, 3}, {1, 3}).dimensions == dims{0, 3});  // 0 with 1 is 0
  CHECK_EQ(x::implicit_broadcast({0, 3}, {2, 3}).error, broadcast_error::dimension_mismatch);
}

TEST_CASE("shape/broadcast_rules: a rank change needs broadcast_dimensions") {
  CHECK_EQ(x::implicit_broadcast({2, 3}, {3}).error, broadcast_error::rank_change_without_dimensions);
  CHECK(x::broadcast_with_dimensions({2, 3}, {3}, {1}).dimensions == dims{2, 3});
  CHECK(x::broadcast_with_dimensions({3}, {3, 3}, {0}).dimensions == dims{3, 3});
  CHECK(x::broadcast_with_dimensions({2, 3, 4}, {3, 4}, {1, 2}).dimensions == dims{2, 3, 4});
  // Seed 003: a 4-vector and a 1x2 matrix with (0): 4x2; 1x2 into 4x3x1 with (1, 2): 4x3x2.
  CHECK(x::broadcast_with_dimensions({4}, {1, 2}, {0}).dimensions == dims{4, 2});
  CHECK(x::broadcast_with_dimensions({1, 2}, {4, 3, 1}, {1, 2}).dimensions == dims{4, 3, 2});
}

TEST_CASE("shape/broadcast_rules: every broken broadcast_dimensions rule is named") {
  CHECK_EQ(x::broadcast_with_dimensions({2, 3}, {3}, {}).error, broadcast_error::dimensions_wrong_length);
  CHECK_EQ(x::broadcast_with_dimensions({2, 3}, {3}, {0, 1}).error, broadcast_error::dimensions_wrong_length);
  CHECK_EQ(x::broadcast_with_dimensions({2, 3}, {3}, {2}).error, broadcast_error::dimension_out_of_range);
  CHECK_EQ(x::broadcast_with_dimensions({2, 3, 4}, {3, 4}, {2, 1}).error, broadcast_error::dimensions_not_increasing);
  CHECK_EQ(x::broadcast_with_dimensions({2, 3, 4}, {3, 4}, {1, 1}).error, broadcast_error::dimensions_not_increasing);
  const auto clash = x::broadcast_with_dimensions({2, 3}, {4}, {1});
  CHECK_EQ(clash.error, broadcast_error::dimension_mismatch);
  CHECK_EQ(clash.at, 0u);  // the lower-rank operand's dimension
  CHECK_EQ(x::broadcast_with_dimensions({2, 3}, {2, 3}, {1, 0}).error, broadcast_error::dimensions_on_equal_ranks);
  CHECK(x::broadcast_with_dimensions({2, 3}, {2, 3}, {0, 1}).dimensions == dims{2, 3});
  CHECK_EQ(x::broadcast_with_dimensions({2, 3}, {}, {0}).error, broadcast_error::dimensions_wrong_length);
}

TEST_CASE("shape/broadcast_rules: broadcast_in_dim") {
  CHECK(x::check_broadcast_in_dim({3}, {2, 3}, {1}).ok());
  CHECK(x::check_broadcast_in_dim({1, 3}, {2, 4, 3}, {1, 2}).ok());
  CHECK_EQ(x::check_broadcast_in_dim({2}, {2, 3}, {1}).error, broadcast_error::dimension_mismatch);
  CHECK_EQ(x::check_broadcast_in_dim({3, 2}, {2, 3}, {1, 0}).error, broadcast_error::dimensions_not_increasing);
  CHECK_EQ(x::check_broadcast_in_dim({3}, {2, 3}, {}).error, broadcast_error::dimensions_wrong_length);
  static_assert(x::check_broadcast_in_dim({1}, {5}, {0}).ok());
}
