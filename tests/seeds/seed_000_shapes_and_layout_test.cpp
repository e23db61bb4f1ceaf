// The worked examples of ../shared/seeds/000 (= 001): "Formas y diseño" (shapes and
// layout), with the seed's own notation: the 2x3 array "a b c / d e f" and its memory
// strings, verbatim.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <string>

namespace x = sxla;

namespace {
// Values 1..6 stand for a..f; 0 is the seed's padding "0".
template <class T>
std::string letters(const T& t) {
  std::string s;
  for (float v : t.storage()) {
    if (!s.empty()) s += ' ';
    s += v == 0.0f ? '0' : static_cast<char>('a' + static_cast<int>(v) - 1);
  }
  return s;
}
}  // namespace

TEST_CASE("seeds/000: minor_to_major [0, 1] stores a d b e c f; [1, 0] stores a b c d e f") {
  // a b c
  // d e f
  const x::tensor<"f32[2,3]{0,1}"> col = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[2,3]{1,0}"> row = {{1, 2, 3}, {4, 5, 6}};
  CHECK_EQ(letters(col), "a d b e c f");
  CHECK_EQ(letters(row), "a b c d e f");
}

TEST_CASE("seeds/000: padded_dimensions [3, 5], column-major, padding value 0") {
  const x::tensor<"f32[2,3]{0,1:pad(3,5)}"> padded = {{1, 2, 3}, {4, 5, 6}};
  CHECK_EQ(letters(padded), "a d 0 b e 0 c f 0 0 0 0 0 0 0");
  // "Esto equivale al diseño del siguiente array con el mismo orden":
  //   a b c 0 0
  //   d e f 0 0
  //   0 0 0 0 0
  const x::tensor<"f32[3,5]{0,1}"> same = {{1, 2, 3, 0, 0}, {4, 5, 6, 0, 0}, {0, 0, 0, 0, 0}};
  CHECK_EQ(letters(same), letters(padded));
  CHECK_EQ(x::shape<"f32[2,3]{0,1:pad(3,5)}">::storage_count, 15);
}

TEST_CASE("seeds/000: the default layout is major to minor (row-major in rank 2)") {
  const x::tensor<"f32[2,3]"> t = {{1, 2, 3}, {4, 5, 6}};
  CHECK_EQ(letters(t), "a b c d e f");
  CHECK_EQ(x::to_string<x::shape<"f32[2,3]">>().view(), "f32[2,3]{1,0}");
  CHECK_EQ(x::to_string<x::shape<"f32[4,5,6,7]">>().view(), "f32[4,5,6,7]{3,2,1,0}");
}

TEST_CASE("seeds/000: dimension numbers, Python-style negative ones, and the true rank") {
  // [A x B x C]: dimension 0 has size A, 1 has B, 2 has C; -1 is C, -2 is B.
  using abc = x::shape<"f32[2,3,4]">;
  CHECK_EQ(abc::dimension<0>, 2);
  CHECK_EQ(abc::dimension<1>, 3);
  CHECK_EQ(abc::dimension<2>, 4);
  CHECK_EQ(abc::dimension<-1>, 4);
  CHECK_EQ(abc::dimension<-2>, 3);
  CHECK_EQ(abc::dimension<-3>, 2);
  // The rank is the number of dimensions; the true rank counts those larger than 1.
  using ones = x::shape<"f32[1,5,1,2]">;
  CHECK_EQ(ones::rank, 4u);
  CHECK_EQ(ones::true_rank, 2u);
  // MakeShape(F32, {A, B, C, D}) has the dimension array [A, B, C, D].
  constexpr x::shape_spec made(x::primitive_type::f32, {5, 6, 7, 8});
  CHECK_EQ(x::to_string(made).view(), "f32[5,6,7,8]{3,2,1,0}");
}

TEST_CASE("seeds/000: IndexUtil converts multi-dimensional and linear indices both ways") {
  using col = x::shape<"f32[2,3]{0,1}">;
  CHECK_EQ(x::linear_index<col>({1, 0}), 1);   // d is second in "a d b e c f"
  CHECK_EQ(x::linear_index<col>({0, 2}), 4);   // c is fifth
  const auto e = x::delinearize<col>(3);
  REQUIRE(e.has_value());
  CHECK_EQ(*e, x::multi_index<2>{1, 1});
}
