// sxla/tensor/view.hpp: tensor_view<S, T>, a non-owning view of memory the user
// already has, laid out as S says; T is the element type, const for a read-only view.
// Copying a view copies the pointer; assigning to a view writes its elements (as
// Eigen's TensorMap does), so `out = src` fills the user's buffer. x::view<S>(buffer)
// makes one and checks a C array's size against the layout's storage size.
//
//   float buf[6];
//   auto out = x::view<"f32[2,3]{0,1}">(buf);   // column-major over buf
//   out = a;                                    // buf = {1, 4, 2, 5, 3, 6}
#ifndef SXLA_TENSOR_VIEW_HPP
#define SXLA_TENSOR_VIEW_HPP

#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"             // index_t, multi_index
#include "sxla/core/workspace.hpp"         // workspace_object
#include "sxla/shape/print.hpp"            // shape_arg, diagnostic_display of shapes
#include "sxla/shape/shape.hpp"            // shape
#include "sxla/shape/shape_spec.hpp"       // shape_spec
#include "sxla/tensor/storage_array.hpp"   // storage_array, copy_elements

namespace sxla {

// The operation's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct view;
}  // namespace hlo

namespace detail {
// The errors of a view of S over a buffer of Have elements of type Element (const
// aside): one compile error each, through core/diagnostics.hpp.
template <shape_spec S, class Element, class Expected>
constexpr auto report_view_element() noexcept {
  if constexpr (!std::is_same_v<std::remove_const_t<Element>, Expected>) {
    SXLA_DIAGNOSE(hlo::view, "{}: the buffer element type {} is not the element type of the shape",
                  (shape_arg<S>, Element), ());
  }
  return true;
}
template <shape_spec S, std::size_t Have>
constexpr auto report_view_size() noexcept {
  constexpr auto need = static_cast<std::size_t>(shape<S>::storage_count);
  if constexpr (Have < need) {
    SXLA_DIAGNOSE(hlo::view, "{}: the buffer has {} elements; the layout stores {} (padding included)", (shape_arg<S>),
                  (Have, need));
  }
  return true;
}
// For static_assert: the report is instantiated (through decltype), not evaluated, so
// that g++ adds no second error ("called in a constant expression"). Always true.
template <shape_spec S, class Element, class Expected>
consteval bool check_view_element() {
  return std::is_same_v<decltype(report_view_element<S, Element, Expected>()), bool>;
}
template <shape_spec S, std::size_t Have>
consteval bool check_view_size() {
  return std::is_same_v<decltype(report_view_size<S, Have>()), bool>;
}
}  // namespace detail

template <shape_spec S, class T = typename shape<S>::value_type>
class tensor_view {
 public:
  using shape_type = shape<S>;  // checks S
  using value_type = typename shape_type::value_type;
  using element_type = T;       // value_type, const for a read-only view
  static_assert(detail::check_view_element<S, T, value_type>());
  static_assert(S.layout.element_size_in_bits == 0,
                "sxla: view: a layout with E(n) packs its elements: use x::packed_view (tensor/packed.hpp)");
  static constexpr shape_spec spec = S;
  static constexpr std::size_t rank = shape_type::rank;
  static constexpr index_t element_count = shape_type::element_count;
  static constexpr index_t storage_count = shape_type::storage_count;

  // Precondition: `storage` points to storage_count elements.
  constexpr explicit tensor_view(T* storage) noexcept : data_(storage) {}

  // A read-only view of a mutable one.
  template <class U>
    requires(std::is_const_v<T> && std::is_same_v<U, value_type>)
  constexpr tensor_view(const tensor_view<S, U>& other) noexcept  // NOLINT: implicit
      : data_(other.data()) {}

  constexpr tensor_view(const tensor_view&) noexcept = default;

  // Writes other's elements into the viewed memory (a deep copy, any source layout).
  constexpr tensor_view& operator=(const tensor_view& other) noexcept
    requires(!std::is_const_v<T>)
  {
    copy_elements(*this, other);
    return *this;
  }
  template <stored_array A>
    requires(!std::is_const_v<T> && !std::is_same_v<std::remove_cvref_t<A>, tensor_view>)
  constexpr tensor_view& operator=(const A& other) noexcept {
    copy_elements(*this, other);
    return *this;
  }

  // Writes the values of a lazy expression into the viewed memory (see expr/assign.hpp).
  template <assignable_expression E>
    requires(!std::is_const_v<T>)
  constexpr tensor_view& operator=(const E& e) noexcept {
    if constexpr (!same_logical_shape(S, E::spec)) {
      static_assert(require_same_logical_shape<S, E::spec>());  // one compile error, nothing evaluated
    } else {
      evaluate_into(*this, e);
    }
    return *this;
  }
  // v.using_workspace(ws) = e takes e's scratch memory from the caller's x::workspace.
  template <workspace_object W>
    requires(!std::is_const_v<T>)
  constexpr workspace_assignment<tensor_view, W> using_workspace(W& ws) noexcept {
    return {*this, ws};
  }

  // Logical element access; each index must be in [0, dimension).
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  SXLA_FORCE_INLINE constexpr T& operator()(I... i) const noexcept {
    return data_[offset(multi_index<rank>{static_cast<index_t>(i)...})];
  }
  SXLA_FORCE_INLINE constexpr T& operator[](const multi_index<rank>& idx) const noexcept {
    return data_[offset(idx)];
  }

  constexpr T* data() const noexcept { return data_; }
  constexpr std::span<T, static_cast<std::size_t>(storage_count)> storage() const noexcept {
    return std::span<T, static_cast<std::size_t>(storage_count)>(data_,
                                                                  static_cast<std::size_t>(storage_count));
  }

  SXLA_FORCE_INLINE static constexpr index_t offset(const multi_index<rank>& idx) noexcept {
    return shape_type::offset(idx);
  }

 private:
  T* data_;
};

template <shape_spec S, class T>
struct is_storage_array<tensor_view<S, T>> : std::true_type {};

// A view of `storage`, which must hold the layout's storage_count elements. (P is a
// pointer type; a template parameter, so that the array overloads below win for arrays.)
template <shape_spec S, class P>
  requires std::is_pointer_v<P>
constexpr tensor_view<S, std::remove_pointer_t<P>> view(P storage) noexcept {
  return tensor_view<S, std::remove_pointer_t<P>>(storage);
}

// A view of a C array or std::array, whose size is checked at compile time.
template <shape_spec S, class T, std::size_t N>
constexpr tensor_view<S, T> view(T (&storage)[N]) noexcept {
  static_assert(detail::check_view_size<S, N>());
  return tensor_view<S, T>(storage);
}
template <shape_spec S, class T, std::size_t N>
constexpr tensor_view<S, T> view(std::array<T, N>& storage) noexcept {
  static_assert(detail::check_view_size<S, N>());
  return tensor_view<S, T>(storage.data());
}
template <shape_spec S, class T, std::size_t N>
constexpr tensor_view<S, const T> view(const std::array<T, N>& storage) noexcept {
  static_assert(detail::check_view_size<S, N>());
  return tensor_view<S, const T>(storage.data());
}

}  // namespace sxla

#endif  // SXLA_TENSOR_VIEW_HPP
