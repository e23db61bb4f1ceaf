// The collectives' checks, written once over any communicator: the in-process one
// (tests/dist/*_test.cpp, 2, 3 and 4 replicas) and MPI (tests/mpi/, 4 ranks). Every
// replica runs each function with its own communicator handle, as an SPMD program would;
// the expected values come from plain loops over the operation's definition in the seed
// (block k of a gather is member k's operand, ...) applied to inputs every replica can
// compute for every other: input(r, i) is a small integer, so sums are exact in any order.
#ifndef SXLA_TESTS_DIST_COLLECTIVE_CASES_HPP
#define SXLA_TESTS_DIST_COLLECTIVE_CASES_HPP

#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <algorithm>
#include <array>
#include <complex>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <vector>

namespace collective_cases {

namespace x = sxla;

// Replica r's element i (row-major), as a T.
inline int input_int(int r, std::size_t i) { return static_cast<int>((static_cast<std::size_t>(r) * 7 + i * 3) % 11) - 3; }
template <class T>
T from_int(int v) {
  if constexpr (std::is_same_v<T, bool>) {
    return (v & 1) != 0;
  } else if constexpr (x::is_complex_v<T>) {
    return T(static_cast<typename T::value_type>(v), static_cast<typename T::value_type>(-2 * v));
  } else if constexpr (std::is_unsigned_v<T>) {
    return static_cast<T>(v + 3);  // 0..10: no wrap for the sums and products below
  } else {
    return static_cast<T>(static_cast<float>(v));
  }
}
template <class T>
T input(int r, std::size_t i) {
  return from_int<T>(input_int(r, i));
}

template <class V>
V input_tensor(int r) {
  V v(x::uninitialized);
  for (std::size_t i = 0; i < static_cast<std::size_t>(V::storage_count); ++i)
    v.data()[i] = input<typename V::value_type>(r, i);
  return v;
}

template <class T>
bool same(T a, T b) {
  if constexpr (std::is_same_v<T, x::f16> || std::is_same_v<T, x::bf16>) {
    return static_cast<float>(a) == static_cast<float>(b);
  } else {
    return a == b;
  }
}

// How many of the n elements of got differ from want.
template <class T>
int mismatches(const T* got, const std::vector<T>& want) {
  int bad = 0;
  for (std::size_t i = 0; i < want.size(); ++i) bad += !same(got[i], want[i]);
  return bad;
}

// The members of `me`'s group (empty groups: everyone, in id order).
inline std::vector<int> group_of(const x::replica_groups& g, int replicas, int me) {
  std::vector<int> m;
  if (g.empty()) {
    for (int r = 0; r < replicas; ++r) m.push_back(r);
    return m;
  }
  for (int k = 0; k < g.group_count(); ++k) {
    bool mine = false;
    for (int i = 0; i < g.group_size(k); ++i) mine |= g.member(k, i) == me;
    if (!mine) continue;
    for (int i = 0; i < g.group_size(k); ++i) m.push_back(g.member(k, i));
  }
  return m;
}

// The partitions used for n replicas: all in one group (implicit), all in one group in
// reverse order, and (n even) pairs in a scrambled order.
inline std::vector<x::replica_groups> groupings(int n) {
  std::vector<x::replica_groups> out;
  out.emplace_back();
  x::replica_groups reversed;
  std::vector<int> rev;
  for (int r = n - 1; r >= 0; --r) rev.push_back(r);
  reversed.add_group(rev.data(), n);
  out.push_back(reversed);
  if (n % 2 == 0) {
    x::replica_groups pairs;
    for (int r = 0; r < n / 2; ++r) {
      const int p[2] = {n / 2 + r, r};  // {2, 0}, {3, 1} for 4 replicas
      pairs.add_group(p, 2);
    }
    out.push_back(pairs);
  }
  return out;
}

// ---- all_reduce ----------------------------------------------------------------------

template <class T, class F, class C>
void all_reduce_one(const C& comm, const F& f, const x::replica_groups& g) {
  using V = x::tensor<x::logical_spec(x::primitive_type_of<T>, {3, 5})>;
  const int me = comm.replica_id();
  const V a = input_tensor<V>(me);
  auto r = x::all_reduce(a, f, comm, g);
  REQUIRE(r.ok());
  const auto members = group_of(g, comm.replica_count(), me);
  std::vector<T> want(15);
  for (std::size_t i = 0; i < 15; ++i) {
    T acc = input<T>(members[0], i);
    for (std::size_t k = 1; k < members.size(); ++k) acc = static_cast<T>(f(acc, input<T>(members[k], i)));
    want[i] = acc;
  }
  INFO("replica " << me << " of " << comm.replica_count() << ", group of " << members.size());
  CHECK(mismatches(r.value.data(), want) == 0);
}

template <class T, class C>
void all_reduce_type(const C& comm) {
  for (const auto& g : groupings(comm.replica_count())) {
    all_reduce_one<T>(comm, x::add_op, g);
    if constexpr (!x::is_complex_v<T>) {
      all_reduce_one<T>(comm, x::max_op, g);
      all_reduce_one<T>(comm, x::min_op, g);
    }
    if constexpr (std::is_integral_v<T>) {
      all_reduce_one<T>(comm, x::and_op, g);
      all_reduce_one<T>(comm, x::or_op, g);
      all_reduce_one<T>(comm, x::xor_op, g);
    }
    if constexpr (!std::is_same_v<T, bool> && (std::is_integral_v<T> || std::is_same_v<T, double> || std::is_same_v<T, float>))
      all_reduce_one<T>(comm, x::mul_op, g);
  }
}

// Split in two for the compile time of the translation units that run them.
template <class C>
void all_reduce_integer_types(const C& comm) {
  all_reduce_type<bool>(comm);
  all_reduce_type<std::int8_t>(comm);
  all_reduce_type<std::int16_t>(comm);
  all_reduce_type<std::int32_t>(comm);
  all_reduce_type<std::int64_t>(comm);
  all_reduce_type<std::uint8_t>(comm);
  all_reduce_type<std::uint16_t>(comm);
  all_reduce_type<std::uint32_t>(comm);
  all_reduce_type<std::uint64_t>(comm);
}
template <class C>
void all_reduce_float_types(const C& comm) {
  all_reduce_type<x::f16>(comm);
  all_reduce_type<x::bf16>(comm);
  all_reduce_type<float>(comm);
  all_reduce_type<double>(comm);
  all_reduce_type<std::complex<float>>(comm);
  all_reduce_type<std::complex<double>>(comm);
}

// A computation that is neither commutative nor associative, with and without state:
// its result says in which order the operands were combined (group order).
template <class C>
void all_reduce_user_computations(const C& comm) {
  const auto stateless = [](double a, double b) { return 2 * a + b; };
  const double two = 2;
  const auto with_state = [two](double a, double b) { return two * a + b; };
  for (const auto& g : groupings(comm.replica_count())) {
    all_reduce_one<double>(comm, stateless, g);
    all_reduce_one<double>(comm, with_state, g);
  }
}

// Operands that are not row-major tensors: another layout, a lazy expression, a number,
// and a tuple of them.
template <class C>
void all_reduce_operand_forms(const C& comm) {
  const int me = comm.replica_id();
  const int n = comm.replica_count();
  x::tensor<"f32[3,4]{0,1}"> col = input_tensor<x::tensor<"f32[3,4]">>(me);  // column-major copy
  auto r1 = x::all_reduce(col, x::add_op, comm);
  auto r2 = x::all_reduce(col * 2.0f + 1.0f, x::add_op, comm);
  auto r3 = x::all_reduce(static_cast<std::int32_t>(me + 1), x::mul_op, comm);
  auto r4 = x::all_reduce(std::make_tuple(col, x::tensor<"s32[2]">{me, 1}), x::add_op, comm);
  static_assert(std::is_same_v<decltype(r1.value), x::tensor<"f32[3,4]">>);
  static_assert(std::is_same_v<decltype(r4.value), std::tuple<x::tensor<"f32[3,4]">, x::tensor<"s32[2]">>>);
  REQUIRE((r1.ok() && r2.ok() && r3.ok() && r4.ok()));
  int bad = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 4; ++j) {
      float s = 0;
      for (int r = 0; r < n; ++r) s += static_cast<float>(input_int(r, i * 4 + j));
      bad += r1.value(i, j) != s;
      bad += r2.value(i, j) != 2 * s + static_cast<float>(n);
      bad += std::get<0>(r4.value)(i, j) != s;
    }
  }
  CHECK(bad == 0);
  std::int32_t factorial = 1;
  for (int r = 1; r <= n; ++r) factorial *= r;
  CHECK(r3.value() == factorial);
  CHECK(std::get<1>(r4.value)(0) == n * (n - 1) / 2);
  CHECK(std::get<1>(r4.value)(1) == n);
  auto sum = x::cross_replica_sum(x::tensor<"f64[]">(1.5), comm);
  CHECK(sum.value() == 1.5 * n);
}

// ---- all_gather, reduce_scatter, all_to_all --------------------------------------------

// Element (i0, i1, i2) of a row-major [d0, d1, d2] array.
inline std::size_t at3(std::array<std::size_t, 3> d, std::size_t a, std::size_t b, std::size_t c) {
  return (a * d[1] + b) * d[2] + c;
}

template <std::size_t Dim, class C>
void all_gather_dim(const C& comm, const x::replica_groups& g, int k) {
  using V = x::tensor<"s32[2,3,2]">;
  const std::array<std::size_t, 3> d{2, 3, 2};
  const int me = comm.replica_id();
  const auto members = group_of(g, comm.replica_count(), me);
  const auto check = [&](const auto& r) {
    REQUIRE(r.ok());
    auto rd = d;
    rd[Dim] *= static_cast<std::size_t>(k);
    std::vector<std::int32_t> want(rd[0] * rd[1] * rd[2]);
    for (std::size_t a = 0; a < rd[0]; ++a)
      for (std::size_t b = 0; b < rd[1]; ++b)
        for (std::size_t c = 0; c < rd[2]; ++c) {
          std::array<std::size_t, 3> idx{a, b, c};
          const std::size_t block = idx[Dim] / d[Dim];
          idx[Dim] %= d[Dim];
          want[at3(rd, a, b, c)] = input<std::int32_t>(members[block], at3(d, idx[0], idx[1], idx[2]));
        }
    INFO("all_gather dim " << Dim << ", replica " << me << " of " << comm.replica_count());
    CHECK(mismatches(r.value.data(), want) == 0);
  };
  const V a = input_tensor<V>(me);
  if (k == 2) check(x::all_gather<Dim, 2>(a, comm, g));
  if (k == 3) check(x::all_gather<Dim, 3>(a + 0, comm, g));  // a lazy operand
  if (k == 4) check(x::all_gather<Dim, 4>(x::tensor<"s32[2,3,2]{0,1,2}">(a), comm, g));  // another layout
}

template <std::size_t Dim, int K, class C>
void reduce_scatter_dim(const C& comm, const x::replica_groups& g) {
  // Dimension Dim is K * 2 long.
  constexpr std::array<std::size_t, 3> d{Dim == 0 ? 2 * K : 2, Dim == 1 ? 2 * K : 3, Dim == 2 ? 2 * K : 2};
  using V = x::tensor<x::logical_spec(x::primitive_type::f32, {d[0], d[1], d[2]})>;
  const int me = comm.replica_id();
  const auto members = group_of(g, comm.replica_count(), me);
  std::size_t pos = 0;
  while (members[pos] != me) ++pos;
  auto r = x::reduce_scatter<Dim, K>(input_tensor<V>(me), x::add_op, comm, g);
  REQUIRE(r.ok());
  auto rd = d;
  rd[Dim] /= K;
  std::vector<float> want(rd[0] * rd[1] * rd[2]);
  for (std::size_t a = 0; a < rd[0]; ++a)
    for (std::size_t b = 0; b < rd[1]; ++b)
      for (std::size_t c = 0; c < rd[2]; ++c) {
        std::array<std::size_t, 3> idx{a, b, c};
        idx[Dim] += pos * rd[Dim];  // this replica's block
        float s = 0;
        for (int m : members) s += input<float>(m, at3(d, idx[0], idx[1], idx[2]));
        want[at3(rd, a, b, c)] = s;
      }
  INFO("reduce_scatter dim " << Dim << ", replica " << me << " at " << pos);
  CHECK(mismatches(r.value.data(), want) == 0);
}

template <std::size_t Split, std::size_t Concat, int K, class C>
void all_to_all_dims(const C& comm, const x::replica_groups& g) {
  constexpr std::array<std::size_t, 3> d{Split == 0 ? 2 * K : 2, Split == 1 ? K : 3, Split == 2 ? K : 2};
  using V = x::tensor<x::logical_spec(x::primitive_type::u16, {d[0], d[1], d[2]})>;
  const int me = comm.replica_id();
  const auto members = group_of(g, comm.replica_count(), me);
  std::size_t pos = 0;
  while (members[pos] != me) ++pos;
  auto r = x::all_to_all<Split, Concat, K>(input_tensor<V>(me), comm, g);
  REQUIRE(r.ok());
  auto bd = d;  // one block
  bd[Split] /= K;
  auto rd = bd;
  rd[Concat] *= K;
  std::vector<std::uint16_t> want(rd[0] * rd[1] * rd[2]);
  for (std::size_t a = 0; a < rd[0]; ++a)
    for (std::size_t b = 0; b < rd[1]; ++b)
      for (std::size_t c = 0; c < rd[2]; ++c) {
        std::array<std::size_t, 3> idx{a, b, c};
        const std::size_t from = idx[Concat] / bd[Concat];  // the member this block came from
        idx[Concat] %= bd[Concat];
        idx[Split] += pos * bd[Split];  // which of its blocks: this replica's position
        want[at3(rd, a, b, c)] = input<std::uint16_t>(members[from], at3(d, idx[0], idx[1], idx[2]));
      }
  INFO("all_to_all split " << Split << " concat " << Concat << ", replica " << me);
  CHECK(mismatches(r.value.data(), want) == 0);
}

template <class C>
void gather_scatter_all_to_all(const C& comm) {
  const int n = comm.replica_count();
  for (const auto& g : groupings(n)) {
    const int k = static_cast<int>(group_of(g, n, 0).size());
    all_gather_dim<0>(comm, g, k);
    all_gather_dim<1>(comm, g, k);
    all_gather_dim<2>(comm, g, k);
    const auto each = [&]<int K>() {
      if (k != K) return;
      reduce_scatter_dim<0, K>(comm, g);
      reduce_scatter_dim<1, K>(comm, g);
      reduce_scatter_dim<2, K>(comm, g);
      all_to_all_dims<0, 0, K>(comm, g);
      all_to_all_dims<1, 0, K>(comm, g);
      all_to_all_dims<0, 2, K>(comm, g);
      all_to_all_dims<2, 1, K>(comm, g);
    };
    each.template operator()<2>();
    each.template operator()<3>();
    each.template operator()<4>();
  }
}

// Tuples reduce-scatter element by element.
template <class C>
void reduce_scatter_tuple(const C& comm) {
  if (comm.replica_count() != 2) return;
  const int me = comm.replica_id();
  auto r = x::reduce_scatter<0, 2>(std::make_tuple(x::tensor<"s32[4]">{me, 1, 2, 3}, x::tensor<"f32[2,1]">{{1.0f}, {2.0f}}),
                                   x::add_op, comm);
  REQUIRE(r.ok());
  CHECK(std::get<0>(r.value)(0) == (me == 0 ? 1 : 4));
  CHECK(std::get<0>(r.value)(1) == (me == 0 ? 2 : 6));
  CHECK(std::get<1>(r.value)(0, 0) == (me == 0 ? 2.0f : 4.0f));
}

// ---- permute, broadcast, replica_id ---------------------------------------------------

template <class C>
void permute_and_broadcast(const C& comm) {
  const int n = comm.replica_count();
  const int me = comm.replica_id();
  const x::tensor<"f64[2,2]"> a = {{me + 0.5, 1.0}, {2.0, -me - 1.0}};
  // A rotation: everyone receives from its left neighbour.
  x::source_target_pairs rotate;
  for (int r = 0; r < n; ++r) rotate.add(r, (r + 1) % n);
  auto p = x::collective_permute(a, comm, rotate);
  REQUIRE(p.ok());
  const int left = (me + n - 1) % n;
  CHECK(p.value(0, 0) == left + 0.5);
  CHECK(p.value(1, 1) == -left - 1.0);
  // Only 0 -> n-1: everyone else gets zeros; from a column-major operand.
  auto q = x::collective_permute(x::tensor<"f64[2,2]{0,1}">(a), comm, x::source_target_pairs{{0, n - 1}}, x::channel_id{3});
  REQUIRE(q.ok());
  CHECK(q.value(0, 0) == (me == n - 1 ? 0.5 : 0.0));
  CHECK(q.value(1, 0) == (me == n - 1 ? 2.0 : 0.0));
  CHECK(q.value(0, 1) == (me == n - 1 ? 1.0 : 0.0));
  for (const auto& g : groupings(n)) {
    auto b = x::collective_broadcast(a, comm, g);
    REQUIRE(b.ok());
    const int root = group_of(g, n, me)[0];
    CHECK(b.value(0, 0) == root + 0.5);
  }
  auto id = x::replica_id(comm);
  static_assert(std::is_same_v<decltype(id), x::tensor<"u32[]">>);
  CHECK(id() == static_cast<std::uint32_t>(me));
  // One partition per replica (XLA's num_partitions = 1).
  CHECK(x::partition_id(comm)() == 0u);
}

// The asynchronous pairs in their synchronous form: the done gives the collective's
// result, the values of the synchronous op's.
template <class C>
void async_pairs(const C& comm) {
  const int n = comm.replica_count();
  const int me = comm.replica_id();
  const x::tensor<"f32[3]"> a = {static_cast<float>(me), 1.0f, static_cast<float>(2 * me)};
  auto h = x::all_reduce_start(a, x::add_op, comm);
  auto [sum, st] = x::all_reduce_done(std::move(h));
  REQUIRE(st == x::collective_status::ok);
  CHECK(sum(0) == static_cast<float>(n * (n - 1) / 2));
  CHECK(sum(1) == static_cast<float>(n));
  CHECK(sum(2) == static_cast<float>(n * (n - 1)));
  if (n % 2 == 0) {  // groups of two: {0, 1}, {2, 3}
    const x::replica_groups pairs = n == 2 ? x::replica_groups{{0, 1}} : x::replica_groups{{0, 1}, {2, 3}};
    auto g = x::all_gather_done(x::all_gather_start<0, 2>(x::tensor<"s32[2]">{me, -me}, comm, pairs));
    REQUIRE(g.ok());
    const int first = me - me % 2;
    CHECK(g.value == x::tensor<"s32[4]">{first, -first, first + 1, -first - 1});
  }
  x::source_target_pairs rotate;
  for (int r = 0; r < n; ++r) rotate.add(r, (r + 1) % n);
  auto p = x::collective_permute_done(x::collective_permute_start(a, comm, rotate));
  REQUIRE(p.ok());
  CHECK(p.value(0) == static_cast<float>((me + n - 1) % n));
}

// ---- send / recv ------------------------------------------------------------------------

// Each replica passes a token-ordered message to the next (0 -> 1 -> ... -> n-1): every
// pair is matched whichever side arrives first; channels keep two messages apart.
template <class C>
void send_recv_chain(const C& comm) {
  const int n = comm.replica_count();
  const int me = comm.replica_id();
  x::token t{};
  if (me > 0) {
    // Two messages from the left on two channels, received in the opposite order.
    auto second = x::recv<"s64[3]">(t, comm, me - 1, 8);
    auto first = x::recv<"s64[3]{0}">(second.token, comm, me - 1, 7);
    REQUIRE(first.ok());
    REQUIRE(second.ok());
    CHECK(first.value(0) == me - 1);
    CHECK(second.value(2) == 100 * (me - 1));
    t = first.token;
  }
  if (me + 1 < n) {
    // In the order the receiver takes them: the in-process send waits for its recv.
    x::send_result s8 = x::send(x::tensor<"s64[3]">{0, 0, 100 * me}, t, comm, me + 1, 8);
    x::send_result s7 = x::send(x::tensor<"s64[3]">{me, 1, 2}, s8, comm, me + 1, 7);
    CHECK(s8.ok());
    CHECK(s7.ok());
  }
}

// ---- collective_reduce ----------------------------------------------------------------

// The group's reduction (XLA's value on the root; sxla's on every member), tuples, the
// root option, and a root outside the group.
template <class C>
void collective_reduce_cases(const C& comm) {
  const int me = comm.replica_id();
  for (const x::replica_groups& g : groupings(comm.replica_count())) {
    const auto members = group_of(g, comm.replica_count(), me);
    const auto a = input_tensor<x::tensor<"s32[2,3]">>(me);
    const auto b = input_tensor<x::tensor<"f32[4]">>(me);
    const int last = static_cast<int>(members.size()) - 1;
    auto r = x::collective_reduce(std::tuple{a, b}, x::max_op, comm, g, x::collective_root{last});
    REQUIRE(r.ok());
    std::vector<std::int32_t> want_a(6);
    std::vector<float> want_b(4);
    for (std::size_t i = 0; i < 6; ++i) {
      want_a[i] = input<std::int32_t>(members[0], i);
      for (int m : members) want_a[i] = std::max(want_a[i], input<std::int32_t>(m, i));
    }
    for (std::size_t i = 0; i < 4; ++i) {
      want_b[i] = input<float>(members[0], i);
      for (int m : members) want_b[i] = std::max(want_b[i], input<float>(m, i));
    }
    INFO("replica " << me << ", group of " << members.size());
    CHECK(mismatches(std::get<0>(r.value).data(), want_a) == 0);
    CHECK(mismatches(std::get<1>(r.value).data(), want_b) == 0);
    // A root outside [0, group size): bad_root on every member, zero values.
    auto bad = x::collective_reduce(a, x::add_op, comm, x::collective_root{last + 1}, g);
    CHECK(bad.status == x::collective_status::bad_root);
    CHECK(bad.value(1, 2) == 0);
  }
}

// ---- ragged_all_to_all ----------------------------------------------------------------

// XLA's example (operation_semantics.md, the same in jax.lax.ragged_all_to_all's
// docstring) on replicas 0 and 1: input [1,2,2] and [3,4,0] give [1,3,0,0] and [2,2,4,0].
template <class C>
void ragged_all_to_all_example(const C& comm) {
  const int me = comm.replica_id();
  const int n = comm.replica_count();
  // Replicas 0 and 1 in a group; the others in groups of their own (sending nothing).
  x::replica_groups g;
  const int pair[2] = {0, 1};
  g.add_group(pair, 2);
  for (int r = 2; r < n; ++r) g.add_group(&r, 1);
  if (me >= 2) {
    auto r = x::ragged_all_to_all(x::tensor<"f32[3]">{}, x::tensor<"f32[4]">{5, 5, 5, 5}, x::tensor<"s32[1]">{},
                                  x::tensor<"s32[1]">{}, x::tensor<"s32[1]">{}, x::tensor<"s32[1]">{}, comm, g);
    CHECK(r.ok());
    CHECK(r.value == x::tensor<"f32[4]">{5, 5, 5, 5});
    return;
  }
  const x::tensor<"f32[3]"> input = me == 0 ? x::tensor<"f32[3]">{1, 2, 2} : x::tensor<"f32[3]">{3, 4, 0};
  const x::tensor<"s32[2]"> input_offsets = {0, 1};
  const x::tensor<"s32[2]"> send_sizes = me == 0 ? x::tensor<"s32[2]">{1, 2} : x::tensor<"s32[2]">{1, 1};
  const x::tensor<"s32[2]"> output_offsets = me == 0 ? x::tensor<"s32[2]">{0, 0} : x::tensor<"s32[2]">{1, 2};
  const x::tensor<"s32[2]"> recv_sizes = me == 0 ? x::tensor<"s32[2]">{1, 1} : x::tensor<"s32[2]">{2, 1};
  auto r = x::ragged_all_to_all(input, x::tensor<"f32[4]">{}, input_offsets, send_sizes, output_offsets, recv_sizes,
                                comm, g);
  CHECK(r.ok());
  CHECK(r.value == (me == 0 ? x::tensor<"f32[4]">{1, 3, 0, 0} : x::tensor<"f32[4]">{2, 2, 4, 0}));
}

// Two updates to every member from every member, of 0 to 2 rows, against the definition
// run here for every sender; offsets as an s64[P, 2] array; then the errors.
template <int P, class C>
void ragged_all_to_all_random(const C& comm, const x::replica_groups& g) {
  constexpr int U = 2, N = 6, M = P * U * 2;
  const int me = comm.replica_id();
  const auto members = group_of(g, comm.replica_count(), me);
  if (static_cast<int>(members.size()) != P) return;
  int pos = 0;
  for (int i = 0; i < P; ++i)
    if (members[static_cast<std::size_t>(i)] == me) pos = i;
  // Sender s's update u to member d (positions): its size, input offset, output offset.
  const auto size = [](int s, int d, int u) { return (s + 2 * d + u) % 3; };
  const auto in_off = [&](int s, int d, int u) { return (s + d + u) % (N - size(s, d, u) + 1); };
  const auto out_off = [](int s, int, int u) { return (s * U + u) * 2; };
  const auto value = [&](int s, int row, int col) { return static_cast<float>(100 * members[static_cast<std::size_t>(s)] + 10 * row + col); };
  using Sizes = x::tensor<x::logical_spec(x::primitive_type::s64, {P, U})>;
  Sizes io, ss, oo, rs;
  for (int d = 0; d < P; ++d)
    for (int u = 0; u < U; ++u) {
      io(d, u) = in_off(pos, d, u);
      ss(d, u) = size(pos, d, u);
      oo(d, u) = out_off(pos, d, u);
      rs(d, u) = size(d, pos, u);
    }
  x::tensor<"f32[6,3]"> input;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < 3; ++j) input(i, j) = value(pos, i, j);
  using Out = x::tensor<x::logical_spec(x::primitive_type::f32, {M, 3})>;
  Out output;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < 3; ++j) output(i, j) = -1.0f;
  Out want = output;
  for (int s = 0; s < P; ++s)
    for (int u = 0; u < U; ++u)
      for (int i = 0; i < size(s, pos, u); ++i)
        for (int j = 0; j < 3; ++j) want(out_off(s, pos, u) + i, j) = value(s, in_off(s, pos, u) + i, j);
  auto r = x::ragged_all_to_all(input, output, io, ss, oo, rs, comm, g, x::channel_id{3});
  INFO("replica " << me << ", position " << pos << " of " << P);
  CHECK(r.ok());
  CHECK(r.value == want);
  // An update past the end of the input is not sent: bad_offsets on its sender,
  // size_mismatch on its receiver (which expected rows), the rest delivered.
  Sizes ss_bad = ss;
  if (pos == 0) ss_bad(P - 1, 1) = N + 1;
  Sizes rs_bad = rs;
  if (pos == P - 1) rs_bad(0, 1) = N + 1;
  Out want_bad = want;
  if (pos == P - 1)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j) want_bad(out_off(0, pos, 1) + i, j) = -1.0f;
  auto bad = x::ragged_all_to_all(input, output, io, ss_bad, oo, rs_bad, comm, g);
  if (pos == 0) {
    CHECK(bad.status == x::collective_status::bad_offsets);
  } else if (pos == P - 1) {
    CHECK(bad.status == x::collective_status::size_mismatch);
  } else {
    CHECK(bad.ok());
  }
  CHECK(bad.value == want_bad);
}

template <class C>
void ragged_all_to_all_cases(const C& comm) {
  ragged_all_to_all_example(comm);
  const int n = comm.replica_count();
  for (const x::replica_groups& g : groupings(n)) {
    ragged_all_to_all_random<2>(comm, g);
    ragged_all_to_all_random<3>(comm, g);
    ragged_all_to_all_random<4>(comm, g);
  }
  // 3 entries do not split over a group of 2 or 4: bad_offsets everywhere, a zero value.
  if (n % 3 != 0) {
    auto r = x::ragged_all_to_all(x::tensor<"f32[2]">{1, 2}, x::tensor<"f32[2]">{3, 4}, x::tensor<"s32[3]">{},
                                  x::tensor<"s32[3]">{}, x::tensor<"s32[3]">{}, x::tensor<"s32[3]">{}, comm);
    CHECK(r.status == x::collective_status::bad_offsets);
    CHECK(r.value == x::tensor<"f32[2]">{});
  }
}

// ---- errors -----------------------------------------------------------------------------

template <class C>
void errors(const C& comm) {
  const int n = comm.replica_count();
  const int me = comm.replica_id();
  const x::tensor<"f32[4]"> a = {1, 2, 3, 4};
  // An id out of range, an id twice, an id missing.
  const x::replica_groups out_of_range{{0, n}};
  auto r1 = x::all_reduce(a, x::add_op, comm, out_of_range);
  CHECK(r1.status == x::collective_status::bad_replica_groups);
  CHECK(r1.value(0) == 0.0f);
  x::replica_groups twice;
  std::vector<int> ids;
  for (int r = 0; r < n; ++r) ids.push_back(r);
  ids.back() = 0;
  twice.add_group(ids.data(), n);
  CHECK(x::all_gather<0, 2>(a, comm, twice).status == x::collective_status::bad_replica_groups);
  const x::replica_groups missing{{0}};
  CHECK(x::collective_broadcast(a, comm, missing).status == x::collective_status::bad_replica_groups);
  // A shard count that is not the group size.
  auto g3 = x::all_gather<0, 5>(a, comm);
  CHECK(g3.status == x::collective_status::group_size_mismatch);
  CHECK(g3.value(19) == 0.0f);
  CHECK(x::reduce_scatter<0, 4>(a, x::add_op, comm, x::replica_groups{{0}, {1}}).status ==
        (n == 2 ? x::collective_status::group_size_mismatch : x::collective_status::bad_replica_groups));
  CHECK(x::all_to_all<0, 0, 1>(a, comm).status == x::collective_status::group_size_mismatch);
  // Groups of unequal size: fine for all_reduce, not for all_gather.
  if (n == 3) {
    const x::replica_groups uneven{{0, 2}, {1}};
    auto u = x::all_reduce(a, x::add_op, comm, uneven);
    CHECK(u.ok());
    CHECK(u.value(0) == (me == 1 ? 1.0f : 2.0f));
    CHECK(x::all_gather<0, 2>(a, comm, uneven).status == x::collective_status::group_size_mismatch);
  }
  // Pairs: a target twice, an id out of range.
  CHECK(x::collective_permute(a, comm, x::source_target_pairs{{0, 1}, {1, 1}}).status == x::collective_status::bad_pairs);
  CHECK(x::collective_permute(a, comm, x::source_target_pairs{{-1, 0}}).status == x::collective_status::bad_pairs);
  // Send to itself or nobody, a negative channel.
  CHECK(x::send(a, x::token{}, comm, me, 0).status == x::collective_status::bad_peer);
  CHECK(x::send(a, x::token{}, comm, n, 0).status == x::collective_status::bad_peer);
  CHECK(x::send(a, x::token{}, comm, (me + 1) % n, -1).status == x::collective_status::bad_channel);
  auto bad = x::recv<"f32[4]">(x::token{}, comm, -1, 0);
  CHECK(bad.status == x::collective_status::bad_peer);
  CHECK(bad.value(3) == 0.0f);
}

}  // namespace collective_cases

#endif  // SXLA_TESTS_DIST_COLLECTIVE_CASES_HPP
