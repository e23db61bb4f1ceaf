// The reader of the NumPy golden files in tests/golden/ (written by tools/gen_golden.py):
// one section a line, `<name> <count> <hex values...>`, values as C99 hex floats in
// row-major order; lines starting with '#' are comments.
#ifndef SXLA_TESTS_SUPPORT_GOLDEN_FILE_HPP
#define SXLA_TESTS_SUPPORT_GOLDEN_FILE_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <charconv>
#include <cstddef>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace sxla_test::golden {

using sections = std::map<std::string, std::vector<double>>;

// Every section of tests/golden/<file>.
inline sections read(const std::string& file) {
  sections d;
  std::ifstream in(std::string(SXLA_SOURCE_DIR) + "/tests/golden/" + file);
  REQUIRE_MESSAGE(in.good(), "cannot open tests/golden/" << file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string name, token;
    std::size_t count = 0;
    ls >> name >> count;
    std::vector<double>& v = d[name];
    while (ls >> token) {
      double value = 0;
      const char* first = token.data();
      const char* last = token.data() + token.size();
      bool negative = false;
      if (*first == '-') {
        negative = true;
        ++first;
      }
      if (last - first > 2 && first[0] == '0' && first[1] == 'x') first += 2;  // from_chars takes no "0x"
      const auto [end, ec] = std::from_chars(first, last, value, std::chars_format::hex);
      REQUIRE_MESSAGE((ec == std::errc{} && end == last), file << ": bad value '" << token << "' in " << name);
      v.push_back(negative ? -value : value);
    }
    REQUIRE_MESSAGE(v.size() == count, file << ": " << name << " has " << v.size() << " values, not " << count);
  }
  return d;
}

// Section `name` of d as a Tensor (its values in logical row-major order, converted to
// the element type).
template <class Tensor>
Tensor load(const sections& d, const std::string& name) {
  const auto it = d.find(name);
  REQUIRE_MESSAGE(it != d.end(), "no golden section " << name);
  const std::vector<double>& values = it->second;
  REQUIRE_EQ(static_cast<sxla::index_t>(values.size()), Tensor::element_count);
  Tensor t;
  std::size_t k = 0;
  sxla::for_each_index<typename Tensor::shape_type>(
      [&](const auto& i) { t[i] = static_cast<typename Tensor::value_type>(values[k++]); });
  return t;
}

}  // namespace sxla_test::golden

#endif  // SXLA_TESTS_SUPPORT_GOLDEN_FILE_HPP
