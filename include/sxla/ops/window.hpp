// sxla/ops/window.hpp: the window geometry of ReduceWindow and SelectAndScatter: window
// dimensions, strides, base and window dilations and padding, checked and resolved at
// compile time into the result's dimensions and each dimension's low and high padding.
//   x::padding::valid                           no padding: windows stop where they fit
//   x::padding::same                            XLA's kSame: the result has ceil(n / stride)
//                                               elements, the padding split low-first
//   x::padding::low_high(x::idx{1, 0}, x::idx{1, 2})   explicit (low, high) per dimension
//
// In the padded, base-dilated operand (element i at position low + i * base_dilation),
// window o covers positions o * stride + k * window_dilation for k in [0, window); holes
// and padding hold no element: reductions skip them (as if they held the init value).
#ifndef SXLA_OPS_WINDOW_HPP
#define SXLA_OPS_WINDOW_HPP

#include <cstddef>

#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"        // index_t, idx
#include "sxla/shape/print.hpp"       // diagnostic_display of shapes

namespace sxla {

// How a window's operand is padded (a structural type: a template argument).
struct window_padding {
  enum class kind_t { valid, same, explicit_edges };
  kind_t kind = kind_t::valid;
  idx low;
  idx high;

  friend constexpr bool operator==(const window_padding&, const window_padding&) = default;
};

namespace padding {
inline constexpr window_padding valid{window_padding::kind_t::valid, {}, {}};
inline constexpr window_padding same{window_padding::kind_t::same, {}, {}};
constexpr window_padding low_high(const idx& low, const idx& high) noexcept {
  return {window_padding::kind_t::explicit_edges, low, high};
}
}  // namespace padding

enum class window_error {
  none,
  wrong_length,       // an argument has not one entry per operand dimension
  window_below_one,   // a window dimension, stride or dilation below 1
};

// The resolved geometry.
struct window_geometry {
  window_error error = window_error::none;
  idx window, stride, base_dilation, window_dilation, low, high;
  idx result;  // the result's dimensions

  friend constexpr bool operator==(const window_geometry&, const window_geometry&) = default;
};

namespace detail {
constexpr idx filled(std::size_t n, index_t v) noexcept {
  idx d;
  for (std::size_t k = 0; k < n; ++k) d.push_back(v);
  return d;
}
}  // namespace detail

// The geometry of windows over an operand of dimensions `dims`; empty strides and
// dilations mean all 1.
constexpr window_geometry make_window_geometry(const idx& dims, const idx& window, const idx& stride,
                                               const window_padding& pad, const idx& base_dilation,
                                               const idx& window_dilation) noexcept {
  window_geometry g;
  const std::size_t r = dims.size();
  g.window = window;
  g.stride = stride.size() == 0 ? detail::filled(r, 1) : stride;
  g.base_dilation = base_dilation.size() == 0 ? detail::filled(r, 1) : base_dilation;
  g.window_dilation = window_dilation.size() == 0 ? detail::filled(r, 1) : window_dilation;
  if (g.window.size() != r || g.stride.size() != r || g.base_dilation.size() != r || g.window_dilation.size() != r ||
      (pad.kind == window_padding::kind_t::explicit_edges && (pad.low.size() != r || pad.high.size() != r))) {
    g.error = window_error::wrong_length;
    return g;
  }
  for (std::size_t d = 0; d < r; ++d) {
    if (g.window[d] < 1 || g.stride[d] < 1 || g.base_dilation[d] < 1 || g.window_dilation[d] < 1) {
      g.error = window_error::window_below_one;
      return g;
    }
  }
  for (std::size_t d = 0; d < r; ++d) {
    const index_t input = dims[d] == 0 ? 0 : (dims[d] - 1) * g.base_dilation[d] + 1;
    const index_t span = (g.window[d] - 1) * g.window_dilation[d] + 1;
    index_t lo = 0, hi = 0;
    if (pad.kind == window_padding::kind_t::same) {
      const index_t out = (input + g.stride[d] - 1) / g.stride[d];
      const index_t total = (out - 1) * g.stride[d] + span - input;
      if (total > 0) {
        lo = total / 2;
        hi = total - lo;
      }
    } else if (pad.kind == window_padding::kind_t::explicit_edges) {
      lo = pad.low[d];
      hi = pad.high[d];
    }
    g.low.push_back(lo);
    g.high.push_back(hi);
    const index_t padded = input + lo + hi;
    g.result.push_back(padded < span ? 0 : (padded - span) / g.stride[d] + 1);
  }
  return g;
}

// The error of a window geometry G over operand E, for op Op (reduce_window,
// select_and_scatter).
template <class Op, class E, window_geometry G>
constexpr void report_window() noexcept {
  if constexpr (G.error == window_error::wrong_length) {
    SXLA_DIAGNOSE(Op,
                  "{}: a window argument (dimensions, strides, dilations, padding) needs one entry per dimension "
                  "(rank {}; window dimensions {}, strides {}, base dilations {}, window dilations {})",
                  (E), (E::rank, G.window.size(), G.stride.size(), G.base_dilation.size(), G.window_dilation.size()));
  } else if constexpr (G.error == window_error::window_below_one) {
    constexpr std::size_t d = [] {
      std::size_t k = 0;
      while (G.window[k] >= 1 && G.stride[k] >= 1 && G.base_dilation[k] >= 1 && G.window_dilation[k] >= 1) ++k;
      return k;
    }();
    SXLA_DIAGNOSE(Op,
                  "{}: in dimension {}, the window ({}), stride ({}), base dilation ({}) and window dilation ({}) must "
                  "be at least 1",
                  (E), (d, G.window[d], G.stride[d], G.base_dilation[d], G.window_dilation[d]));
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_WINDOW_HPP
