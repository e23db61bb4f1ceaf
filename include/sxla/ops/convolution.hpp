// sxla/ops/convolution.hpp: XLA's ConvGeneralDilated and Conv on the direct
// convolution engine (kernels/conv.hpp).
//   x::conv_general_dilated<x::conv_config{.window_strides = x::idx{2, 2},
//       .padding = x::padding::low_high(x::idx{1, 1}, x::idx{1, 1}), .lhs_dilation = x::idx{1, 1},
//       .rhs_dilation = x::idx{1, 1}, .dim_labels = "b01f_01io->b01f",
//       .feature_group_count = 1, .batch_group_count = 1}>(lhs, rhs)
//   x::conv_general_dilated<cfg, float>(lhs, rhs)   with a result element type
//   x::conv<x::idx{1, 1}, x::padding::same>(lhs, rhs)   the seed's Conv (order bf01_oi01->bf01)
// Every field is optional: strides and dilations 1, padding valid, dim_labels the seed's
// order for the operands' rank ("bf01_oi01->bf01" for 2 spatial dimensions, "bf_oi->bf"
// for none), group counts 1. Padding is x::padding::valid, x::padding::same (XLA's SAME:
// ceil(n / stride) outputs over the lhs-dilated input, the padding split low-first) or
// low/high per spatial dimension, negative to crop.
//
// dim_labels is HLO's: lhs labels, '_', rhs labels, "->", output labels; b and f (lhs
// and output: batch, feature), i and o (rhs: input and output feature), and the digits
// 0 .. n-1 for the spatial dimensions; a label's position is its operand's dimension,
// digit d is spatial dimension d of every operand and of the window arguments.
//
// Semantics (XLA; batch_group_count as StableHLO defines it). Output (b, o, y...) is the
// sum, over the input features i of o's group and the kernel taps k..., of
// lhs(b', f', q / lhs_dilation...) * rhs(o, i, k...) where per spatial dimension
// q = y * stride + k * rhs_dilation - padding_low, the term existing when 0 <= q,
// q % lhs_dilation == 0 and q / lhs_dilation < the input size (padding and holes are
// zeros). With feature_group_count G, o's group is g = o / (O / G) and f' = g * Ci + i
// (Ci: rhs's input features; lhs has G * Ci); with batch_group_count Bg, the output
// batch is lhs's / Bg, o's group is g = o / (O / Bg), b' = g * (batch / Bg) + b, f' = i.
// Spatial output size: (padded - window span) / stride + 1, padded = (n - 1) *
// lhs_dilation + 1 + low + high, span = (w - 1) * rhs_dilation + 1; 0 (an empty
// result) when the span exceeds the padded input; a negative padded size (negative
// padding beyond the input) is a compile error.
//
// Types, accumulation and errors: as dot_general (f16 and bf16 summed in f32, s8 in s32,
// u8 in u32; the result rounded or wrapped once). Order of summation: the kernel taps in
// row-major order, within a tap the input features in order, by fma from 0, on every
// path (the engine; the element-by-element path of constant evaluation and of reads
// inside other nodes). Error per element, against the exact sum of its K = taps x Ci
// terms: at most about K u sum |a b| (u the unit roundoff). A term of padding or a hole
// is skipped by the element path and by the engine where a whole row of pixels misses a
// tap; elsewhere the engine adds 0 * w: the two differ only where w is infinite or NaN.
//
// Evaluation: assigned to a destination whose features are contiguous (any other
// strides), untiled and of the accumulation type, the engine writes into it; otherwise
// through a temporary [batch, spatial..., feature]. The lhs is read in place when it is
// a tensor or view of the accumulation type with contiguous features, else evaluated
// once into a temporary [batch, spatial..., feature] of that type (an expression, a
// conversion from bf16, another layout); the rhs is packed straight from a tensor or
// view of any layout, or from a temporary. Elementwise work over a convolution (bias,
// relu, a residual) is applied to each tile while it is in cache (expr/producer.hpp).
//
// Memory: the packed weights and any temporary are scratch memory, a compile-time number
// of bytes (x::workspace_bytes for an assignment), from the caller's x::workspace or the
// rules of expr/scratch.hpp. Threads: none.
#ifndef SXLA_OPS_CONVOLUTION_HPP
#define SXLA_OPS_CONVOLUTION_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"      // primitive_type_of, element
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/core/minmax.hpp"            // detail::max_of, detail::min_of
#include "sxla/core/workspace.hpp"         // detail::arena, detail::arena_scope, scratch_round
#include "sxla/expr/executor.hpp"          // evaluate, detail::evaluate_scratch
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/expr/producer.hpp"          // binary_producer
#include "sxla/expr/scratch.hpp"           // detail::take_temporary, detail::temporary_bytes
#include "sxla/kernels/conv.hpp"           // conv, conv_pack, conv_geometry
#include "sxla/ops/convert.hpp"            // convert
#include "sxla/ops/dot_general.hpp"        // detail::dot_sum_t, product_types_ok, with_matrix_operand, transposed
#include "sxla/ops/reduction.hpp"          // odometer
#include "sxla/ops/window.hpp"             // window_padding, padding::, make_window_geometry
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes
#include "sxla/tensor/view.hpp"            // tensor_view

namespace sxla {

namespace hlo {
struct conv;
struct conv_general_dilated;
}  // namespace hlo

struct conv_general_dilated_op {
  using name = hlo::conv_general_dilated;
};

// HLO's dim_labels text as a template argument: "b01f_01io->b01f" (at most 39
// characters; empty: the seed's order).
struct conv_dim_labels {
  static constexpr std::size_t capacity = 39;
  char text[capacity + 1] = {};
  std::size_t size = 0;

  constexpr conv_dim_labels() noexcept = default;
  template <std::size_t N>
  constexpr conv_dim_labels(const char (&s)[N]) noexcept  // NOLINT: implicit, for "literal" fields
      : size(N - 1) {
    for (std::size_t k = 0; k + 1 < N && k < capacity; ++k) text[k] = s[k];
  }
  friend constexpr bool operator==(const conv_dim_labels&, const conv_dim_labels&) = default;
};

// ConvGeneralDilated's arguments other than the operands, each with XLA's default.
struct conv_config {
  // (every field has an initializer: g++ -Wextra warns of designated initializers that
  // leave out a field without one)
  idx window_strides = {};             // empty: 1 per spatial dimension
  window_padding padding = padding::valid;
  idx lhs_dilation = {};               // empty: 1
  idx rhs_dilation = {};               // empty: 1
  conv_dim_labels dim_labels = {};     // empty: bf01_oi01->bf01 for the rank
  index_t feature_group_count = 1;
  index_t batch_group_count = 1;

  friend constexpr bool operator==(const conv_config&, const conv_config&) = default;
};

namespace detail {

enum class conv_error {
  none,
  labels_too_long,     // more characters than conv_dim_labels holds
  labels_separator,    // no '_' or no "->" (pos: where one was expected)
  labels_ranks,        // the operands' ranks differ, or are below 2
  labels_length,       // a part has not one label per dimension (pos: the part's start)
  labels_character,    // a character that is no label of its part (pos)
  labels_repeated,     // a label given twice in its part (pos)
  window_arguments,    // strides, padding or dilations: not one entry per spatial dimension
  window_below_one,    // a window size, stride or dilation below 1
  group_count,         // a group count below 1, or both above 1
  feature_group,       // feature_group_count does not divide lhs's features or the output features
  feature_size,        // lhs features != rhs input features * feature_group_count
  batch_group,         // batch_group_count does not divide lhs's batch or the output features
  padded_negative,     // negative padding removes more than the (dilated) input
};

// The resolved convolution: dimension numbers, sizes, window geometry, result.
struct conv_plan {
  conv_error error = conv_error::none;
  std::size_t pos = 0;  // labels errors: the character; window errors: the spatial dimension
  std::size_t n = 0;    // spatial dimensions
  index_t lb = 0, lf = 1, ri = 1, ro = 0, ob = 0, of = 1;
  idx ls, rs, os;       // each operand's dimension of spatial dimension d
  index_t batch = 0, features = 0, out_features = 0, in_features = 0;  // N, C, O, Ci
  index_t fgc = 1, bgc = 1;
  idx in, window, out, stride, low, high, lhs_dil, rhs_dil;
  idx result;

  friend constexpr bool operator==(const conv_plan&, const conv_plan&) = default;
};

// Parses one part of dim_labels, text[begin, end), for an operand of rank r with the
// two letters a and b: their dimensions, and each spatial digit's.
constexpr bool parse_labels_part(conv_plan& p, const conv_dim_labels& l, std::size_t begin, std::size_t end,
                                 std::size_t r, char a, char b, index_t& da, index_t& db, idx& spatial) noexcept {
  if (end - begin != r) {
    p.error = conv_error::labels_length;
    p.pos = begin;
    return false;
  }
  const std::size_t n = r - 2;
  index_t seen[max_rank + 2] = {};
  for (std::size_t k = 0; k < max_rank + 2; ++k) seen[k] = -1;
  for (std::size_t k = begin; k < end; ++k) {
    const char c = l.text[k];
    std::size_t slot = 0;
    if (c == a) {
      slot = 0;
    } else if (c == b) {
      slot = 1;
    } else if (c >= '0' && c <= '9' && static_cast<std::size_t>(c - '0') < n) {
      slot = 2 + static_cast<std::size_t>(c - '0');
    } else {
      p.error = conv_error::labels_character;
      p.pos = k;
      return false;
    }
    if (seen[slot] >= 0) {
      p.error = conv_error::labels_repeated;
      p.pos = k;
      return false;
    }
    seen[slot] = static_cast<index_t>(k - begin);
  }
  da = seen[0];
  db = seen[1];
  spatial = idx{};
  for (std::size_t d = 0; d < n; ++d) spatial.push_back(seen[2 + d]);
  return true;
}

constexpr conv_plan make_conv_plan(const conv_config& c, const idx& lhs, const idx& rhs) noexcept {
  conv_plan p;
  const conv_dim_labels& l = c.dim_labels;
  if (lhs.size() != rhs.size() || lhs.size() < 2) {
    p.error = conv_error::labels_ranks;
    return p;
  }
  const std::size_t r = lhs.size();
  p.n = r - 2;
  const std::size_t n = p.n;
  if (l.size == 0) {
    p.lb = 0, p.lf = 1, p.ro = 0, p.ri = 1, p.ob = 0, p.of = 1;
    for (std::size_t d = 0; d < n; ++d) {
      p.ls.push_back(static_cast<index_t>(2 + d));
      p.rs.push_back(static_cast<index_t>(2 + d));
      p.os.push_back(static_cast<index_t>(2 + d));
    }
  } else {
    if (l.size > conv_dim_labels::capacity) {
      p.error = conv_error::labels_too_long;
      p.pos = conv_dim_labels::capacity;
      return p;
    }
    std::size_t us = 0;
    while (us < l.size && l.text[us] != '_') ++us;
    std::size_t arrow = us;
    while (arrow + 1 < l.size && !(l.text[arrow] == '-' && l.text[arrow + 1] == '>')) ++arrow;
    if (us == l.size) {
      p.error = conv_error::labels_separator;
      p.pos = us;
      return p;
    }
    if (arrow + 1 >= l.size) {
      p.error = conv_error::labels_separator;
      p.pos = l.size;
      return p;
    }
    if (!parse_labels_part(p, l, 0, us, r, 'b', 'f', p.lb, p.lf, p.ls) ||
        !parse_labels_part(p, l, us + 1, arrow, r, 'o', 'i', p.ro, p.ri, p.rs) ||
        !parse_labels_part(p, l, arrow + 2, l.size, r, 'b', 'f', p.ob, p.of, p.os))
      return p;
  }
  auto at = [](const idx& v, index_t d) { return v[static_cast<std::size_t>(d)]; };
  p.batch = at(lhs, p.lb);
  p.features = at(lhs, p.lf);
  p.out_features = at(rhs, p.ro);
  p.in_features = at(rhs, p.ri);
  p.fgc = c.feature_group_count;
  p.bgc = c.batch_group_count;
  idx in, window;
  for (std::size_t d = 0; d < n; ++d) {
    in.push_back(at(lhs, p.ls[d]));
    window.push_back(at(rhs, p.rs[d]));
  }
  // (an empty argument means 1 everywhere: make_window_geometry's rule)
  const window_geometry g =
      make_window_geometry(in, window, c.window_strides, c.padding, c.lhs_dilation, c.rhs_dilation);
  if (g.error == window_error::wrong_length) {
    p.error = conv_error::window_arguments;
    return p;
  }
  if (g.error == window_error::window_below_one) {
    p.error = conv_error::window_below_one;
    while (p.pos < n && g.window[p.pos] >= 1 && g.stride[p.pos] >= 1 && g.base_dilation[p.pos] >= 1 &&
           g.window_dilation[p.pos] >= 1)
      ++p.pos;
    return p;
  }
  p.in = in;
  p.window = window;
  p.out = g.result;
  p.stride = g.stride;
  p.low = g.low;
  p.high = g.high;
  p.lhs_dil = g.base_dilation;
  p.rhs_dil = g.window_dilation;
  if (p.fgc < 1 || p.bgc < 1 || (p.fgc > 1 && p.bgc > 1)) {
    p.error = conv_error::group_count;
    return p;
  }
  if (p.features % p.fgc != 0 || p.out_features % p.fgc != 0) {
    p.error = conv_error::feature_group;
    return p;
  }
  if (p.features != p.in_features * p.fgc) {
    p.error = conv_error::feature_size;
    return p;
  }
  if (p.batch % p.bgc != 0 || p.out_features % p.bgc != 0) {
    p.error = conv_error::batch_group;
    return p;
  }
  for (std::size_t d = 0; d < n; ++d) {
    const index_t input = in[d] == 0 ? 0 : (in[d] - 1) * p.lhs_dil[d] + 1;
    // (A window wider than the padded input gives an empty result, as XLA's
    // StridedBound does; a negative padded size is an error, as jax.lax says.)
    if (input + p.low[d] + p.high[d] < 0) {
      p.error = conv_error::padded_negative;
      p.pos = d;
      return p;
    }
  }
  p.result = idx{};
  for (std::size_t k = 0; k < r; ++k) p.result.push_back(0);
  p.result[static_cast<std::size_t>(p.ob)] = p.batch / p.bgc;
  p.result[static_cast<std::size_t>(p.of)] = p.out_features;
  for (std::size_t d = 0; d < n; ++d) p.result[static_cast<std::size_t>(p.os[d])] = p.out[d];
  return p;
}

// The error of a convolution (Op) of L and R with plan P, result type Out.
template <class Op, class L, class R, class Out, conv_plan P>
constexpr void report_conv() noexcept {
  constexpr conv_error e = P.error;
  if constexpr (!product_types_ok<L, R, Out>) {
    report_product_types<Op, L, R, Out>();
  } else if constexpr (e == conv_error::labels_ranks) {
    SXLA_DIAGNOSE(Op, "{} and {}: lhs and rhs need one rank of at least 2 (batch, feature, spatial...), here {} and {}",
                  (L, R), (L::rank, R::rank));
  } else if constexpr (e == conv_error::labels_too_long) {
    SXLA_DIAGNOSE(Op, "{} and {}: dim_labels is longer than {} characters", (L, R), (conv_dim_labels::capacity));
  } else if constexpr (e == conv_error::labels_separator) {
    SXLA_DIAGNOSE(Op, "{} and {}: dim_labels needs lhs_rhs->output (an underscore, then ->): none at character {}",
                  (L, R), (P.pos));
  } else if constexpr (e == conv_error::labels_length) {
    SXLA_DIAGNOSE(Op, "{} and {}: dim_labels: the part at character {} needs one label per dimension ({})", (L, R),
                  (P.pos, L::rank));
  } else if constexpr (e == conv_error::labels_character) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: dim_labels: character {} is no label of its part (lhs and output: b, f, digits below "
                  "{}; rhs: o, i, digits)",
                  (L, R), (P.pos, L::rank - 2));
  } else if constexpr (e == conv_error::labels_repeated) {
    SXLA_DIAGNOSE(Op, "{} and {}: dim_labels: character {} repeats a label of its part", (L, R), (P.pos));
  } else if constexpr (e == conv_error::window_arguments) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: window_strides, padding, lhs_dilation and rhs_dilation need one entry per spatial "
                  "dimension ({})",
                  (L, R), (L::rank - 2));
  } else if constexpr (e == conv_error::window_below_one) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: in spatial dimension {}, the window size, stride and dilations must be at least 1",
                  (L, R), (P.pos));
  } else if constexpr (e == conv_error::group_count) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: feature_group_count ({}) and batch_group_count ({}) must be at least 1, and not both "
                  "above 1",
                  (L, R), (P.fgc, P.bgc));
  } else if constexpr (e == conv_error::feature_group) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: feature_group_count {} must divide the lhs features ({}) and the output features ({})",
                  (L, R), (P.fgc, P.features, P.out_features));
  } else if constexpr (e == conv_error::feature_size) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: the lhs features ({}) must be the rhs input features ({}) times feature_group_count "
                  "({})",
                  (L, R), (P.features, P.in_features, P.fgc));
  } else if constexpr (e == conv_error::batch_group) {
    SXLA_DIAGNOSE(Op, "{} and {}: batch_group_count {} must divide the lhs batch ({}) and the output features ({})",
                  (L, R), (P.bgc, P.batch, P.out_features));
  } else if constexpr (e == conv_error::padded_negative) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: in spatial dimension {}, the padding removes more than the input: the padded input "
                  "has {} elements",
                  (L, R),
                  (P.pos, (P.in[P.pos] == 0 ? 0 : (P.in[P.pos] - 1) * P.lhs_dil[P.pos] + 1) + P.low[P.pos] + P.high[P.pos]));
  }
}

// idx of v's entries at positions a, then list, then b (a, b: -1 for none).
constexpr idx conv_order(index_t a, const idx& list, index_t b) noexcept {
  idx r;
  if (a >= 0) r.push_back(a);
  for (index_t d : list) r.push_back(d);
  if (b >= 0) r.push_back(b);
  return r;
}
// The inverse of a permutation.
constexpr idx inverse_permutation(const idx& p) noexcept {
  idx r = p;
  for (std::size_t k = 0; k < p.size(); ++k) r[static_cast<std::size_t>(p[k])] = static_cast<index_t>(k);
  return r;
}
}  // namespace detail

// ConvGeneralDilated(lhs, rhs, ...) as a lazy node; R the result type, A the
// accumulation type.
template <class Lhs, class Rhs, detail::conv_plan P, class R, class A>
struct conv_node : binary_producer<conv_node<Lhs, Rhs, P, R, A>, Lhs, Rhs, R, P.result.size()> {
  static constexpr bool is_expression = true;
  static constexpr bool produces = true;
  using value_type = R;
  using acc_type = A;
  static constexpr detail::conv_plan plan = P;
  static constexpr std::size_t rank = P.result.size();
  static constexpr std::size_t n = P.n;
  static constexpr shape_spec spec = logical_spec(primitive_type_of<R>, P.result);
  using lane_type = std::conditional_t<simd::has_vec<R>, R, void>;
  using scratch_op = conv_general_dilated_op;

  // Output batch and output features per group.
  static constexpr index_t out_batch = P.batch / P.bgc;
  static constexpr index_t groups = P.fgc * P.bgc;
  static constexpr index_t group_features = P.out_features / groups;
  static constexpr index_t taps = [] {
    index_t t = 1;
    for (index_t w : P.window) t *= w;
    return t;
  }();
  // Terms per output element.
  static constexpr index_t terms = taps * P.in_features;

  Lhs lhs;
  Rhs rhs;

  // One element, in the engine's order of summation.
  constexpr R at(const multi_index<rank>& o) const noexcept {
    const index_t b = o[static_cast<std::size_t>(P.ob)];
    const index_t f = o[static_cast<std::size_t>(P.of)];
    const index_t g = f / group_features;
    const index_t b_in = P.bgc > 1 ? g * out_batch + b : b;
    const index_t f_in = P.fgc > 1 ? g * P.in_features : 0;
    multi_index<Lhs::rank> li{};
    multi_index<Rhs::rank> ri{};
    li[static_cast<std::size_t>(P.lb)] = b_in;
    ri[static_cast<std::size_t>(P.ro)] = f;
    A acc{};
    for (index_t t = 0; t < taps; ++t) {
      index_t rest = t;
      bool inside = true;
      for (std::size_t d = n; d-- > 0;) {
        const index_t k = rest % P.window[d];
        rest /= P.window[d];
        const index_t q = o[static_cast<std::size_t>(P.os[d])] * P.stride[d] + k * P.rhs_dil[d] - P.low[d];
        ri[static_cast<std::size_t>(P.rs[d])] = k;
        if (q < 0 || q % P.lhs_dil[d] != 0 || q / P.lhs_dil[d] >= P.in[d]) {
          inside = false;
        } else {
          li[static_cast<std::size_t>(P.ls[d])] = q / P.lhs_dil[d];
        }
      }
      if (!inside) continue;
      for (index_t i = 0; i < P.in_features; ++i) {
        li[static_cast<std::size_t>(P.lf)] = f_in + i;
        ri[static_cast<std::size_t>(P.ri)] = i;
        acc = kernels::gemm_detail::madd(static_cast<A>(lhs.at(li)), static_cast<A>(rhs.at(ri)), acc);
      }
    }
    return static_cast<R>(acc);
  }


  // The producer protocol (expr/producer.hpp).
  template <class Dst, class Finish>
  void produce(Dst& dst, Finish&& finish, detail::arena& ws) const {
    using D = typename Dst::shape_type;
    if constexpr (std::is_same_v<R, A> && direct_destination<D>) {
      run_into<D, false>(dst.data(), finish, ws);
    } else {
      const detail::arena_scope scope(ws);
      auto tmp = detail::take_temporary<canonical_spec>(ws);
      auto ignore = [](const multi_index<rank>&, index_t) {};
      run_into<typename decltype(tmp)::shape_type, true>(tmp.data(), ignore, ws);
      evaluate(dst, convert<R>(detail::transposed<to_result>(tmp)), ws);
      finish_all(finish);
    }
  }

 private:
  // The engine's output order: [batch, spatial..., feature].
  static constexpr idx canonical_dims = [] {
    idx d;
    d.push_back(out_batch);
    for (index_t x : P.out) d.push_back(x);
    d.push_back(P.out_features);
    return d;
  }();
  static constexpr shape_spec canonical_spec = logical_spec(primitive_type_of<A>, canonical_dims);
  // Result dimension j is canonical dimension to_result[j].
  static constexpr idx to_result = detail::inverse_permutation(detail::conv_order(P.ob, P.os, P.of));

  template <class Finish>
  static void finish_all(Finish& finish) {
    if constexpr (rank > 0 && spec.element_count() > 0) {
      multi_index<rank> i{};
      constexpr idx outer = detail::iota_list(0, rank - 1);
      detail::odometer(outer, static_dimensions<conv_node>(), i,
                       [&] { finish(i, static_cast<index_t>(P.result[rank - 1])); });
    }
  }

  // Whether the engine writes D directly: untiled, features contiguous.
  template <class D>
  static constexpr bool direct_destination = [] {
    if constexpr (D::is_tiled) {
      return false;
    } else {
      return P.out_features == 1 || D::map.strides[static_cast<std::size_t>(P.of)] == 1;
    }
  }();

  // The operands as the engine reads them: lhs [batch, spatial..., feature] (features
  // contiguous, of A), rhs any untiled layout.
  static constexpr idx lhs_order = detail::conv_order(P.lb, P.ls, P.lf);
  static constexpr idx rhs_order = detail::conv_order(P.ro, detail::conv_order(P.ri, P.rs, -1), -1);
  static constexpr bool lhs_in_place = [] {
    if constexpr (!detail::is_array_leaf<Lhs> || !std::is_same_v<typename Lhs::value_type, A>) {
      return false;
    } else if constexpr (Lhs::shape_type::is_tiled) {
      return false;
    } else {
      return P.features == 1 || Lhs::shape_type::map.strides[static_cast<std::size_t>(P.lf)] == 1;
    }
  }();
  static constexpr bool rhs_in_place = [] {
    if constexpr (!detail::is_array_leaf<Rhs>) {
      return false;
    } else {
      return !Rhs::shape_type::is_tiled;
    }
  }();
  template <class Op, idx Order, bool InPlace>
  struct operand_plan {
    static constexpr bool in_place = InPlace;
    using reordered = decltype(convert<A>(detail::transposed<Order>(std::declval<const Op&>())));
    using temporary = tensor_view<reordered::spec>;
    static constexpr std::size_t bytes = in_place ? 0 : detail::temporary_bytes<reordered::spec>;
    static constexpr std::size_t evaluation = in_place ? 0 : detail::evaluate_scratch<temporary, reordered>;
  };
  using lhs_plan = operand_plan<Lhs, lhs_order, lhs_in_place>;
  using rhs_plan = operand_plan<Rhs, rhs_order, rhs_in_place>;

  // A geometry for the scratch computation: the packed weights' size does not depend on
  // strides.
  static constexpr kernels::conv_geometry size_geometry = [] {
    kernels::conv_geometry g;
    g.n = n == 0 ? 1 : n;
    g.window = n == 0 ? idx{1} : P.window;
    for (std::size_t d = 0; d < g.n; ++d) g.w_strides.push_back(0);
    g.ci = P.in_features;
    g.co = group_features;
    g.groups = groups;
    g.batch_groups = P.bgc > 1;
    return g;
  }();
  // The engine's geometry for an lhs of shape type LS (as read: in place, or reordered)
  // and a destination D (Canonical: the temporary [batch, spatial..., feature]); the
  // weights are packed already (their strides: weights_geometry).
  template <class LS, class D, bool Canonical>
  static constexpr kernels::conv_geometry geometry() noexcept {
    kernels::conv_geometry g = size_geometry;
    constexpr idx lst = LS::map.strides, dst = D::map.strides;
    constexpr bool lr = lhs_in_place;
    const index_t lb = lr ? P.lb : 0;
    const index_t ob = Canonical ? 0 : P.ob;
    auto ls = [&](std::size_t d) { return lr ? P.ls[d] : static_cast<index_t>(1 + d); };
    auto os = [&](std::size_t d) { return Canonical ? static_cast<index_t>(1 + d) : P.os[d]; };
    auto st = [](const idx& s, index_t d) { return s[static_cast<std::size_t>(d)]; };
    g.in_group_stride = P.bgc > 1 ? out_batch * st(lst, lb) : P.in_features;
    if constexpr (n == 0) {
      // A batch of products: the batch is the pixels of one spatial dimension.
      g.in = g.out = idx{out_batch};
      g.stride = g.lhs_dil = g.rhs_dil = idx{1};
      g.low = idx{0};
      g.batch = 1;
      g.in_strides = idx{st(lst, lb)};
      g.out_strides = idx{st(dst, ob)};
    } else {
      g.in = P.in;
      g.out = P.out;
      g.stride = P.stride;
      g.low = P.low;
      g.lhs_dil = P.lhs_dil;
      g.rhs_dil = P.rhs_dil;
      g.batch = out_batch;
      g.in_batch_stride = st(lst, lb);
      g.out_batch_stride = st(dst, ob);
      for (std::size_t d = 0; d < n; ++d) {
        g.in_strides.push_back(st(lst, ls(d)));
        g.out_strides.push_back(st(dst, os(d)));
      }
    }
    return g;
  }

  // The geometry conv_pack reads the weights with, from an rhs of shape type RS (in
  // place, or the temporary [o, i, spatial...]).
  template <class RS>
  static constexpr kernels::conv_geometry weights_geometry = [] {
    kernels::conv_geometry g = size_geometry;
    constexpr idx rst = RS::map.strides;
    constexpr bool rr = rhs_in_place;
    auto st = [](const idx& s, index_t d) { return s[static_cast<std::size_t>(d)]; };
    g.w_out_stride = st(rst, rr ? P.ro : 0);
    g.w_in_stride = st(rst, rr ? P.ri : 1);
    g.w_strides = idx{};
    if constexpr (n == 0) {
      g.w_strides.push_back(0);
    } else {
      for (std::size_t d = 0; d < n; ++d) g.w_strides.push_back(st(rst, rr ? P.rs[d] : static_cast<index_t>(2 + d)));
    }
    return g;
  }();

  static constexpr bool empty = spec.element_count() == 0;
  static constexpr bool no_terms = terms == 0;
  static constexpr std::size_t packed_bytes =
      empty || no_terms ? 0 : scratch_round(kernels::conv_packed_size<A, size_geometry>() * sizeof(A));
  static constexpr std::size_t engine_scratch =
      empty || no_terms
          ? 0
          : packed_bytes + detail::max_of(rhs_plan::bytes + rhs_plan::evaluation, lhs_plan::bytes + lhs_plan::evaluation);

 public:
  // Scratch bytes produce() takes for a destination of shape type D (expr/scratch.hpp).
  template <class D>
  static constexpr std::size_t scratch = [] {
    if constexpr (std::is_same_v<R, A> && direct_destination<D>) {
      return engine_scratch;
    } else {
      using tmp_view = tensor_view<canonical_spec>;
      using back = decltype(convert<R>(detail::transposed<to_result>(std::declval<const tmp_view&>())));
      return detail::temporary_bytes<canonical_spec> +
             detail::max_of(engine_scratch, detail::evaluate_scratch<tensor_view<spec>, back>);
    }
  }();

 private:
  template <class D, bool Canonical, class Finish>
  void run_into(A* c, Finish& finish, detail::arena& ws) const {
    if constexpr (empty) {
      return;
    } else if constexpr (no_terms) {
      // No terms: every element is 0.
      using DS = D;
      multi_index<rank> i{};
      constexpr idx all = detail::iota_list(0, rank);
      detail::odometer(all, static_dimensions<conv_node>(), i, [&] { c[DS::offset(i)] = A{}; });
      finish_all(finish);
    } else {
      const detail::arena_scope scope(ws);
      A* packed = ws.take<A>(packed_bytes / sizeof(A));
      detail::with_matrix_operand<rhs_plan, Rhs, rhs_order>(rhs, ws, [&](const auto& r) {
        using RS = typename std::remove_cvref_t<decltype(r)>::shape_type;
        kernels::conv_pack<A, weights_geometry<RS>>(r.data(), packed);
      });
      detail::with_matrix_operand<lhs_plan, Lhs, lhs_order>(lhs, ws, [&](const auto& l) {
        using LS = typename std::remove_cvref_t<decltype(l)>::shape_type;
        run_engine<LS, D, Canonical>(l.data(), packed, c, finish);
      });
    }
  }

  template <class LS, class D, bool Canonical, class Finish>
  void run_engine(const A* in, const A* packed, A* c, Finish& finish) const {
    static constexpr kernels::conv_geometry g = geometry<LS, D, Canonical>();
    // Which runs of the result's last dimension a tile or a row completes.
    constexpr std::size_t last = rank - 1;
    constexpr bool features_last = static_cast<std::size_t>(P.of) == last;
    constexpr bool x_last = n == 0 ? static_cast<std::size_t>(P.ob) == last
                                    : static_cast<std::size_t>(P.os[n - 1]) == last;
    auto index_of = [](index_t b, const index_t* pos, index_t f) {
      multi_index<rank> i{};
      if constexpr (n == 0) {
        i[static_cast<std::size_t>(P.ob)] = pos[0];
      } else {
        i[static_cast<std::size_t>(P.ob)] = b;
        for (std::size_t d = 0; d < n; ++d) i[static_cast<std::size_t>(P.os[d])] = pos[d];
      }
      i[static_cast<std::size_t>(P.of)] = f;
      return i;
    };
    kernels::conv<A, g>(
        in, packed, c,
        [&](index_t b, const index_t* pos, index_t nx, index_t f0, index_t nf) {
          if constexpr (features_last) {
            constexpr std::size_t xd = n == 0 ? static_cast<std::size_t>(P.ob) : static_cast<std::size_t>(P.os[n - 1]);
            multi_index<rank> i = index_of(b, pos, f0);
            for (index_t k = 0; k < nx; ++k, ++i[xd]) finish(i, nf);
          }
        },
        [&](index_t b, const index_t* pos, index_t f0, index_t nf) {
          if constexpr (x_last && !features_last) {
            multi_index<rank> i = index_of(b, pos, f0);
            for (index_t k = 0; k < nf; ++k, ++i[static_cast<std::size_t>(P.of)]) finish(i, P.result[last]);
          }
        });
    if constexpr (!features_last && !x_last) finish_all(finish);
  }
};

namespace detail {
template <conv_config Cfg, class Preferred, class Op, class L, class R>
constexpr auto make_conv(const L& l, const R& r) {
  using T = typename L::value_type;
  using Out = std::conditional_t<std::is_void_v<Preferred>, T, Preferred>;
  constexpr bool types_ok = product_types_ok<L, R, Out>;
  constexpr conv_plan p = make_conv_plan(Cfg, L::spec.dimensions, R::spec.dimensions);
  if constexpr (!types_ok || p.error != conv_error::none) {
    report_conv<Op, L, R, Out, p>();
    return 0;
  } else {
    return conv_node<L, R, p, Out, dot_sum_t<T, Out>>{{}, l, r};
  }
}
}  // namespace detail

// ConvGeneralDilated(lhs, rhs, Cfg...); Preferred: the result's element type (default:
// the operands').
template <conv_config Cfg = conv_config{}, class Preferred = void, operand X, operand Y>
constexpr auto conv_general_dilated(X&& lhs, Y&& rhs) {
  return detail::make_conv<Cfg, Preferred, hlo::conv_general_dilated>(as_operand(static_cast<X&&>(lhs)),
                                                                      as_operand(static_cast<Y&&>(rhs)));
}

// Conv(lhs, rhs, window_strides, padding): the seed's dimension order (bf01_oi01->bf01).
template <idx Strides = idx{}, window_padding Padding = padding::valid, operand X, operand Y>
constexpr auto conv(X&& lhs, Y&& rhs) {
  return detail::make_conv<conv_config{.window_strides = Strides, .padding = Padding}, void, hlo::conv>(
      as_operand(static_cast<X&&>(lhs)), as_operand(static_cast<Y&&>(rhs)));
}

}  // namespace sxla

#endif  // SXLA_OPS_CONVOLUTION_HPP
