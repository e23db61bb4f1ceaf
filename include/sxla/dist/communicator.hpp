// sxla/dist/communicator.hpp: the communicator concept, what the collectives
// (dist/collectives.hpp) and send/recv (dist/send_recv.hpp) run on. A communicator is
// one replica's handle on a set of replicas; it moves contiguous, row-major buffers of
// one element type and knows nothing of shapes. Two models: x::thread_replica
// (dist/thread_communicator.hpp, one replica per thread of a process) and
// x::mpi_communicator (dist/mpi_communicator.hpp via <sxla/mpi.hpp>, one per MPI rank).
//
// What a model provides (T an element type, n elements per block, g the caller's groups
// and p this replica's place in them, already validated; every call returns a
// collective_status):
//   replica_count(), replica_id()
//   all_reduce(in, out, n, f, g, p, ch)       out = in_0 f in_1 f ... over the group
//   all_gather(in, out, n, g, p, ch)          out = the members' in, in group order
//   reduce_scatter(in, out, n, f, g, p, ch)   in holds size blocks; out = reduction of block position
//   all_to_all(in, out, n, g, p, ch)          block j of in to member j; out block j from member j
//   broadcast(in, out, n, g, p, ch)           out = in of the group's first member
//   permute(in, out, n, pairs, pp, ch)        out = in of pp.source (zeros when none)
//   send(in, n, peer, ch) / recv(out, n, peer, ch)
// A user computation f is any callable T(T, T); the built-in ones (x::add_op, ...) may
// map onto the transport's own operations.
#ifndef SXLA_DIST_COMMUNICATOR_HPP
#define SXLA_DIST_COMMUNICATOR_HPP

#include <concepts>
#include <cstddef>
#include <type_traits>

#include "sxla/dist/replica_groups.hpp"  // collective_status

namespace sxla {

template <class C>
concept communicator = requires(const C& c) {
  typename std::remove_cvref_t<C>::communicator_tag;
  { c.replica_count() } -> std::same_as<int>;
  { c.replica_id() } -> std::same_as<int>;
};

namespace detail {
// out[i] = f(a[i], b[i]) for i < n (out may be a or b).
template <class T, class F>
inline void combine(T* out, const T* a, const T* b, std::size_t n, const F& f) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<T>(f(a[i], b[i]));
}
}  // namespace detail

}  // namespace sxla

#endif  // SXLA_DIST_COMMUNICATOR_HPP
