// Tests for sxla/core/small_vector.hpp at run time (the constexpr side is in
// tests/static/).
#include <sxla/core/small_vector.hpp>

#include <doctest/doctest.h>

TEST_CASE("core/small_vector: push, erase, pop keep the unused slots zero") {
  sxla::small_vector<int, 4> v = {1, 2, 3};
  CHECK_EQ(v.size(), 3u);
  CHECK(v.push_back(4));
  CHECK_FALSE(v.push_back(5));   // full: refused, unchanged
  CHECK_EQ(v.size(), 4u);
  v.erase(1);
  CHECK_EQ(v.size(), 3u);
  CHECK_EQ(v[0], 1);
  CHECK_EQ(v[1], 3);
  CHECK_EQ(v[2], 4);
  CHECK_EQ(v.elems[3], 0);
  sxla::small_vector<int, 4> w = {1, 3, 4};
  CHECK(v == w);
  v.pop_back();
  CHECK_FALSE(v == w);
  v.clear();
  CHECK(v.empty());
  CHECK(v == sxla::small_vector<int, 4>{});
}

TEST_CASE("core/small_vector: a run-time list longer than the capacity is cut") {
  std::initializer_list<int> long_list = {1, 2, 3, 4, 5, 6};
  sxla::small_vector<int, 4> v(long_list);
  CHECK_EQ(v.size(), 4u);
  CHECK_EQ(v.back(), 4);
}
