// Tests for sxla/core/static_string.hpp at run time.
#include <sxla/core/static_string.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>

TEST_CASE("core/static_string: appending text and integers") {
  sxla::static_string<64> s;
  s.append("f").append_integer(32).append('[').append_integer(-7).append(']');
  CHECK_EQ(s.view(), "f32[-7]");
  CHECK_EQ(std::string(s.c_str()), "f32[-7]");
  sxla::static_string<32> m;
  m.append_integer(std::numeric_limits<std::int64_t>::min());
  CHECK_EQ(m.view(), "-9223372036854775808");
  m = sxla::static_string<32>();
  m.append_integer(0);
  CHECK_EQ(m.view(), "0");
}

TEST_CASE("core/static_string: text beyond the capacity is dropped and flagged") {
  sxla::static_string<4> s;
  s.append("abcdef");
  CHECK_EQ(s.view(), "abcd");
  CHECK(s.truncated());
  CHECK_EQ(s.c_str()[4], '\0');
}
