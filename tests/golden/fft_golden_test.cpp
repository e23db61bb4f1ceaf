// Fft (fft, ifft, rfft, irfft; one, two and three lengths) against numpy.fft
// (tests/golden/fft_golden.txt, written by tools/gen_golden.py). NumPy computes in float64
// from the same f32-representable operands, so its own error (about log2(n) * 2^-53
// relative) is negligible beside the f32 bound that sxla's results are held to: the
// relative RMS error and the largest error relative to the largest |result|, both at
// most 4 * log2(max(n, 2)) * epsilon(f32), n the transform's size (the derivation is in
// tests/ops/fft_check.hpp).
#define SXLA_ALLOW_HEAP 1  // the 1000-point rows need more scratch than the stack allowance

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstddef>
#include <string>
#include <vector>

#include "ops/fft_check.hpp"
#include "support/golden_file.hpp"

namespace x = sxla;
namespace golden = sxla_test::golden;
namespace fc = fft_check;

namespace {

const golden::sections& data() {
  static const golden::sections d = golden::read("fft_golden.txt");
  return d;
}

const std::vector<double>& section(const std::string& name) {
  const auto it = data().find(name);
  REQUIRE_MESSAGE(it != data().end(), "no golden section " << name);
  return it->second;
}

// Section `name` (real) or `name`_re and `name`_im (complex) as an array of dims d.
fc::array golden_array(const std::string& name, bool complex, fc::dims_t d) {
  fc::array a{std::move(d), {}};
  const std::vector<double>& re = section(complex ? name + "_re" : name);
  REQUIRE_EQ(re.size(), fc::element_count(a.dims));
  if (complex) {
    const std::vector<double>& im = section(name + "_im");
    REQUIRE_EQ(im.size(), re.size());
    for (std::size_t k = 0; k < re.size(); ++k) a.v.emplace_back(re[k], im[k]);
  } else {
    for (double r : re) a.v.emplace_back(r, 0);
  }
  return a;
}

// Tensor t (default layout) := a's values, converted to its element type (exact: the
// golden operands are f32-representable).
template <class Tensor>
void load(Tensor& t, const fc::array& a) {
  using V = typename Tensor::value_type;
  std::size_t k = 0;
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) {
    if constexpr (x::is_complex_v<V>) {
      t[i] = V(static_cast<float>(a.v[k].real()), static_cast<float>(a.v[k].imag()));
    } else {
      t[i] = static_cast<V>(a.v[k].real());
    }
    ++k;
  });
}

// Golden case `name`: x::fft<T, L...> of In into Out against NumPy's result.
template <class In, class Out, x::fft_type T, x::index_t... L>
void check_case(const std::string& name) {
  constexpr bool complex_in = T != x::fft_type::rfft;
  constexpr bool complex_out = T != x::fft_type::irfft;
  const auto& din = In::shape_type::dimensions;
  const auto& dout = Out::shape_type::dimensions;
  const fc::array in = golden_array(name + "_in", complex_in, fc::dims_t(din.begin(), din.end()));
  const fc::array want = golden_array(name + "_out", complex_out, fc::dims_t(dout.begin(), dout.end()));
  In a;
  Out y;
  load(a, in);
  y = x::fft<T, L...>(a);
  fc::check(y, want, fc::product<L...>, name + " (NumPy)");
}

}  // namespace

TEST_CASE("golden: fft and ifft against numpy.fft") {
  check_case<x::tensor<"c64[2,12]">, x::tensor<"c64[2,12]">, x::fft_type::fft, 12>("fft_n12");
  check_case<x::tensor<"c64[2,1000]">, x::tensor<"c64[2,1000]">, x::fft_type::fft, 1000>("fft_n1000");
  check_case<x::tensor<"c64[2,7]">, x::tensor<"c64[2,7]">, x::fft_type::ifft, 7>("ifft_n7");
  check_case<x::tensor<"c64[4,6]">, x::tensor<"c64[4,6]">, x::fft_type::fft, 4, 6>("fft2_4x6");
}

TEST_CASE("golden: rfft and irfft against numpy.fft") {
  check_case<x::tensor<"f32[2,16]">, x::tensor<"c64[2,9]">, x::fft_type::rfft, 16>("rfft_n16");
  check_case<x::tensor<"f32[2,17]">, x::tensor<"c64[2,9]">, x::fft_type::rfft, 17>("rfft_n17");
  check_case<x::tensor<"c64[2,9]">, x::tensor<"f32[2,16]">, x::fft_type::irfft, 16>("irfft_n16");
  check_case<x::tensor<"c64[2,9]">, x::tensor<"f32[2,17]">, x::fft_type::irfft, 17>("irfft_n17");
  check_case<x::tensor<"f32[3,4,10]">, x::tensor<"c64[3,4,6]">, x::fft_type::rfft, 4, 10>("rfftn_3x4x10");
  check_case<x::tensor<"c64[3,4,6]">, x::tensor<"f32[3,4,10]">, x::fft_type::irfft, 4, 10>("irfftn_3x4x10");
}

TEST_CASE("golden: the long double reference of tests/ops/fft_check.hpp agrees with numpy.fft") {
  // The reference the unit tests use, against NumPy's float64 results: within f64's bound.
  auto agree = [](const std::string& name, x::fft_type t, bool complex_in, fc::dims_t din, fc::dims_t dout,
                  std::size_t nt, x::index_t n_total, x::index_t last) {
    const fc::array in = golden_array(name + "_in", complex_in, din);
    const fc::array want = golden_array(name + "_out", t != x::fft_type::irfft, dout);
    const fc::errors e = fc::measure(fc::reference(t, in, nt, last), want);
    INFO(name, ": RMS ", e.rms, ", max ", e.max);
    CHECK(e.rms <= fc::bound<double>(n_total));
    CHECK(e.max <= fc::bound<double>(n_total));
  };
  agree("fft_n12", x::fft_type::fft, true, {2, 12}, {2, 12}, 1, 12, 12);
  agree("fft_n1000", x::fft_type::fft, true, {2, 1000}, {2, 1000}, 1, 1000, 1000);
  agree("ifft_n7", x::fft_type::ifft, true, {2, 7}, {2, 7}, 1, 7, 7);
  agree("fft2_4x6", x::fft_type::fft, true, {4, 6}, {4, 6}, 2, 24, 6);
  agree("rfft_n16", x::fft_type::rfft, false, {2, 16}, {2, 9}, 1, 16, 16);
  agree("rfft_n17", x::fft_type::rfft, false, {2, 17}, {2, 9}, 1, 17, 17);
  agree("irfft_n16", x::fft_type::irfft, true, {2, 9}, {2, 16}, 1, 16, 16);
  agree("irfft_n17", x::fft_type::irfft, true, {2, 9}, {2, 17}, 1, 17, 17);
  agree("rfftn_3x4x10", x::fft_type::rfft, false, {3, 4, 10}, {3, 4, 6}, 2, 40, 10);
  agree("irfftn_3x4x10", x::fft_type::irfft, true, {3, 4, 6}, {3, 4, 10}, 2, 40, 10);
}
