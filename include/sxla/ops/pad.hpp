// sxla/ops/pad.hpp: XLA's Pad as a lazy node:
//   x::pad<x::idx{lo...}, x::idx{hi...}, x::idx{interior...}>(op, value)
// Result dimension d has lo[d] + hi[d] + n + (n - 1) interior[d] elements (n the operand's
// size, lo + hi when n is 0). Interior padding comes first, then the edges; a negative
// edge removes that many elements of the interior-padded operand. The padding value is a
// run-time scalar of the operand's element type. Interior is optional (all 0).
// A line along a dimension without interior padding is the operand's own line between
// the edges and the padding value outside them; with interior padding it goes element
// by element. A negative interior, a negative result size or the wrong number of entries
// are compile errors naming the op and the shape.
#ifndef SXLA_OPS_PAD_HPP
#define SXLA_OPS_PAD_HPP

#include <cstddef>
#include <limits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand, scalar_value
#include "sxla/expr/line.hpp"              // constant_line, make_gather_line
#include "sxla/expr/view_lines.hpp"        // spliced_line
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes

namespace sxla {

namespace detail {
constexpr idx padded_dimensions(const idx& dims, const idx& lo, const idx& hi, const idx& interior) noexcept {
  idx r;
  for (std::size_t d = 0; d < dims.size(); ++d)
    r.push_back(lo[d] + hi[d] + dims[d] + (dims[d] > 0 ? (dims[d] - 1) * interior[d] : 0));
  return r;
}
}  // namespace detail

template <class Op, idx Lo, idx Hi, idx Interior>
struct pad_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  using lane_type = typename Op::lane_type;
  static constexpr std::size_t rank = Op::rank;
  static constexpr idx in_dims = Op::spec.dimensions;
  static constexpr idx out_dims = detail::padded_dimensions(in_dims, Lo, Hi, Interior);
  static constexpr shape_spec spec = logical_spec(Op::spec.element_type, out_dims);

  Op operand;
  value_type value;

  // The operand index along d of result index i, or -1 for padding.
  SXLA_FORCE_INLINE static constexpr index_t source_index(std::size_t d, index_t i) noexcept {
    const index_t p = i - Lo[d];
    const index_t step = Interior[d] + 1;
    if (p < 0 || p % step != 0 || p / step >= in_dims[d]) return -1;
    return p / step;
  }
  // The operand index of idx (each padding coordinate replaced by 0), and whether idx is
  // an operand element.
  SXLA_FORCE_INLINE static constexpr bool source(const multi_index<rank>& idx, multi_index<rank>& s) noexcept {
    bool inside = true;
    for (std::size_t d = 0; d < rank; ++d) {
      const index_t k = source_index(d, idx[d]);
      inside = inside && k >= 0;
      s[d] = k >= 0 ? k : 0;
    }
    return inside;
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    multi_index<rank> s{};
    return source(idx, s) ? operand.at(s) : value;
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    if constexpr (Interior[M] != 0 || in_dims[M] == 0) {
      return make_gather_line<value_type>([this, start](index_t j) {
        multi_index<rank> k = start;
        k[M] += j;
        return at(k);
      });
    } else {
      // Element j is result index first + j along M, operand index first + j - Lo[M]
      // of the operand line that starts at index 0, when the other coordinates are
      // inside the operand; padding elsewhere.
      multi_index<rank> s{};
      bool inside = true;
      for (std::size_t d = 0; d < rank; ++d) {
        if (d == M) continue;
        const index_t k = source_index(d, start[d]);
        inside = inside && k >= 0;
        s[d] = k >= 0 ? k : 0;
      }
      const index_t shift = Lo[M] - start[M];
      index_t begin = 0, end = 0;
      if (inside && unpadded(M)) {  // the line may run on across merged dimensions
        begin = std::numeric_limits<index_t>::min();
        end = std::numeric_limits<index_t>::max();
      } else if (inside) {
        begin = shift;
        end = shift + in_dims[M];
      }
      using Inside = decltype(operand.template line<M>(s));
      return spliced_line<constant_line<value_type>, Inside>{constant_line<value_type>{value},
                                                              operand.template line<M>(s), begin, end, shift};
    }
  }

 private:
  static constexpr bool unpadded(std::size_t d) noexcept { return Lo[d] == 0 && Hi[d] == 0 && Interior[d] == 0; }
  static constexpr bool none_padded = [] {
    for (std::size_t d = 0; d < rank; ++d)
      if (!unpadded(d)) return false;
    return true;
  }();

 public:
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = unpadded(Outer) && unpadded(Inner) && Op::template mergeable<Outer, Inner>;
  // (A periodic line has no room for padding rows: only a pad that adds nothing.)
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable = none_padded && Op::template periodic_mergeable<Outer, Inner>;
  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE auto periodic_line(const multi_index<rank>& start) const noexcept {
    return operand.template periodic_line<Outer, Inner, L>(start);
  }
  template <std::size_t M>
  static constexpr bool strided_along = Interior[M] != 0 || Op::template strided_along<M>;
  template <class L>
  static constexpr bool vectorizable = Op::template vectorizable<L>;

  template <class F>
  constexpr void for_each_leaf(F&& f, bool) const {
    operand.for_each_leaf(f, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    decltype(operand)::visit_leaves(v, false);
  }
};

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct pad;
}  // namespace hlo

namespace detail {
enum class pad_error { none, wrong_length, negative_interior, negative_size };

constexpr pad_error check_pad(const idx& dims, const idx& lo, const idx& hi, const idx& interior) noexcept {
  if (lo.size() != dims.size() || hi.size() != dims.size() || interior.size() != dims.size())
    return pad_error::wrong_length;
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (interior[d] < 0) return pad_error::negative_interior;
  for (index_t n : padded_dimensions(dims, lo, hi, interior))
    if (n < 0) return pad_error::negative_size;
  return pad_error::none;
}

// The error of pad(E, Lo, Hi, Interior), with the dimension where it is.
template <class E, idx Lo, idx Hi, idx Interior, pad_error Error>
constexpr void report_pad() noexcept {
  if constexpr (Error == pad_error::wrong_length) {
    SXLA_DIAGNOSE(hlo::pad,
                  "{}: low, high and interior padding need one entry per dimension ({}, {} and {} for rank {})", (E),
                  (Lo.size(), Hi.size(), Interior.size(), E::rank));
  } else if constexpr (Error == pad_error::negative_interior) {
    constexpr std::size_t d = [] {
      std::size_t k = 0;
      while (Interior[k] >= 0) ++k;
      return k;
    }();
    SXLA_DIAGNOSE(hlo::pad, "{}: the interior padding of dimension {} is negative ({})", (E), (d, Interior[d]));
  } else if constexpr (Error == pad_error::negative_size) {
    constexpr idx sizes = padded_dimensions(E::spec.dimensions, Lo, Hi, Interior);
    constexpr std::size_t d = [&] {
      std::size_t k = 0;
      while (sizes[k] >= 0) ++k;
      return k;
    }();
    SXLA_DIAGNOSE(hlo::pad,
                  "{}: dimension {} would have size {}: negative edge padding ({} and {}) removes more than it has",
                  (E), (d, sizes[d], Lo[d], Hi[d]));
  }
}
}  // namespace detail

// Pad(operand, value, {Lo, Hi, Interior} per dimension); Interior defaults to all 0.
template <idx Lo, idx Hi, idx Interior = idx{}, operand X, scalar_value V>
constexpr auto pad(X&& x, V value) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr idx interior = [] {
    if (Interior.size() != 0) return Interior;
    idx zeros;
    for (std::size_t d = 0; d < E::rank; ++d) zeros.push_back(0);
    return zeros;
  }();
  constexpr detail::pad_error err = detail::check_pad(E::spec.dimensions, Lo, Hi, interior);
  if constexpr (err != detail::pad_error::none) {
    detail::report_pad<E, Lo, Hi, interior, err>();
    return e;
  } else {
    return pad_node<E, Lo, Hi, interior>{e, static_cast<typename E::value_type>(value)};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_PAD_HPP
