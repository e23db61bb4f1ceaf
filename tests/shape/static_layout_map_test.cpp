// Tests for sxla/shape/static_layout_map.hpp: the unrolled map gives the generic
// layout_map's offset for every element of layouts of every kind (untiled, permuted,
// padded, one and several tile levels, tiles shorter and longer than the shape, '*').
#include <sxla/shape/layout_map.hpp>
#include <sxla/shape/print.hpp>
#include <sxla/shape/static_layout_map.hpp>

#include <doctest/doctest.h>

#include <string>

namespace {

template <sxla::shape_spec S>
void check_same_offsets() {
  using map = sxla::static_layout_map<S>;
  CAPTURE(std::string(sxla::to_string(S).view()));
  int mismatches = 0;
  std::array<sxla::index_t, map::rank> dims{};
  for (std::size_t i = 0; i < map::rank; ++i) dims[i] = S.dimensions[i];
  sxla::for_each_index(dims, [&](const sxla::multi_index<map::rank>& idx) {
    if (map::offset(idx) != sxla::linear_index(map::map, idx.data())) ++mismatches;
  });
  CHECK_EQ(mismatches, 0);
}

template <sxla::shape_spec... S>
void check_all() {
  (check_same_offsets<S>(), ...);
}

}  // namespace

TEST_CASE("shape/static_layout_map: the unrolled map equals the generic one") {
  check_all<"f32[]", "f32[7]", "f32[0,3]", "f32[2,3]", "f32[2,3]{0,1}", "f32[2,3,4]{0,2,1}",
            "s8[2,1,3,1,2,1,2,2]{0,2,4,6,1,3,5,7}", "f32[2,3]{0,1:pad(3,5)}",
            "f32[3,4,5]{1,0,2:pad(4,4,6,one)}", "f32[3,5]{1,0:T(2,2)}", "f32[4,8]{1,0:T(2,4)(2,1)}",
            "bf16[16,256]{1,0:T(8,128)(2,1)}", "bf16[3,5]{1,0:T(8,128)(2,1)}",
            "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}", "bf16[2,3,1004]{2,1,0:T(2,*,128)}",
            "f32[5,7,3]{0,1,2:T(3)}", "f32[5,7,3]{2,0,1:T(2,*,2)(3,1,2)}",
            "f32[6,5]{0,1:T(4,3)pad(7,6)}", "u8[9,10]{1,0:T(2,2)(2,1,1)(1,2)}", "f32[3,3]{1,0:T(1,1)}">();
}
