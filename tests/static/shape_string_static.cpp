// Static facts of shape strings: every string of the seeds and the spec note parses at
// compile time and prints back to itself.
#include <sxla/shape/parse.hpp>
#include <sxla/shape/print.hpp>
#include <sxla/shape/shape.hpp>

#include <type_traits>

namespace x = sxla;

static_assert(x::to_string<"f32[3,5]{1,0:T(2,2)}">() == "f32[3,5]{1,0:T(2,2)}");
static_assert(x::to_string<"bf16[2,3,1004]{2,1,0:T(2,*,128)}">() == "bf16[2,3,1004]{2,1,0:T(2,*,128)}");
static_assert(x::to_string<"f32[]">() == "f32[]");
static_assert(x::to_string<"f32[4,8]{1,0:T(2,4)(2,1)}">() == "f32[4,8]{1,0:T(2,4)(2,1)}");
static_assert(x::to_string<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">() ==
              "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}");
static_assert(x::to_string<"f32[112,110]{1,0:T(2,3)}">() == "f32[112,110]{1,0:T(2,3)}");
static_assert(x::to_string<"f32[2,7,8,11,10]{4,3,2,1,0}">() == "f32[2,7,8,11,10]{4,3,2,1,0}");
static_assert(x::to_string<"f32[112,110]{1,0}">() == "f32[112,110]{1,0}");
static_assert(x::to_string<"bf16[16,256]{1,0:T(8,128)(2,1)}">() == "bf16[16,256]{1,0:T(8,128)(2,1)}");
static_assert(x::to_string<"f32[2,3,84,246]{3,2,1,0:T(42,123)(4,5)}">() ==
              "f32[2,3,84,246]{3,2,1,0:T(42,123)(4,5)}");
static_assert(x::to_string<"f32[2,3]{0,1:pad(3,5)}">() == "f32[2,3]{0,1:pad(3,5)}");
static_assert(x::to_string<"f32[2,3]{0,1:pad(3,5,highest)}">() == "f32[2,3]{0,1:pad(3,5,highest)}");

// The seed's F32[...] spelling and the brace-less default layout name the same types.
static_assert(std::is_same_v<x::shape<"F32[3,5]{1,0:T(2,2)}">, x::shape<"f32[3,5]{1,0:T(2,2)}">>);
static_assert(std::is_same_v<x::shape<"f32[2,3]">, x::shape<"f32[2,3]{1,0}">>);
static_assert(x::to_string<"f32[2,3]", x::layout_printing::if_not_default>() == "f32[2,3]");
static_assert(x::to_string<"f32[2,3]", x::layout_printing::always>() == "f32[2,3]{1,0}");

// print(parse(s)) == s, and parse(print(shape)) == shape, for a shape type.
using t = x::shape<"c64[2,1,3]{0,2,1:T(1,2)pad(2,4,3,one)}">;
static_assert(x::to_string<t>() == "c64[2,1,3]{0,2,1:T(1,2)pad(2,4,3,one)}");
static_assert(x::parse_shape(x::to_string<t>().view()).shape == t::spec);
