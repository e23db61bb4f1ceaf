// sxla/dist/collectives.hpp: XLA's collective ops over any communicator
// (dist/communicator.hpp): AllReduce, CrossReplicaSum, AllGather, ReduceScatter,
// AllToAll, CollectivePermute, CollectiveBroadcast, ReplicaId and PartitionId.
//
//   auto [sum, st] = x::all_reduce(a, x::add_op, comm);            // x::collective_result
//   auto g = x::all_gather<0, 2>(a, comm, x::replica_groups{{0, 2}, {1, 3}});
//   auto s = x::reduce_scatter<0, 4>(a, x::add_op, comm, x::channel_id{7});
//   auto t = x::all_to_all<1, 0, 4>(a, comm);
//   auto p = x::collective_permute(a, comm, x::source_target_pairs{{0, 1}, {1, 0}});
//
// The operand is an array (a tensor in any layout, a view, a lazy expression, a number)
// or, for all_reduce and reduce_scatter, a std::tuple of them (each element reduced on
// its own, the statuses joined: the first that is not ok). A tensor already in the
// default (row-major, unpadded) layout is sent from its own storage; anything else is
// evaluated once into a row-major temporary first. Results are tensors in the default
// layout, built in place. Optional trailing arguments, in any order: x::replica_groups
// (default: one group of all replicas in id order) and x::channel_id. The computation is
// a built-in monoid (x::add_op, mul_op, max_op, min_op, and_op, or_op, xor_op) or any
// callable T(T, T); a user computation is applied in group order. Shape misuse is a
// compile error naming the op and the shape; groups, sizes and transport failures are a
// returned x::collective_status (never an exception), with a zero value.
#ifndef SXLA_DIST_COLLECTIVES_HPP
#define SXLA_DIST_COLLECTIVES_HPP

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/control/value.hpp"        // value_like, value_t, is_tensor, is_std_tuple
#include "sxla/core/diagnostics.hpp"     // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"    // element
#include "sxla/dist/communicator.hpp"    // communicator
#include "sxla/dist/replica_groups.hpp"  // replica_groups, channel_id, collective_status, locate
#include "sxla/expr/expression.hpp"      // logical_spec, expression
#include "sxla/ops/arithmetic.hpp"       // add_op
#include "sxla/tensor/storage_array.hpp" // storage_array
#include "sxla/tensor/tensor.hpp"        // tensor, uninitialized

namespace sxla {

namespace hlo {
struct all_reduce;
struct all_gather;
struct reduce_scatter;
struct all_to_all;
struct collective_permute;
struct collective_broadcast;
struct replica_id;
struct partition_id;
struct collective_reduce;
}  // namespace hlo

// The root of a collective_reduce (dist/collective_reduce.hpp): its position in its
// replica group.
struct collective_root {
  int position = 0;
};

// A collective's answer: the value (zero unless ok) and the status.
template <class V>
struct collective_result {
  V value;
  collective_status status = collective_status::ok;

  constexpr collective_result(V v, collective_status s = collective_status::ok) noexcept  // NOLINT: implicit
      : value(static_cast<V&&>(v)), status(s) {}
  // The value's storage left uninitialised, for the op to write (an array result). Not
  // an aggregate: aggregate initialisation zeroes the whole object first with g++ 12.
  explicit collective_result(uninitialized_t) noexcept : value(uninitialized) {}
  constexpr bool ok() const noexcept { return status == collective_status::ok; }
};

namespace detail {

// ---- operands ------------------------------------------------------------------

// The row-major, unpadded tensor of A's value (an array).
template <class A>
using dense_t = tensor<logical_spec(value_t<A>::spec.element_type, value_t<A>::spec.dimensions)>;

// A's elements in row-major order: A's own storage when it is already such a tensor,
// else a temporary evaluated once.
template <class A, class D = dense_t<A>, bool Direct = std::is_same_v<std::remove_cvref_t<A>, D>>
struct dense_operand {
  const D& t;
  explicit dense_operand(const A& a) noexcept : t(a) {}
  const typename D::value_type* data() const noexcept { return t.data(); }
};
template <class A, class D>
struct dense_operand<A, D, false> {
  D t;
  static D make(const A& a) noexcept {
    using U = std::remove_cvref_t<A>;
    if constexpr (element<U>) {
      return D(static_cast<typename D::value_type>(a));
    } else if constexpr (storage_array<U> || expression<U>) {
      return D(a);
    } else {
      return D(to_value(a));
    }
  }
  explicit dense_operand(const A& a) noexcept : t(make(a)) {}
  const typename D::value_type* data() const noexcept { return t.data(); }
};

template <class A>
inline constexpr bool is_array_operand = value_like<A> && is_tensor<value_t<A>>::value;

// A row-major array seen as [outer, middle, inner] around dimension d (middle = its size).
struct split3 {
  std::size_t outer = 1;
  std::size_t middle = 1;
  std::size_t inner = 1;
};
template <class V>
consteval split3 split_at(std::size_t d) {
  split3 s;
  const auto& dims = V::spec.dimensions;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    const auto n = static_cast<std::size_t>(dims[i]);
    if (i < d) s.outer *= n;
    else if (i == d) s.middle = n;
    else s.inner *= n;
  }
  return s;
}

// [outer, k, rest] -> [k, outer, rest] (pack) and back (unpack), k blocks of `rest`.
template <class T>
void blocks_to_front(const T* in, T* out, std::size_t outer, std::size_t k, std::size_t rest) noexcept {
  for (std::size_t b = 0; b < k; ++b)
    for (std::size_t o = 0; o < outer; ++o) std::memcpy(out + (b * outer + o) * rest, in + (o * k + b) * rest, rest * sizeof(T));
}
template <class T>
void blocks_from_front(const T* in, T* out, std::size_t outer, std::size_t k, std::size_t rest) noexcept {
  for (std::size_t b = 0; b < k; ++b)
    for (std::size_t o = 0; o < outer; ++o) std::memcpy(out + (o * k + b) * rest, in + (b * outer + o) * rest, rest * sizeof(T));
}

// ---- options ---------------------------------------------------------------------

inline constexpr replica_groups no_replica_groups{};

struct collective_options {
  const replica_groups* groups = &no_replica_groups;
  channel_id channel{};
  int root = 0;  // collective_reduce's alone
};

template <class Op, class... O>
constexpr collective_options options_of(const O&... o) noexcept {
  collective_options r;
  (
      [&] {
        if constexpr (std::is_same_v<O, replica_groups>) {
          r.groups = &o;
        } else if constexpr (std::is_same_v<O, channel_id>) {
          r.channel = o;
        } else if constexpr (std::is_same_v<O, collective_root> && std::is_same_v<Op, hlo::collective_reduce>) {
          r.root = o.position;
        } else {
          SXLA_DIAGNOSE(Op, "{} is not an option of a collective (x::replica_groups, x::channel_id)", (O), ());
        }
      }(),
      ...);
  return r;
}

// ---- checks ----------------------------------------------------------------------

// Each check is a predicate and a report: the op tests the predicate and, when it fails,
// calls the report (one compile error naming the op and the shape) and goes no further.
template <class A>
inline constexpr bool array_ok = is_array_operand<A>;
template <class Op, class A>
constexpr void report_array() {
  SXLA_DIAGNOSE(Op, "{} is not an array (a tensor, view, expression or number)", (std::remove_cvref_t<A>), ());
}

template <class F, class T>
consteval bool builtin_accepts() {
  if constexpr (requires { F::template accepts<T>; }) {
    return F::template accepts<T>;
  } else {
    return true;
  }
}
template <class F, class T>
consteval bool collective_computation_ok() {
  if constexpr (!builtin_accepts<F, T>() || !std::is_invocable_v<const F&, T, T>) {
    return false;
  } else {
    return std::is_convertible_v<std::invoke_result_t<const F&, T, T>, T>;
  }
}
template <class Op, class F, class V>
constexpr void report_collective_computation() {
  using T = typename V::value_type;
  if constexpr (!builtin_accepts<F, T>() || !std::is_invocable_v<const F&, T, T>) {
    SXLA_DIAGNOSE(Op, "{}: the computation cannot be called with two of its elements", (V), ());
  } else {
    SXLA_DIAGNOSE(Op, "{}: the computation's result does not convert to its element type", (V), ());
  }
}

template <class V, std::size_t Dim, std::int64_t Count, bool Divides>
consteval bool dimension_ok() {
  if constexpr (Dim >= V::rank || Count < 1) {
    return false;
  } else {
    return !Divides || V::spec.dimensions[Dim] % Count == 0;
  }
}
template <class Op, class V, std::size_t Dim, std::int64_t Count, bool Divides>
constexpr void report_dimension() {
  constexpr std::size_t r = V::rank;
  if constexpr (Dim >= r) {
    SXLA_DIAGNOSE(Op, "{}: dimension {} is not a dimension of the operand (rank {})", (V), (Dim, r));
  } else if constexpr (Count < 1) {
    SXLA_DIAGNOSE(Op, "{}: the shard count is {}; it must be at least 1", (V), (Count));
  } else {
    SXLA_DIAGNOSE(Op, "{}: dimension {} (size {}) does not split into {} equal blocks", (V), (Dim, V::spec.dimensions[Dim], Count));
  }
}

template <class C>
inline constexpr bool communicator_ok = communicator<std::remove_cvref_t<C>>;
template <class Op, class C>
constexpr void report_communicator() {
  SXLA_DIAGNOSE(Op, "{} is not a communicator (x::thread_replica, x::mpi_communicator)", (std::remove_cvref_t<C>), ());
}

// What an op whose operands failed a check returns (the error is already reported).
struct rejected {};

inline collective_status first_failure(collective_status a, collective_status b) noexcept {
  return a != collective_status::ok ? a : b;
}

// The dims of V with dimension d multiplied (Mul) or divided by k.
template <class V, std::size_t D, std::int64_t K, bool Mul>
consteval shape_spec scaled_spec() {
  auto dims = V::spec.dimensions;
  dims[D] = Mul ? dims[D] * K : dims[D] / K;
  return logical_spec(V::spec.element_type, dims);
}

// ---- the array forms -------------------------------------------------------------

template <class A, class F, class C>
auto all_reduce_array(const A& a, const F& f, const C& comm, const collective_options& o) {
  using D = dense_t<A>;
  collective_result<D> r(uninitialized);
  const group_place p = locate(*o.groups, comm.replica_count(), comm.replica_id());
  if (p.status != collective_status::ok) {
    r.status = p.status;
    r.value = D{};
    return r;
  }
  const dense_operand<A> in(a);
  r.status = comm.all_reduce(in.data(), r.value.data(), static_cast<std::size_t>(D::storage_count), f, *o.groups, p,
                             o.channel);
  return r;
}

template <class A, std::size_t Dim, std::int64_t Count, class F, class C>
auto reduce_scatter_array(const A& a, const F& f, const C& comm, const collective_options& o) {
  using V = dense_t<A>;
  using R = tensor<scaled_spec<V, Dim, Count, false>()>;
  collective_result<R> r(uninitialized);
  const group_place p = locate(*o.groups, comm.replica_count(), comm.replica_id());
  r.status = p.status;
  if (r.status == collective_status::ok && (!p.equal_sizes || p.size != Count))
    r.status = collective_status::group_size_mismatch;
  if (r.status != collective_status::ok) {
    r.value = R{};
    return r;
  }
  constexpr split3 s = split_at<V>(Dim);
  constexpr std::size_t block = static_cast<std::size_t>(R::storage_count);
  const dense_operand<A> in(a);
  if constexpr (s.outer == 1) {
    r.status = comm.reduce_scatter(in.data(), r.value.data(), block, f, *o.groups, p, o.channel);
  } else {
    V packed(uninitialized);
    blocks_to_front(in.data(), packed.data(), s.outer, static_cast<std::size_t>(Count), s.middle / Count * s.inner);
    r.status = comm.reduce_scatter(packed.data(), r.value.data(), block, f, *o.groups, p, o.channel);
  }
  return r;
}

template <class Tuple, class Each, std::size_t... I>
auto each_element(const Tuple& t, Each&& each, std::index_sequence<I...>) {
  auto parts = std::make_tuple(each(std::get<I>(t))...);
  using V = std::tuple<decltype(std::get<I>(parts).value)...>;
  collective_result<V> r(V(std::move(std::get<I>(parts).value)...));
  ((r.status = first_failure(r.status, std::get<I>(parts).status)), ...);
  return r;
}

// AllReduce's checks and run, its misuse named as Op (all_reduce, or an op built on it:
// collective_reduce).
template <class Op, class A, class F, class C, class... O>
auto all_reduce_as(const A& a, const F& f, const C& comm, const O&... opts) {
  using U = std::remove_cvref_t<A>;
  if constexpr (!communicator_ok<C>) {
    report_communicator<Op, C>();
    return rejected{};
  } else if constexpr (is_std_tuple<U>::value) {
    return each_element(a, [&](const auto& e) { return all_reduce_as<Op>(e, f, comm, opts...); },
                        std::make_index_sequence<std::tuple_size_v<U>>{});
  } else if constexpr (!array_ok<A>) {
    report_array<Op, A>();
    return rejected{};
  } else if constexpr (!collective_computation_ok<F, typename value_t<A>::value_type>()) {
    report_collective_computation<Op, F, dense_t<A>>();
    return rejected{};
  } else {
    return all_reduce_array(a, f, comm, options_of<Op>(opts...));
  }
}

}  // namespace detail

// AllReduce(operand, computation, replica_groups, channel_id).
template <class A, class F, class C, class... O>
auto all_reduce(const A& a, const F& f, const C& comm, const O&... opts) {
  return detail::all_reduce_as<hlo::all_reduce>(a, f, comm, opts...);
}

// CrossReplicaSum: AllReduce with an add computation.
template <class A, class C, class... O>
auto cross_replica_sum(const A& a, const C& comm, const O&... opts) {
  return sxla::all_reduce(a, add_op, comm, opts...);
}

// ReduceScatter(operand, computation, scatter_dimension, shard_count, replica_groups, channel_id).
template <std::size_t Dim, std::int64_t ShardCount, class A, class F, class C, class... O>
auto reduce_scatter(const A& a, const F& f, const C& comm, const O&... opts) {
  using U = std::remove_cvref_t<A>;
  if constexpr (!detail::communicator_ok<C>) {
    detail::report_communicator<hlo::reduce_scatter, C>();
    return detail::rejected{};
  } else if constexpr (detail::is_std_tuple<U>::value) {
    return detail::each_element(a, [&](const auto& e) { return sxla::reduce_scatter<Dim, ShardCount>(e, f, comm, opts...); },
                                std::make_index_sequence<std::tuple_size_v<U>>{});
  } else if constexpr (!detail::array_ok<A>) {
    detail::report_array<hlo::reduce_scatter, A>();
    return detail::rejected{};
  } else if constexpr (!detail::dimension_ok<detail::dense_t<A>, Dim, ShardCount, true>()) {
    detail::report_dimension<hlo::reduce_scatter, detail::dense_t<A>, Dim, ShardCount, true>();
    return detail::rejected{};
  } else if constexpr (!detail::collective_computation_ok<F, typename value_t<A>::value_type>()) {
    detail::report_collective_computation<hlo::reduce_scatter, F, detail::dense_t<A>>();
    return detail::rejected{};
  } else {
    return detail::reduce_scatter_array<A, Dim, ShardCount>(a, f, comm, detail::options_of<hlo::reduce_scatter>(opts...));
  }
}

namespace detail {
template <std::size_t Dim, std::int64_t ShardCount, class A, class C>
auto all_gather_array(const A& a, const C& comm, const collective_options& o) {
  using V = dense_t<A>;
  using R = tensor<scaled_spec<V, Dim, ShardCount, true>()>;
  collective_result<R> r(uninitialized);
  const group_place p = locate(*o.groups, comm.replica_count(), comm.replica_id());
  r.status = p.status;
  if (r.status == collective_status::ok && (!p.equal_sizes || p.size != ShardCount))
    r.status = collective_status::group_size_mismatch;
  if (r.status != collective_status::ok) {
    r.value = R{};
    return r;
  }
  constexpr split3 s = split_at<V>(Dim);
  constexpr std::size_t n = static_cast<std::size_t>(V::storage_count);
  const dense_operand<A> in(a);
  if constexpr (s.outer == 1) {
    r.status = comm.all_gather(in.data(), r.value.data(), n, *o.groups, p, o.channel);
  } else {
    R gathered(uninitialized);
    r.status = comm.all_gather(in.data(), gathered.data(), n, *o.groups, p, o.channel);
    blocks_from_front(gathered.data(), r.value.data(), s.outer, static_cast<std::size_t>(ShardCount), s.middle * s.inner);
  }
  return r;
}

template <std::size_t SplitDim, std::size_t ConcatDim, std::int64_t SplitCount, class A, class C>
auto all_to_all_array(const A& a, const C& comm, const collective_options& o) {
  using V = dense_t<A>;
  using B = tensor<scaled_spec<V, SplitDim, SplitCount, false>()>;  // one block
  using R = tensor<scaled_spec<B, ConcatDim, SplitCount, true>()>;
  collective_result<R> r(uninitialized);
  const group_place p = locate(*o.groups, comm.replica_count(), comm.replica_id());
  r.status = p.status;
  if (r.status == collective_status::ok && (!p.equal_sizes || p.size != SplitCount))
    r.status = collective_status::group_size_mismatch;
  if (r.status != collective_status::ok) {
    r.value = R{};
    return r;
  }
  constexpr std::size_t k = static_cast<std::size_t>(SplitCount);
  constexpr split3 s = split_at<V>(SplitDim);
  constexpr split3 c = split_at<B>(ConcatDim);
  constexpr std::size_t block = static_cast<std::size_t>(B::storage_count);
  // The group's size is SplitCount here; said as a constant, so that the compiler sees
  // the communicator write k blocks (g++ 12 -O3 otherwise warns of writes past the result).
  group_place place = p;
  place.size = static_cast<int>(SplitCount);
  const dense_operand<A> in(a);
  const typename V::value_type* send = in.data();
  V packed(uninitialized);
  if constexpr (s.outer != 1) {
    blocks_to_front(in.data(), packed.data(), s.outer, k, s.middle / k * s.inner);
    send = packed.data();
  }
  if constexpr (c.outer == 1) {
    r.status = comm.all_to_all(send, r.value.data(), block, *o.groups, place, o.channel);
  } else {
    R received(uninitialized);
    r.status = comm.all_to_all(send, received.data(), block, *o.groups, place, o.channel);
    blocks_from_front(received.data(), r.value.data(), c.outer, k, c.middle * c.inner);
  }
  return r;
}

template <class A, class C>
auto permute_array(const A& a, const C& comm, const source_target_pairs& pairs, const collective_options& o) {
  using D = dense_t<A>;
  collective_result<D> r(uninitialized);
  r.status = check_pairs(pairs, comm.replica_count());
  if (r.status != collective_status::ok) {
    r.value = D{};
    return r;
  }
  const dense_operand<A> in(a);
  r.status = comm.permute(in.data(), r.value.data(), static_cast<std::size_t>(D::storage_count), pairs,
                          locate(pairs, comm.replica_id()), o.channel);
  return r;
}

template <class A, class C>
auto broadcast_array(const A& a, const C& comm, const collective_options& o) {
  using D = dense_t<A>;
  collective_result<D> r(uninitialized);
  const group_place p = locate(*o.groups, comm.replica_count(), comm.replica_id());
  r.status = p.status;
  if (r.status != collective_status::ok) {
    r.value = D{};
    return r;
  }
  const dense_operand<A> in(a);
  r.status = comm.broadcast(in.data(), r.value.data(), static_cast<std::size_t>(D::storage_count), *o.groups, p,
                            o.channel);
  return r;
}
}  // namespace detail

// AllGather(operand, all_gather_dim, shard_count, replica_groups, channel_id).
template <std::size_t Dim, std::int64_t ShardCount, class A, class C, class... O>
auto all_gather(const A& a, const C& comm, const O&... opts) {
  if constexpr (!detail::communicator_ok<C>) {
    detail::report_communicator<hlo::all_gather, C>();
    return detail::rejected{};
  } else if constexpr (!detail::array_ok<A>) {
    detail::report_array<hlo::all_gather, A>();
    return detail::rejected{};
  } else if constexpr (!detail::dimension_ok<detail::dense_t<A>, Dim, ShardCount, false>()) {
    detail::report_dimension<hlo::all_gather, detail::dense_t<A>, Dim, ShardCount, false>();
    return detail::rejected{};
  } else {
    return detail::all_gather_array<Dim, ShardCount>(a, comm, detail::options_of<hlo::all_gather>(opts...));
  }
}

// AllToAll(operand, split_dimension, concat_dimension, split_count, replica_groups).
template <std::size_t SplitDim, std::size_t ConcatDim, std::int64_t SplitCount, class A, class C, class... O>
auto all_to_all(const A& a, const C& comm, const O&... opts) {
  if constexpr (!detail::communicator_ok<C>) {
    detail::report_communicator<hlo::all_to_all, C>();
    return detail::rejected{};
  } else if constexpr (!detail::array_ok<A>) {
    detail::report_array<hlo::all_to_all, A>();
    return detail::rejected{};
  } else if constexpr (!detail::dimension_ok<detail::dense_t<A>, SplitDim, SplitCount, true>()) {
    detail::report_dimension<hlo::all_to_all, detail::dense_t<A>, SplitDim, SplitCount, true>();
    return detail::rejected{};
  } else if constexpr (!detail::dimension_ok<detail::dense_t<A>, ConcatDim, SplitCount, false>()) {
    detail::report_dimension<hlo::all_to_all, detail::dense_t<A>, ConcatDim, SplitCount, false>();
    return detail::rejected{};
  } else {
    return detail::all_to_all_array<SplitDim, ConcatDim, SplitCount>(a, comm, detail::options_of<hlo::all_to_all>(opts...));
  }
}

// CollectivePermute(operand, source_target_pairs): replicas that are no pair's target get zeros.
template <class A, class C, class... O>
auto collective_permute(const A& a, const C& comm, const source_target_pairs& pairs, const O&... opts) {
  if constexpr (!detail::communicator_ok<C>) {
    detail::report_communicator<hlo::collective_permute, C>();
    return detail::rejected{};
  } else if constexpr (!detail::array_ok<A>) {
    detail::report_array<hlo::collective_permute, A>();
    return detail::rejected{};
  } else {
    return detail::permute_array(a, comm, pairs, detail::options_of<hlo::collective_permute>(opts...));
  }
}

// CollectiveBroadcast: every member of a group gets the operand of the group's first member.
template <class A, class C, class... O>
auto collective_broadcast(const A& a, const C& comm, const O&... opts) {
  if constexpr (!detail::communicator_ok<C>) {
    detail::report_communicator<hlo::collective_broadcast, C>();
    return detail::rejected{};
  } else if constexpr (!detail::array_ok<A>) {
    detail::report_array<hlo::collective_broadcast, A>();
    return detail::rejected{};
  } else {
    return detail::broadcast_array(a, comm, detail::options_of<hlo::collective_broadcast>(opts...));
  }
}

// ReplicaId: this replica's id, a u32 scalar.
template <class C>
tensor<"u32[]"> replica_id(const C& comm) noexcept {
  if constexpr (!detail::communicator_ok<C>) detail::report_communicator<hlo::replica_id, C>();
  return tensor<"u32[]">(static_cast<std::uint32_t>(comm.replica_id()));
}

// PartitionId: this program's partition, a u32 scalar. sxla runs every rank of a
// communicator as a replica of one partition (XLA's num_partitions = 1): 0, unless the
// communicator has partitions of its own (a member partition_id() returning int).
template <class C>
tensor<"u32[]"> partition_id(const C& comm) noexcept {
  if constexpr (!detail::communicator_ok<C>) detail::report_communicator<hlo::partition_id, C>();
  if constexpr (requires {
                  { comm.partition_id() } -> std::same_as<int>;
                }) {
    return tensor<"u32[]">(static_cast<std::uint32_t>(comm.partition_id()));
  } else {
    return tensor<"u32[]">(std::uint32_t{0});
  }
}

}  // namespace sxla

#endif  // SXLA_DIST_COLLECTIVES_HPP
