// sxla/tensor/tensor.hpp: tensor<S>, an array that owns its elements in static,
// aligned storage laid out as S says (padding and tiles included): no heap, usable in
// constexpr. Built zeroed, from nested braces or a flat list in logical order, or from
// another tensor, view or packed array of the same shape in any layout. t(i, j) reads logically;
// data()/storage() expose the physical storage.
//
//   x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
//   x::tensor<"f32[2,3]{0,1}"> c = a;     // same values, column-major storage
//   float e = c(1, 2);                    // 6
#ifndef SXLA_TENSOR_TENSOR_HPP
#define SXLA_TENSOR_TENSOR_HPP

#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <span>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_MAX_ALIGN, SXLA_FORCE_INLINE
#include "sxla/core/element_type.hpp"      // native_type_t
#include "sxla/core/index.hpp"             // index_t, multi_index
#include "sxla/core/minmax.hpp"            // detail::max_of, detail::min_of
#include "sxla/core/workspace.hpp"         // workspace_object
#include "sxla/shape/layout.hpp"           // padding_value
#include "sxla/shape/layout_map.hpp"       // delinearize
#include "sxla/shape/shape.hpp"            // shape
#include "sxla/shape/shape_spec.hpp"       // shape_spec
#include "sxla/tensor/storage_array.hpp"   // storage_array, copy_elements

namespace sxla {

// Tag for a tensor whose storage is left uninitialised (run time only).
struct uninitialized_t {
  explicit uninitialized_t() = default;
};
inline constexpr uninitialized_t uninitialized{};

namespace detail {

// {...} nested `Rank` deep, for construction in logical order.
template <class T, std::size_t Rank>
struct nested_list {
  using type = std::initializer_list<typename nested_list<T, Rank - 1>::type>;
};
template <class T>
struct nested_list<T, 0> {
  using type = T;
};

// Not constexpr: reaching it while evaluating a constant expression is a compile error.
inline void initializer_list_does_not_match_the_shape() noexcept {}

// The value of padding_value v for element type T (XLA's LiteralUtil::{Min,Max}Value).
template <class T>
constexpr T padding_element(padding_value v) noexcept {
  if constexpr (requires { typename T::value_type; }) {  // complex: real part, imag 0
    return T(padding_element<typename T::value_type>(v), 0);
  } else {
    using lim = std::numeric_limits<T>;
    switch (v) {
      case padding_value::one:
        return T(1);
      case padding_value::lowest:
        if constexpr (lim::has_infinity) return -lim::infinity();
        else return lim::lowest();
      case padding_value::highest:
        if constexpr (lim::has_infinity) return lim::infinity();
        else return lim::max();
      default:
        return T{};
    }
  }
}

// Storage alignment: the smallest power of two covering the storage, at least the
// element's alignment, at most SXLA_MAX_ALIGN.
template <class T, std::size_t N>
inline constexpr std::size_t storage_alignment =
    detail::max_of(alignof(T), detail::min_of<std::size_t>(SXLA_MAX_ALIGN, std::bit_ceil(N * sizeof(T))));

}  // namespace detail

template <shape_spec S>
class tensor {
 public:
  using shape_type = shape<S>;  // checks S
  using value_type = typename shape_type::value_type;
  static_assert(S.layout.element_size_in_bits == 0,
                "sxla: tensor: a layout with E(n) packs its elements: use x::packed_tensor (tensor/packed.hpp)");
  static constexpr shape_spec spec = S;
  static constexpr std::size_t rank = shape_type::rank;
  static constexpr index_t element_count = shape_type::element_count;
  static constexpr index_t storage_count = shape_type::storage_count;
  static constexpr std::size_t alignment =
      detail::storage_alignment<value_type, static_cast<std::size_t>(storage_count)>;
  using nested_init = typename detail::nested_list<value_type, rank>::type;

  // All elements zero; padding slots hold the layout's padding value.
  constexpr tensor() noexcept : storage_{} { fill_padding(); }

  // Storage left uninitialised: for large tensors about to be overwritten.
  constexpr explicit tensor(uninitialized_t) noexcept {}

  // Values in logical order, nested one level per dimension (a scalar for rank 0):
  // {{1, 2, 3}, {4, 5, 6}}. A list whose sizes do not match the shape is a compile
  // error in a constant expression; at run time missing values are zero and surplus
  // values are ignored.
  constexpr tensor(nested_init values) noexcept : tensor() {  // NOLINT: implicit by design
    multi_index<rank> idx{};
    assign_nested<0>(values, idx);
  }

  // Values in logical order as one flat list (rank >= 2; for rank 1 the nested form is
  // the flat one): {1, 2, 3, 4, 5, 6}. Size rule as above. A template only so that the
  // nested form wins where both fit, as {{1}, {2}, {3}} for f32[3,1] does.
  template <class Flat = value_type>
    requires(rank >= 2)
  constexpr tensor(std::initializer_list<value_type> flat) noexcept  // NOLINT: implicit
      : tensor() {
    if (static_cast<index_t>(flat.size()) != element_count && std::is_constant_evaluated())
      detail::initializer_list_does_not_match_the_shape();
    const value_type* it = flat.begin();
    for_each_index<shape_type>([&](const multi_index<rank>& idx) {
      if (it != flat.end()) storage_[offset(idx)] = *it++;
    });
  }

  // The same values from a tensor or view of the same element type and dimensions, in
  // any layout (a layout conversion).
  template <stored_array A>
    requires(!std::is_same_v<std::remove_cvref_t<A>, tensor>)
  constexpr tensor(const A& other) noexcept : tensor() {  // NOLINT: implicit by design
    copy_elements(*this, other);
  }
  template <stored_array A>
    requires(!std::is_same_v<std::remove_cvref_t<A>, tensor>)
  constexpr tensor& operator=(const A& other) noexcept {
    copy_elements(*this, other);
    return *this;
  }

  // The values of a lazy expression of the same element type and dimensions:
  // x::tensor<"f32[2,3]{0,1}"> t = a + b; (include <sxla/sxla.hpp> or expr/assign.hpp).
  // (Of other dimensions: one compile error, and nothing evaluated to add more.)
  template <assignable_expression E>
  constexpr tensor(const E& e) noexcept {  // NOLINT: implicit by design
    if constexpr (!same_logical_shape(S, E::spec)) {
      static_assert(require_same_logical_shape<S, E::spec>());
    } else {
      if (std::is_constant_evaluated() || shape_type::is_padded || shape_type::is_tiled) {
        storage_.fill(value_type{});  // (not `storage_ = {}`: unoptimised, that is a temporary
        fill_padding();                // of the whole array in this frame, taken or not)
      }
      evaluate_into(*this, e, fresh_destination{});
    }
  }
  template <assignable_expression E>
  constexpr tensor& operator=(const E& e) noexcept {
    if constexpr (!same_logical_shape(S, E::spec)) {
      static_assert(require_same_logical_shape<S, E::spec>());
    } else {
      evaluate_into(*this, e);
    }
    return *this;
  }
  // t.using_workspace(ws) = e takes e's scratch memory from the caller's x::workspace.
  template <workspace_object W>
  constexpr workspace_assignment<tensor, W> using_workspace(W& ws) noexcept {
    return {*this, ws};
  }

  // Logical element access; each index must be in [0, dimension).
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  SXLA_FORCE_INLINE constexpr value_type& operator()(I... i) noexcept {
    return storage_[offset(multi_index<rank>{static_cast<index_t>(i)...})];
  }
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  SXLA_FORCE_INLINE constexpr const value_type& operator()(I... i) const noexcept {
    return storage_[offset(multi_index<rank>{static_cast<index_t>(i)...})];
  }
  SXLA_FORCE_INLINE constexpr value_type& operator[](const multi_index<rank>& idx) noexcept {
    return storage_[offset(idx)];
  }
  SXLA_FORCE_INLINE constexpr const value_type& operator[](const multi_index<rank>& idx) const noexcept {
    return storage_[offset(idx)];
  }

  // Physical storage: storage_count slots in layout order, padding included.
  constexpr value_type* data() noexcept { return storage_.data(); }
  constexpr const value_type* data() const noexcept { return storage_.data(); }
  constexpr std::span<value_type, static_cast<std::size_t>(storage_count)> storage() noexcept {
    return std::span<value_type, static_cast<std::size_t>(storage_count)>(storage_);
  }
  constexpr std::span<const value_type, static_cast<std::size_t>(storage_count)> storage()
      const noexcept {
    return std::span<const value_type, static_cast<std::size_t>(storage_count)>(storage_);
  }

  // The storage offset of a logical index.
  SXLA_FORCE_INLINE static constexpr index_t offset(const multi_index<rank>& idx) noexcept {
    return shape_type::offset(idx);
  }

 private:
  constexpr void fill_padding() noexcept {
    if constexpr (shape_type::is_padded) {
      const value_type pad = detail::padding_element<value_type>(S.layout.pad_value);
      if (pad == value_type{}) return;
      multi_index<rank> idx{};
      for (index_t off = 0; off < storage_count; ++off)
        if (!delinearize(shape_type::map, off, idx.data())) storage_[off] = pad;
    }
  }

  template <std::size_t Depth>
  constexpr void assign_nested(const typename detail::nested_list<value_type, rank - Depth>::type& l,
                               multi_index<rank>& idx) noexcept {
    if constexpr (Depth == rank) {
      storage_[offset(idx)] = l;
    } else {
      if (static_cast<index_t>(l.size()) != shape_type::dimensions[Depth] &&
          std::is_constant_evaluated())
        detail::initializer_list_does_not_match_the_shape();
      index_t i = 0;
      for (const auto& sub : l) {
        if (i == shape_type::dimensions[Depth]) break;
        idx[Depth] = i++;
        assign_nested<Depth + 1>(sub, idx);
      }
    }
  }

  alignas(alignment) std::array<value_type, static_cast<std::size_t>(storage_count)> storage_;
};

template <shape_spec S>
struct is_storage_array<tensor<S>> : std::true_type {};

}  // namespace sxla

#endif  // SXLA_TENSOR_TENSOR_HPP
