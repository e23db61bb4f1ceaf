// sxla/ops/fft.hpp: Fft(operand, fft_type, fft_length), XLA's discrete Fourier
// transforms over the last one to three dimensions:
//
//   x::fft<x::fft_type::fft, 8>(c)        c64[..., 8] -> c64[..., 8]
//   x::fft<x::fft_type::ifft, 4, 8>(c)    inverse, scaled by 1 / (4 * 8)
//   x::fft<x::fft_type::rfft, 16>(r)      f32[..., 16] -> c64[..., 9] (n / 2 + 1)
//   x::fft<x::fft_type::irfft, 16>(c)     c64[..., 9] -> f32[..., 16]
//
// FFT: X[k] = sum_j x[j] exp(-2 pi i j k / n) along each transformed dimension. IFFT:
// the same with +, divided by the product of the lengths. RFFT: a real operand (f32,
// f64), the innermost dimension transformed first, keeping its n / 2 + 1 frequencies up
// to Nyquist; the others then as FFT. IRFFT: the inverse, the other dimensions first and
// the innermost last, grown back to the given length (which decides between n even and
// odd) from the Hermitian symmetry X[n - k] = conj X[k]; as in NumPy and XLA's CPU
// backend, the imaginary parts of frequencies 0 and (n even) n / 2 of that last
// transform are not used. Lengths of 0 give empty results.
//
// The node is a producer (expr/producer.hpp): it writes its whole result, and
// elementwise work on top of it fuses into the writing. The work is
// kernels::fft_engine's: plans fixed at compile time by each length's radices, lanes of
// the SIMD vocabulary running one signal each.
//
// Memory: the engine's work buffer (a batch: N elements of two vectors), a temporary for
// an operand that is not a dense row-major tensor of its element type (or a lazy
// expression), one for a destination that is not, and IRFFT of 2 or 3 dimensions a
// temporary of the operand's size: scratch memory, a compile-time number, by the rules
// of expr/scratch.hpp (x::workspace_bytes). Threads: none. Misuse (a length that is not
// the dimension's size, more than three lengths, an IRFFT length that does not give the
// last dimension, a real operand to FFT or IFFT, a complex one to RFFT) is a compile
// error naming fft and the operand's shape.
#ifndef SXLA_OPS_FFT_HPP
#define SXLA_OPS_FFT_HPP

#include <complex>
#include <cstddef>
#include <type_traits>

#include "sxla/config.hpp"             // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"   // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"  // is_complex_v, complex_component_t, primitive_type_of
#include "sxla/core/index.hpp"         // index_t, multi_index, idx
#include "sxla/core/minmax.hpp"        // detail::max_of, detail::min_of
#include "sxla/core/workspace.hpp"     // detail::arena, detail::arena_scope, scratch_round
#include "sxla/expr/executor.hpp"      // evaluate, detail::evaluate_scratch
#include "sxla/expr/expression.hpp"    // logical_spec
#include "sxla/expr/leaf.hpp"          // as_operand, operand, array_leaf
#include "sxla/expr/producer.hpp"      // unary_producer
#include "sxla/expr/scratch.hpp"       // detail::take_temporary, detail::temporary_bytes, detail::dense_row_major
#include "sxla/kernels/fft.hpp"        // fft_engine
#include "sxla/kernels/fft_plan.hpp"   // detail::fft_sincos_turn
#include "sxla/ops/dot_general.hpp"    // detail::reads_dense_row_major
#include "sxla/ops/reduction.hpp"      // detail::finish_every_row
#include "sxla/shape/print.hpp"        // diagnostic_display of shapes
#include "sxla/tensor/view.hpp"        // tensor_view

namespace sxla {

enum class fft_type { fft, ifft, rfft, irfft };

// The op's name in compile errors, and where its scratch memory does not fit.
namespace hlo {
struct fft;
}  // namespace hlo
struct fft_op {
  using name = hlo::fft;
};

namespace detail {

enum class fft_error { none, count, length, irfft_length, complex_operand, real_operand };

template <fft_type Type, class E, idx Lengths>
constexpr fft_error fft_check() noexcept {
  using T = typename E::value_type;
  const std::size_t k = Lengths.size(), r = E::rank;
  if constexpr (Type == fft_type::rfft) {
    if (!std::is_same_v<T, float> && !std::is_same_v<T, double>) return fft_error::real_operand;
  } else {
    if (!std::is_same_v<T, std::complex<float>> && !std::is_same_v<T, std::complex<double>>)
      return fft_error::complex_operand;
  }
  if (k < 1 || k > 3 || k > r) return fft_error::count;
  for (std::size_t a = 0; a < k; ++a) {
    const index_t n = Lengths[a], d = E::spec.dimensions[r - k + a];
    if (n < 0) return fft_error::length;
    if (a + 1 == k && Type == fft_type::irfft) {
      if (d != (n == 0 ? 0 : n / 2 + 1)) return fft_error::irfft_length;
    } else if (d != n) {
      return fft_error::length;
    }
  }
  return fft_error::none;
}

// The lengths as the diagnostic's values: the count, then up to three of them.
#define SXLA_DETAIL_FFT_LENGTHS(text)                                                                               \
  if constexpr (Lengths.size() == 1) {                                                                              \
    SXLA_DIAGNOSE(hlo::fft, "{}: fft_length [{}] " text, (E), (Lengths[0]));                                        \
  } else if constexpr (Lengths.size() == 2) {                                                                       \
    SXLA_DIAGNOSE(hlo::fft, "{}: fft_length [{}, {}] " text, (E), (Lengths[0], Lengths[1]));                        \
  } else if constexpr (Lengths.size() == 3) {                                                                       \
    SXLA_DIAGNOSE(hlo::fft, "{}: fft_length [{}, {}, {}] " text, (E), (Lengths[0], Lengths[1], Lengths[2]));        \
  } else {                                                                                                          \
    SXLA_DIAGNOSE(hlo::fft, "{}: fft_length has {} lengths; " text, (E), (Lengths.size()));                         \
  }

template <fft_type Type, class E, idx Lengths>
void report_fft() {
  constexpr fft_error e = fft_check<Type, E, Lengths>();
  if constexpr (e == fft_error::complex_operand) {
    SXLA_DIAGNOSE(hlo::fft, "{}: fft, ifft and irfft take a complex operand (c64 or c128)", (E), ());
  } else if constexpr (e == fft_error::real_operand) {
    SXLA_DIAGNOSE(hlo::fft, "{}: rfft takes a real operand (f32 or f64)", (E), ());
  } else if constexpr (e == fft_error::count) {
    SXLA_DETAIL_FFT_LENGTHS("must name 1 to 3 of the last dimensions of the operand")
  } else if constexpr (e == fft_error::length) {
    SXLA_DETAIL_FFT_LENGTHS("is not the size of the last dimensions of the operand")
  } else if constexpr (e == fft_error::irfft_length) {
    SXLA_DETAIL_FFT_LENGTHS("needs an irfft operand whose last dimension is the last length / 2 + 1")
  }
}
#undef SXLA_DETAIL_FFT_LENGTHS

// The result's dimensions: RFFT's last n / 2 + 1 (0 for n = 0), IRFFT's last n.
template <fft_type Type, class E, idx Lengths>
constexpr shape_spec fft_result_spec() noexcept {
  using T = typename E::value_type;
  using R = std::conditional_t<Type == fft_type::rfft, std::complex<T>,
                               std::conditional_t<Type == fft_type::irfft, complex_component_t<T>, T>>;
  auto dims = E::spec.dimensions;
  if constexpr (E::rank > 0) {
    const index_t n = Lengths[Lengths.size() - 1];
    if (Type == fft_type::rfft) dims[E::rank - 1] = n == 0 ? 0 : n / 2 + 1;
    if (Type == fft_type::irfft) dims[E::rank - 1] = n;
  }
  return logical_spec(primitive_type_of<R>, dims);
}


}  // namespace detail

template <fft_type Type, class Op, idx Lengths>
struct fft_node : unary_producer<fft_node<Type, Op, Lengths>, Op,
                                 typename tensor_view<detail::fft_result_spec<Type, Op, Lengths>()>::value_type, Op::rank> {
  static constexpr bool is_expression = true;
  static constexpr bool produces = true;
  static constexpr shape_spec spec = detail::fft_result_spec<Type, Op, Lengths>();
  using In = typename Op::value_type;
  using value_type = typename tensor_view<spec>::value_type;
  using T = complex_component_t<In>;  // float or double
  using lane_type = std::conditional_t<simd::has_vec<value_type>, value_type, void>;
  static constexpr std::size_t rank = Op::rank;
  static constexpr std::size_t axes = Lengths.size();
  using scratch_op = fft_op;

  Op operand;

 private:
  static constexpr bool inverse = Type == fft_type::ifft || Type == fft_type::irfft;
  static constexpr bool empty = spec.element_count() == 0 || Op::spec.element_count() == 0;
  static constexpr auto length(std::size_t a) noexcept { return static_cast<std::size_t>(Lengths[a]); }
  // The complex array the column passes run over: the result (FFT, IFFT, RFFT) or the
  // operand's copy (IRFFT).
  static constexpr auto complex_dims = Type == fft_type::irfft ? Op::spec.dimensions : spec.dimensions;

  template <std::size_t A>
  using engine = kernels::fft_engine<T, length(A) == 0 ? 1 : length(A)>;
  // (The last axis of RFFT and IRFFT runs the real-row passes, with their own buffer.)
  template <std::size_t A>
  static constexpr std::size_t axis_work_elements() noexcept {
    if constexpr ((Type == fft_type::rfft || Type == fft_type::irfft) && A + 1 == axes) {
      return engine<A>::real_scratch_elements;
    } else {
      return engine<A>::scratch_elements;
    }
  }
  template <std::size_t... A>
  static constexpr std::size_t work_elements(std::index_sequence<A...>) noexcept {
    return detail::max_of(axis_work_elements<A>()...);
  }
  static constexpr std::size_t work_bytes =
      empty ? 0 : scratch_round(work_elements(std::make_index_sequence<axes>{}) * sizeof(T));
  static constexpr std::size_t copy_bytes =
      empty || Type != fft_type::irfft || axes == 1
          ? 0
          : scratch_round(2 * static_cast<std::size_t>(Op::spec.element_count()) * sizeof(T));

  static constexpr shape_spec in_spec = logical_spec(primitive_type_of<In>, Op::spec.dimensions);
  static constexpr bool in_place = detail::reads_dense_row_major<Op, In>();
  static constexpr std::size_t in_bytes =
      empty || in_place ? 0 : detail::temporary_bytes<in_spec> + detail::evaluate_scratch<tensor_view<in_spec>, Op>;

  template <class D>
  static constexpr bool direct = std::is_same_v<typename D::value_type, value_type> && detail::dense_row_major<D>();

 public:
  // Scratch bytes produce() takes for a destination of shape type D (expr/scratch.hpp).
  template <class D>
  static constexpr std::size_t scratch = [] {
    if constexpr (empty) {
      return std::size_t{0};
    } else if constexpr (direct<D>) {
      return in_bytes + work_bytes + copy_bytes;
    } else {
      using back = decltype(as_operand(std::declval<const tensor_view<spec>&>()));
      return in_bytes + detail::temporary_bytes<spec> +
             detail::max_of(work_bytes + copy_bytes, detail::evaluate_scratch<tensor_view<D::spec>, back>);
    }
  }();

  // One element by the definition (a direct DFT in long double): for reading the node
  // element by element, where it is not evaluated whole.
  constexpr value_type at(const multi_index<rank>& i) const noexcept {
    using LD = long double;
    const std::size_t first = rank - axes;
    LD re = 0, im = 0;
    if constexpr (Type == fft_type::irfft) {
      // The other axes inverse first, then the last one from its half spectrum.
      const std::size_t n = length(axes - 1), h = n / 2 + 1;
      for (std::size_t k = 0; k < h; ++k) {
        LD wr = 0, wi = 0;  // the other axes' inverse transform at frequency k
        inner_sum(i, first, axes - 1, k, wr, wi);
        LD c = 0, s = 0;
        kernels::detail::fft_sincos_turn(k * static_cast<std::size_t>(i[rank - 1]), n, c, s);
        const bool edge = k == 0 || 2 * k == n;
        re += (edge ? 1 : 2) * (edge ? wr * c : wr * c - wi * s);
      }
      return static_cast<value_type>(re / static_cast<LD>(n));
    } else {
      inner_sum(i, first, axes, 0, re, im);
      return value_type(static_cast<T>(re), static_cast<T>(im));
    }
  }

  template <class Dst, class Finish>
  void produce(Dst& dst, Finish&& finish, detail::arena& ws) const {
    using D = typename Dst::shape_type;
    if constexpr (!empty) {
      const detail::arena_scope scope(ws);
      const In* in = nullptr;
      if constexpr (in_place) {
        in = operand.data();
      } else {
        auto tmp = detail::take_temporary<in_spec>(ws);
        evaluate(tmp, operand, ws);
        in = tmp.data();
      }
      if constexpr (direct<D>) {
        run<detail::finishes_nothing<Finish>>(in, dst.data(), ws);
      } else {
        auto out = detail::take_temporary<spec>(ws);
        run<false>(in, out.data(), ws);
        evaluate(dst, as_operand(out), ws);
      }
    }
    if constexpr (rank > 0 && spec.element_count() > 0) detail::finish_every_row<rank>(spec.dimensions, finish);
  }

 private:
  // The sum over transformed axes [first + from, first + to) of the operand at i (the
  // other transformed axes at i's index; for IRFFT the last axis at frequency k), times
  // the kernel; IFFT and IRFFT divided by the lengths summed over.
  constexpr void inner_sum(const multi_index<rank>& i, std::size_t first, std::size_t to, std::size_t k, long double& re,
                           long double& im) const noexcept {
    using LD = long double;
    multi_index<rank> j = i;
    if constexpr (Type == fft_type::irfft) j[rank - 1] = static_cast<index_t>(k);
    std::size_t count = 1;
    for (std::size_t a = 0; a < to; ++a) count *= length(a);
    LD scale = 1;
    for (std::size_t a = 0; a < to; ++a) scale *= static_cast<LD>(length(a));
    for (std::size_t t = 0; t < count; ++t) {
      std::size_t rest = t;
      LD angle_re = 1, angle_im = 0;
      for (std::size_t a = to; a-- > 0;) {
        const std::size_t n = length(a), ja = rest % n;
        rest /= n;
        j[first + a] = static_cast<index_t>(ja);
        LD c = 0, s = 0;
        kernels::detail::fft_sincos_turn(ja * static_cast<std::size_t>(i[first + a]), n, c, s);
        if (!inverse) s = -s;
        const LD r2 = angle_re * c - angle_im * s;
        angle_im = angle_re * s + angle_im * c;
        angle_re = r2;
      }
      const In v = operand.at(j);
      LD vr = 0, vi = 0;
      if constexpr (is_complex_v<In>) {
        vr = v.real();
        vi = v.imag();
      } else {
        vr = v;
      }
      re += vr * angle_re - vi * angle_im;
      im += vr * angle_im + vi * angle_re;
    }
    if (inverse) {
      re /= scale;
      im /= scale;
    }
  }

  // The passes: the innermost axis as rows, the others as blocked columns. Final: out
  // is the destination and nothing reads it after this (a large 1-D transform's rows may
  // then be written around the caches).
  template <bool Final>
  void run(const In* in, value_type* out, detail::arena& ws) const {
    T* work = ws.take<T>(work_bytes / sizeof(T));
    constexpr std::size_t last = axes - 1;
    constexpr std::size_t n_last = length(last);
    const std::size_t rows = static_cast<std::size_t>(Op::spec.element_count()) /
                             (Type == fft_type::irfft ? n_last / 2 + 1 : n_last);
    if constexpr (Type == fft_type::fft || Type == fft_type::ifft) {
      engine<last>::template c2c_rows<inverse, Final && axes == 1>(reinterpret_cast<const T*>(in),
                                                                   reinterpret_cast<T*>(out), rows, scale_of(last), work);
      columns<last>(reinterpret_cast<T*>(out), reinterpret_cast<T*>(out), work);
    } else if constexpr (Type == fft_type::rfft) {
      engine<last>::r2c_rows(in, reinterpret_cast<T*>(out), rows, work);
      columns<last>(reinterpret_cast<T*>(out), reinterpret_cast<T*>(out), work);
    } else {
      const T* half = reinterpret_cast<const T*>(in);
      if constexpr (axes > 1) {
        T* copy = ws.take<T>(copy_bytes / sizeof(T));
        columns<last>(half, copy, work);
        half = copy;
      }
      engine<last>::c2r_rows(half, out, rows, scale_of(last), work);
    }
  }

  static constexpr T scale_of(std::size_t a) noexcept {
    return inverse ? static_cast<T>(1.0L / static_cast<long double>(length(a))) : T(1);
  }

  // The column passes over the transformed axes before Last, from src (the first) and
  // then in place in dst.
  template <std::size_t Last>
  void columns(const T* src, T* dst, T* work) const {
    if constexpr (Last > 0) {
      [&]<std::size_t... A>(std::index_sequence<A...>) {
        const T* from = src;
        ((column_pass<A>(from, dst, work), from = dst), ...);
      }(std::make_index_sequence<Last>{});
    }
  }

  template <std::size_t A>
  static void column_pass(const T* src, T* dst, T* work) {
    constexpr std::size_t d = rank - axes + A;
    std::size_t outer = 1, inner = 1;
    for (std::size_t e = 0; e < d; ++e) outer *= static_cast<std::size_t>(complex_dims[e]);
    for (std::size_t e = d + 1; e < rank; ++e) inner *= static_cast<std::size_t>(complex_dims[e]);
    engine<A>::template c2c_columns<inverse>(src, dst, outer, inner, scale_of(A), work);
  }
};

// Fft(operand, fft_type, fft_length): Lengths are the sizes of the last one to three
// dimensions (for IRFFT the last is the result's: the operand's is n / 2 + 1).
template <fft_type Type, index_t... Lengths, operand X>
constexpr auto fft(X&& x) {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr idx lengths{Lengths...};
  if constexpr (detail::fft_check<Type, E, lengths>() != detail::fft_error::none) {
    detail::report_fft<Type, E, lengths>();
    return e;
  } else {
    return fft_node<Type, E, lengths>{{}, e};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_FFT_HPP
