// Tests for sxla/shape/shape_error.hpp: the text of each compile-time static_assert is
// "sxla: <category>: <message>" for its error, as the run-time tables say. Reads the
// header's source (a static_assert's text cannot be observed from C++).
#include <sxla/shape/shape_error.hpp>

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {
// The concatenated string literals between `from` and the next ");" in `src`.
std::string literal_text(const std::string& src, std::size_t from) {
  const std::size_t stop = src.find(");", from);
  std::string text;
  std::size_t i = from;
  while ((i = src.find('"', i)) < stop) {
    for (++i; src[i] != '"'; ++i) {
      if (src[i] == '\\') ++i;
      text += src[i];
    }
    ++i;
  }
  return text;
}
}  // namespace

TEST_CASE("shape/shape_error: each static_assert's text matches the run-time message") {
  std::ifstream in(SXLA_SOURCE_DIR "/include/sxla/shape/shape_error.hpp");
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string source = ss.str();
  const std::size_t body = source.find("consteval bool report_shape_error()");
  REQUIRE(body != std::string::npos);

  // static_assert(E != shape_error::<id>, "<piece>" "<piece>" ...);
  const std::string head = "static_assert(E != shape_error::";
  const int last = sxla::shape_error_count - 1;
  std::vector<bool> seen(static_cast<std::size_t>(last) + 1, false);
  int found = 0;
  for (std::size_t at = source.find(head, body); at != std::string::npos; at = source.find(head, at + 1)) {
    const std::size_t id_begin = at + head.size();
    const std::string id = source.substr(id_begin, source.find(',', id_begin) - id_begin);
    int index = 0;
    while (index <= last && sxla::shape_error_name(static_cast<sxla::shape_error>(index)) != id) ++index;
    CAPTURE(id);
    REQUIRE_MESSAGE(index <= last, "no shape_error named " << id);
    const auto e = static_cast<sxla::shape_error>(index);
    seen[index] = true;
    CHECK_EQ(literal_text(source, id_begin), "sxla: " + std::string(sxla::shape_error_category(e)) +
                                                 ": " + std::string(sxla::shape_error_message(e)));
    ++found;
  }
  CHECK_EQ(found, last);  // one assertion per error but none
  for (int i = 1; i <= last; ++i)
    CHECK_MESSAGE(seen[i], "no static_assert for " << sxla::shape_error_name(static_cast<sxla::shape_error>(i)));
}

TEST_CASE("shape/shape_error: categories") {
  CHECK_EQ(sxla::shape_error_category(sxla::shape_error::none), "");
  CHECK_EQ(sxla::shape_error_category(sxla::shape_error::expected_dimension), "malformed shape string");
  CHECK_EQ(sxla::shape_error_category(sxla::shape_error::negative_dimension), "invalid shape");
  CHECK_EQ(sxla::shape_error_category(sxla::shape_error::empty_tile), "invalid layout");
}
