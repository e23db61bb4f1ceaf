// The data files of the inference examples (examples/data/*.txt, written by
// tools/gen_example_models.py): read(), which loads the next array of a file into a tensor
// after checking its name and its shape string against the tensor's type, and check(),
// which compares a result with NumPy's as numpy.allclose does and prints the worst element.
#ifndef SXLA_EXAMPLES_MODEL_FILE_HPP
#define SXLA_EXAMPLES_MODEL_FILE_HPP

#include <sxla/sxla.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <istream>
#include <limits>
#include <string>

namespace example {

namespace x = sxla;

// Reads the next array of the file into t: a line "<name> <shape>" ('#' lines before it
// are comments), then the elements in row-major order. The name and the shape (parsed by
// x::parse_shape) must be those the program asks for.
template <x::shape_spec S>
bool read(std::istream& in, const char* name, x::tensor<S>& t) {
  while (in >> std::ws && in.peek() == '#') in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  std::string got_name, got_shape;
  in >> got_name >> got_shape;
  if (got_name != name) {
    std::fprintf(stderr, "expected the array %s, found \"%s\"\n", name, got_name.c_str());
    return false;
  }
  const auto parsed = x::parse_shape(got_shape);
  if (!parsed || parsed.shape != S) {
    constexpr auto want = x::to_string<S, x::layout_printing::if_not_default>();
    std::fprintf(stderr, "%s: the file's shape %s is not the program's %s%s%s\n", name, got_shape.c_str(),
                 want.c_str(), parsed ? "" : ": ", parsed ? "" : parsed.message().c_str());
    return false;
  }
  for (auto& v : t.storage()) in >> v;  // the default layout stores in row-major order
  if (!in) std::fprintf(stderr, "%s: fewer than %lld numbers\n", name, static_cast<long long>(t.element_count));
  return static_cast<bool>(in);
}

// Checks got against want as numpy.allclose does, |got - want| <= atol + rtol |want|, and
// prints the worst element (the one furthest beyond, or least within, its allowance).
// Both are [rows, columns].
template <class Got, class Want>
bool check(const char* what, const Got& got, const Want& want, double rtol = 1e-4, double atol = 1e-6) {
  // The ratio as one fused expression: the f32 result converted to f64 beside NumPy's.
  const auto ratio = x::eval(x::abs(x::convert<double>(got) - want) / (atol + rtol * x::abs(want)));
  std::int64_t worst = 0;
  const double* r = ratio.data();
  for (std::int64_t i = 1; i < ratio.element_count; ++i)
    if (std::isnan(r[i]) ? !std::isnan(r[worst]) : r[i] > r[worst]) worst = i;  // a NaN is the worst
  const std::int64_t columns = Want::spec.dimensions[1];
  const std::int64_t i = worst / columns, j = worst % columns;
  const bool ok = r[worst] <= 1.0;
  std::printf("%s: worst |sxla - numpy| = %.2e at [%lld, %lld] (numpy %.9g; allowed %.2e): %s\n", what,
              std::fabs(got(i, j) - want(i, j)), static_cast<long long>(i), static_cast<long long>(j), want(i, j),
              atol + rtol * std::fabs(want(i, j)), ok ? "ok" : "MISMATCH");
  return ok;
}

}  // namespace example

#endif  // SXLA_EXAMPLES_MODEL_FILE_HPP
