// Static facts of sxla/core/element_type.hpp: XLA names <-> C++ types, both ways.
#include <sxla/core/element_type.hpp>

#include <complex>
#include <cstdint>
#include <type_traits>

namespace x = sxla;

static_assert(std::is_same_v<x::f32, float> && std::is_same_v<x::f64, double>);
static_assert(std::is_same_v<x::pred, bool>);
static_assert(std::is_same_v<x::s8, std::int8_t> && std::is_same_v<x::u64, std::uint64_t>);
static_assert(std::is_same_v<x::c64, std::complex<float>>);
static_assert(std::is_same_v<x::native_type_t<x::primitive_type::bf16>, x::bf16>);
static_assert(std::is_same_v<x::native_type_t<x::primitive_type::c128>, std::complex<double>>);
static_assert(x::primitive_type_of<float> == x::primitive_type::f32);
static_assert(x::primitive_type_of<const x::f16> == x::primitive_type::f16);
static_assert(x::primitive_type_of<std::uint16_t> == x::primitive_type::u16);
static_assert(x::element<x::bf16> && x::element<bool> && !x::element<char> && !x::element<long double>);

// Every type maps to its C++ type and back.
template <x::primitive_type P>
constexpr bool round_trips = x::primitive_type_of<x::native_type_t<P>> == P;
static_assert(round_trips<x::primitive_type::pred> && round_trips<x::primitive_type::s8> &&
              round_trips<x::primitive_type::s16> && round_trips<x::primitive_type::s32> &&
              round_trips<x::primitive_type::s64> && round_trips<x::primitive_type::u8> &&
              round_trips<x::primitive_type::u16> && round_trips<x::primitive_type::u32> &&
              round_trips<x::primitive_type::u64> && round_trips<x::primitive_type::f16> &&
              round_trips<x::primitive_type::bf16> && round_trips<x::primitive_type::f32> &&
              round_trips<x::primitive_type::f64> && round_trips<x::primitive_type::c64> &&
              round_trips<x::primitive_type::c128>);
static_assert(x::type_name(x::primitive_type::bf16) == "bf16");
static_assert(x::bit_width(x::primitive_type::c128) == 128 && x::byte_width(x::primitive_type::s16) == 2);
