// sxla/core/element_type.hpp: XLA's element types. The primitive_type enumeration with
// XLA's lower-case names (pred, s8 ... c128), the C++ type each maps to (sxla::f32 is
// float, sxla::c64 is std::complex<float>), and their traits: bit width, integral,
// signed, floating, complex, component type. Not here: shapes (shape/), arithmetic.
#ifndef SXLA_CORE_ELEMENT_TYPE_HPP
#define SXLA_CORE_ELEMENT_TYPE_HPP

#include <complex>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "sxla/core/float16.hpp"  // f16, bf16

namespace sxla {

// C++ types of XLA's element types.
using pred = bool;
using s8 = std::int8_t;
using s16 = std::int16_t;
using s32 = std::int32_t;
using s64 = std::int64_t;
using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using f32 = float;
using f64 = double;
using c64 = std::complex<float>;
using c128 = std::complex<double>;
// f16 and bf16 are declared in float16.hpp.

// XLA's PrimitiveType, restricted to the array element types sxla supports.
enum class primitive_type : std::uint8_t {
  pred, s8, s16, s32, s64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128
};

inline constexpr primitive_type all_primitive_types[] = {
    primitive_type::pred, primitive_type::s8,  primitive_type::s16,  primitive_type::s32,
    primitive_type::s64,  primitive_type::u8,  primitive_type::u16,  primitive_type::u32,
    primitive_type::u64,  primitive_type::f16, primitive_type::bf16, primitive_type::f32,
    primitive_type::f64,  primitive_type::c64, primitive_type::c128};

// XLA's lower-case name ("f32"), as printed in shape strings.
constexpr std::string_view type_name(primitive_type t) noexcept {
  constexpr std::string_view names[] = {"pred", "s8",  "s16", "s32", "s64",
                                        "u8",   "u16", "u32", "u64", "f16",
                                        "bf16", "f32", "f64", "c64", "c128"};
  return names[static_cast<int>(t)];
}

namespace detail {
template <primitive_type P> struct native_type;
template <> struct native_type<primitive_type::pred> { using type = pred; };
template <> struct native_type<primitive_type::s8> { using type = s8; };
template <> struct native_type<primitive_type::s16> { using type = s16; };
template <> struct native_type<primitive_type::s32> { using type = s32; };
template <> struct native_type<primitive_type::s64> { using type = s64; };
template <> struct native_type<primitive_type::u8> { using type = u8; };
template <> struct native_type<primitive_type::u16> { using type = u16; };
template <> struct native_type<primitive_type::u32> { using type = u32; };
template <> struct native_type<primitive_type::u64> { using type = u64; };
template <> struct native_type<primitive_type::f16> { using type = f16; };
template <> struct native_type<primitive_type::bf16> { using type = bf16; };
template <> struct native_type<primitive_type::f32> { using type = f32; };
template <> struct native_type<primitive_type::f64> { using type = f64; };
template <> struct native_type<primitive_type::c64> { using type = c64; };
template <> struct native_type<primitive_type::c128> { using type = c128; };

template <class T>
constexpr int primitive_index() noexcept {
  if constexpr (std::is_same_v<T, pred>) return 0;
  else if constexpr (std::is_same_v<T, s8>) return 1;
  else if constexpr (std::is_same_v<T, s16>) return 2;
  else if constexpr (std::is_same_v<T, s32>) return 3;
  else if constexpr (std::is_same_v<T, s64>) return 4;
  else if constexpr (std::is_same_v<T, u8>) return 5;
  else if constexpr (std::is_same_v<T, u16>) return 6;
  else if constexpr (std::is_same_v<T, u32>) return 7;
  else if constexpr (std::is_same_v<T, u64>) return 8;
  else if constexpr (std::is_same_v<T, f16>) return 9;
  else if constexpr (std::is_same_v<T, bf16>) return 10;
  else if constexpr (std::is_same_v<T, f32>) return 11;
  else if constexpr (std::is_same_v<T, f64>) return 12;
  else if constexpr (std::is_same_v<T, c64>) return 13;
  else if constexpr (std::is_same_v<T, c128>) return 14;
  else return -1;
}
}  // namespace detail

// The C++ type of an element type (XLA's primitive_util::NativeTypeOf).
template <primitive_type P>
using native_type_t = typename detail::native_type<P>::type;

// True for the C++ types that are XLA element types (cv-qualifiers ignored).
template <class T>
concept element = detail::primitive_index<std::remove_cv_t<T>>() >= 0;

// The element type of a C++ type (XLA's primitive_util::NativeToPrimitiveType).
template <element T>
inline constexpr primitive_type primitive_type_of =
    static_cast<primitive_type>(detail::primitive_index<std::remove_cv_t<T>>());

constexpr int bit_width(primitive_type t) noexcept {
  constexpr int bits[] = {8, 8, 16, 32, 64, 8, 16, 32, 64, 16, 16, 32, 64, 64, 128};
  return bits[static_cast<int>(t)];
}
constexpr int byte_width(primitive_type t) noexcept { return bit_width(t) / 8; }

constexpr bool is_pred(primitive_type t) noexcept { return t == primitive_type::pred; }
constexpr bool is_signed_integral(primitive_type t) noexcept {
  return t >= primitive_type::s8 && t <= primitive_type::s64;
}
constexpr bool is_unsigned_integral(primitive_type t) noexcept {
  return t >= primitive_type::u8 && t <= primitive_type::u64;
}
constexpr bool is_integral(primitive_type t) noexcept {
  return is_signed_integral(t) || is_unsigned_integral(t);
}
constexpr bool is_floating_point(primitive_type t) noexcept {
  return t >= primitive_type::f16 && t <= primitive_type::f64;
}
constexpr bool is_complex(primitive_type t) noexcept {
  return t == primitive_type::c64 || t == primitive_type::c128;
}
// Whether a C++ type is std::complex (c64, c128).
template <class T>
inline constexpr bool is_complex_v = false;
template <class T>
inline constexpr bool is_complex_v<std::complex<T>> = true;

// The C++ type of a complex number's parts (float for c64); any other type is its own.
template <class T>
struct complex_component {
  using type = T;
};
template <class T>
struct complex_component<std::complex<T>> {
  using type = T;
};
template <class T>
using complex_component_t = typename complex_component<T>::type;

// The type of a complex number's parts; any other type is its own component type.
constexpr primitive_type component_type(primitive_type t) noexcept {
  return t == primitive_type::c64    ? primitive_type::f32
         : t == primitive_type::c128 ? primitive_type::f64
                                     : t;
}

}  // namespace sxla

#endif  // SXLA_CORE_ELEMENT_TYPE_HPP
