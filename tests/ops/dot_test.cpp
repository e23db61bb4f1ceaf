// dot and dot_general against a plain reference: for each result element, the sum over
// the contracting indices of lhs * rhs in long double (complex: std::complex<long
// double>), written from XLA's definition with its own index walk. Random operands for
// many dimension numbers (batch and contracting anywhere, several of each), layouts
// (row- and column-major, padded, tiled operands and destinations), odd sizes (1, 3, 17,
// 255, and contractions longer than the engine's block), element types (f32, f64, c64,
// s8 and u8 accumulating in 32 bits, bf16 in f32), expression operands, and fused
// epilogues, and rows split over a caller's thread pool. Tolerance: the bound documented in dot_general.hpp,
// |error| <= (kc + K / kc + 2) u sum |a b|, u the accumulation type's unit roundoff.
//
// Most products here need more scratch memory than the stack budget: this file allows the
// heap (tests/expr/allocation_test.cpp checks the default and caller workspaces).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <thread>
#include <type_traits>
#include <vector>

namespace x = sxla;

namespace {

template <class T>
void fill_random(T& t, unsigned seed) {
  using V = typename T::value_type;
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> small(-100, 100);
  auto* p = t.data();
  for (x::index_t i = 0; i < T::storage_count; ++i) {
    if constexpr (std::is_integral_v<V>) {
      p[i] = static_cast<V>(small(g));
    } else if constexpr (std::is_same_v<V, std::complex<float>>) {
      p[i] = V(static_cast<float>(u(g)), static_cast<float>(u(g)));
    } else {
      p[i] = static_cast<V>(u(g));
    }
  }
}

template <class T>
using wide_t = std::conditional_t<std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>,
                                  std::complex<long double>, long double>;

constexpr std::size_t max_pairs = 4;  // contracting pairs the reference walks

template <class T>
struct real_of {
  using type = T;
};
template <class T>
struct real_of<std::complex<T>> {
  using type = T;
};
template <class T>
using real_of_t = typename real_of<T>::type;

// Steps a multi-index over sizes (row-major); false after the last.
template <std::size_t R>
bool next_index(x::multi_index<R>& i, const x::multi_index<R>& sizes) {
  for (std::size_t d = R; d-- > 0;) {
    if (++i[d] < sizes[d]) return true;
    i[d] = 0;
  }
  return false;
}

// XLA's DotGeneral, element by element, from the definition. Unit roundoff u of the
// accumulation; Exact: integer results must match exactly (wrapped to the result type).
template <class Dims, class Acc, class L, class R, class Out>
void check_dot(const L& lhs, const R& rhs, const Out& got) {
  constexpr std::size_t lr = L::rank, rr = R::rank, orank = Out::rank;
  constexpr x::idx lc = Dims::lhs_contracting, rc = Dims::rhs_contracting, lb = Dims::lhs_batch, rb = Dims::rhs_batch;
  using W = wide_t<Acc>;
  // The free dimensions, increasing.
  x::idx lf, rf;
  for (std::size_t d = 0; d < lr; ++d) {
    bool used = false;
    for (auto c : lc) used |= c == static_cast<x::index_t>(d);
    for (auto c : lb) used |= c == static_cast<x::index_t>(d);
    if (!used) lf.push_back(static_cast<x::index_t>(d));
  }
  for (std::size_t d = 0; d < rr; ++d) {
    bool used = false;
    for (auto c : rc) used |= c == static_cast<x::index_t>(d);
    for (auto c : rb) used |= c == static_cast<x::index_t>(d);
    if (!used) rf.push_back(static_cast<x::index_t>(d));
  }
  REQUIRE(lb.size() + lf.size() + rf.size() == orank);
  x::multi_index<orank> osizes{};
  for (std::size_t d = 0; d < orank; ++d) osizes[d] = Out::spec.dimensions[d];
  x::index_t k = 1;
  for (auto c : lc) k *= L::spec.dimensions[static_cast<std::size_t>(c)];
  const auto l = x::as_operand(lhs);
  const auto r = x::as_operand(rhs);
  const auto o = x::as_operand(got);
  long double u = 0;
  if constexpr (!std::is_integral_v<Acc>) {
    u = std::numeric_limits<real_of_t<Acc>>::epsilon() / 2;
  }
  const long double kc = static_cast<long double>(x::kernels::block_sum_order<Acc>());
  // Complex products: each part is two fmas per term, so four roundings where a real has one.
  const long double parts = std::is_same_v<W, long double> ? 1 : 4;
  const long double bound_factor = (kc + static_cast<long double>(k) / kc + 2) * u * parts;
  x::multi_index<orank> oi{};
  int failures = 0;
  if (Out::element_count == 0) return;
  do {
    x::multi_index<lr> li{};
    x::multi_index<rr> ri{};
    std::size_t t = 0;
    for (std::size_t q = 0; q < lb.size(); ++q, ++t) {
      li[static_cast<std::size_t>(lb[q])] = oi[t];
      ri[static_cast<std::size_t>(rb[q])] = oi[t];
    }
    for (auto d : lf) li[static_cast<std::size_t>(d)] = oi[t++];
    for (auto d : rf) ri[static_cast<std::size_t>(d)] = oi[t++];
    W sum{};
    long double mag = 0;
    // Walk the contracting indices together (row-major over the pairs).
    x::multi_index<max_pairs> ci{};
    x::multi_index<max_pairs> csizes{};
    for (std::size_t q = 0; q < lc.size(); ++q) csizes[q] = L::spec.dimensions[static_cast<std::size_t>(lc[q])];
    for (std::size_t q = lc.size(); q < max_pairs; ++q) csizes[q] = 1;
    bool empty = false;
    for (std::size_t q = 0; q < lc.size(); ++q) empty |= csizes[q] == 0;
    if (!empty) {
      do {
        for (std::size_t q = 0; q < lc.size(); ++q) {
          li[static_cast<std::size_t>(lc[q])] = ci[q];
          ri[static_cast<std::size_t>(rc[q])] = ci[q];
        }
        const W a = static_cast<W>(static_cast<Acc>(l.at(li)));
        const W b = static_cast<W>(static_cast<Acc>(r.at(ri)));
        if constexpr (std::is_integral_v<Acc>) {
          const auto product = static_cast<std::int64_t>(a) * static_cast<std::int64_t>(b);
          sum = static_cast<W>(static_cast<Acc>(static_cast<std::int64_t>(sum) + product));  // wraps as Acc
        } else {
          sum += a * b;
          mag += std::abs(a * b);
        }
      } while (next_index(ci, csizes));
    }
    using OV = typename Out::value_type;
    const OV value = o.at(oi);
    if constexpr (std::is_integral_v<Acc>) {
      if (value != static_cast<OV>(static_cast<Acc>(sum)) && failures++ < 5) {
        CHECK(value == static_cast<OV>(static_cast<Acc>(sum)));
      }
    } else {
      // A narrower result type adds its own rounding.
      long double out_u = 0;
      if constexpr (!std::is_same_v<OV, Acc>) out_u = 1.0L / 256;  // bf16: 8 bits
      const long double err = std::abs(static_cast<W>(static_cast<Acc>(value)) - sum);
      const long double allowed = bound_factor * mag + out_u * std::abs(sum) + 1e-30L;
      if (!(err <= allowed) && failures++ < 5) {
        CAPTURE(err);
        CAPTURE(allowed);
        CHECK(err <= allowed);
      }
    }
  } while (next_index(oi, osizes));
  CHECK(failures == 0);
}
template <x::shape_spec S>
std::unique_ptr<x::tensor<S>> random_tensor(unsigned seed) {
  std::unique_ptr<x::tensor<S>> t(new x::tensor<S>());
  fill_random(*t, seed);
  return t;
}

// C = A B for row-major [M,K] x [K,N] into a destination of layout Dst.
template <x::index_t M, x::index_t K, x::index_t N>
void check_matmul(unsigned seed) {
  using dims = x::dot_dims<x::idx{1}, x::idx{0}>;
  const auto a = random_tensor<x::shape_spec(x::primitive_type::f32, x::idx{M, K}, x::default_layout(2))>(seed);
  const auto b = random_tensor<x::shape_spec(x::primitive_type::f32, x::idx{K, N}, x::default_layout(2))>(seed + 1);
  auto c = std::make_unique<x::tensor<x::shape_spec(x::primitive_type::f32, x::idx{M, N}, x::default_layout(2))>>();
  *c = x::dot(*a, *b);
  check_dot<dims, float>(*a, *b, *c);
}

}  // namespace

TEST_CASE("dot: f32 matrix products at odd sizes (1, 3, 17, 255) and past the engine's blocks") {
  check_matmul<1, 1, 1>(1);
  check_matmul<3, 17, 255>(2);
  check_matmul<17, 255, 3>(3);
  check_matmul<255, 3, 17>(4);
  check_matmul<33, 40, 31>(5);     // just above the small static path
  check_matmul<64, 700, 70>(6);    // three blocks of the contraction
  check_matmul<300, 20, 400>(7);   // several column blocks of B
  check_matmul<32, 32, 32>(8);     // the small static path
  check_matmul<4, 4, 4>(9);        // one vector each (AVX-512 f32)
  check_matmul<8, 8, 8>(10);
}

TEST_CASE("dot: layouts of the operands and of the destination") {
  using dims = x::dot_dims<x::idx{1}, x::idx{0}>;
  const auto a = random_tensor<"f32[37,29]{0,1}">(11);               // column-major
  const auto b = random_tensor<"f32[29,41]{1,0:pad(31,48)}">(12);    // padded rows
  x::tensor<"f32[37,41]{0,1}"> c_col = x::dot(*a, *b);                // column-major result
  check_dot<dims, float>(*a, *b, c_col);
  x::tensor<"f32[37,41]{1,0:T(8,8)}"> c_tiled = x::dot(*a, *b);      // tiled result
  check_dot<dims, float>(*a, *b, c_tiled);
  const auto t = random_tensor<"f32[29,41]{1,0:T(4,8)}">(13);        // tiled operand
  x::tensor<"f32[37,41]"> c2 = x::dot(*a, *t);
  check_dot<dims, float>(*a, *t, c2);
}

TEST_CASE("dot_general: dimension numbers") {
  {  // A^T B: contracting {0} x {0}
    using dims = x::dot_dims<x::idx{0}, x::idx{0}>;
    const auto a = random_tensor<"f32[19,5]">(21);
    const auto b = random_tensor<"f32[19,7]">(22);
    x::tensor<"f32[5,7]"> c = x::dot_general<dims>(*a, *b);
    check_dot<dims, float>(*a, *b, c);
  }
  {  // A B^T: contracting {1} x {1}
    using dims = x::dot_dims<x::idx{1}, x::idx{1}>;
    const auto a = random_tensor<"f32[6,45]">(23);
    const auto b = random_tensor<"f32[50,45]">(24);
    x::tensor<"f32[6,50]"> c = x::dot_general<dims>(*a, *b);
    check_dot<dims, float>(*a, *b, c);
  }
  {  // two contracting dimensions, paired in another order
    using dims = x::dot_dims<x::idx{1, 2}, x::idx{2, 0}>;
    const auto a = random_tensor<"f32[4,3,5]">(25);
    const auto b = random_tensor<"f32[5,6,3]">(26);
    x::tensor<"f32[4,6]"> c = x::dot_general<dims>(*a, *b);
    check_dot<dims, float>(*a, *b, c);
  }
  {  // batch dimensions in the middle and last, two of them, and several free dimensions
    using dims = x::dot_dims<x::idx{0}, x::idx{2}, x::idx{1, 3}, x::idx{3, 0}>;
    const auto a = random_tensor<"f32[9,2,4,3]">(27);        // k=9, b0=2, m=4, b1=3
    const auto b = random_tensor<"f32[3,5,9,2,2]">(28);      // b1=3, n0=5, k=9, b0=2, n1=2
    x::tensor<"f32[2,3,4,5,2]"> c = x::dot_general<dims>(*a, *b);
    check_dot<dims, float>(*a, *b, c);
  }
  {  // the batched matmul of the benchmark, at an odd size
    using dims = x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>;
    const auto a = random_tensor<"f32[3,17,40]">(29);
    const auto b = random_tensor<"f32[3,40,35]">(30);
    x::tensor<"f32[3,17,35]"> c = x::dot_general<dims>(*a, *b);
    check_dot<dims, float>(*a, *b, c);
  }
  {  // an empty contraction gives zeros; an empty batch nothing
    using dims = x::dot_dims<x::idx{1}, x::idx{0}>;
    const x::tensor<"f32[3,0]"> a;
    const x::tensor<"f32[0,2]"> b;
    x::tensor<"f32[3,2]"> c = {{1.0f, 1.0f}, {1.0f, 1.0f}, {1.0f, 1.0f}};
    c = x::dot_general<dims>(a, b);
    CHECK(c == x::tensor<"f32[3,2]">{});
    check_dot<dims, float>(a, b, c);
  }
}

TEST_CASE("dot: element types and the accumulation type") {
  using dims = x::dot_dims<x::idx{1}, x::idx{0}>;
  {
    const auto a = random_tensor<"f64[21,300]">(31);
    const auto b = random_tensor<"f64[300,19]">(32);
    x::tensor<"f64[21,19]"> c = x::dot(*a, *b);
    check_dot<dims, double>(*a, *b, c);
  }
  {
    const auto a = random_tensor<"c64[13,17]">(33);
    const auto b = random_tensor<"c64[17,3]">(34);
    x::tensor<"c64[13,3]"> c = x::dot(*a, *b);
    check_dot<dims, std::complex<float>>(*a, *b, c);
  }
  {  // s8 sums in s32: the s8 result wraps; an s32 result keeps the sum
    const auto a = random_tensor<"s8[9,255]">(35);
    const auto b = random_tensor<"s8[255,18]">(36);
    x::tensor<"s8[9,18]"> c8 = x::dot(*a, *b);
    check_dot<dims, std::int32_t>(*a, *b, c8);
    x::tensor<"s32[9,18]"> c32 = x::dot<std::int32_t>(*a, *b);
    check_dot<dims, std::int32_t>(*a, *b, c32);
    const x::tensor<"s8[2]"> big = {100, 100};
    CHECK(x::eval(x::dot<std::int32_t>(big, big))() == 20000);
    CHECK(x::eval(x::dot(big, big))() == static_cast<std::int8_t>(20000 % 256 - 256));  // 20000 = 78 * 256 + 32
  }
  {
    const auto a = random_tensor<"u8[5,40]">(37);
    const auto b = random_tensor<"u8[40,6]">(38);
    x::tensor<"u8[5,6]"> c = x::dot(*a, *b);
    check_dot<dims, std::uint32_t>(*a, *b, c);
  }
  {  // bf16 sums in f32; the bf16 result rounds once
    x::tensor<"bf16[7,100]"> a = x::convert<x::bf16>(*random_tensor<"f32[7,100]">(39));
    x::tensor<"bf16[100,9]"> b = x::convert<x::bf16>(*random_tensor<"f32[100,9]">(40));
    x::tensor<"f32[7,9]"> c32 = x::dot<float>(a, b);
    check_dot<dims, float>(a, b, c32);
    x::tensor<"bf16[7,9]"> c16 = x::dot(a, b);
    check_dot<dims, float>(a, b, c16);
  }
}

TEST_CASE("dot: expression operands, and elementwise work fused over a dot") {
  using dims = x::dot_dims<x::idx{1}, x::idx{0}>;
  const auto a = random_tensor<"f32[23,17]">(41);
  const auto bt = random_tensor<"f32[33,17]">(42);
  const auto bias = random_tensor<"f32[33]">(43);
  // A transposed view and a converted tensor as operands.
  const x::tensor<"f32[17,33]"> b = x::transpose<1, 0>(*bt);
  x::tensor<"f32[23,33]"> c = x::dot(*a, x::transpose<1, 0>(*bt));
  check_dot<dims, float>(*a, b, c);
  const x::tensor<"f64[23,17]"> a64 = x::convert<double>(*a);
  x::tensor<"f32[23,33]"> c2 = x::dot(x::convert<float>(a64), b);
  check_dot<dims, float>(*a, b, c2);
  // relu(a b + bias), fused, against relu of the reference.
  x::tensor<"f32[23,33]"> y = x::max(x::add(x::dot(*a, b), *bias, x::broadcast_dimensions<1>), 0.0f);
  x::tensor<"f32[23,33]"> plain = x::dot(*a, b);
  check_dot<dims, float>(*a, b, plain);  // the unfused product the fused forms are held to
  for (x::index_t i = 0; i < 23; ++i) {
    for (x::index_t j = 0; j < 33; ++j) {
      const float expected = plain(i, j) + (*bias)(j);  // one rounding, as the op
      CHECK(y(i, j) == (expected > 0.0f ? expected : 0.0f));
    }
  }
  // The destination read by the elementwise work too: c = c + a b.
  x::tensor<"f32[23,33]"> acc = plain;
  acc = x::add(acc, x::dot(*a, b));
  for (x::index_t i = 0; i < 23; ++i)
    for (x::index_t j = 0; j < 33; ++j) CHECK(acc(i, j) == plain(i, j) + plain(i, j));
  // Into a column-major destination (a second pass, through a temporary).
  x::tensor<"f32[23,33]{0,1}"> ycol = x::max(x::add(x::dot(*a, b), *bias, x::broadcast_dimensions<1>), 0.0f);
  CHECK(ycol == y);
}

TEST_CASE("dot: several products in one expression (each but the last through a temporary)") {
  // An LSTM step's gates at batch 1 (x Wx + h Wh + b), and matrix products: every sum is
  // the products' own results added in order, with one rounding per addition, as XLA
  // evaluates the HLO (the products are held to the reference by check_dot).
  using dims = x::dot_dims<x::idx{1}, x::idx{0}>;
  const auto xv = random_tensor<"f32[1,17]">(51);
  const auto wx = random_tensor<"f32[17,33]">(52);
  const auto hv = random_tensor<"f32[1,35]">(53);
  const auto wh = random_tensor<"f32[35,33]">(54);
  const auto bias = random_tensor<"f32[33]">(55);
  const x::tensor<"f32[1,33]"> px = x::dot(*xv, *wx), ph = x::dot(*hv, *wh);
  check_dot<dims, float>(*xv, *wx, px);
  check_dot<dims, float>(*hv, *wh, ph);
  const x::tensor<"f32[1,33]"> gates =
      x::add(x::dot(*xv, *wx) + x::dot(*hv, *wh), *bias, x::broadcast_dimensions<1>);
  for (x::index_t j = 0; j < 33; ++j) CHECK(gates(0, j) == (px(0, j) + ph(0, j)) + (*bias)(j));
  // Three products, at odd sizes, into row- and column-major destinations.
  const auto a1 = random_tensor<"f32[23,17]">(56);
  const auto a2 = random_tensor<"f32[23,3]">(57);
  const auto b2 = random_tensor<"f32[3,33]">(58);
  const auto a3 = random_tensor<"f32[23,1]">(59);
  const auto b3 = random_tensor<"f32[1,33]">(60);
  const x::tensor<"f32[23,33]"> p1 = x::dot(*a1, *wx), p2 = x::dot(*a2, *b2), p3 = x::dot(*a3, *b3);
  check_dot<dims, float>(*a2, *b2, p2);
  check_dot<dims, float>(*a3, *b3, p3);
  const auto three = [&] { return x::max(x::dot(*a1, *wx) - x::dot(*a2, *b2), 0.0f) * x::dot(*a3, *b3); };
  const x::tensor<"f32[23,33]"> row = three();
  const x::tensor<"f32[23,33]{0,1}"> col = three();
  for (x::index_t i = 0; i < 23; ++i) {
    for (x::index_t j = 0; j < 33; ++j) {
      const float d = p1(i, j) - p2(i, j);
      CHECK(row(i, j) == (d > 0.0f ? d : 0.0f) * p3(i, j));
      CHECK(col(i, j) == row(i, j));
    }
  }
  // The destination read by the elementwise work and by a product: acc = acc + a1 wx + acc b.
  const auto sq = random_tensor<"f32[33,33]">(61);
  x::tensor<"f32[23,33]"> acc = p2;
  const x::tensor<"f32[23,33]"> p4 = x::dot(p2, *sq);
  acc = acc + x::dot(*a1, *wx) + x::dot(acc, *sq);
  for (x::index_t i = 0; i < 23; ++i)
    for (x::index_t j = 0; j < 33; ++j) CHECK(acc(i, j) == (p2(i, j) + p1(i, j)) + p4(i, j));
}

namespace {
// A pool that runs each task on a thread of its own.
struct thread_per_task {
  int* calls;
  template <class F>
  void operator()(x::index_t n, F&& f) const {
    std::vector<std::thread> threads;
    for (x::index_t i = 0; i < n; ++i) threads.emplace_back([&f, i] { f(i); });
    for (auto& t : threads) t.join();
    ++*calls;
  }
};
}  // namespace

TEST_CASE("dot: rows split over a caller's pool give the same bits as one thread") {
  int calls = 0;
  thread_per_task pool{&calls};
  const auto a = random_tensor<"f32[101,70]">(51);
  const auto b = random_tensor<"f32[70,45]">(52);
  const auto bias = random_tensor<"f32[45]">(53);
  const x::tensor<"f32[101,45]"> serial = x::dot(*a, *b);
  check_dot<x::dot_dims<x::idx{1}, x::idx{0}>, float>(*a, *b, serial);
  const x::tensor<"f32[101,45]"> split = x::dot(*a, *b).parallel<3>(pool);
  CHECK(calls == 1);
  CHECK(split == serial);
  const x::tensor<"f32[101,45]"> fused =
      x::max(x::add(x::dot(*a, *b).parallel<4>(pool), *bias, x::broadcast_dimensions<1>), 0.0f);
  const x::tensor<"f32[101,45]"> expected = x::max(x::add(serial, *bias, x::broadcast_dimensions<1>), 0.0f);
  CHECK(calls == 2);
  CHECK(fused == expected);
  // More parts than strips of rows: the empty parts do nothing.
  const x::tensor<"f32[101,45]"> many = x::dot(*a, *b).parallel<40>(pool);
  CHECK(many == serial);
}
