// sxla/tensor/packed.hpp: packed_tensor<S> and packed_tensor_view<S> (made by
// packed_view<S>(bytes)): arrays of the sub-byte element types (s2, s4, u2, u4,
// f4e2m1fn, f6e2m3fn, f6e3m2fn) stored as XLA stores them when the layout has
// element_size_in_bits, printed E(n): the storage slots (in the layout's order, padding
// and tiles included) are packed 8 / n to a byte, the first slot in a byte's least
// significant bits. A u4[8] takes 4 bytes; f6 types, as in XLA, one byte each (8 / 6 is 1).
// S may leave E(n) out: packed_tensor<"u4[8]"> is packed_tensor<"u4[8]{0:E(4)}">.
//
// Elements are values, not references: p(i, j) reads, p.set({i, j}, v) writes. Both
// kinds are operands of every op (expr/leaf.hpp reads them element by element) and take
// a lazy expression, a tensor or another packed array of the same logical shape by
// assignment, element by element (through a packed temporary of byte_count bytes, on the
// stack, when the expression reads the destination's own bytes).
//
//   std::uint8_t weights[4];                              // 8 u4 values, from a file
//   auto w = x::packed_view<"u4[8]">(weights);
//   x::tensor<"s32[8]"> v = x::convert<x::s32>(w);
#ifndef SXLA_TENSOR_PACKED_HPP
#define SXLA_TENSOR_PACKED_HPP

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <type_traits>

#include "sxla/config.hpp"                // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"      // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"     // bit_width
#include "sxla/core/index.hpp"            // index_t, multi_index
#include "sxla/shape/layout_map.hpp"      // delinearize
#include "sxla/shape/print.hpp"           // shape_arg
#include "sxla/shape/shape.hpp"           // shape, for_each_index
#include "sxla/shape/shape_spec.hpp"      // shape_spec
#include "sxla/tensor/storage_array.hpp"  // storage_array, packed_array, assignable_expression
#include "sxla/tensor/tensor.hpp"         // detail::nested_list, detail::padding_element

namespace sxla {

namespace hlo {
struct packed_tensor;
}  // namespace hlo

namespace detail {
// S with E(bit width) added when S has no E(n) and its element type is narrower than a byte.
constexpr shape_spec packed_spec(shape_spec s) noexcept {
  if (s.parse_error == shape_error::none && s.layout.element_size_in_bits == 0 && bit_width(s.element_type) < 8)
    s.layout.element_size_in_bits = bit_width(s.element_type);
  return s;
}

// One compile error for a type that is not packed, instantiated through decltype so that
// the static_assert around check_packable adds no second one.
template <shape_spec S>
constexpr auto report_not_packable() noexcept {
  if constexpr (is_valid(S) && bit_width(S.element_type) >= 8) {
    SXLA_DIAGNOSE(hlo::packed_tensor,
                  "{}: only the sub-byte element types are packed (s2, s4, u2, u4, f4e2m1fn, f6e2m3fn, f6e3m2fn): "
                  "use x::tensor",
                  (shape_arg<S>), ());
  }
  return true;
}
template <shape_spec S>
consteval bool check_packable() {
  return std::is_same_v<decltype(report_not_packable<S>()), bool>;
}
}  // namespace detail

// Where each storage slot of a packed spec S lives: byte off / per_byte, bits
// (off % per_byte) * bits up.
template <shape_spec S>
struct packing {
  using value_type = typename shape<S>::value_type;
  // (8 for a spec packed_tensor has already reported: no cascade of errors.)
  static constexpr int bits =
      S.layout.element_size_in_bits > 0 && S.layout.element_size_in_bits < 8 ? static_cast<int>(S.layout.element_size_in_bits) : 8;
  static constexpr index_t per_byte = 8 / bits;
  static constexpr std::size_t byte_count =
      static_cast<std::size_t>((shape<S>::storage_count + per_byte - 1) / per_byte);
  static constexpr unsigned mask = (1u << bits) - 1;

  SXLA_FORCE_INLINE static constexpr value_type read(const std::uint8_t* p, index_t off) noexcept {
    const int shift = static_cast<int>(off % per_byte) * bits;
    if constexpr (requires { value_type::from_bits(std::uint8_t{}); }) {
      return value_type::from_bits(static_cast<std::uint8_t>((p[off / per_byte] >> shift) & mask));
    } else {
      return value_type{};  // (a type packed_tensor has reported)
    }
  }
  SXLA_FORCE_INLINE static constexpr void write(std::uint8_t* p, index_t off, value_type v) noexcept {
    const int shift = static_cast<int>(off % per_byte) * bits;
    std::uint8_t& b = p[off / per_byte];
    b = static_cast<std::uint8_t>((b & ~(mask << shift)) | ((static_cast<unsigned>(v.bits()) & mask) << shift));
  }
};

namespace detail {
// Writes the logical elements of src (an array or an expression of the same logical shape)
// into packed storage p of spec S.
template <shape_spec S, class Src>
constexpr void pack_elements(std::uint8_t* p, const Src& src) noexcept {
  using sh = shape<S>;
  if constexpr (requires { src.at(multi_index<sh::rank>{}); }) {
    for_each_index<sh>([&](const multi_index<sh::rank>& idx) { packing<S>::write(p, sh::offset(idx), src.at(idx)); });
  } else {
    for_each_index<sh>([&](const multi_index<sh::rank>& idx) { packing<S>::write(p, sh::offset(idx), src[idx]); });
  }
}

// Whether an expression reads the bytes [first, last).
template <class E>
constexpr bool reads_bytes(const E& e, const std::uint8_t* first, std::size_t n) noexcept {
  if (std::is_constant_evaluated()) return false;  // no aliasing in constant evaluation
  const auto b0 = reinterpret_cast<std::uintptr_t>(first);
  const auto b1 = b0 + n;
  bool overlap = false;
  e.for_each_leaf([&]<shape_spec>(std::uintptr_t b, std::uintptr_t end, bool) { overlap = overlap || !(end <= b0 || b1 <= b); },
                  false);
  return overlap;
}
}  // namespace detail

template <shape_spec S>
class packed_tensor;

namespace detail {
// Writes other (an expression, tensor, view or packed array of S's logical shape) into the
// packed bytes p of spec S; through a packed temporary when other reads those bytes.
template <shape_spec S, class A>
constexpr void assign_packed(std::uint8_t* p, const A& other) noexcept {
  using O = std::remove_cvref_t<A>;
  constexpr std::size_t n = packing<S>::byte_count;
  if constexpr (!same_logical_shape(S, O::spec)) {
    static_assert(require_same_logical_shape<S, O::spec>());
  } else {
    bool overlap = false;
    if constexpr (assignable_expression<A>) {
      overlap = reads_bytes(other, p, n);
    } else if constexpr (packed_array<A>) {
      if (!std::is_constant_evaluated()) {
        const auto b = reinterpret_cast<std::uintptr_t>(other.byte_data()), d = reinterpret_cast<std::uintptr_t>(p);
        overlap = b < d + n && d < b + O::byte_count;
      }
    }
    if (overlap) {
      packed_tensor<S> tmp;
      pack_elements<S>(tmp.byte_data(), other);
      for (std::size_t i = 0; i < n; ++i) p[i] = tmp.byte_data()[i];
    } else {
      pack_elements<S>(p, other);
    }
  }
}

// What packed_tensor and packed_tensor_view share: element access and assignment.
template <shape_spec S>
struct packed_base {
  static constexpr shape_spec spec = S;
  using shape_type = shape<S>;
  using value_type = typename shape_type::value_type;
  using packing_type = packing<S>;
  static constexpr std::size_t rank = shape_type::rank;
  static constexpr index_t element_count = shape_type::element_count;
  static constexpr index_t storage_count = shape_type::storage_count;
  static constexpr std::size_t byte_count = packing_type::byte_count;
};
}  // namespace detail

// An array of a sub-byte element type that owns its packed bytes (zeroed; padding slots
// hold the layout's padding value). No heap.
template <shape_spec S>
class packed_tensor : public detail::packed_base<detail::packed_spec(S)> {
  static_assert(detail::check_packable<S>());
  using base = detail::packed_base<detail::packed_spec(S)>;

 public:
  using typename base::packing_type;
  using typename base::shape_type;
  using typename base::value_type;
  using base::byte_count;
  using base::rank;
  using base::spec;
  using base::storage_count;
  using nested_init = typename detail::nested_list<value_type, rank>::type;

  constexpr packed_tensor() noexcept : bytes_{} { fill_padding(); }

  // Values in logical order, nested one level per dimension (missing values are zero).
  constexpr packed_tensor(nested_init values) noexcept : packed_tensor() {  // NOLINT: implicit by design
    multi_index<rank> idx{};
    assign_nested<0>(values, idx);
  }

  // The elements of a tensor, a view, another packed array or a lazy expression of the
  // same element type and dimensions.
  template <class A>
    requires((stored_array<A> || assignable_expression<A>) &&
             !std::is_same_v<std::remove_cvref_t<A>, packed_tensor>)
  constexpr packed_tensor(const A& other) noexcept : packed_tensor() {  // NOLINT: implicit by design
    assign(other);
  }
  template <class A>
    requires((stored_array<A> || assignable_expression<A>) &&
             !std::is_same_v<std::remove_cvref_t<A>, packed_tensor>)
  constexpr packed_tensor& operator=(const A& other) noexcept {
    assign(other);
    return *this;
  }

  template <std::integral... I>
    requires(sizeof...(I) == rank)
  SXLA_FORCE_INLINE constexpr value_type operator()(I... i) const noexcept {
    return (*this)[multi_index<rank>{static_cast<index_t>(i)...}];
  }
  SXLA_FORCE_INLINE constexpr value_type operator[](const multi_index<rank>& idx) const noexcept {
    return packing_type::read(bytes_.data(), shape_type::offset(idx));
  }
  SXLA_FORCE_INLINE constexpr void set(const multi_index<rank>& idx, value_type v) noexcept {
    packing_type::write(bytes_.data(), shape_type::offset(idx), v);
  }

  // The packed storage.
  constexpr std::uint8_t* byte_data() noexcept { return bytes_.data(); }
  constexpr const std::uint8_t* byte_data() const noexcept { return bytes_.data(); }
  constexpr std::span<std::uint8_t, byte_count> bytes() noexcept { return std::span<std::uint8_t, byte_count>(bytes_); }
  constexpr std::span<const std::uint8_t, byte_count> bytes() const noexcept {
    return std::span<const std::uint8_t, byte_count>(bytes_);
  }

 private:
  template <class A>
  constexpr void assign(const A& other) noexcept {
    detail::assign_packed<spec>(bytes_.data(), other);
  }

  constexpr void fill_padding() noexcept {
    if constexpr (shape_type::is_padded) {
      const value_type pad = detail::padding_element<value_type>(spec.layout.pad_value);
      if (pad.bits() == 0) return;
      multi_index<rank> idx{};
      for (index_t off = 0; off < storage_count; ++off)
        if (!delinearize(shape_type::map, off, idx.data())) packing_type::write(bytes_.data(), off, pad);
    }
  }

  template <std::size_t Depth>
  constexpr void assign_nested(const typename detail::nested_list<value_type, rank - Depth>::type& l,
                               multi_index<rank>& idx) noexcept {
    if constexpr (Depth == rank) {
      set(idx, l);
    } else {
      index_t i = 0;
      for (const auto& sub : l) {
        if (i == shape_type::dimensions[Depth]) break;
        idx[Depth] = i++;
        assign_nested<Depth + 1>(sub, idx);
      }
    }
  }

  std::array<std::uint8_t, byte_count> bytes_;
};

// Packed memory the caller owns (B: std::uint8_t, or const std::uint8_t to read only).
template <shape_spec S, class B = std::uint8_t>
class packed_tensor_view : public detail::packed_base<detail::packed_spec(S)> {
  static_assert(detail::check_packable<S>());
  static_assert(std::is_same_v<std::remove_const_t<B>, std::uint8_t>, "packed_tensor_view: bytes are std::uint8_t");
  using base = detail::packed_base<detail::packed_spec(S)>;

 public:
  using typename base::packing_type;
  using typename base::shape_type;
  using typename base::value_type;
  using base::byte_count;
  using base::rank;
  using base::spec;

  // Precondition: `bytes` points to byte_count bytes.
  constexpr explicit packed_tensor_view(B* bytes) noexcept : p_(bytes) {}
  constexpr packed_tensor_view(const packed_tensor_view&) noexcept = default;
  // A read-only view of a mutable one.
  template <class U>
    requires(std::is_const_v<B> && std::is_same_v<U, std::uint8_t>)
  constexpr packed_tensor_view(const packed_tensor_view<S, U>& other) noexcept  // NOLINT: implicit
      : p_(other.byte_data()) {}

  // Writes the elements of another array or of an expression into the viewed bytes.
  constexpr packed_tensor_view& operator=(const packed_tensor_view& other) noexcept
    requires(!std::is_const_v<B>)
  {
    assign(other);
    return *this;
  }
  template <class A>
    requires(!std::is_const_v<B> && (stored_array<A> || assignable_expression<A>) &&
             !std::is_same_v<std::remove_cvref_t<A>, packed_tensor_view>)
  constexpr packed_tensor_view& operator=(const A& other) noexcept {
    assign(other);
    return *this;
  }

  template <std::integral... I>
    requires(sizeof...(I) == rank)
  SXLA_FORCE_INLINE constexpr value_type operator()(I... i) const noexcept {
    return (*this)[multi_index<rank>{static_cast<index_t>(i)...}];
  }
  SXLA_FORCE_INLINE constexpr value_type operator[](const multi_index<rank>& idx) const noexcept {
    return packing_type::read(p_, shape_type::offset(idx));
  }
  SXLA_FORCE_INLINE constexpr void set(const multi_index<rank>& idx, value_type v) const noexcept
    requires(!std::is_const_v<B>)
  {
    packing_type::write(p_, shape_type::offset(idx), v);
  }

  constexpr B* byte_data() const noexcept { return p_; }
  constexpr std::span<B, byte_count> bytes() const noexcept { return std::span<B, byte_count>(p_, byte_count); }

 private:
  template <class A>
  constexpr void assign(const A& other) noexcept {
    detail::assign_packed<spec>(p_, other);
  }

  B* p_;
};

template <shape_spec S>
struct is_packed_array<packed_tensor<S>> : std::true_type {};
// Whether T is a packed_tensor (which owns its bytes).
template <class T>
inline constexpr bool is_packed_tensor_v = false;
template <shape_spec S>
inline constexpr bool is_packed_tensor_v<packed_tensor<S>> = true;
template <shape_spec S, class B>
struct is_packed_array<packed_tensor_view<S, B>> : std::true_type {};

// A packed view of `bytes`, which must hold byte_count bytes (checked for arrays). (P is
// a pointer type; a template parameter, so that the array overloads win for arrays.)
template <shape_spec S, class P>
  requires(std::is_pointer_v<P> && std::is_same_v<std::remove_const_t<std::remove_pointer_t<P>>, std::uint8_t>)
constexpr packed_tensor_view<S, std::remove_pointer_t<P>> packed_view(P bytes) noexcept {
  return packed_tensor_view<S, std::remove_pointer_t<P>>(bytes);
}
template <shape_spec S, class B, std::size_t N>
  requires std::is_same_v<std::remove_const_t<B>, std::uint8_t>
constexpr packed_tensor_view<S, B> packed_view(B (&bytes)[N]) noexcept {
  static_assert(N >= packed_tensor_view<S, B>::byte_count, "packed_view: the array is smaller than the packed shape");
  return packed_tensor_view<S, B>(bytes);
}
template <shape_spec S, std::size_t N>
constexpr packed_tensor_view<S, std::uint8_t> packed_view(std::array<std::uint8_t, N>& bytes) noexcept {
  static_assert(N >= packed_tensor_view<S>::byte_count, "packed_view: the array is smaller than the packed shape");
  return packed_tensor_view<S, std::uint8_t>(bytes.data());
}
template <shape_spec S, std::size_t N>
constexpr packed_tensor_view<S, const std::uint8_t> packed_view(const std::array<std::uint8_t, N>& bytes) noexcept {
  static_assert(N >= packed_tensor_view<S>::byte_count, "packed_view: the array is smaller than the packed shape");
  return packed_tensor_view<S, const std::uint8_t>(bytes.data());
}

}  // namespace sxla

#endif  // SXLA_TENSOR_PACKED_HPP
