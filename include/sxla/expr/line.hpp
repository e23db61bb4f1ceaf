// sxla/expr/line.hpp: line cursors, what the evaluators' inner loops read. A line is the
// run of elements start, start + e_M, start + 2 e_M, ... along one dimension M of an
// expression; the executor asks the root node for a line and walks it:
//
//   value_type get(index_t j) const;                  // element j
//   template <class L> auto load(index_t j) const;    // lanes<L> elements from j
//   template <class L> auto load_n(index_t j, std::size_t n) const;  // n < lanes<L>; the
//                                                      // other lanes hold any value
//
// load returns vec<value_type> (of L's width), or mask<L> when value_type is bool. Leaf
// lines: strided_line (memory at a constant stride: contiguous, broadcast or gathered),
// constant_line (one value), gather_line (any other layout: element by element).
#ifndef SXLA_EXPR_LINE_HPP
#define SXLA_EXPR_LINE_HPP

#include <cstddef>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"         // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"     // index_t
#include "sxla/simd/vec.hpp"       // vec, mask, load, load_n, gather, splat, load_mask

namespace sxla {

namespace detail {
// A mask with every lane set to b.
template <class L>
SXLA_FORCE_INLINE simd::mask<L> uniform_mask(bool b) noexcept {
  return simd::first_n<L>(b ? simd::lanes<L> : 0);
}

// A vector result as loaded with lanes of L: a mask of another lane type of L's width
// becomes mask<L> (a comparison of s32 values inside an f32 select); values stay.
template <class L, class R>
SXLA_FORCE_INLINE auto as_lanes_of(R r) noexcept {
  if constexpr (requires { simd::mask_cast<L>(r); }) {
    return simd::mask_cast<L>(r);
  } else {
    return r;
  }
}

// Lanes filled element by element from get(j + i).
template <class L, class T, class Get>
SXLA_FORCE_INLINE auto load_by_element(const Get& get, index_t j, std::size_t n) noexcept {
  constexpr std::size_t lanes = simd::lanes<L>;
  if constexpr (std::is_same_v<T, bool>) {
    bool b[lanes] = {};
    for (std::size_t i = 0; i < n; ++i) b[i] = get(j + static_cast<index_t>(i));
    return simd::load_mask<L>(b, lanes);
  } else {
    alignas(64) T v[lanes] = {};
    for (std::size_t i = 0; i < n; ++i) v[i] = get(j + static_cast<index_t>(i));
    return simd::load(v);
  }
}
}  // namespace detail

// Elements p[0], p[Stride], p[2 * Stride], ... (Stride may be 0 or negative).
template <class T, index_t Stride>
struct strided_line {
  using value_type = std::remove_const_t<T>;
  const value_type* p;

  SXLA_FORCE_INLINE constexpr value_type get(index_t j) const noexcept { return p[j * Stride]; }

  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    if constexpr (std::is_same_v<value_type, bool>) {
      if constexpr (Stride == 1) {
        return simd::load_mask<L>(p + j, simd::lanes<L>);
      } else {
        return detail::load_by_element<L, bool>([this](index_t k) { return get(k); }, j, simd::lanes<L>);
      }
    } else if constexpr (Stride == 1) {
      return simd::load(p + j);
    } else if constexpr (Stride == 0) {
      return simd::splat<simd::vec<value_type>>(p[0]);
    } else {
      return simd::gather(p + j * Stride, Stride);
    }
  }

  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    if constexpr (std::is_same_v<value_type, bool>) {
      if constexpr (Stride == 1) {
        return simd::load_mask<L>(p + j, n);
      } else {
        return detail::load_by_element<L, bool>([this](index_t k) { return get(k); }, j, n);
      }
    } else if constexpr (Stride == 1) {
      return simd::load_n(p + j, n);
    } else if constexpr (Stride == 0) {
      return simd::splat<simd::vec<value_type>>(p[0]);
    } else {
      return detail::load_by_element<L, value_type>([this](index_t k) { return get(k); }, j, n);
    }
  }
};

// The same value at every position.
template <class T>
struct constant_line {
  using value_type = T;
  T value;

  SXLA_FORCE_INLINE constexpr T get(index_t) const noexcept { return value; }

  template <class L>
  SXLA_FORCE_INLINE auto load(index_t) const noexcept {
    if constexpr (std::is_same_v<T, bool>) {
      return detail::uniform_mask<L>(value);
    } else {
      return simd::splat<simd::vec<T>>(value);
    }
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t) const noexcept {
    return load<L>(j);
  }
};

// Element j is get(j) of a callable (layouts without a constant stride, such as tiled
// ones, and nodes computed from the index).
template <class T, class Get>
struct gather_line {
  using value_type = T;
  Get get_fn;

  SXLA_FORCE_INLINE constexpr T get(index_t j) const noexcept { return get_fn(j); }

  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    return detail::load_by_element<L, T>(get_fn, j, simd::lanes<L>);
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    return detail::load_by_element<L, T>(get_fn, j, n);
  }
};

template <class T, class Get>
constexpr gather_line<T, Get> make_gather_line(Get get) noexcept {
  return {get};
}

// The values of `base` at 0 .. n-1, repeated: element j is base.get(j % n). A vector load
// at a multiple of lanes<L> (of which n is a divisor) is one precomputed vector.
template <class L, class Base>
struct pattern_line {
  using value_type = typename Base::value_type;
  using vector_type = decltype(std::declval<Base>().template load<L>(0));
  Base base;
  index_t n;
  vector_type pattern;

  SXLA_FORCE_INLINE pattern_line(Base b, index_t period) noexcept : base(b), n(period), pattern(make(b, period)) {}

  SXLA_FORCE_INLINE static vector_type make(const Base& b, index_t period) noexcept {
    if (period == static_cast<index_t>(simd::lanes<L>)) return b.template load<L>(0);
    if constexpr (std::is_same_v<value_type, bool>) {
      return detail::load_by_element<L, bool>([&](index_t j) { return b.get(j % period); }, 0, simd::lanes<L>);
    } else {
      return simd::repeat(b.template load_n<L>(0, static_cast<std::size_t>(period)), static_cast<std::size_t>(period));
    }
  }

  SXLA_FORCE_INLINE value_type get(index_t j) const noexcept { return base.get(j % n); }
  template <class>
  SXLA_FORCE_INLINE vector_type load(index_t) const noexcept {
    return pattern;
  }
  template <class>
  SXLA_FORCE_INLINE vector_type load_n(index_t, std::size_t) const noexcept {
    return pattern;
  }
};

}  // namespace sxla

#endif  // SXLA_EXPR_LINE_HPP
