// Cholesky and TriangularSolve against NumPy and SciPy (tests/golden/linalg_golden.txt,
// written by tools/gen_golden.py): numpy.linalg.cholesky and scipy.linalg.solve_triangular
// in float64 from f32-representable operands. The matrices are well conditioned (the
// Cholesky operands m m^H + n I; the triangular ones with diagonal magnitudes in [1, 2]
// and the rest of the triangle in [-0.5, 0.5]: condition numbers below 3), so NumPy's own
// error is negligible and sxla's is a few ulps of the type it computes in: every element
// within 64 * epsilon(T) * max |NumPy's result| of NumPy's. Each case runs on the f32
// (c64) operands as given and on the same values widened to f64 (c128).
// What the ops must not read: the triangular solves' stored a holds junk (about 1e6) in
// its other triangle, and on the diagonal with unit_diagonal; the Cholesky cases run
// again with NaN in the triangle the factor does not read (and in the diagonal's imaginary
// part, which is ignored too). The factor's other triangle must be exactly zero.

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "support/golden_file.hpp"

namespace x = sxla;
namespace golden = sxla_test::golden;

namespace {

const golden::sections& data() {
  static const golden::sections d = golden::read("linalg_golden.txt");
  return d;
}

const std::vector<double>& section(const std::string& name) {
  const auto it = data().find(name);
  REQUIRE_MESSAGE(it != data().end(), "no golden section " << name);
  return it->second;
}

// Golden values `name` (real) or `name`_re and `name`_im (complex), row-major.
std::vector<std::complex<double>> values(const std::string& name, bool complex) {
  const std::vector<double>& re = section(complex ? name + "_re" : name);
  std::vector<std::complex<double>> v;
  if (complex) {
    const std::vector<double>& im = section(name + "_im");
    REQUIRE_EQ(im.size(), re.size());
    for (std::size_t k = 0; k < re.size(); ++k) v.emplace_back(re[k], im[k]);
  } else {
    for (double r : re) v.emplace_back(r, 0);
  }
  return v;
}

// Tensor (default layout) := golden section `name`, converted to its element type
// (exact: the golden operands are f32-representable).
template <class Tensor>
Tensor load(const std::string& name) {
  using V = typename Tensor::value_type;
  using R = x::complex_component_t<V>;
  const std::vector<std::complex<double>> v = values(name, x::is_complex_v<V>);
  REQUIRE_EQ(static_cast<x::index_t>(v.size()), Tensor::element_count);
  Tensor t;
  std::size_t k = 0;
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) {
    if constexpr (x::is_complex_v<V>) {
      t[i] = V(static_cast<R>(v[k].real()), static_cast<R>(v[k].imag()));
    } else {
      t[i] = static_cast<V>(v[k].real());
    }
    ++k;
  });
  return t;
}

// Every element of got within 64 * epsilon(T) * max |want| of want; one CHECK naming the
// count and the first element out of tolerance.
template <class Tensor>
void check_close(const std::string& what, const Tensor& got, const std::vector<std::complex<double>>& want) {
  using V = typename Tensor::value_type;
  using R = x::complex_component_t<V>;
  REQUIRE_EQ(static_cast<x::index_t>(want.size()), Tensor::element_count);
  double scale = 0;
  for (const auto& w : want) scale = std::abs(w) > scale ? std::abs(w) : scale;
  const double tol = 64 * static_cast<double>(std::numeric_limits<R>::epsilon()) * scale;
  std::size_t k = 0;
  int failures = 0;
  std::ostringstream first;
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) {
    const std::complex<double> g(static_cast<std::complex<double>>(got[i]));
    const double d = std::abs(g - want[k]);
    if (!(d <= tol) && failures++ == 0)
      first << "element " << k << ": sxla " << g << ", NumPy " << want[k] << ", |difference| " << d << " > " << tol;
    ++k;
  });
  CHECK_MESSAGE(failures == 0, what << ": " << failures << " of " << want.size() << " out of tolerance; "
                                    << first.str());
}

// The triangle of each matrix of f that a factor does not hold (above the diagonal for a
// lower factor) is exactly zero.
template <class Tensor>
void check_other_triangle_zero(const std::string& what, const Tensor& f, bool upper) {
  constexpr std::size_t r = Tensor::shape_type::rank;
  int nonzero = 0;
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) {
    const x::index_t row = i[r - 2], col = i[r - 1];
    if ((upper ? col < row : col > row) && !(f[i] == typename Tensor::value_type{})) ++nonzero;
  });
  CHECK_MESSAGE(nonzero == 0, what << ": " << nonzero << " nonzero elements in the factor's other triangle");
}

// Golden Cholesky case `name` on Tensor (its element type and the golden shape).
template <class Tensor, x::triangle Tri>
void check_cholesky(const std::string& name) {
  using V = typename Tensor::value_type;
  constexpr bool upper = Tri == x::triangle::upper;
  constexpr std::size_t r = Tensor::shape_type::rank;
  const std::string what = name + " (" + (sizeof(x::complex_component_t<V>) == 4 ? "32" : "64") + "-bit)";
  const Tensor a = load<Tensor>(name + "_a");
  const std::vector<std::complex<double>> want = values(name + "_out", x::is_complex_v<V>);
  Tensor f;
  f = x::cholesky<Tri>(a);
  check_close(what, f, want);
  check_other_triangle_zero(what, f, upper);

  // Again with NaN where the factor does not read: the other triangle (and the diagonal's
  // imaginary part).
  Tensor junk = a;
  using R = x::complex_component_t<V>;
  const R nan = std::numeric_limits<R>::quiet_NaN();
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) {
    const x::index_t row = i[r - 2], col = i[r - 1];
    if (upper ? col < row : col > row) {
      if constexpr (x::is_complex_v<V>) {
        junk[i] = V(nan, nan);
      } else {
        junk[i] = nan;
      }
    } else if (row == col) {
      if constexpr (x::is_complex_v<V>) junk[i] = V(std::real(a[i]), nan);
    }
  });
  Tensor g;
  g = x::cholesky<Tri>(junk);
  check_close(what + " with NaN in what is not read", g, want);
  check_other_triangle_zero(what + " with NaN in what is not read", g, upper);
}

// Golden TriangularSolve case `name`: a in A, b and the result in B.
template <class A, class B, x::triangular_solve_options O>
void check_solve(const std::string& name) {
  using V = typename B::value_type;
  const std::string what = name + " (" + (sizeof(x::complex_component_t<V>) == 4 ? "32" : "64") + "-bit)";
  const A a = load<A>(name + "_a");
  const B b = load<B>(name + "_b");
  const std::vector<std::complex<double>> want = values(name + "_out", x::is_complex_v<V>);
  B got;
  got = x::triangular_solve<O>(a, b);
  check_close(what, got, want);
}

}  // namespace

TEST_CASE("golden: cholesky against numpy.linalg.cholesky") {
  check_cholesky<x::tensor<"f32[5,5]">, x::lower>("chol_lower_f32_n5");
  check_cholesky<x::tensor<"f64[5,5]">, x::lower>("chol_lower_f32_n5");
  check_cholesky<x::tensor<"c64[4,4]">, x::upper>("chol_upper_c64_n4");
  check_cholesky<x::tensor<"c128[4,4]">, x::upper>("chol_upper_c64_n4");
  check_cholesky<x::tensor<"f32[3,4,4]">, x::lower>("chol_lower_f32_b3_n4");
  check_cholesky<x::tensor<"f64[3,4,4]">, x::lower>("chol_lower_f32_b3_n4");
}

TEST_CASE("golden: triangular_solve against scipy.linalg.solve_triangular") {
  // a x = b: left side, lower, non-unit diagonal, no transpose.
  constexpr x::triangular_solve_options left_lower{.left_side = true, .lower = true, .unit_diagonal = false,
                                                   .transpose_a = x::transpose_kind::no_transpose};
  check_solve<x::tensor<"f32[6,6]">, x::tensor<"f32[6,3]">, left_lower>("trsm_left_lower_n6");
  check_solve<x::tensor<"f64[6,6]">, x::tensor<"f64[6,3]">, left_lower>("trsm_left_lower_n6");

  // a^T x = b: left side, upper, unit diagonal (junk on the stored diagonal), transpose.
  constexpr x::triangular_solve_options left_upper_unit_t{.left_side = true, .lower = false, .unit_diagonal = true,
                                                          .transpose_a = x::transpose_kind::transpose};
  check_solve<x::tensor<"f32[5,5]">, x::tensor<"f32[5,2]">, left_upper_unit_t>("trsm_left_upper_unit_t_n5");
  check_solve<x::tensor<"f64[5,5]">, x::tensor<"f64[5,2]">, left_upper_unit_t>("trsm_left_upper_unit_t_n5");

  // x a = b: right side, lower, non-unit diagonal, no transpose; b and x [3,5].
  constexpr x::triangular_solve_options right_lower{.left_side = false, .lower = true, .unit_diagonal = false,
                                                    .transpose_a = x::transpose_kind::no_transpose};
  check_solve<x::tensor<"f32[5,5]">, x::tensor<"f32[3,5]">, right_lower>("trsm_right_lower_n5");
  check_solve<x::tensor<"f64[5,5]">, x::tensor<"f64[3,5]">, right_lower>("trsm_right_lower_n5");

  // a^H x = b: left side, lower, non-unit (complex) diagonal, adjoint.
  constexpr x::triangular_solve_options left_lower_h{.left_side = true, .lower = true, .unit_diagonal = false,
                                                     .transpose_a = x::transpose_kind::adjoint};
  check_solve<x::tensor<"c64[4,4]">, x::tensor<"c64[4,2]">, left_lower_h>("trsm_left_lower_adjoint_c64_n4");
  check_solve<x::tensor<"c128[4,4]">, x::tensor<"c128[4,2]">, left_lower_h>("trsm_left_lower_adjoint_c64_n4");
}
