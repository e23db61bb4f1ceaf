// Tests for sxla/shape/shape.hpp: the members of shape<S> (most facts are checked at
// compile time in tests/static/; these read them at run time through the typed API).
#include <sxla/shape/shape.hpp>

#include <doctest/doctest.h>

#include <type_traits>

namespace x = sxla;

TEST_CASE("shape/shape: rank, sizes, counts and negative dimension numbers") {
  using s = x::shape<"f32[3,1,5]{0,2,1}">;
  static_assert(std::is_same_v<s::value_type, float>);
  CHECK_EQ(s::rank, 3u);
  CHECK_EQ(s::true_rank, 2u);
  CHECK_EQ(s::element_count, 15);
  CHECK_EQ(s::storage_count, 15);
  CHECK_EQ(s::dimension<0>, 3);
  CHECK_EQ(s::dimension<-1>, 5);
  CHECK_EQ(s::dimension<-3>, 3);
  CHECK_FALSE(s::has_default_layout);
  CHECK(x::shape<"s8[2,2]{1,0}">::has_default_layout);
  CHECK_EQ(x::shape<"c64[]">::element_count, 1);
  CHECK_EQ(x::shape<"c64[]">::true_rank, 0u);
  CHECK_EQ(x::shape<"u16[4,0,2]">::element_count, 0);
  CHECK_EQ(x::normalize_dimension(3, -4), -1);
  CHECK_EQ(x::normalize_dimension(3, 3), -1);
  CHECK_EQ(x::normalize_dimension(3, -1), 2);
}

TEST_CASE("shape/shape: the same shape written two ways is the same type") {
  static_assert(std::is_same_v<x::shape<"f32[2,3]">, x::shape<"f32[2,3]{1,0}">>);
  static_assert(std::is_same_v<x::shape<"f32[2, 3]">, x::shape<"f32[2,3]">>);
  static_assert(!std::is_same_v<x::shape<"f32[2,3]{0,1}">, x::shape<"f32[2,3]">>);
  static_assert(std::is_same_v<x::shape<x::shape_spec(x::primitive_type::f32, {2, 3})>,
                               x::shape<"f32[2,3]">>);
  CHECK(x::is_shape_v<x::shape<"f32[]">>);
  CHECK_FALSE(x::is_shape_v<float>);
}

TEST_CASE("shape/shape: typed index math") {
  using t = x::shape<"f32[3,5]{1,0:T(2,2)}">;
  CHECK_EQ(x::linear_index<t>({2, 3}), 17);
  const auto back = x::delinearize<t>(17);
  REQUIRE(back.has_value());
  CHECK_EQ((*back)[0], 2);
  CHECK_EQ((*back)[1], 3);
  CHECK_FALSE(x::delinearize<t>(23).has_value());
  CHECK_FALSE(x::delinearize<t>(24).has_value());
}
