// sxla/ops/ragged_dot.hpp: XLA's RaggedDot, a dot whose lhs has one ragged dimension cut
// into groups by an array of group sizes, in each of its three forms (XLA's
// RaggedDotDimensionNumbers, as jax.lax.ragged_dot_general computes them):
//
//   auto out = x::ragged_dot(lhs, rhs, group_sizes);   // f32[m, k], f32[g, k, n], s32[g] -> f32[m, n]
//   auto out = x::ragged_dot_general<x::ragged_dot_dims<x::dot_dims<lhs_contracting, rhs_contracting,
//                                                                  lhs_batch, rhs_batch>,
//                                                       x::idx{lhs_ragged}, x::idx{rhs_group}>>(lhs, rhs, group_sizes);
//   x::ragged_dot_general<dims, float>(...), x::ragged_dot<float>(...)   with a result element type
//
// The dimension numbers are dot_general's (x::dot_dims, the same checks and errors), one
// lhs ragged dimension, and the rhs group dimensions (none or one). Where the ragged
// dimension lies sets the form:
//   1. a non-contracting dimension m of lhs (mixture-of-experts layers: each group of rows
//      has its own matrix). rhs has one group dimension, of size g, that is neither batch
//      nor contracting: [b.., m.., k..], [g, b.., k.., n..] -> [b.., m.., n..] (dot_general's
//      order: batch dimensions in the order given, lhs's free dimensions, rhs's free ones
//      without the group dimension, each increasing). The result's row for lhs row r takes,
//      for each group i whose range holds r, the product with the rhs slice of group i; a
//      row in no range is zero. x::ragged_dot is this form with lhs [m, k], rhs [g, k, n].
//   2. a contracting dimension k: no rhs group dimension; [b.., m.., k..], [b.., k.., n..]
//      -> [g, b.., m.., n..]: result slice i contracts only over the k in group i's range.
//   3. a batch dimension: no rhs group dimension; the result is dot_general's (XLA's
//      expander and jax both ignore the sizes here), the group sizes only checked.
// group_sizes: any integer type, shape [g] or [p.., g] where p.. are the sizes of lhs's
// batch dimensions (in the order given) and then, in form 1, lhs's non-contracting
// dimensions before the ragged one (increasing), in form 2 the contracting dimensions
// listed before the ragged one; in form 3 only the batch dimensions listed before the
// ragged one. [g] serves every p.. alike. (XLA's InferRaggedDotOpShape and jax's shape
// rule; the CHLO verifier's.)
//
// Group i of a row of group sizes holds positions [e_(i-1), e_i) of the ragged dimension,
// e_i = sizes[0] + ... + sizes[i] (e_(-1) = 0). Sizes that do not add up follow jax: each
// range is clipped to the dimension (a sum above its size leaves the last groups short,
// below it leaves positions in no group), and after a negative size ranges overlap: in
// form 1 a row in two ranges takes both products, summed in group order; in form 2 each
// group's slice counts the positions in its own range.
//
// Sums as dot's: f16, bf16 and the 8-bit floats in f32, s8 and s16 in s32, u8 and u16 in
// u32, the rest in their own type, or in the result type given unless that is a float
// narrower than f32 (dot_general's rule: x::ragged_dot<float>(bf16s) sums in f32 and
// keeps f32); integers wrap. Rounded or wrapped once into the result; each output element
// sums over the groups in order (form 1), then over the contracting positions in
// row-major order of the contracting dimensions as listed, skipping those outside the
// group (form 2). The result is a tensor
// (eager); the operands any array: a tensor or view in an untiled layout is read in place
// through its strides, anything else element by element. Scratch: one row of sums on the
// stack (as many values as rhs's free dimensions hold) and the g ranges of one row of
// group sizes. Misuse (element types that differ or are complex, pred or 2- and 4-bit
// integers, dot_general's dimension errors, a ragged or group dimension missing, out of
// range or misplaced, non-integer group sizes, a group_sizes shape other than the above,
// g differing from the rhs group dimension; for x::ragged_dot ranks other than 2, 3 and 1
// and k or g that differ) is a compile error naming ragged_dot and the shapes.
#ifndef SXLA_OPS_RAGGED_DOT_HPP
#define SXLA_OPS_RAGGED_DOT_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sxla/config.hpp"             // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"   // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"  // is_complex_v, element, primitive_type_of
#include "sxla/core/index.hpp"         // index_t, multi_index, idx
#include "sxla/core/intn.hpp"          // is_intn_v
#include "sxla/expr/leaf.hpp"          // as_operand, operand
#include "sxla/ops/dot_general.hpp"    // dot_dims, detail::check_dot, detail::report_dot, detail::dot_sum_t
#include "sxla/shape/print.hpp"        // diagnostic_display of shapes
#include "sxla/tensor/tensor.hpp"      // tensor, uninitialized

namespace sxla {

namespace hlo {
struct ragged_dot;
}  // namespace hlo

// RaggedDotDimensionNumbers: dot_general's dimension numbers (an x::dot_dims), the lhs
// ragged dimension and the rhs group dimensions (one in form 1, else none), each an x::idx.
template <class DotDims, idx LhsRagged, idx RhsGroup = idx{}>
struct ragged_dot_dims {
  using dot_dimension_numbers = DotDims;
  static constexpr idx lhs_contracting = DotDims::lhs_contracting;
  static constexpr idx rhs_contracting = DotDims::rhs_contracting;
  static constexpr idx lhs_batch = DotDims::lhs_batch;
  static constexpr idx rhs_batch = DotDims::rhs_batch;
  static constexpr idx lhs_ragged = LhsRagged;
  static constexpr idx rhs_group = RhsGroup;
};

// x::ragged_dot's dimension numbers (jax.lax.ragged_dot's): lhs [m, k] ragged in m, rhs [g, k, n].
using ragged_dot_matrix_dims = ragged_dot_dims<dot_dims<idx{1}, idx{1}>, idx{0}, idx{0}>;

namespace detail {

// The type sums run in, as dot's (dot_general.hpp's dot_sum_t): f32 for f16, bf16 and the
// 8-bit floats; s32 and u32 for the narrower integers; else the element type; or the
// result type given, unless that is a float narrower than f32.
template <class T, class Out = T>
using ragged_sum_t = dot_sum_t<T, Out>;

// The element types ragged_dot takes: real numbers other than pred and the 2- and 4-bit
// integers.
template <class T>
inline constexpr bool ragged_element_ok = element<T> && !is_complex_v<T> && !std::is_same_v<T, bool> && !is_intn_v<T>;

enum class ragged_mode { non_contracting, contracting, batch };

constexpr bool ragged_contains(const idx& l, index_t d) noexcept {
  for (index_t x : l)
    if (x == d) return true;
  return false;
}

constexpr ragged_mode ragged_mode_of(const idx& lc, const idx& lb, index_t ragged) noexcept {
  return ragged_contains(lb, ragged)   ? ragged_mode::batch
         : ragged_contains(lc, ragged) ? ragged_mode::contracting
                                       : ragged_mode::non_contracting;
}

// The lhs dimensions that group_sizes's leading dimensions stand for (see the top).
constexpr idx ragged_prefix(const idx& lc, const idx& lb, index_t ragged, std::size_t rank) noexcept {
  idx p;
  const ragged_mode mode = ragged_mode_of(lc, lb, ragged);
  if (mode == ragged_mode::batch) {
    for (index_t d : lb) {
      if (d == ragged) break;
      p.push_back(d);
    }
    return p;
  }
  p = lb;
  if (mode == ragged_mode::contracting) {
    for (index_t d : lc) {
      if (d == ragged) break;
      p.push_back(d);
    }
  } else {
    for (index_t d = 0; d < ragged && static_cast<std::size_t>(d) < rank; ++d)
      if (!ragged_contains(lc, d) && !ragged_contains(lb, d)) p.push_back(d);
  }
  return p;
}

// The shape group_sizes has in full ([p.., g]), for messages.
constexpr idx ragged_full_group_sizes(const idx& lc, const idx& lb, index_t ragged, const idx& ls,
                                      index_t groups) noexcept {
  idx s;
  for (index_t d : ragged_prefix(lc, lb, ragged, ls.size())) s.push_back(ls[static_cast<std::size_t>(d)]);
  s.push_back(groups);
  return s;
}

enum class ragged_dot_error {
  none,
  ranks,             // x::ragged_dot: not [m, k], [g, k, n], [g]
  types,             // operand element types
  result_type,       // the result type given
  sizes,             // x::ragged_dot: k or g differ
  dimensions,        // dot_general's dimension numbers (check_dot)
  ragged_count,      // not exactly one lhs ragged dimension
  ragged_range,      // the lhs ragged dimension out of range
  group_count,       // rhs group dimensions: not one (form 1), not none (forms 2, 3)
  group_range,       // the rhs group dimension out of range, batch or contracting
  group_type,        // group sizes not integers
  group_sizes_rank,  // group_sizes a scalar
  group_sizes_shape, // group_sizes neither [g] nor [p.., g]
  group_size         // the rhs group dimension's size is not g
};

// The checks of the dimension numbers beyond dot_general's, on the sizes of lhs (ls), rhs
// (rs) and group_sizes (gs), group sizes of integer type.
constexpr ragged_dot_error check_ragged_dims(const idx& lc, const idx& rc, const idx& lb, const idx& rb,
                                             const idx& lr, const idx& rg, const idx& ls, const idx& rs,
                                             const idx& gs, bool integer_sizes) noexcept {
  if (lr.size() != 1) return ragged_dot_error::ragged_count;
  const index_t ragged = lr[0];
  if (ragged < 0 || ragged >= static_cast<index_t>(ls.size())) return ragged_dot_error::ragged_range;
  const ragged_mode mode = ragged_mode_of(lc, lb, ragged);
  if (mode == ragged_mode::non_contracting ? rg.size() != 1 : !rg.empty()) return ragged_dot_error::group_count;
  if (mode == ragged_mode::non_contracting) {
    const index_t g = rg[0];
    if (g < 0 || g >= static_cast<index_t>(rs.size()) || ragged_contains(rb, g) || ragged_contains(rc, g))
      return ragged_dot_error::group_range;
  }
  if (!integer_sizes) return ragged_dot_error::group_type;
  if (gs.size() == 0) return ragged_dot_error::group_sizes_rank;
  if (gs.size() != 1) {
    const idx p = ragged_prefix(lc, lb, ragged, ls.size());
    if (gs.size() != p.size() + 1) return ragged_dot_error::group_sizes_shape;
    for (std::size_t t = 0; t < p.size(); ++t)
      if (gs[t] != ls[static_cast<std::size_t>(p[t])]) return ragged_dot_error::group_sizes_shape;
  }
  if (mode == ragged_mode::non_contracting && rs[static_cast<std::size_t>(rg[0])] != gs[gs.size() - 1])
    return ragged_dot_error::group_size;
  return ragged_dot_error::none;
}

template <class G>
inline constexpr bool integer_group_sizes =
    std::is_integral_v<typename G::value_type> && !std::is_same_v<typename G::value_type, bool>;

// The first error of ragged_dot_general<Dims, Out>(L, R, G).
template <class Dims, class L, class R, class G, class Out>
constexpr ragged_dot_error ragged_dot_general_check() noexcept {
  using T = typename L::value_type;
  if constexpr (!std::is_same_v<T, typename R::value_type> || !ragged_element_ok<T>) {
    return ragged_dot_error::types;
  } else if constexpr (!ragged_element_ok<Out>) {
    return ragged_dot_error::result_type;
  } else if constexpr (check_dot(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch, Dims::rhs_batch,
                                 L::spec.dimensions, R::spec.dimensions) != dot_error::none) {
    return ragged_dot_error::dimensions;
  } else {
    return check_ragged_dims(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch, Dims::rhs_batch,
                             Dims::lhs_ragged, Dims::rhs_group, L::spec.dimensions, R::spec.dimensions,
                             G::spec.dimensions, integer_group_sizes<G>);
  }
}

// x::ragged_dot's first error: its own messages for ranks and sizes, then the general ones.
template <class L, class R, class G, class Out>
constexpr ragged_dot_error ragged_dot_check() noexcept {
  using T = typename L::value_type;
  if constexpr (L::rank != 2 || R::rank != 3 || G::rank != 1) {
    return ragged_dot_error::ranks;
  } else if constexpr (!std::is_same_v<T, typename R::value_type> || !ragged_element_ok<T>) {
    return ragged_dot_error::types;
  } else if constexpr (L::spec.dimensions[1] != R::spec.dimensions[1] ||
                       R::spec.dimensions[0] != G::spec.dimensions[0]) {
    return ragged_dot_error::sizes;
  } else {
    return ragged_dot_general_check<ragged_dot_matrix_dims, L, R, G, Out>();
  }
}

// The compile error of E (not none) for ragged_dot_general<Dims, Out>(L, R, G).
template <class Dims, class L, class R, class G, class Out, ragged_dot_error E>
constexpr void report_ragged_dot() noexcept {
  if constexpr (E == ragged_dot_error::ranks) {
    SXLA_DIAGNOSE(hlo::ragged_dot, "{}, {} and {}: lhs [m, k], rhs [g, k, n] and group_sizes [g] are needed", (L, R, G),
                  ());
  } else if constexpr (E == ragged_dot_error::types) {
    SXLA_DIAGNOSE(hlo::ragged_dot,
                  "{} and {}: lhs and rhs need one element type, a real number type (not pred, s2, s4, u2 or u4)",
                  (L, R), ());
  } else if constexpr (E == ragged_dot_error::result_type) {
    SXLA_DIAGNOSE(hlo::ragged_dot,
                  "{} and {}: the result type {} must be a real number type (not pred, s2, s4, u2 or u4)", (L, R, Out),
                  ());
  } else if constexpr (E == ragged_dot_error::sizes) {
    SXLA_DIAGNOSE(hlo::ragged_dot,
                  "{}, {} and {}: k (lhs dimension 1, rhs dimension 1) and g (rhs dimension 0, the size of "
                  "group_sizes) must agree",
                  (L, R, G), ());
  } else if constexpr (E == ragged_dot_error::dimensions) {
    report_dot<hlo::ragged_dot, L, R, Dims, Out,
               check_dot(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch, Dims::rhs_batch,
                         L::spec.dimensions, R::spec.dimensions)>();
  } else if constexpr (E == ragged_dot_error::ragged_count) {
    SXLA_DIAGNOSE(hlo::ragged_dot, "{} and {}: lhs_ragged_dimensions must name one lhs dimension (here it has {})",
                  (L, R), (Dims::lhs_ragged.size()));
  } else if constexpr (E == ragged_dot_error::ragged_range) {
    SXLA_DIAGNOSE(hlo::ragged_dot, "{} and {}: the lhs ragged dimension {} is out of range (rank {})", (L, R),
                  (Dims::lhs_ragged[0], L::rank));
  } else if constexpr (E == ragged_dot_error::group_count) {
    constexpr ragged_mode mode = ragged_mode_of(Dims::lhs_contracting, Dims::lhs_batch, Dims::lhs_ragged[0]);
    if constexpr (mode == ragged_mode::non_contracting) {
      SXLA_DIAGNOSE(hlo::ragged_dot,
                    "{} and {}: the lhs ragged dimension {} is a non-contracting one: rhs_group_dimensions must name "
                    "one rhs dimension (here it has {})",
                    (L, R), (Dims::lhs_ragged[0], Dims::rhs_group.size()));
    } else if constexpr (mode == ragged_mode::contracting) {
      SXLA_DIAGNOSE(hlo::ragged_dot,
                    "{} and {}: the lhs ragged dimension {} is a contracting one: rhs_group_dimensions must be empty "
                    "(here it has {})",
                    (L, R), (Dims::lhs_ragged[0], Dims::rhs_group.size()));
    } else {
      SXLA_DIAGNOSE(hlo::ragged_dot,
                    "{} and {}: the lhs ragged dimension {} is a batch one: rhs_group_dimensions must be empty (here "
                    "it names {})",
                    (L, R), (Dims::lhs_ragged[0], Dims::rhs_group.size()));
    }
  } else if constexpr (E == ragged_dot_error::group_range) {
    SXLA_DIAGNOSE(hlo::ragged_dot,
                  "{} and {}: the rhs group dimension {} is out of range (rank {}) or a contracting or batch dimension",
                  (L, R), (Dims::rhs_group[0], R::rank));
  } else if constexpr (E == ragged_dot_error::group_type) {
    SXLA_DIAGNOSE(hlo::ragged_dot, "{}: group sizes must be integers", (G), ());
  } else if constexpr (E == ragged_dot_error::group_sizes_rank) {
    SXLA_DIAGNOSE(hlo::ragged_dot, "{}, {} and {}: group_sizes must be an array [g] or [..., g], not a scalar",
                  (L, R, G), ());
  } else if constexpr (E == ragged_dot_error::group_sizes_shape) {
    constexpr idx full = ragged_full_group_sizes(Dims::lhs_contracting, Dims::lhs_batch, Dims::lhs_ragged[0],
                                                 L::spec.dimensions, G::spec.dimensions[G::rank - 1]);
    using Full = tensor<logical_spec(primitive_type_of<typename G::value_type>, full)>;
    constexpr ragged_mode mode = ragged_mode_of(Dims::lhs_contracting, Dims::lhs_batch, Dims::lhs_ragged[0]);
    if constexpr (mode == ragged_mode::non_contracting) {
      SXLA_DIAGNOSE(hlo::ragged_dot,
                    "{}, {} and {}: group_sizes must be [g] or {} (the lhs batch dimensions, then the lhs "
                    "non-contracting dimensions before the ragged one, then g)",
                    (L, R, G, Full), ());
    } else if constexpr (mode == ragged_mode::contracting) {
      SXLA_DIAGNOSE(hlo::ragged_dot,
                    "{}, {} and {}: group_sizes must be [g] or {} (the lhs batch dimensions, then the lhs contracting "
                    "dimensions listed before the ragged one, then g)",
                    (L, R, G, Full), ());
    } else {
      SXLA_DIAGNOSE(hlo::ragged_dot,
                    "{}, {} and {}: group_sizes must be [g] or {} (the lhs batch dimensions listed before the ragged "
                    "one, then g)",
                    (L, R, G, Full), ());
    }
  } else if constexpr (E == ragged_dot_error::group_size) {
    SXLA_DIAGNOSE(hlo::ragged_dot,
                  "{}, {} and {}: the rhs group dimension {} (size {}) and g (the last dimension of group_sizes, {}) "
                  "differ",
                  (L, R, G),
                  (Dims::rhs_group[0], R::spec.dimensions[static_cast<std::size_t>(Dims::rhs_group[0])],
                   G::spec.dimensions[G::rank - 1]));
  }
}

// How a ragged dot walks its operands: dot_general's lists (batch and contracting in the
// order given, free dimensions increasing, rhs's without the group dimension) and where
// the ragged dimension lies in its list (lhs's free dimensions, the contracting ones or
// the batch ones): the product of the sizes before it (outer), its size and the product
// after it (inner).
struct ragged_plan {
  ragged_mode mode = ragged_mode::non_contracting;
  idx lhs_batch, rhs_batch, lhs_contracting, rhs_contracting, lhs_free, rhs_free;
  idx result;  // the result's sizes: [g] in form 2, then batch, lhs free, rhs free
  index_t batch = 1, m = 1, n = 1, k = 1;
  index_t groups = 0;     // g
  index_t group_dim = 0;  // rhs's group dimension (form 1)
  index_t outer = 1, ragged = 1, inner = 1;
};

template <class Dims>
constexpr ragged_plan make_ragged_plan(const idx& ls, const idx& rs, index_t groups) noexcept {
  const dot_plan d = make_dot_plan(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch, Dims::rhs_batch,
                                   ls, rs);
  ragged_plan p;
  const index_t ragged = Dims::lhs_ragged[0];
  p.mode = ragged_mode_of(Dims::lhs_contracting, Dims::lhs_batch, ragged);
  p.lhs_batch = d.lhs_batch;
  p.rhs_batch = d.rhs_batch;
  p.lhs_contracting = d.lhs_contracting;
  p.rhs_contracting = d.rhs_contracting;
  p.lhs_free = d.lhs_free;
  p.batch = d.batch;
  p.m = d.m;
  p.k = d.k;
  p.groups = groups;
  if (p.mode == ragged_mode::non_contracting) p.group_dim = Dims::rhs_group[0];
  for (index_t r : d.rhs_free) {
    if (p.mode == ragged_mode::non_contracting && r == p.group_dim) continue;
    p.rhs_free.push_back(r);
    p.n *= rs[static_cast<std::size_t>(r)];
  }
  if (p.mode == ragged_mode::contracting) p.result.push_back(groups);
  for (index_t x : p.lhs_batch) p.result.push_back(ls[static_cast<std::size_t>(x)]);
  for (index_t x : p.lhs_free) p.result.push_back(ls[static_cast<std::size_t>(x)]);
  for (index_t x : p.rhs_free) p.result.push_back(rs[static_cast<std::size_t>(x)]);
  const idx& list = p.mode == ragged_mode::non_contracting ? p.lhs_free
                    : p.mode == ragged_mode::contracting   ? p.lhs_contracting
                                                           : p.lhs_batch;
  bool seen = false;
  for (index_t x : list) {
    const index_t size = ls[static_cast<std::size_t>(x)];
    if (x == ragged) {
      seen = true;
      p.ragged = size;
    } else if (seen) {
      p.inner *= size;
    } else {
      p.outer *= size;
    }
  }
  return p;
}

// Whether a ragged dot reads an operand in place: a tensor or view of element type T in
// an untiled layout (through its strides).
template <class Op, class T>
constexpr bool ragged_reads_in_place() noexcept {
  if constexpr (!is_array_leaf<Op>) {
    return false;
  } else if constexpr (!std::is_same_v<typename Op::value_type, T>) {
    return false;
  } else {
    return !Op::shape_type::is_tiled;
  }
}

// The storage offset in Op (read in place) of flat index f over the dimensions of Group
// (row-major over their sizes): one multiplication when the group has a constant stride.
template <class Op, idx Group>
SXLA_FORCE_INLINE constexpr index_t ragged_offset(index_t f) noexcept {
  using S = typename Op::shape_type;
  constexpr group_stride g = flatten_stride(Group, S::spec.dimensions, S::map.strides);
  if constexpr (g.ok) {
    return f * g.stride;
  } else {
    return group_offset(Group, S::spec.dimensions, S::map.strides, f);
  }
}

// i's entries for the dimensions of group := the row-major digits of f over their sizes.
template <std::size_t N>
SXLA_FORCE_INLINE constexpr void ragged_digits(multi_index<N>& i, const idx& group, const idx& sizes,
                                               index_t f) noexcept {
  for (std::size_t t = group.size(); t-- > 0;) {
    const auto d = static_cast<std::size_t>(group[t]);
    i[d] = f % sizes[d];
    f /= sizes[d];
  }
}

// acc + a * b, integers wrapping.
template <class S>
SXLA_FORCE_INLINE constexpr S ragged_madd(S acc, S a, S b) noexcept {
  if constexpr (std::is_integral_v<S>) {
    using U = std::conditional_t<(sizeof(S) < sizeof(unsigned)), unsigned, std::make_unsigned_t<S>>;
    return static_cast<S>(static_cast<U>(static_cast<U>(acc) + static_cast<U>(a) * static_cast<U>(b)));
  } else {
    return static_cast<S>(acc + a * b);
  }
}

// RaggedDot of checked operands, by definition (see the top).
template <class Dims, class Out, class L, class R, class G>
auto run_ragged_dot(const L& l, const R& r, const G& g) {
  using T = typename L::value_type;
  using S = ragged_sum_t<T, Out>;
  constexpr idx ls = L::spec.dimensions, rs = R::spec.dimensions, gs = G::spec.dimensions;
  static constexpr ragged_plan P = make_ragged_plan<Dims>(ls, rs, gs[G::rank - 1]);
  constexpr index_t groups = P.groups, n = P.n;
  constexpr bool lhs_in_place = ragged_reads_in_place<L, T>();
  constexpr bool rhs_in_place = ragged_reads_in_place<R, T>();
  tensor<logical_spec(primitive_type_of<Out>, P.result)> out(uninitialized);
  Out* const o = out.data();

  // The ranges of the groups of one row of group sizes (flat over its leading
  // dimensions; [g] serves every row), clipped to the ragged dimension.
  index_t start[groups == 0 ? 1 : groups], end[groups == 0 ? 1 : groups];
  index_t ranges_row = -1;
  const auto ranges = [&](index_t row) {
    if constexpr (G::rank == 1) row = 0;
    if (row == ranges_row) return;
    ranges_row = row;
    multi_index<G::rank> gi{};
    index_t f = row;
    for (std::size_t d = G::rank - 1; d-- > 0;) {
      gi[d] = f % gs[d];
      f /= gs[d];
    }
    std::int64_t e = 0;
    for (index_t i = 0; i < groups; ++i) {
      gi[G::rank - 1] = i;
      const std::int64_t s = e;
      e += static_cast<std::int64_t>(g.at(gi));
      start[i] = static_cast<index_t>(s < 0 ? 0 : (s > P.ragged ? P.ragged : s));
      end[i] = static_cast<index_t>(e < 0 ? 0 : (e > P.ragged ? P.ragged : e));
    }
  };

  // The current lhs row (batch bt, free row) and rhs slice (batch bt, group grp): storage
  // offsets when read in place, else the indices.
  index_t lhs_base = 0, rhs_base = 0;
  multi_index<L::rank> li{};
  multi_index<R::rank> ri{};
  const auto set_row = [&](index_t bt, index_t row) {
    if constexpr (lhs_in_place) {
      lhs_base = ragged_offset<L, P.lhs_batch>(bt) + ragged_offset<L, P.lhs_free>(row);
    } else {
      ragged_digits(li, P.lhs_batch, ls, bt);
      ragged_digits(li, P.lhs_free, ls, row);
    }
  };
  const auto set_slice = [&](index_t bt, index_t grp) {
    if constexpr (rhs_in_place) {
      rhs_base = ragged_offset<R, P.rhs_batch>(bt);
      if constexpr (P.mode == ragged_mode::non_contracting)
        rhs_base += grp * R::shape_type::map.strides[static_cast<std::size_t>(P.group_dim)];
    } else {
      ragged_digits(ri, P.rhs_batch, rs, bt);
      if constexpr (P.mode == ragged_mode::non_contracting) ri[static_cast<std::size_t>(P.group_dim)] = grp;
    }
  };
  S sums[n == 0 ? 1 : n];
  // sums += the current row times the current slice over contracting positions [p0, p1).
  const auto add_terms = [&](index_t p0, index_t p1) {
    for (index_t p = p0; p < p1; ++p) {
      S a;
      if constexpr (lhs_in_place) {
        a = static_cast<S>(l.data()[lhs_base + ragged_offset<L, P.lhs_contracting>(p)]);
      } else {
        ragged_digits(li, P.lhs_contracting, ls, p);
        a = static_cast<S>(l.at(li));
      }
      if constexpr (rhs_in_place) {
        const T* b = r.data() + rhs_base + ragged_offset<R, P.rhs_contracting>(p);
        for (index_t j = 0; j < n; ++j)
          sums[j] = ragged_madd(sums[j], a, static_cast<S>(b[ragged_offset<R, P.rhs_free>(j)]));
      } else {
        ragged_digits(ri, P.rhs_contracting, rs, p);
        for (index_t j = 0; j < n; ++j) {
          ragged_digits(ri, P.rhs_free, rs, j);
          sums[j] = ragged_madd(sums[j], a, static_cast<S>(r.at(ri)));
        }
      }
    }
  };
  const auto write = [&](index_t first) {
    for (index_t j = 0; j < n; ++j) o[first + j] = static_cast<Out>(sums[j]);
  };

  for (index_t bt = 0; bt < P.batch; ++bt) {
    if constexpr (P.mode != ragged_mode::non_contracting) set_slice(bt, 0);
    for (index_t row = 0; row < P.m; ++row) {
      set_row(bt, row);
      if constexpr (P.mode == ragged_mode::non_contracting) {
        // Form 1: the groups whose range holds the row's ragged position, in order.
        ranges(bt * P.outer + row / (P.ragged * P.inner));
        const index_t pos = row / P.inner % P.ragged;
        for (index_t j = 0; j < n; ++j) sums[j] = S{};
        for (index_t i = 0; i < groups; ++i) {
          if (pos < start[i] || pos >= end[i]) continue;
          set_slice(bt, i);
          add_terms(0, P.k);
        }
        write((bt * P.m + row) * n);
      } else if constexpr (P.mode == ragged_mode::contracting) {
        // Form 2: slice i of the result over the contracting positions in group i's
        // range, for each value of the contracting dimensions before the ragged one.
        for (index_t i = 0; i < groups; ++i) {
          for (index_t j = 0; j < n; ++j) sums[j] = S{};
          for (index_t x = 0; x < P.outer; ++x) {
            ranges(bt * P.outer + x);
            if (start[i] < end[i]) add_terms((x * P.ragged + start[i]) * P.inner, (x * P.ragged + end[i]) * P.inner);
          }
          write(((i * P.batch + bt) * P.m + row) * n);
        }
      } else {
        // Form 3: dot_general's product.
        for (index_t j = 0; j < n; ++j) sums[j] = S{};
        add_terms(0, P.k);
        write((bt * P.m + row) * n);
      }
    }
  }
  return out;
}

}  // namespace detail

// RaggedDot(lhs, rhs, group_sizes, dimension numbers Dims): see the top. Preferred: the
// result's element type (default: the operands').
template <class Dims, class Preferred = void, operand XL, operand XR, operand XG>
auto ragged_dot_general(XL&& lhs, XR&& rhs, XG&& group_sizes) {
  auto l = as_operand(static_cast<XL&&>(lhs));
  auto r = as_operand(static_cast<XR&&>(rhs));
  auto g = as_operand(static_cast<XG&&>(group_sizes));
  using L = decltype(l);
  using R = decltype(r);
  using G = decltype(g);
  using T = typename L::value_type;
  using Out = std::conditional_t<std::is_void_v<Preferred>, T, Preferred>;
  constexpr detail::ragged_dot_error e = detail::ragged_dot_general_check<Dims, L, R, G, Out>();
  if constexpr (e != detail::ragged_dot_error::none) {
    detail::report_ragged_dot<Dims, L, R, G, Out, e>();
    return tensor<logical_spec(primitive_type_of<T>, dimension_list{})>{};
  } else {
    return detail::run_ragged_dot<Dims, Out>(l, r, g);
  }
}

// RaggedDot in jax.lax.ragged_dot's form: lhs [m, k], rhs [g, k, n], group_sizes [g] ->
// [m, n] (see the top). Its own checks (the messages of this form), then the general op.
template <class Preferred = void, operand XL, operand XR, operand XG>
auto ragged_dot(XL&& lhs, XR&& rhs, XG&& group_sizes) {
  using L = operand_t<XL>;
  using R = operand_t<XR>;
  using G = operand_t<XG>;
  using T = typename L::value_type;
  using Out = std::conditional_t<std::is_void_v<Preferred>, T, Preferred>;
  constexpr detail::ragged_dot_error e = detail::ragged_dot_check<L, R, G, Out>();
  if constexpr (e != detail::ragged_dot_error::none) {
    detail::report_ragged_dot<ragged_dot_matrix_dims, L, R, G, Out, e>();
    return tensor<logical_spec(primitive_type_of<T>, dimension_list{})>{};
  } else {
    return ragged_dot_general<ragged_dot_matrix_dims, Preferred>(static_cast<XL&&>(lhs), static_cast<XR&&>(rhs),
                                                                 static_cast<XG&&>(group_sizes));
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_RAGGED_DOT_HPP
