// sxla/expr/leaf.hpp: the leaves of expressions. array_leaf reads a tensor (through a
// pointer, for a named tensor; by value, for a temporary one) or a view (by value, it is
// a pointer already), in its own layout: an untiled layout gives strided lines (the
// stride along each dimension is a compile-time constant), a tiled one element-by-element
// lines. packed_leaf reads a packed array (tensor/packed.hpp) element by element.
// scalar_leaf is a number, a rank-0 expression. as_operand() turns what a user passes to
// an op (an expression, a tensor, a view, a packed array) into a node.
#ifndef SXLA_EXPR_LEAF_HPP
#define SXLA_EXPR_LEAF_HPP

#include <complex>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"               // SXLA_FORCE_INLINE
#include "sxla/core/element_type.hpp"    // element, primitive_type_of
#include "sxla/core/float16.hpp"         // small_float
#include "sxla/core/index.hpp"           // index_t, multi_index
#include "sxla/expr/expression.hpp"      // expression, logical_spec
#include "sxla/expr/line.hpp"            // strided_line, gather_line
#include "sxla/shape/shape_spec.hpp"     // shape_spec
#include "sxla/simd/vec.hpp"             // has_vec
#include "sxla/tensor/packed.hpp"        // packed_array, packing
#include "sxla/tensor/storage_array.hpp" // storage_array
#include "sxla/tensor/view.hpp"          // tensor_view

namespace sxla {

// A number usable as an operand: an arithmetic type, f16, bf16 or a complex number.
template <class T>
concept scalar_value = element<std::remove_cvref_t<T>> || std::is_arithmetic_v<std::remove_cvref_t<T>>;

namespace detail {
template <class T>
struct is_tensor_view : std::false_type {};
template <shape_spec S, class T>
struct is_tensor_view<tensor_view<S, T>> : std::true_type {};

// Whether lines of element type T can be loaded as lanes of L's width.
template <class T, class L>
inline constexpr bool lanes_fit =
    simd::has_vec<L> && (std::is_same_v<T, bool> || (simd::has_vec<T> && sizeof(T) == sizeof(L)));
}  // namespace detail

// A tensor (Owned = false: through a pointer; true: a copy) or a view (a copy).
template <class A, bool Owned>
struct array_leaf {
  static constexpr bool is_expression = true;
  using shape_type = typename A::shape_type;
  using value_type = typename shape_type::value_type;
  static constexpr std::size_t rank = shape_type::rank;
  static constexpr shape_spec spec = logical_spec(A::spec.element_type, A::spec.dimensions);
  using lane_type = std::conditional_t<simd::has_vec<value_type>, value_type, void>;

  std::conditional_t<Owned, A, const A*> array;

  SXLA_FORCE_INLINE constexpr const value_type* data() const noexcept {
    if constexpr (Owned) {
      return array.data();
    } else {
      return array->data();
    }
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return data()[shape_type::offset(idx)];
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    const value_type* p = data();
    if constexpr (shape_type::element_count == 0) {
      // A line of no element is never read, and its start may lie past the storage
      // (which may be empty, and null): no offset is formed.
      return strided_line<value_type, shape_type::map.strides[M]>{p};
    } else if constexpr (!shape_type::is_tiled) {
      return strided_line<value_type, shape_type::map.strides[M]>{p + shape_type::offset(start)};
    } else {
      return make_gather_line<value_type>([p, start](index_t j) {
        multi_index<rank> k = start;
        k[M] += j;
        return p[shape_type::offset(k)];
      });
    }
  }

  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable =
      !shape_type::is_tiled &&
      shape_type::map.strides[Outer] == shape_type::dimensions[Inner] * shape_type::map.strides[Inner];

  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable = mergeable<Outer, Inner>;
  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE constexpr auto periodic_line(const multi_index<rank>& start) const noexcept {
    return line<Inner>(start);
  }

  template <std::size_t M>
  static constexpr bool strided_along =
      shape_type::is_tiled || (shape_type::map.strides[M] != 0 && shape_type::map.strides[M] != 1);

  template <class L>
  static constexpr bool vectorizable = detail::lanes_fit<value_type, L>;

  template <class F>
  constexpr void for_each_leaf(F&& f, bool direct) const {
    const value_type* p = data();
    f.template operator()<A::spec>(reinterpret_cast<std::uintptr_t>(p),
                                   reinterpret_cast<std::uintptr_t>(p + shape_type::storage_count), direct);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool direct) {
    constexpr leaf_kind kind =
        detail::is_tensor_view<A>::value ? leaf_kind::view : (Owned ? leaf_kind::owned : leaf_kind::named_tensor);
    v(leaf_read{A::spec, kind, direct, false});
  }
};

// A packed array (Owned = false: through a pointer; true: a copy, as for a view), read
// element by element: its lines gather, and never vectorise.
template <class A, bool Owned>
struct packed_leaf {
  static constexpr bool is_expression = true;
  using shape_type = typename A::shape_type;
  using value_type = typename A::value_type;
  using packing_type = typename A::packing_type;
  static constexpr std::size_t rank = A::rank;
  static constexpr shape_spec spec = logical_spec(A::spec.element_type, A::spec.dimensions);
  using lane_type = void;

  std::conditional_t<Owned, A, const A*> array;

  SXLA_FORCE_INLINE constexpr const std::uint8_t* bytes() const noexcept {
    if constexpr (Owned) {
      return array.byte_data();
    } else {
      return array->byte_data();
    }
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return packing_type::read(bytes(), shape_type::offset(idx));
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    const std::uint8_t* p = bytes();
    return make_gather_line<value_type>([p, start](index_t j) {
      multi_index<rank> k = start;
      k[M] += j;
      return packing_type::read(p, shape_type::offset(k));
    });
  }

  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = false;
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE constexpr auto periodic_line(const multi_index<rank>& start) const noexcept {
    return line<Inner>(start);
  }
  template <std::size_t M>
  static constexpr bool strided_along = true;
  template <class L>
  static constexpr bool vectorizable = false;

  template <class F>
  constexpr void for_each_leaf(F&& f, bool direct) const {
    const std::uint8_t* p = bytes();
    f.template operator()<A::spec>(reinterpret_cast<std::uintptr_t>(p),
                                   reinterpret_cast<std::uintptr_t>(p + A::byte_count), direct);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool direct) {
    constexpr leaf_kind kind = !is_packed_tensor_v<A> ? leaf_kind::view : (Owned ? leaf_kind::owned : leaf_kind::named_tensor);
    v(leaf_read{A::spec, kind, direct, false});
  }
};

// A number: a rank-0 expression.
template <class T>
struct scalar_leaf {
  static constexpr bool is_expression = true;
  using value_type = T;
  static constexpr std::size_t rank = 0;
  static constexpr shape_spec spec = logical_spec<T>({});
  using lane_type = void;  // a constant: any lane width

  T value;

  SXLA_FORCE_INLINE constexpr T at(const multi_index<0>&) const noexcept { return value; }

  template <std::size_t, std::size_t>
  static constexpr bool mergeable = true;
  template <std::size_t, std::size_t>
  static constexpr bool periodic_mergeable = true;
  template <std::size_t>
  static constexpr bool strided_along = false;

  template <class L>
  static constexpr bool vectorizable = detail::lanes_fit<T, L>;

  template <class F>
  constexpr void for_each_leaf(F&&, bool) const {}
  template <class V>
  static constexpr void visit_leaves(V&, bool) {}
};

// What an op makes of an operand: expressions as they are, tensors, views and packed
// arrays as leaves.
template <class X>
  requires(expression<X> || storage_array<X> || packed_array<X>)
constexpr auto as_operand(X&& x) noexcept {
  using D = std::remove_cvref_t<X>;
  if constexpr (expression<D>) {
    return D(static_cast<X&&>(x));
  } else if constexpr (packed_array<D>) {
    if constexpr (std::is_lvalue_reference_v<X> && is_packed_tensor_v<D>) {
      return packed_leaf<D, false>{&x};
    } else {  // a view, or a temporary packed tensor: a copy
      return packed_leaf<D, true>{D(static_cast<X&&>(x))};
    }
  } else if constexpr (detail::is_tensor_view<D>::value || !std::is_lvalue_reference_v<X>) {
    return array_leaf<D, true>{D(static_cast<X&&>(x))};
  } else {
    return array_leaf<D, false>{&x};
  }
}

template <class X>
using operand_t = decltype(as_operand(std::declval<X>()));

// Whether X can be an operand of an op (an expression, a tensor, a view or a packed array).
template <class X>
concept operand = expression<X> || storage_array<X> || packed_array<X>;

}  // namespace sxla

#endif  // SXLA_EXPR_LEAF_HPP
