// Zero-size shapes in constant expressions, one op family at a time (the run-time side,
// under the sanitizers, is tests/ops/zero_size_test.cpp). A tensor of no elements has a
// null data(); nothing may offset it, which a constant expression would reject. Compiling
// is passing. (Batch norm is not constexpr: it calls std::sqrt.)
#include <sxla/sxla.hpp>

#include <cstdint>
#include <tuple>

namespace x = sxla;

namespace {

template <class T, class V>
constexpr bool all_equal(const T& t, V v) {
  bool ok = true;
  x::for_each_index<typename T::shape_type>([&](const auto& i) { ok = ok && t[i] == v; });
  return ok;
}

constexpr x::tensor<"f32[5,0]{0,1}"> a{};
constexpr x::tensor<"f32[5,0]"> b{};
constexpr x::tensor<"f32[0]"> e{};
constexpr x::tensor<"f32[2,3]"> m = {{1, 2, 3}, {4, 5, 6}};
static_assert(a.data() == nullptr && e.data() == nullptr);

// Elementwise, broadcast, iota.
static_assert(x::eval(x::max(a * b + 1.0f, x::exp(a))) == b);
static_assert(x::eval(x::select(a < b, a, b)) == b);
static_assert(x::eval(x::broadcast<4>(e)) == x::tensor<"f32[4,0]">{});
static_assert(x::eval(x::broadcast_in_dim<"f32[0,3]", 1>(x::tensor<"f32[3]">{1, 2, 3})) == x::tensor<"f32[0,3]">{});
static_assert(x::eval(x::iota<"s32[0,4]", 1>()) == x::tensor<"s32[0,4]">{});

// Data movement.
static_assert(x::eval(x::reshape<"f32[0,5]">(a)) == x::tensor<"f32[0,5]">{});
static_assert(x::eval(x::collapse<0, 1>(a)) == e);
static_assert(x::eval(x::transpose<1, 0>(a)) == x::tensor<"f32[0,5]">{});
static_assert(x::eval(x::rev<0, 1>(a)) == b);
static_assert(x::eval(x::slice<x::idx{1, 2}, x::idx{1, 3}>(m)) == x::tensor<"f32[0,1]">{});
static_assert(x::eval(x::dynamic_slice<2, 0>(a, 3, 0)) == x::tensor<"f32[2,0]">{});
static_assert(x::eval(x::pad<x::idx{2}, x::idx{1}>(e, 7.0f)) == x::tensor<"f32[3]">{7, 7, 7});
static_assert(all_equal(x::eval(x::pad<x::idx{1, 0}, x::idx{0, 2}, x::idx{0, 3}>(a, 7.0f)), 7.0f));
static_assert(x::eval(x::concatenate<0>(x::tensor<"f32[0,3]">{}, m)) == m);
static_assert(x::eval(x::concatenate<1>(x::tensor<"f32[2,0]{0,1}">{}, m, x::tensor<"f32[2,0]">{})) == m);
static_assert(x::eval(x::dynamic_update_slice(m, x::tensor<"f32[0,2]">{}, 1, 1)) == m);
constexpr bool update_in_place() {
  x::tensor<"f32[2,3]"> t = m;
  x::dynamic_update_slice_in_place(t, x::tensor<"f32[2,0]{0,1}">{}, 0, 2);
  x::tensor<"f32[5,0]"> z;
  x::dynamic_update_slice_in_place(z, x::tensor<"f32[2,0]">{}, 4, 0);
  return t == m;
}
static_assert(update_in_place());

// Convert.
static_assert(x::eval(x::convert<x::s32>(a)) == x::tensor<"s32[5,0]">{});
static_assert(x::eval(x::bitcast_convert<x::u32>(a)) == x::tensor<"u32[5,0]">{});
static_assert(x::eval(x::bitcast_convert<x::f16>(e)) == x::tensor<"f16[0,2]">{});
static_assert(x::eval(x::reduce_precision<10, 5>(a)) == b);

// Reduce: the init value (the case first).
static_assert(all_equal(x::eval(x::reduce<1>(a, 2.5f, x::add_op)), 2.5f));
static_assert(all_equal(x::eval(x::reduce<1>(b, 2.5f, x::max_op)), 2.5f));
static_assert(all_equal(x::eval(x::reduce<1>(x::tensor<"f32[5,0]{1,0:T(2,2)}">{}, 4.0f, x::add_op)), 4.0f));
static_assert(all_equal(x::eval(x::reduce<0>(x::tensor<"s32[0,3]">{}, 9, x::add_op)), 9));
static_assert(x::eval(x::reduce<0, 1>(a, 1.5f, x::add_op))() == 1.5f);
static_assert(x::eval(x::reduce<0>(e, 6.0f, [](float s, float v) { return s + v; }))() == 6.0f);
constexpr auto variadic = x::reduce<1>(a, x::tensor<"s32[5,0]">{}, 0.0f, 7, [](float sa, std::int32_t sb, float ea, std::int32_t eb) {
  return std::tuple(sa + ea, sb + eb);
});
static_assert(all_equal(std::get<0>(variadic), 0.0f) && all_equal(std::get<1>(variadic), 7));
static_assert(all_equal(x::eval(x::reduce<1>(x::set_dimension_size<1>(m, 0), 0.5f, x::add_op)), 0.5f));

// Reduce window and select and scatter.
static_assert(x::eval(x::reduce_window<x::idx{1}>(e, 0.0f, x::add_op)) == e);
static_assert(x::eval(x::reduce_window<x::idx{2}, x::idx{1}, x::padding::low_high(x::idx{1}, x::idx{2})>(
                  e, 5.0f, x::add_op)) == x::tensor<"f32[2]">{5, 5});
static_assert(all_equal(x::eval(x::reduce_window<x::idx{2, 1}, x::idx{1, 1}, x::padding::low_high(x::idx{0, 1}, x::idx{0, 0})>(
                            x::tensor<"f32[4,0]{0,1}">{}, -3.0f, x::max_op)),
                        -3.0f));
constexpr auto ge = [](float p, float q) { return p >= q; };
constexpr auto plus = [](float p, float q) { return p + q; };
static_assert(x::select_and_scatter<x::idx{2, 1}>(x::tensor<"f32[4,0]">{}, ge, x::tensor<"f32[3,0]">{}, 0.0f, plus) ==
              x::tensor<"f32[4,0]">{});

// Dot: K = 0 gives 0; an empty result; batched with K = 0.
static_assert(all_equal(x::eval(x::dot(x::tensor<"f32[2,0]">{}, x::tensor<"f32[0,3]{0,1}">{})), 0.0f));
static_assert(x::eval(x::dot(e, e))() == 0.0f);
static_assert(x::eval(x::dot(x::tensor<"f32[0,4]">{}, x::tensor<"f32[4,3]">{})) == x::tensor<"f32[0,3]">{});
using batch = x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>;
static_assert(all_equal(x::eval(x::dot_general<batch>(x::tensor<"f32[3,2,0]">{}, x::tensor<"f32[3,0,4]">{})), 0.0f));

}  // namespace
