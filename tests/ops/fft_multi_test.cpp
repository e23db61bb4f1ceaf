// x::fft over two and three dimensions (XLA's Fft with 2 or 3 fft_lengths: the last
// dimensions, transformed together) for all four fft types against the long double DFT
// of fft_check.hpp; round trips; a length-1 axis; operands and destinations in
// column-major layouts; lazy operands (an elementwise sum, a broadcast, an FFT node),
// elementwise work fused on top of a transform, transforms assigned in place, and the
// node read element by element under a transpose (its own direct DFT).
#include "ops/fft_check.hpp"

namespace x = sxla;
namespace fc = fft_check;
using x::fft_type;

TEST_CASE("fft: 2-D and 3-D fft and ifft, and their round trips") {
  {
    using T = x::tensor<"c64[2,4,8]">;  // two 4x8 transforms
    fc::check_random<T, fft_type::fft, 4, 8>(501, "fft<4, 8> on c64[2,4,8]");
    fc::check_random<T, fft_type::ifft, 4, 8>(502, "ifft<4, 8> on c64[2,4,8]");
    T a, y, z;
    const fc::array in = fc::fill(a, 503);
    y = x::fft<fft_type::fft, 4, 8>(a);
    z = x::fft<fft_type::ifft, 4, 8>(y);
    fc::check(z, in, 32, "ifft<4, 8>(fft<4, 8>)", 2);
  }
  {
    using T = x::tensor<"c64[3,5,4]">;  // one 3x5x4 transform
    fc::check_random<T, fft_type::fft, 3, 5, 4>(511, "fft<3, 5, 4> on c64[3,5,4]");
    fc::check_random<T, fft_type::ifft, 3, 5, 4>(512, "ifft<3, 5, 4> on c64[3,5,4]");
    T a, y, z;
    const fc::array in = fc::fill(a, 513);
    y = x::fft<fft_type::fft, 3, 5, 4>(a);
    z = x::fft<fft_type::ifft, 3, 5, 4>(y);
    fc::check(z, in, 60, "ifft<3, 5, 4>(fft<3, 5, 4>)", 2);
  }
  {
    using T = x::tensor<"c64[16,12]">;  // one 16x12 transform
    fc::check_random<T, fft_type::fft, 16, 12>(521, "fft<16, 12> on c64[16,12]");
    fc::check_random<T, fft_type::ifft, 16, 12>(522, "ifft<16, 12> on c64[16,12]");
  }
  {
    using T = x::tensor<"c64[2,3,4,5]">;  // a 3-D transform under a batch dimension
    fc::check_random<T, fft_type::fft, 3, 4, 5>(531, "fft<3, 4, 5> on c64[2,3,4,5]");
  }
}

TEST_CASE("fft: 2-D and 3-D rfft and irfft, even and odd last lengths") {
  // f32[2,6,8] -> c64[2,6,5] and back.
  fc::check_random<x::tensor<"f32[2,6,8]">, fft_type::rfft, 6, 8>(541, "rfft<6, 8> on f32[2,6,8]");
  fc::check_random<x::tensor<"c64[2,6,5]">, fft_type::irfft, 6, 8>(542, "irfft<6, 8> on c64[2,6,5]");
  {
    x::tensor<"f32[2,6,8]"> a, back;
    x::tensor<"c64[2,6,5]"> y;
    const fc::array in = fc::fill(a, 543);
    y = x::fft<fft_type::rfft, 6, 8>(a);
    back = x::fft<fft_type::irfft, 6, 8>(y);
    fc::check(back, in, 48, "irfft<6, 8>(rfft<6, 8>)", 2);
  }
  // An odd last length: f32[2,4,5] <-> c64[2,4,3].
  fc::check_random<x::tensor<"f32[2,4,5]">, fft_type::rfft, 4, 5>(551, "rfft<4, 5> on f32[2,4,5]");
  fc::check_random<x::tensor<"c64[2,4,3]">, fft_type::irfft, 4, 5>(552, "irfft<4, 5> on c64[2,4,3]");
  // 3-D: f32[3,4,6] <-> c64[3,4,4], and an odd last length f32[3,2,7] <-> c64[3,2,4].
  fc::check_random<x::tensor<"f32[3,4,6]">, fft_type::rfft, 3, 4, 6>(561, "rfft<3, 4, 6> on f32[3,4,6]");
  fc::check_random<x::tensor<"c64[3,4,4]">, fft_type::irfft, 3, 4, 6>(562, "irfft<3, 4, 6> on c64[3,4,4]");
  fc::check_random<x::tensor<"f32[3,2,7]">, fft_type::rfft, 3, 2, 7>(563, "rfft<3, 2, 7> on f32[3,2,7]");
  fc::check_random<x::tensor<"c64[3,2,4]">, fft_type::irfft, 3, 2, 7>(564, "irfft<3, 2, 7> on c64[3,2,4]");
}

TEST_CASE("fft: length-1 axes") {
  fc::check_random<x::tensor<"c64[3,1,8]">, fft_type::fft, 1, 8>(571, "fft<1, 8> on c64[3,1,8]");
  fc::check_random<x::tensor<"c64[5,1]">, fft_type::ifft, 5, 1>(572, "ifft<5, 1> on c64[5,1]");
  // rfft along a last axis of length 1 (one bin: the operand itself), then the
  // complex transform along the other.
  fc::check_random<x::tensor<"f32[6,1]">, fft_type::rfft, 6, 1>(573, "rfft<6, 1> on f32[6,1]");
  fc::check_random<x::tensor<"c64[6,1]">, fft_type::irfft, 6, 1>(574, "irfft<6, 1> on c64[6,1]");
  fc::check_random<x::tensor<"f32[2,1,6]">, fft_type::rfft, 1, 6>(575, "rfft<1, 6> on f32[2,1,6]");
}

TEST_CASE("fft: column-major operands and destinations") {
  x::tensor<"c64[8,16]{0,1}"> a, cm;
  x::tensor<"c64[8,16]"> rm;
  const fc::array in = fc::fill(a, 581);
  // Rows along the strided dimension 1.
  cm = x::fft<fft_type::fft, 16>(a);
  fc::check(cm, fc::dft(in, 1, false), 16, "fft<16>, {0,1} to {0,1}");
  rm = x::fft<fft_type::fft, 16>(a);
  fc::check(rm, fc::dft(in, 1, false), 16, "fft<16>, {0,1} to {1,0}");
  // Both dimensions.
  cm = x::fft<fft_type::fft, 8, 16>(a);
  fc::check(cm, fc::dft(in, 2, false), 128, "fft<8, 16>, {0,1} to {0,1}");
  rm = x::fft<fft_type::ifft, 8, 16>(a);
  fc::check(rm, fc::dft(in, 2, true), 128, "ifft<8, 16>, {0,1} to {1,0}");
  // A row-major operand into a column-major destination.
  const fc::array in_rm = fc::fill(rm, 582);
  cm = x::fft<fft_type::fft, 8, 16>(rm);
  fc::check(cm, fc::dft(in_rm, 2, false), 128, "fft<8, 16>, {1,0} to {0,1}");
  // Real transforms in column-major layouts.
  x::tensor<"f32[8,16]{0,1}"> r, back;
  x::tensor<"c64[8,9]{0,1}"> y;
  const fc::array rin = fc::fill(r, 583);
  y = x::fft<fft_type::rfft, 16>(r);
  fc::check(y, fc::rfft(rin, 1), 16, "rfft<16>, {0,1} to {0,1}");
  back = x::fft<fft_type::irfft, 16>(y);
  fc::check(back, rin, 16, "irfft<16>(rfft<16>), {0,1} to {0,1}", 2);
  y = x::fft<fft_type::rfft, 8, 16>(r);
  fc::check(y, fc::rfft(rin, 2), 128, "rfft<8, 16>, {0,1} to {0,1}");
  const fc::array spectrum = fc::fill(y, 584);
  back = x::fft<fft_type::irfft, 8, 16>(y);
  fc::check(back, fc::irfft(spectrum, 2, 16), 128, "irfft<8, 16>, {0,1} to {0,1}");
}

TEST_CASE("fft: lazy operands and fused elementwise work") {
  using T = x::tensor<"c64[3,8]">;
  T a, b, y;
  fc::fill(a, 591);
  fc::fill(b, 592);
  // The sum as the op's operand: the reference transforms the sum rounded to c64.
  T sum;
  for (x::index_t i = 0; i < 3; ++i)
    for (x::index_t j = 0; j < 8; ++j) sum(i, j) = a(i, j) + b(i, j);
  y = x::fft<fft_type::fft, 8>(x::add(a, b));
  fc::check(y, fc::dft(fc::values(sum), 1, false), 8, "fft<8> of add(a, b)");
  y = x::fft<fft_type::fft, 8>(a + b);
  fc::check(y, fc::dft(fc::values(sum), 1, false), 8, "fft<8> of a + b");
  // A broadcast row: every row of the result is the row's transform.
  x::tensor<"c64[8]"> v;
  fc::fill(v, 593);
  T rows;
  for (x::index_t i = 0; i < 3; ++i)
    for (x::index_t j = 0; j < 8; ++j) rows(i, j) = v(j);
  y = x::fft<fft_type::fft, 8>(x::broadcast<3>(v));
  fc::check(y, fc::dft(fc::values(rows), 1, false), 8, "fft<8> of broadcast<3>(v)");
  // An FFT node as the operand of another: ifft(fft(a)) ~ a.
  y = x::fft<fft_type::ifft, 8>(x::fft<fft_type::fft, 8>(a));
  fc::check(y, fc::values(a), 8, "ifft<8>(fft<8>(a)) nested", 2);
  // A real operand scaled by 2 (exact), and the real part of a transform.
  x::tensor<"f32[3,8]"> r, re;
  x::tensor<"c64[3,5]"> ry;
  fc::fill(r, 594);
  fc::array twice = fc::values(r);
  for (fc::cld& e : twice.v) e *= 2;
  ry = x::fft<fft_type::rfft, 8>(r * 2.0f);
  fc::check(ry, fc::rfft(twice, 1), 8, "rfft<8> of r * 2");
  re = x::real(x::fft<fft_type::fft, 8>(a));
  // The real parts' errors are at most the complex results': measured relative to the
  // complex reference (some real parts are near zero).
  const fc::array full = fc::dft(fc::values(a), 1, false);
  fc::ld diff2 = 0, full2 = 0, diff_max = 0, full_max = 0;
  for (std::size_t k = 0; k < full.v.size(); ++k) {
    const fc::ld d = std::fabs(static_cast<fc::ld>(re(static_cast<x::index_t>(k / 8), static_cast<x::index_t>(k % 8))) -
                               full.v[k].real());
    diff2 += d * d;
    full2 += std::norm(full.v[k]);
    diff_max = std::max(diff_max, d);
    full_max = std::max(full_max, std::abs(full.v[k]));
  }
  INFO("real(fft<8>(a)): RMS ", static_cast<double>(std::sqrt(diff2 / full2)), ", max ",
       static_cast<double>(diff_max / full_max));
  CHECK(static_cast<double>(std::sqrt(diff2 / full2)) <= fc::bound<float>(8));
  CHECK(static_cast<double>(diff_max / full_max) <= fc::bound<float>(8));
}

TEST_CASE("fft: assigned in place") {
  x::tensor<"c64[3,8]"> a;
  const fc::array in = fc::fill(a, 601);
  a = x::fft<fft_type::fft, 8>(a);
  fc::check(a, fc::dft(in, 1, false), 8, "a = fft<8>(a)");
  x::tensor<"c64[2,4,8]"> b;
  const fc::array bin = fc::fill(b, 602);
  b = x::fft<fft_type::ifft, 4, 8>(b);
  fc::check(b, fc::dft(bin, 2, true), 32, "b = ifft<4, 8>(b)");
  x::tensor<"c64[8,16]{0,1}"> c;
  const fc::array cin = fc::fill(c, 603);
  c = x::fft<fft_type::fft, 8, 16>(c);
  fc::check(c, fc::dft(cin, 2, false), 128, "c = fft<8, 16>(c), column-major");
}

TEST_CASE("fft: read element by element (the node's own DFT, under a transpose)") {
  // A transpose reads its operand along other dimensions than it writes, so the node is
  // read one element at a time, by its direct long double DFT, not by the engine.
  x::tensor<"c64[4,6]"> a;
  x::tensor<"c64[6,4]"> t;
  x::tensor<"c64[4,6]"> back;
  const fc::array in = fc::fill(a, 701);
  t = x::transpose<1, 0>(x::fft<fft_type::fft, 4, 6>(a));
  back = x::transpose<1, 0>(t);
  fc::check(back, fc::dft(in, 2, false), 24, "transpose(transpose(fft<4, 6>)) elementwise");
  t = x::transpose<1, 0>(x::fft<fft_type::ifft, 6>(a));
  back = x::transpose<1, 0>(t);
  fc::check(back, fc::dft(in, 1, true), 6, "transpose(transpose(ifft<6>)) elementwise");

  x::tensor<"f32[3,8]"> r;
  x::tensor<"c64[5,3]"> rt;
  x::tensor<"c64[3,5]"> rback;
  const fc::array rin = fc::fill(r, 702);
  rt = x::transpose<1, 0>(x::fft<fft_type::rfft, 8>(r));
  rback = x::transpose<1, 0>(rt);
  fc::check(rback, fc::rfft(rin, 1), 8, "transpose(transpose(rfft<8>)) elementwise");

  x::tensor<"c64[2,4,3]"> h;  // irfft<4, 5>: the other axis first, the last from 3 bins
  x::tensor<"f32[2,5,4]"> ht;
  x::tensor<"f32[2,4,5]"> hback;
  const fc::array hin = fc::fill(h, 703);
  ht = x::transpose<0, 2, 1>(x::fft<fft_type::irfft, 4, 5>(h));
  hback = x::transpose<0, 2, 1>(ht);
  fc::check(hback, fc::irfft(hin, 2, 5), 20, "transpose(transpose(irfft<4, 5>)) elementwise");
}
