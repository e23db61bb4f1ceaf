// sxla/dist/collective_reduce.hpp: XLA's CollectiveReduce, a reduction across the
// replicas of each group whose result XLA writes only to the group's root (NCCL's reduce):
//
//   auto r = x::collective_reduce(a, x::add_op, comm);                         // root: member 0
//   auto r = x::collective_reduce(a, x::add_op, comm, x::collective_root{1}, groups);
//
// The operand, computation and options are all_reduce's (dist/collectives.hpp): an array
// or a std::tuple of them, a built-in monoid or a callable T(T, T) applied in group order,
// x::replica_groups and x::channel_id; plus x::collective_root{k}, the root's position in
// its group (XLA's default 0, or the value of its dynamic root operand). The result on the
// root is the reduction of the group's operands. On the other members XLA leaves it
// undefined; sxla gives them the same value (it runs an all-reduce, so that every replica
// returns a defined value, at the price of the broadcast back). A root outside [0, group
// size) is the status bad_root on every member, with a zero value (XLA: a run-time error).
#ifndef SXLA_DIST_COLLECTIVE_REDUCE_HPP
#define SXLA_DIST_COLLECTIVE_REDUCE_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/dist/collectives.hpp"     // collective_root, detail::all_reduce_as, options_of
#include "sxla/dist/replica_groups.hpp"  // collective_status, replica_groups, locate

namespace sxla {

// CollectiveReduce(operand, computation, replica_groups, channel_id, root): see the top.
// all_reduce's checks and exchange (named as this op), after the root's: a root outside
// the group is known to every member without a message, so none takes part.
template <class A, class F, class C, class... O>
auto collective_reduce(const A& a, const F& f, const C& comm, const O&... opts) {
  using R = decltype(detail::all_reduce_as<hlo::collective_reduce>(a, f, comm, opts...));
  if constexpr (!std::is_same_v<R, detail::rejected>) {
    const detail::collective_options o = detail::options_of<hlo::collective_reduce>(opts...);
    const group_place p = locate(*o.groups, comm.replica_count(), comm.replica_id());
    if (p.status == collective_status::ok && (o.root < 0 || o.root >= p.size))
      return R(decltype(std::declval<R&>().value){}, collective_status::bad_root);
  }
  return detail::all_reduce_as<hlo::collective_reduce>(a, f, comm, opts...);
}

}  // namespace sxla

#endif  // SXLA_DIST_COLLECTIVE_REDUCE_HPP
