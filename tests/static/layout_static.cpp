// Static facts of the shape layer: counts and linear indices of the seeds' and the spec
// note's worked examples, computed at compile time.
#include <sxla/shape/shape.hpp>

namespace x = sxla;

// Seed 000: [2x3] column-major and row-major; padded to [3,5].
using col = x::shape<"f32[2,3]{0,1}">;
using row = x::shape<"f32[2,3]{1,0}">;
static_assert(x::linear_index<col>({1, 0}) == 1 && x::linear_index<col>({0, 1}) == 2);
static_assert(x::linear_index<row>({1, 0}) == 3 && x::linear_index<row>({0, 1}) == 1);
using padded = x::shape<"f32[2,3]{0,1:pad(3,5)}">;
static_assert(padded::storage_count == 15 && padded::element_count == 6);
static_assert(x::linear_index<padded>({1, 2}) == 7);   // f: "a d 0 b e 0 c f ..."
static_assert(!x::delinearize<padded>(2).has_value());

// Seed 004 / spec note.
using fig1 = x::shape<"f32[3,5]{1,0:T(2,2)}">;
static_assert(fig1::rank == 2 && fig1::element_count == 15 && fig1::storage_count == 24);
static_assert(x::linear_index<fig1>({2, 3}) == 17);
static_assert(x::delinearize<fig1>(17).value() == x::multi_index<2>{2, 3});
using fig2 = x::shape<"f32[4,8]{1,0:T(2,4)(2,1)}">;
static_assert(x::linear_index<fig2>({0, 7}) == 14 && x::linear_index<fig2>({1, 0}) == 1);
static_assert(x::linear_index<fig2>({2, 0}) == 16 && x::linear_index<fig2>({3, 7}) == 31);
using combined = x::shape<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">;
static_assert(x::linear_index<combined>({1, 6, 7, 10, 9}) == 12430);
static_assert(combined::storage_count == 12432);

// Shapes: rank, true rank, negative dimension numbers, zero sizes.
static_assert(x::shape<"f32[]">::rank == 0 && x::shape<"f32[]">::element_count == 1);
static_assert(x::shape<"f32[1,7,1]">::true_rank == 1);
static_assert(x::shape<"f32[2,3,4]">::dimension<-1> == 4);
static_assert(x::shape<"s32[3,0]">::element_count == 0 && x::shape<"s32[3,0]">::storage_count == 0);
static_assert(x::shape<"u8[1,1,1,1,1,1,1,1]">::rank == 8);
