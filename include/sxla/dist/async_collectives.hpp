// sxla/dist/async_collectives.hpp: XLA's asynchronous collective pairs as synchronous
// ops: AllReduceStart / AllReduceDone, AllGatherStart / AllGatherDone and
// CollectivePermuteStart / CollectivePermuteDone.
//
//   auto h = x::all_reduce_start(a, x::add_op, comm);    // the whole all_reduce, now
//   auto [sum, st] = x::all_reduce_done(h);              // its x::collective_result
//
// The start takes what the collective takes (dist/collectives.hpp) and runs it; the done
// returns its result from the x::async_handle (control/async.hpp). XLA's scheduler
// overlaps the pair with the work between; sxla's pairs give XLA's values without the
// overlap (a rank waits in the start, as in the collective).
#ifndef SXLA_DIST_ASYNC_COLLECTIVES_HPP
#define SXLA_DIST_ASYNC_COLLECTIVES_HPP

#include <cstddef>
#include <cstdint>

#include "sxla/control/async.hpp"      // async_handle, detail::async_done_fn
#include "sxla/dist/collectives.hpp"   // all_reduce, all_gather, collective_permute
#include "sxla/dist/replica_groups.hpp"  // source_target_pairs

namespace sxla {

template <class A, class F, class C, class... O>
auto all_reduce_start(const A& a, const F& f, const C& comm, const O&... opts) {
  using R = decltype(all_reduce(a, f, comm, opts...));
  return async_handle<R>{all_reduce(a, f, comm, opts...)};
}
inline constexpr detail::async_done_fn all_reduce_done{};

template <std::size_t Dim, std::int64_t ShardCount, class A, class C, class... O>
auto all_gather_start(const A& a, const C& comm, const O&... opts) {
  using R = decltype(all_gather<Dim, ShardCount>(a, comm, opts...));
  return async_handle<R>{all_gather<Dim, ShardCount>(a, comm, opts...)};
}
inline constexpr detail::async_done_fn all_gather_done{};

template <class A, class C, class... O>
auto collective_permute_start(const A& a, const C& comm, const source_target_pairs& pairs, const O&... opts) {
  using R = decltype(collective_permute(a, comm, pairs, opts...));
  return async_handle<R>{collective_permute(a, comm, pairs, opts...)};
}
inline constexpr detail::async_done_fn collective_permute_done{};

}  // namespace sxla

#endif  // SXLA_DIST_ASYNC_COLLECTIVES_HPP
