// sxla/core/element_type.hpp: XLA's element types. The primitive_type enumeration with
// XLA's lower-case names (pred, s8 ... c128, s2, s4, u2, u4 and the 8-, 6- and 4-bit
// floats f8e5m2 ... f8e8m0fnu), the C++ type each maps to (sxla::f32 is float, sxla::c64
// is std::complex<float>, sxla::s4 is sxla::intn<4, true>), and their traits: bit width,
// integral, signed, floating, complex, component type. Not here: shapes (shape/),
// arithmetic.
#ifndef SXLA_CORE_ELEMENT_TYPE_HPP
#define SXLA_CORE_ELEMENT_TYPE_HPP

#include <complex>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "sxla/core/float16.hpp"  // f16, bf16
#include "sxla/core/float8.hpp"   // f8e5m2 ... f8e8m0fnu
#include "sxla/core/intn.hpp"     // s2, s4, u2, u4

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
// f16 and bf16 are declared in float16.hpp, the 8-, 6- and 4-bit floats in float8.hpp,
// s2, s4, u2 and u4 in intn.hpp.

// XLA's PrimitiveType, restricted to the array element types sxla supports (the types
// added to XLA later come last).
enum class primitive_type : std::uint8_t {
  pred, s8, s16, s32, s64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128,
  s2, s4, u2, u4,
  f8e5m2, f8e4m3, f8e3m4, f8e4m3fn, f8e4m3fnuz, f8e5m2fnuz, f8e4m3b11fnuz,
  f4e2m1fn, f6e2m3fn, f6e3m2fn, f8e8m0fnu
};

inline constexpr primitive_type all_primitive_types[] = {
    primitive_type::pred,     primitive_type::s8,         primitive_type::s16,
    primitive_type::s32,      primitive_type::s64,        primitive_type::u8,
    primitive_type::u16,      primitive_type::u32,        primitive_type::u64,
    primitive_type::f16,      primitive_type::bf16,       primitive_type::f32,
    primitive_type::f64,      primitive_type::c64,        primitive_type::c128,
    primitive_type::s2,       primitive_type::s4,         primitive_type::u2,
    primitive_type::u4,       primitive_type::f8e5m2,     primitive_type::f8e4m3,
    primitive_type::f8e3m4,   primitive_type::f8e4m3fn,   primitive_type::f8e4m3fnuz,
    primitive_type::f8e5m2fnuz, primitive_type::f8e4m3b11fnuz, primitive_type::f4e2m1fn,
    primitive_type::f6e2m3fn, primitive_type::f6e3m2fn,   primitive_type::f8e8m0fnu};

// XLA's lower-case name ("f32"), as printed in shape strings.
constexpr std::string_view type_name(primitive_type t) noexcept {
  constexpr std::string_view names[] = {
      "pred",     "s8",         "s16",        "s32",           "s64",      "u8",
      "u16",      "u32",        "u64",        "f16",           "bf16",     "f32",
      "f64",      "c64",        "c128",       "s2",            "s4",       "u2",
      "u4",       "f8e5m2",     "f8e4m3",     "f8e3m4",        "f8e4m3fn", "f8e4m3fnuz",
      "f8e5m2fnuz", "f8e4m3b11fnuz", "f4e2m1fn", "f6e2m3fn", "f6e3m2fn", "f8e8m0fnu"};
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
template <> struct native_type<primitive_type::s2> { using type = s2; };
template <> struct native_type<primitive_type::s4> { using type = s4; };
template <> struct native_type<primitive_type::u2> { using type = u2; };
template <> struct native_type<primitive_type::u4> { using type = u4; };
template <> struct native_type<primitive_type::f8e5m2> { using type = f8e5m2; };
template <> struct native_type<primitive_type::f8e4m3> { using type = f8e4m3; };
template <> struct native_type<primitive_type::f8e3m4> { using type = f8e3m4; };
template <> struct native_type<primitive_type::f8e4m3fn> { using type = f8e4m3fn; };
template <> struct native_type<primitive_type::f8e4m3fnuz> { using type = f8e4m3fnuz; };
template <> struct native_type<primitive_type::f8e5m2fnuz> { using type = f8e5m2fnuz; };
template <> struct native_type<primitive_type::f8e4m3b11fnuz> { using type = f8e4m3b11fnuz; };
template <> struct native_type<primitive_type::f4e2m1fn> { using type = f4e2m1fn; };
template <> struct native_type<primitive_type::f6e2m3fn> { using type = f6e2m3fn; };
template <> struct native_type<primitive_type::f6e3m2fn> { using type = f6e3m2fn; };
template <> struct native_type<primitive_type::f8e8m0fnu> { using type = f8e8m0fnu; };

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
  else if constexpr (std::is_same_v<T, s2>) return 15;
  else if constexpr (std::is_same_v<T, s4>) return 16;
  else if constexpr (std::is_same_v<T, u2>) return 17;
  else if constexpr (std::is_same_v<T, u4>) return 18;
  else if constexpr (std::is_same_v<T, f8e5m2>) return 19;
  else if constexpr (std::is_same_v<T, f8e4m3>) return 20;
  else if constexpr (std::is_same_v<T, f8e3m4>) return 21;
  else if constexpr (std::is_same_v<T, f8e4m3fn>) return 22;
  else if constexpr (std::is_same_v<T, f8e4m3fnuz>) return 23;
  else if constexpr (std::is_same_v<T, f8e5m2fnuz>) return 24;
  else if constexpr (std::is_same_v<T, f8e4m3b11fnuz>) return 25;
  else if constexpr (std::is_same_v<T, f4e2m1fn>) return 26;
  else if constexpr (std::is_same_v<T, f6e2m3fn>) return 27;
  else if constexpr (std::is_same_v<T, f6e3m2fn>) return 28;
  else if constexpr (std::is_same_v<T, f8e8m0fnu>) return 29;
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

// The width of a value (XLA's primitive_util::BitWidth): 2 for s2, 4 for f4e2m1fn.
constexpr int bit_width(primitive_type t) noexcept {
  constexpr int bits[] = {8, 8, 16, 32, 64, 8, 16, 32, 64, 16, 16, 32, 64, 64, 128,
                          2, 4, 2, 4, 8, 8, 8, 8, 8, 8, 8, 4, 6, 6, 8};
  return bits[static_cast<int>(t)];
}
// The bytes an element takes in a tensor: the sub-byte types take one each
// (tensor/packed.hpp packs them).
constexpr int byte_width(primitive_type t) noexcept { return (bit_width(t) + 7) / 8; }

constexpr bool is_pred(primitive_type t) noexcept { return t == primitive_type::pred; }
constexpr bool is_signed_integral(primitive_type t) noexcept {
  return (t >= primitive_type::s8 && t <= primitive_type::s64) || t == primitive_type::s2 ||
         t == primitive_type::s4;
}
constexpr bool is_unsigned_integral(primitive_type t) noexcept {
  return (t >= primitive_type::u8 && t <= primitive_type::u64) || t == primitive_type::u2 ||
         t == primitive_type::u4;
}
constexpr bool is_integral(primitive_type t) noexcept {
  return is_signed_integral(t) || is_unsigned_integral(t);
}
constexpr bool is_floating_point(primitive_type t) noexcept {
  return (t >= primitive_type::f16 && t <= primitive_type::f64) ||
         (t >= primitive_type::f8e5m2 && t <= primitive_type::f8e8m0fnu);
}
// The 8-, 6- and 4-bit floats.
constexpr bool is_minifloat(primitive_type t) noexcept {
  return t >= primitive_type::f8e5m2 && t <= primitive_type::f8e8m0fnu;
}
// s2, s4, u2 and u4.
constexpr bool is_sub_byte_integral(primitive_type t) noexcept {
  return t >= primitive_type::s2 && t <= primitive_type::u4;
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
