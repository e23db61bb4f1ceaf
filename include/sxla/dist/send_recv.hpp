// sxla/dist/send_recv.hpp: XLA's Send and Recv between two replicas, ordered by tokens.
//
//   x::token t1 = x::send(a, tok, comm, /*peer=*/1, /*channel=*/5);          // x::send_result
//   auto [v, t2, st] = x::recv<"f32[4]">(tok, comm, /*peer=*/0, /*channel=*/5); // x::recv_result
//
// A send and a recv match when each names the other's replica and both name the same
// channel. Both are synchronous, as XLA's client API: send returns once its data is
// safely away (MPI: MPI_Send; in-process: the receiver has copied it), recv once the
// data is in the value. A matching pair on two replicas never deadlocks, whichever
// replica arrives first. As in XLA, a cycle (two replicas that each send before they
// receive) may wait forever: exchange data with collective_permute. The array sent is
// evaluated once into row-major order, as which it travels; recv's shape string names
// the array received, in the layout it gives. Errors are a returned status (the value is then zero): bad_peer (not a
// replica, or itself), bad_channel (negative, or above the transport's tag limit), size_mismatch, transport_error.
#ifndef SXLA_DIST_SEND_RECV_HPP
#define SXLA_DIST_SEND_RECV_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sxla/control/token.hpp"          // token
#include "sxla/dist/collectives.hpp"       // detail::dense_operand, detail::dense_t, detail::array_ok
#include "sxla/dist/communicator.hpp"      // communicator
#include "sxla/dist/replica_groups.hpp"    // collective_status
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/shape/shape_spec.hpp"       // shape_spec
#include "sxla/tensor/tensor.hpp"          // tensor

namespace sxla {

namespace hlo {
struct send;
struct recv;
}  // namespace hlo

struct send_result {
  sxla::token token;
  collective_status status = collective_status::ok;
  constexpr bool ok() const noexcept { return status == collective_status::ok; }
  constexpr operator sxla::token() const noexcept { return token; }  // NOLINT: threads on as a token
};

template <class V>
struct recv_result {
  V value;
  sxla::token token;
  collective_status status = collective_status::ok;

  constexpr recv_result(V v, sxla::token t, collective_status s) noexcept
      : value(static_cast<V&&>(v)), token(t), status(s) {}
  // The value's storage left uninitialised for recv to write (see collective_result).
  explicit recv_result(uninitialized_t) noexcept : value(uninitialized) {}
  constexpr bool ok() const noexcept { return status == collective_status::ok; }
};

namespace detail {
template <class C>
collective_status check_peer(const C& comm, int peer, std::int64_t channel) noexcept {
  if (peer < 0 || peer >= comm.replica_count() || peer == comm.replica_id()) return collective_status::bad_peer;
  return channel < 0 ? collective_status::bad_channel : collective_status::ok;
}
}  // namespace detail

// Send(operand, channel) to replica `peer`.
template <class A, class C>
send_result send(const A& a, token, const C& comm, int peer, std::int64_t channel) {
  send_result r;
  if constexpr (!detail::communicator_ok<C>) {
    detail::report_communicator<hlo::send, C>();
    return r;
  } else if constexpr (!detail::array_ok<A>) {
    detail::report_array<hlo::send, A>();
    return r;
  } else {
    r.status = detail::check_peer(comm, peer, channel);
    if (r.status != collective_status::ok) return r;
    const detail::dense_operand<A> in(a);
    r.status = comm.send(in.data(), static_cast<std::size_t>(detail::dense_t<A>::storage_count), peer, channel);
    return r;
  }
}

// Recv(shape, channel) from replica `peer`: an array of S's shape, in S's layout.
template <shape_spec S, class C>
recv_result<tensor<S>> recv(token, const C& comm, int peer, std::int64_t channel) {
  if constexpr (!detail::communicator_ok<C>) detail::report_communicator<hlo::recv, C>();
  using V = tensor<S>;
  using D = tensor<logical_spec(S.element_type, S.dimensions)>;  // as it travels: row-major
  recv_result<D> r(uninitialized);
  r.status = detail::check_peer(comm, peer, channel);
  if (r.status == collective_status::ok)
    r.status = comm.recv(r.value.data(), static_cast<std::size_t>(D::storage_count), peer, channel);
  if (r.status != collective_status::ok) r.value = D{};
  if constexpr (std::is_same_v<V, D>) {
    return r;
  } else {
    return recv_result<V>(V(r.value), r.token, r.status);
  }
}

}  // namespace sxla

#endif  // SXLA_DIST_SEND_RECV_HPP
