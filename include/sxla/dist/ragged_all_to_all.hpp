// sxla/dist/ragged_all_to_all.hpp: XLA's RaggedAllToAll, an all-to-all of row ranges of
// any sizes (mixture-of-experts token dispatch):
//
//   auto r = x::ragged_all_to_all(input, output, input_offsets, send_sizes, output_offsets,
//                                 recv_sizes, comm);            // x::collective_result of output's type
//
// input [N, ...] and output [M, ...] have one element type and the same trailing
// dimensions; the four offset and size arrays have one shape (rank 1, or rank 2 read in
// row-major order) and one integer type, K entries with K a multiple of the group size P.
// Entry k = d * (K / P) + u describes update u to the group's member d: rows
// [input_offsets[k], input_offsets[k] + send_sizes[k]) of this replica's input go to rows
// [output_offsets[k], ...) of member d's result (output_offsets are in the receiver's
// output, as XLA's). recv_sizes[k] is the receiver's view: the rows member d sends this
// replica as its update u. The result starts as this replica's `output`; rows no update
// writes keep its values. XLA's operand order (HLO's), options as the other collectives'
// (x::replica_groups, x::channel_id).
//
// What XLA leaves undefined is defined here: an update whose rows fall outside the input
// or outside the receiver's output (a negative offset or size included) is not sent, and
// the sender's status is bad_offsets; a recv_sizes entry that disagrees with what its
// sender sends is size_mismatch on the receiver (the sender's rows are written);
// overlapping updates are written in a fixed order (later pairs of the schedule, then
// later updates, win); K not a multiple of P is bad_offsets on every member, with a zero
// value. Other failures are the other collectives' statuses, with a zero value.
//
// How it moves data: one all_to_all of the (offset, size) pairs, so each receiver knows
// what comes; then, in the rounds of a round-robin schedule (each member meets each other
// once, the lower position sending first), each update's rows go with one send and one
// recv from the input's storage straight into the result's. Nothing is packed or copied
// besides the output's initial copy; the scratch is 8K 64-bit integers in the frame
// (the four arrays read, the pairs sent and received).
#ifndef SXLA_DIST_RAGGED_ALL_TO_ALL_HPP
#define SXLA_DIST_RAGGED_ALL_TO_ALL_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"     // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"    // is_integral
#include "sxla/dist/collectives.hpp"     // collective_result, detail::dense_operand, options_of
#include "sxla/dist/replica_groups.hpp"  // collective_status, locate, member_id
#include "sxla/tensor/tensor.hpp"        // tensor, uninitialized

namespace sxla {

namespace hlo {
struct ragged_all_to_all;
}  // namespace hlo

namespace detail {

enum class ragged_all_to_all_error { none, not_arrays, rows, offsets };

template <class I, class O, class IO, class SS, class OO, class RS>
consteval ragged_all_to_all_error ragged_all_to_all_check() {
  if constexpr (!is_array_operand<I> || !is_array_operand<O> || !is_array_operand<IO> || !is_array_operand<SS> ||
                !is_array_operand<OO> || !is_array_operand<RS>) {
    return ragged_all_to_all_error::not_arrays;
  } else {
    using VI = dense_t<I>;
    using VO = dense_t<O>;
    constexpr auto si = VI::spec, so = VO::spec;
    bool rows = si.element_type == so.element_type && VI::rank >= 1 && VO::rank == VI::rank;
    for (std::size_t d = 1; rows && d < VI::rank; ++d) rows = si.dimensions[d] == so.dimensions[d];
    if (!rows) return ragged_all_to_all_error::rows;
    using A = dense_t<IO>;
    constexpr auto s = A::spec;
    const bool same = s == dense_t<SS>::spec && s == dense_t<OO>::spec && s == dense_t<RS>::spec;
    if (!same || (A::rank != 1 && A::rank != 2) || !is_integral(s.element_type)) return ragged_all_to_all_error::offsets;
    return ragged_all_to_all_error::none;
  }
}

template <class I, class O, class IO, class SS, class OO, class RS>
constexpr void report_ragged_all_to_all() {
  constexpr ragged_all_to_all_error e = ragged_all_to_all_check<I, O, IO, SS, OO, RS>();
  if constexpr (e == ragged_all_to_all_error::not_arrays) {
    SXLA_DIAGNOSE(hlo::ragged_all_to_all, "{}, {}, {}, {}, {} and {}: the input, output, offsets and sizes must be arrays",
                  (I, O, IO, SS, OO, RS), ());
  } else if constexpr (e == ragged_all_to_all_error::rows) {
    SXLA_DIAGNOSE(hlo::ragged_all_to_all,
                  "input {} and output {}: one element type and rank (at least 1), and the same dimensions after the first",
                  (dense_t<I>, dense_t<O>), ());
  } else {
    SXLA_DIAGNOSE(hlo::ragged_all_to_all,
                  "offsets and sizes {}, {}, {} and {}: one shape of rank 1 or 2 and one integer type",
                  (dense_t<IO>, dense_t<SS>, dense_t<OO>, dense_t<RS>), ());
  }
}

// The partner of position i in round k of a round-robin over n positions (n even; with an
// odd group the last position is a bye): -1 for none.
constexpr int round_robin_partner(int i, int k, int n, int members) noexcept {
  const int m = n - 1;
  int j;
  if (i == m) {
    j = static_cast<int>((static_cast<long long>(k) * ((m + 1) / 2)) % m);
  } else {
    j = ((k - i) % m + m) % m;
    if (j == i) j = m;
  }
  return j < members ? j : -1;
}

// An array's elements as 64-bit integers, in row-major order.
template <class A, std::size_t K>
void read_integers(const A& a, std::int64_t (&out)[K]) noexcept {
  const dense_operand<A> d(a);
  for (std::size_t k = 0; k < K; ++k) out[k] = static_cast<std::int64_t>(d.data()[k]);
}

}  // namespace detail

// RaggedAllToAll(input, output, input_offsets, send_sizes, output_offsets, recv_sizes,
// replica_groups, channel_id): see the top.
template <class I, class O, class IO, class SS, class OO, class RS, class C, class... Opt>
auto ragged_all_to_all(const I& input, const O& output, const IO& input_offsets, const SS& send_sizes,
                       const OO& output_offsets, const RS& recv_sizes, const C& comm, const Opt&... opts) {
  if constexpr (!detail::communicator_ok<C>) {
    detail::report_communicator<hlo::ragged_all_to_all, C>();
    return detail::rejected{};
  } else if constexpr (detail::ragged_all_to_all_check<I, O, IO, SS, OO, RS>() !=
                       detail::ragged_all_to_all_error::none) {
    detail::report_ragged_all_to_all<I, O, IO, SS, OO, RS>();
    return detail::rejected{};
  } else {
    using VI = detail::dense_t<I>;
    using VO = detail::dense_t<O>;
    using T = typename VO::value_type;
    constexpr index_t n_in = VI::spec.dimensions[0], n_out = VO::spec.dimensions[0];
    constexpr std::size_t row = n_in == 0 ? 0 : static_cast<std::size_t>(VI::storage_count / n_in);
    constexpr std::size_t K = static_cast<std::size_t>(detail::dense_t<IO>::storage_count);
    const detail::collective_options o = detail::options_of<hlo::ragged_all_to_all>(opts...);
    collective_result<VO> r(uninitialized);
    const group_place p = locate(*o.groups, comm.replica_count(), comm.replica_id());
    r.status = p.status;
    if (r.status == collective_status::ok && (p.size == 0 || K % static_cast<std::size_t>(p.size) != 0))
      r.status = collective_status::bad_offsets;
    if (r.status != collective_status::ok) {
      r.value = VO{};
      return r;
    }
    const int members = p.size;
    const std::size_t U = K / static_cast<std::size_t>(members);
    constexpr std::size_t KK = K == 0 ? 1 : K;
    std::int64_t in_off[KK], size[KK], out_off[KK], expect[KK];
    if constexpr (K > 0) {
      detail::read_integers(input_offsets, in_off);
      detail::read_integers(send_sizes, size);
      detail::read_integers(output_offsets, out_off);
      detail::read_integers(recv_sizes, expect);
    }
    // What this replica sends: an update out of bounds is not sent.
    collective_status st = collective_status::ok;
    std::int64_t meta_out[2 * KK], meta_in[2 * KK];
    for (std::size_t k = 0; k < K; ++k) {
      const bool ok = size[k] >= 0 && in_off[k] >= 0 && in_off[k] <= n_in - size[k] && out_off[k] >= 0 &&
                      out_off[k] <= n_out - size[k];
      if (!ok) {
        size[k] = 0;
        st = collective_status::bad_offsets;
      }
      meta_out[2 * k] = out_off[k];
      meta_out[2 * k + 1] = size[k];
    }
    {
      const detail::dense_operand<O> out(output);
      if constexpr (VO::storage_count > 0) std::memcpy(r.value.data(), out.data(), sizeof(T) * VO::storage_count);
    }
    if constexpr (K > 0) {
      const collective_status m = comm.all_to_all(meta_out, meta_in, 2 * U, *o.groups, p, o.channel);
      if (m != collective_status::ok) {
        r.status = m;
        r.value = VO{};
        return r;
      }
    }
    const detail::dense_operand<I> in(input);
    const T* src = in.data();
    T* dst = r.value.data();
    const std::int64_t channel = o.channel.value;
    // Receive update u from position q (its rows, at the offset it names).
    const auto receive = [&](int q) {
      for (std::size_t u = 0; u < U; ++u) {
        const std::size_t k = static_cast<std::size_t>(q) * U + u;
        const std::int64_t at = meta_in[2 * k], rows = meta_in[2 * k + 1];
        if (rows != expect[k] && st == collective_status::ok) st = collective_status::size_mismatch;
        if (rows == 0) continue;
        const collective_status s =
            comm.recv(dst + static_cast<std::size_t>(at) * row, static_cast<std::size_t>(rows) * row,
                      member_id(*o.groups, p, q), channel);
        if (s != collective_status::ok) st = s;
      }
    };
    const auto send = [&](int q) {
      for (std::size_t u = 0; u < U; ++u) {
        const std::size_t k = static_cast<std::size_t>(q) * U + u;
        if (size[k] == 0) continue;
        const collective_status s =
            comm.send(src + static_cast<std::size_t>(in_off[k]) * row, static_cast<std::size_t>(size[k]) * row,
                      member_id(*o.groups, p, q), channel);
        if (s != collective_status::ok) st = s;
      }
    };
    // This replica's updates to itself: a copy (memmove: input and result are distinct
    // arrays, but the copy is written as the transport would).
    for (std::size_t u = 0; u < U && K > 0; ++u) {
      const std::size_t k = static_cast<std::size_t>(p.position) * U + u;
      if (meta_in[2 * k + 1] != expect[k] && st == collective_status::ok) st = collective_status::size_mismatch;
      if (size[k] > 0)
        std::memmove(dst + static_cast<std::size_t>(out_off[k]) * row, src + static_cast<std::size_t>(in_off[k]) * row,
                     sizeof(T) * static_cast<std::size_t>(size[k]) * row);
    }
    const int rounds_n = members % 2 == 0 ? members : members + 1;
    for (int round = 0; round + 1 < rounds_n && K > 0; ++round) {
      const int q = detail::round_robin_partner(p.position, round, rounds_n, members);
      if (q < 0) continue;
      if (p.position < q) {
        send(q);
        receive(q);
      } else {
        receive(q);
        send(q);
      }
    }
    r.status = st;
    return r;
  }
}

}  // namespace sxla

#endif  // SXLA_DIST_RAGGED_ALL_TO_ALL_HPP
