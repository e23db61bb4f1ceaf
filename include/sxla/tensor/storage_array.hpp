// sxla/tensor/storage_array.hpp: what tensors and views share. The storage_array
// concept (a static shape plus addressable storage: tensor<S> or tensor_view<S, T>),
// the compile-time rule that two of them have the same logical shape, logical copy
// between layouts, and equality (same shape, equal elements, layouts may differ).
#ifndef SXLA_TENSOR_STORAGE_ARRAY_HPP
#define SXLA_TENSOR_STORAGE_ARRAY_HPP

#include <type_traits>

#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE
#include "sxla/shape/print.hpp"       // shape_arg, diagnostic_display of shapes
#include "sxla/shape/shape.hpp"       // shape, for_each_index
#include "sxla/shape/shape_spec.hpp"  // shape_spec, same_logical_shape
#include "sxla/shape/validate.hpp"    // is_valid

namespace sxla {

// Specialised to true by tensor.hpp and view.hpp.
template <class T>
struct is_storage_array : std::false_type {};

template <class A>
concept storage_array = is_storage_array<std::remove_cvref_t<A>>::value;

// packed_tensor<S> or packed_tensor_view<S, B> (tensor/packed.hpp): sub-byte elements
// packed in bytes, read as values through a[idx].
template <class T>
struct is_packed_array : std::false_type {};
template <class A>
concept packed_array = is_packed_array<std::remove_cvref_t<A>>::value;

// An array with storage of its own shape: a tensor, a view or a packed array.
template <class A>
concept stored_array = storage_array<A> || packed_array<A>;

// A lazy expression (expr/expression.hpp). Tensors and views take one in their
// constructor or assignment and call evaluate_into(*this, e), which expr/assign.hpp
// provides (found by argument-dependent lookup).
// Tags a destination under construction for evaluate_into: no expression can read it.
struct fresh_destination {};

template <class E>
concept assignable_expression =
    !stored_array<E> && requires { requires std::remove_cvref_t<E>::is_expression; };

// The operations' names in compile errors (core/diagnostics.hpp): assignment (and
// construction from another array) and whole-array equality.
namespace hlo {
struct assign;
struct equal;
}  // namespace hlo

namespace detail {
template <shape_spec A, shape_spec B, class Op>
constexpr auto report_shape_mismatch() noexcept {
  // (An invalid spec has had its own error, from shape<S>.)
  if constexpr (is_valid(A) && is_valid(B) && !same_logical_shape(A, B)) {
    if constexpr (std::is_same_v<Op, hlo::assign>) {
      SXLA_DIAGNOSE(Op,
                    "{} from {}: the shapes differ: element types and dimension sizes must match (layouts may differ; "
                    "to change the element type use x::convert)",
                    (shape_arg<A>, shape_arg<B>), ());
    } else {
      SXLA_DIAGNOSE(Op,
                    "{} and {}: the shapes differ: element types and dimension sizes must match (layouts may differ; "
                    "to change the element type use x::convert)",
                    (shape_arg<A>, shape_arg<B>), ());
    }
  }
  return true;
}
}  // namespace detail

// Compile-time rule: A and B have the same element type and dimension sizes. When they
// do not, one compile error (core/diagnostics.hpp) names Op and shows both shapes. The
// value is true either way, and the report is instantiated through decltype rather than
// evaluated, so that a static_assert around it adds no second error.
template <shape_spec A, shape_spec B, class Op = hlo::assign>
consteval bool require_same_logical_shape() {
  return std::is_same_v<decltype(detail::report_shape_mismatch<A, B, Op>()), bool>;
}

// t.using_workspace(ws) = e: e evaluated into t (evaluate_into(t, e, ws), expr/assign.hpp)
// with its scratch memory from the caller's x::workspace ws (core/workspace.hpp).
template <class Dst, class W>
class workspace_assignment {
 public:
  constexpr workspace_assignment(Dst& dst, W& ws) noexcept : dst_(dst), ws_(ws) {}
  template <assignable_expression E>
  void operator=(const E& e) && {  // NOLINT: assignment through a proxy returns nothing
    if constexpr (!same_logical_shape(Dst::spec, E::spec)) {
      static_assert(require_same_logical_shape<Dst::spec, E::spec>());  // one error, nothing evaluated
    } else {
      evaluate_into(dst_, e, ws_);
    }
  }

 private:
  Dst& dst_;
  W& ws_;
};

// True when A and B store their elements at the same offsets.
template <storage_array A, storage_array B>
inline constexpr bool same_storage_layout_v =
    std::remove_cvref_t<A>::spec.layout == std::remove_cvref_t<B>::spec.layout &&
    std::remove_cvref_t<A>::spec.dimensions == std::remove_cvref_t<B>::spec.dimensions;

// Whether an array of type S can be copied into D slot by slot: both store plain
// elements the same way, with no padding or tiles.
template <class D, class S>
consteval bool copies_storage() {
  if constexpr (storage_array<S>) {
    return same_storage_layout_v<D, S> && !D::shape_type::is_padded && !D::shape_type::is_tiled;
  } else {
    return false;
  }
}

// Copies the logical elements of src into dst (same logical shape, any layouts), in
// logical order, with both offsets computed by the unrolled maps. dst's padding slots
// are left as they are. (The reference path; blocked layout conversion belongs to the
// expression engine.)
template <class Dst, stored_array Src>
constexpr void copy_elements(Dst& dst, const Src& src) {
  using D = std::remove_cvref_t<Dst>;
  using S = std::remove_cvref_t<Src>;
  auto* out = dst.data();
  if constexpr (!same_logical_shape(D::spec, S::spec)) {
    static_assert(require_same_logical_shape<D::spec, S::spec>());
  } else if constexpr (copies_storage<D, S>()) {
    const auto* in = src.data();
    for (index_t i = 0; i < D::storage_count; ++i) out[i] = in[i];
  } else {
    for_each_index<typename D::shape_type>(
        [&](const auto& idx) { out[D::shape_type::offset(idx)] = src[idx]; });
  }
}

// Same shape and equal elements, compared as values (IEEE: NaN != NaN, -0 == +0);
// layouts (and packing) may differ. A shape mismatch is a compile error.
template <stored_array A, stored_array B>
constexpr bool operator==(const A& a, const B& b) {
  if constexpr (!same_logical_shape(A::spec, B::spec)) {
    static_assert(require_same_logical_shape<A::spec, B::spec, hlo::equal>());
    return false;
  } else {
    bool equal = true;
    for_each_index<typename A::shape_type>([&](const auto& idx) {
      if (!(a[idx] == b[idx])) equal = false;
    });
    return equal;
  }
}

}  // namespace sxla

#endif  // SXLA_TENSOR_STORAGE_ARRAY_HPP
