// sxla/dist/mpi_communicator.hpp: replicas as MPI ranks (the only header that includes
// <mpi.h>; reached through <sxla/mpi.hpp>). Replica id = rank in the communicator given.
//
//   MPI_Init(&argc, &argv);                       // the program's, never the library's
//   { x::mpi_communicator comm;                  // over MPI_COMM_WORLD, or comm(my_comm)
//     auto [s, st] = x::all_reduce(a, x::add_op, comm); }
//   MPI_Finalize();                               // after the communicator is gone
//
// Construction duplicates the caller's communicator twice (collective: every rank makes
// one), so sxla's traffic never matches the program's own and collective_permute's never
// matches send/recv, and sets MPI_ERRORS_RETURN on the duplicates only: an MPI error comes back as collective_status::transport_error. Each
// distinct (replica groups, channel id) gets its own communicator, split once and kept
// in a cache of SXLA_MPI_COMMUNICATOR_CACHE entries (8 unless defined; when full, the
// oldest is freed); one group of all replicas on channel 0 uses the duplicate itself.
// The built-in computations map onto MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, MPI_BAND,
// MPI_BOR, MPI_BXOR, MPI_LAND, MPI_LOR and MPI_LXOR where MPI defines them for the element
// type; elsewhere (f16, bf16, max and min of floats, which must propagate NaN as XLA's do)
// through a user-defined MPI_Op made and freed per call. A user computation is folded at
// the group's first member in group order, ((x_0 f x_1) f x_2) ..., as the in-process
// communicator does (MPI's own reductions may bracket differently, which changes the
// result of a computation that does not associate), in chunks of 16 KiB of stack, and
// sent back. Send/recv use the channel id as the MPI tag.
// One thread per rank uses a communicator at a time (MPI_THREAD_FUNNELED is enough).
#ifndef SXLA_DIST_MPI_COMMUNICATOR_HPP
#define SXLA_DIST_MPI_COMMUNICATOR_HPP

// Only MPI's C interface: its deprecated C++ bindings do not build with -Wextra -Werror.
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <climits>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sxla/core/minmax.hpp"          // detail::max_of, detail::min_of
#include "sxla/dist/communicator.hpp"    // communicator
#include "sxla/dist/replica_groups.hpp"  // replica_groups, group_place, collective_status
#include "sxla/ops/arithmetic.hpp"       // add_op_t, mul_op_t, max_op_t, min_op_t
#include "sxla/ops/bitwise.hpp"          // and_op_t, or_op_t, xor_op_t
#include "sxla/ops/reduction.hpp"        // detail::is_builtin_monoid

#ifndef SXLA_MPI_COMMUNICATOR_CACHE
#define SXLA_MPI_COMMUNICATOR_CACHE 8
#endif

namespace sxla {

namespace detail {

// The MPI datatype that carries T's bytes, one element per T (a predefined type where
// there is one of T's size).
template <class T>
MPI_Datatype mpi_carrier() noexcept {
  if constexpr (std::is_same_v<T, float>) return MPI_FLOAT;
  else if constexpr (std::is_same_v<T, double>) return MPI_DOUBLE;
  else if constexpr (std::is_same_v<T, bool>) return MPI_C_BOOL;
  else if constexpr (std::is_same_v<T, std::complex<float>>) return MPI_C_FLOAT_COMPLEX;
  else if constexpr (std::is_same_v<T, std::complex<double>>) return MPI_C_DOUBLE_COMPLEX;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) == 1) return MPI_INT8_T;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) == 2) return MPI_INT16_T;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) == 4) return MPI_INT32_T;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) == 8) return MPI_INT64_T;
  else if constexpr (sizeof(T) == 1) return MPI_UINT8_T;
  else if constexpr (sizeof(T) == 2) return MPI_UINT16_T;  // u16, f16, bf16
  else if constexpr (sizeof(T) == 4) return MPI_UINT32_T;
  else if constexpr (sizeof(T) == 8) return MPI_UINT64_T;
  else return MPI_DATATYPE_NULL;  // another size: moved as bytes (mpi_count_of)
}

// The predefined MPI operation that is F on T, or MPI_OP_NULL when there is none with
// XLA's meaning.
template <class F, class T>
MPI_Op mpi_builtin_op() noexcept {
  constexpr bool integer = std::is_integral_v<T> && !std::is_same_v<T, bool>;
  constexpr bool real = std::is_same_v<T, float> || std::is_same_v<T, double>;
  constexpr bool complex = std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>;
  if constexpr (std::is_same_v<T, bool>) {
    if constexpr (std::is_same_v<F, add_op_t> || std::is_same_v<F, max_op_t> || std::is_same_v<F, or_op_t>) return MPI_LOR;
    else if constexpr (std::is_same_v<F, mul_op_t> || std::is_same_v<F, min_op_t> || std::is_same_v<F, and_op_t>) return MPI_LAND;
    else if constexpr (std::is_same_v<F, xor_op_t>) return MPI_LXOR;
    else return MPI_OP_NULL;
  } else if constexpr (std::is_same_v<F, add_op_t> && (integer || real || complex)) {
    return MPI_SUM;
  } else if constexpr (std::is_same_v<F, mul_op_t> && (integer || real || complex)) {
    return MPI_PROD;
  } else if constexpr (std::is_same_v<F, max_op_t> && integer) {
    return MPI_MAX;
  } else if constexpr (std::is_same_v<F, min_op_t> && integer) {
    return MPI_MIN;
  } else if constexpr (std::is_same_v<F, and_op_t> && integer) {
    return MPI_BAND;
  } else if constexpr (std::is_same_v<F, or_op_t> && integer) {
    return MPI_BOR;
  } else if constexpr (std::is_same_v<F, xor_op_t> && integer) {
    return MPI_BXOR;
  } else {
    return MPI_OP_NULL;
  }
}

// A user-defined MPI_Op's function for a built-in monoid F: inout[i] = F{}(in[i], inout[i]).
// MPI hands a non-commutative operation's operands in rank order: in is the lower rank's.
template <class F, class T>
void mpi_user_function(void* in, void* inout, int* len, MPI_Datatype*) {
  const F f{};
  const T* a = static_cast<const T*>(in);
  T* b = static_cast<T*>(inout);
  const auto n = static_cast<std::size_t>(*len);
  for (std::size_t i = 0; i < n; ++i) {
    T x, y;
    std::memcpy(&x, a + i, sizeof(T));
    std::memcpy(&y, b + i, sizeof(T));
    const T z = static_cast<T>(f(x, y));
    std::memcpy(b + i, &z, sizeof(T));
  }
}

inline collective_status mpi_status(int err) noexcept {
  return err == MPI_SUCCESS ? collective_status::ok : collective_status::transport_error;
}

}  // namespace detail

class mpi_communicator {
 public:
  using communicator_tag = void;

  explicit mpi_communicator(MPI_Comm comm = MPI_COMM_WORLD) noexcept {
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (!initialized || finalized) return;
    if (MPI_Comm_dup(comm, &comm_) != MPI_SUCCESS) {
      comm_ = MPI_COMM_NULL;
      return;
    }
    MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
    if (MPI_Comm_dup(comm_, &permute_) != MPI_SUCCESS) permute_ = MPI_COMM_NULL;
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
    int* tag_ub = nullptr;
    int found = 0;
    MPI_Comm_get_attr(comm_, MPI_TAG_UB, &tag_ub, &found);
    tag_ub_ = found && tag_ub ? *tag_ub : 32767;
  }
  mpi_communicator(const mpi_communicator&) = delete;
  mpi_communicator& operator=(const mpi_communicator&) = delete;
  // Frees what it made (call before MPI_Finalize; after it, nothing is freed).
  ~mpi_communicator() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized || comm_ == MPI_COMM_NULL) return;
    for (auto& e : cache_)
      if (e.comm != MPI_COMM_NULL) MPI_Comm_free(&e.comm);
    if (permute_ != MPI_COMM_NULL) MPI_Comm_free(&permute_);
    MPI_Comm_free(&comm_);
  }

  bool valid() const noexcept { return comm_ != MPI_COMM_NULL && permute_ != MPI_COMM_NULL; }
  int replica_count() const noexcept { return size_; }
  int replica_id() const noexcept { return rank_; }
  // The duplicate sxla communicates on.
  MPI_Comm native() const noexcept { return comm_; }

  template <class T, class F>
  collective_status all_reduce(const T* in, T* out, std::size_t n, const F& f, const replica_groups& g,
                               const group_place& p, channel_id ch) const noexcept {
    MPI_Comm c = MPI_COMM_NULL;
    if (collective_status st = prepare(g, p, ch, n, c); st != collective_status::ok) return fail(st, out, n);
    return reduce(in, out, n, f, c, p, /*scatter=*/false);
  }

  template <class T>
  collective_status all_gather(const T* in, T* out, std::size_t n, const replica_groups& g, const group_place& p,
                               channel_id ch) const noexcept {
    MPI_Comm c = MPI_COMM_NULL;
    const std::size_t total = n * static_cast<std::size_t>(p.size);
    if (collective_status st = prepare(g, p, ch, total, c); st != collective_status::ok) return fail(st, out, total);
    const auto [type, k] = carrier<T>(n);
    return checked(MPI_Allgather(in, k, type, out, k, type, c), out, total);
  }

  template <class T, class F>
  collective_status reduce_scatter(const T* in, T* out, std::size_t n, const F& f, const replica_groups& g,
                                   const group_place& p, channel_id ch) const noexcept {
    MPI_Comm c = MPI_COMM_NULL;
    if (collective_status st = prepare(g, p, ch, n * static_cast<std::size_t>(p.size), c); st != collective_status::ok)
      return fail(st, out, n);
    return reduce(in, out, n, f, c, p, /*scatter=*/true);
  }

  template <class T>
  collective_status all_to_all(const T* in, T* out, std::size_t n, const replica_groups& g, const group_place& p,
                               channel_id ch) const noexcept {
    MPI_Comm c = MPI_COMM_NULL;
    const std::size_t total = n * static_cast<std::size_t>(p.size);
    if (collective_status st = prepare(g, p, ch, total, c); st != collective_status::ok) return fail(st, out, total);
    const auto [type, k] = carrier<T>(n);
    return checked(MPI_Alltoall(in, k, type, out, k, type, c), out, total);
  }

  template <class T>
  collective_status broadcast(const T* in, T* out, std::size_t n, const replica_groups& g, const group_place& p,
                              channel_id ch) const noexcept {
    MPI_Comm c = MPI_COMM_NULL;
    if (collective_status st = prepare(g, p, ch, n, c); st != collective_status::ok) return fail(st, out, n);
    if (p.position == 0) std::memcpy(static_cast<void*>(out), in, n * sizeof(T));
    const auto [type, k] = carrier<T>(n);
    return checked(MPI_Bcast(out, k, type, 0, c), out, n);
  }

  template <class T>
  collective_status permute(const T* in, T* out, std::size_t n, const source_target_pairs&, const permute_place& pp,
                            channel_id ch) const noexcept {
    if (!valid()) return fail(collective_status::not_initialized, out, n);
    if (ch.value < 0 || ch.value > tag_ub_) return fail(collective_status::bad_channel, out, n);
    const auto [type, k] = carrier<T>(n);
    if (n > 0 && k <= 0) return fail(collective_status::too_large, out, n);
    const int tag = static_cast<int>(ch.value);
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int err = MPI_SUCCESS;
    if (pp.source >= 0) err = MPI_Irecv(out, k, type, pp.source, tag, permute_, &req[0]);
    else std::memset(static_cast<void*>(out), 0, n * sizeof(T));
    if (err == MPI_SUCCESS && pp.target >= 0)
      err = MPI_Isend(in, k, type, pp.target, tag, permute_, &req[1]);
    const int wait = MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    return checked(err != MPI_SUCCESS ? err : wait, out, n);
  }

  template <class T>
  collective_status send(const T* in, std::size_t n, int peer, std::int64_t channel) const noexcept {
    if (!valid()) return collective_status::not_initialized;
    if (channel < 0 || channel > tag_ub_) return collective_status::bad_channel;
    const auto [type, k] = carrier<T>(n);
    if (n > 0 && k <= 0) return collective_status::too_large;
    return detail::mpi_status(MPI_Send(in, k, type, peer, static_cast<int>(channel), comm_));
  }

  template <class T>
  collective_status recv(T* out, std::size_t n, int peer, std::int64_t channel) const noexcept {
    if (!valid()) return fail(collective_status::not_initialized, out, n);
    if (channel < 0 || channel > tag_ub_) return fail(collective_status::bad_channel, out, n);
    const auto [type, k] = carrier<T>(n);
    if (n > 0 && k <= 0) return fail(collective_status::too_large, out, n);
    // Probe first: a message of another size is left in place and reported.
    MPI_Status status;
    int err = MPI_Probe(peer, static_cast<int>(channel), comm_, &status);
    if (err != MPI_SUCCESS) return fail(collective_status::transport_error, out, n);
    int got = 0;
    MPI_Get_count(&status, type, &got);
    if (got != k) return fail(collective_status::size_mismatch, out, n);
    return checked(MPI_Recv(out, k, type, peer, static_cast<int>(channel), comm_, MPI_STATUS_IGNORE), out, n);
  }

 private:
  struct carried {
    MPI_Datatype type;
    int count;  // <= 0 when n elements do not fit in an int count
  };
  template <class T>
  static carried carrier(std::size_t n) noexcept {
    MPI_Datatype t = detail::mpi_carrier<T>();
    std::size_t count = n;
    if (t == MPI_DATATYPE_NULL) {
      t = MPI_BYTE;
      count = n * sizeof(T);
    }
    return {t, count <= static_cast<std::size_t>(INT_MAX) ? static_cast<int>(count) : -1};
  }

  template <class T>
  static collective_status fail(collective_status st, T* out, std::size_t n) noexcept {
    std::memset(static_cast<void*>(out), 0, n * sizeof(T));
    return st;
  }
  template <class T>
  static collective_status checked(int err, T* out, std::size_t n) noexcept {
    return err == MPI_SUCCESS ? collective_status::ok : fail(collective_status::transport_error, out, n);
  }

  // The communicator of this replica's group for (g, ch), made on first use; checks the
  // element count fits MPI's int counts.
  collective_status prepare(const replica_groups& g, const group_place& p, channel_id ch, std::size_t n,
                            MPI_Comm& out) const noexcept {
    if (!valid()) return collective_status::not_initialized;
    if (ch.value < 0) return collective_status::bad_channel;
    if (n > static_cast<std::size_t>(INT_MAX)) return collective_status::too_large;
    if (g.empty() && ch.value == 0) {
      out = comm_;
      return collective_status::ok;
    }
    for (auto& e : cache_) {
      if (e.comm != MPI_COMM_NULL && e.channel == ch && e.groups == g) {
        out = e.comm;
        return collective_status::ok;
      }
    }
    auto& e = cache_[next_];
    next_ = (next_ + 1) % SXLA_MPI_COMMUNICATOR_CACHE;
    if (e.comm != MPI_COMM_NULL) MPI_Comm_free(&e.comm);
    if (MPI_Comm_split(comm_, p.group, p.position, &e.comm) != MPI_SUCCESS) {
      e.comm = MPI_COMM_NULL;
      return collective_status::transport_error;
    }
    MPI_Comm_set_errhandler(e.comm, MPI_ERRORS_RETURN);
    e.groups = g;
    e.channel = ch;
    out = e.comm;
    return collective_status::ok;
  }

  // all_reduce (scatter = false: out has n elements) or reduce_scatter (in has
  // p.size * n elements, out gets block p.position).
  template <class T, class F>
  collective_status reduce(const T* in, T* out, std::size_t n, const F& f, MPI_Comm c, const group_place& p,
                           bool scatter) const noexcept {
    MPI_Op op = detail::mpi_builtin_op<F, T>();
    const bool made = op == MPI_OP_NULL && detail::is_builtin_monoid<F>;
    if (made) {
      if constexpr (detail::is_builtin_monoid<F>) {
        if (MPI_Op_create(&detail::mpi_user_function<F, T>, /*commute=*/0, &op) != MPI_SUCCESS)
          return fail(collective_status::transport_error, out, n);
      }
    }
    int err = MPI_SUCCESS;
    if (op != MPI_OP_NULL) {
      const auto [type, k] = carrier<T>(n);
      MPI_Datatype t = type;
      if (t == MPI_BYTE) {  // an element of no predefined size: a contiguous type of its bytes
        MPI_Type_contiguous(static_cast<int>(sizeof(T)), MPI_BYTE, &t);
        MPI_Type_commit(&t);
      }
      const int count = t == type ? k : static_cast<int>(n);
      err = scatter ? MPI_Reduce_scatter_block(in, out, count, t, op, c) : MPI_Allreduce(in, out, count, t, op, c);
      if (t != type) MPI_Type_free(&t);
      if (made) MPI_Op_free(&op);
    } else {
      err = reduce_at_root(in, out, n, f, c, p, scatter);
    }
    return checked(err, out, n);
  }

  // A computation with state: the group's first member folds the members' blocks in group
  // order, chunk by chunk (a stack buffer), then broadcasts (all_reduce) or sends each
  // member its block (reduce_scatter).
  template <class T, class F>
  int reduce_at_root(const T* in, T* out, std::size_t n, const F& f, MPI_Comm c, const group_place& p,
                     bool scatter) const noexcept {
    constexpr std::size_t chunk = detail::max_of<std::size_t>(1, 16384 / sizeof(T));
    const int blocks = scatter ? p.size : 1;
    int err = MPI_SUCCESS;
    if (p.position == 0) {
      T buffer[chunk];
      T acc[chunk];
      for (int b = 0; b < blocks && err == MPI_SUCCESS; ++b) {
        for (std::size_t i = 0; i < n && err == MPI_SUCCESS; i += chunk) {
          const std::size_t m = detail::min_of(chunk, n - i);
          const carried cm = carrier<T>(m);
          std::memcpy(static_cast<void*>(acc), in + b * n + i, m * sizeof(T));
          for (int r = 1; r < p.size && err == MPI_SUCCESS; ++r) {
            err = MPI_Recv(buffer, cm.count, cm.type, r, 0, c, MPI_STATUS_IGNORE);
            detail::combine(acc, acc, buffer, m, f);
          }
          if (err != MPI_SUCCESS) break;
          if (!scatter || b == 0) {
            std::memcpy(static_cast<void*>(out + i), acc, m * sizeof(T));
          } else {
            err = MPI_Send(acc, cm.count, cm.type, b, 1, c);
          }
        }
      }
    } else {
      for (int b = 0; b < blocks && err == MPI_SUCCESS; ++b) {
        for (std::size_t i = 0; i < n && err == MPI_SUCCESS; i += chunk) {
          const carried cm = carrier<T>(detail::min_of(chunk, n - i));
          err = MPI_Send(in + b * n + i, cm.count, cm.type, 0, 0, c);
        }
      }
      for (std::size_t i = 0; scatter && i < n && err == MPI_SUCCESS; i += chunk) {
        const carried cm = carrier<T>(detail::min_of(chunk, n - i));
        err = MPI_Recv(out + i, cm.count, cm.type, 0, 1, c, MPI_STATUS_IGNORE);
      }
    }
    if (!scatter && err == MPI_SUCCESS) {
      const carried cn = carrier<T>(n);
      err = MPI_Bcast(out, cn.count, cn.type, 0, c);
    }
    return err;
  }

  struct cache_entry {
    replica_groups groups;
    channel_id channel;
    MPI_Comm comm = MPI_COMM_NULL;
  };

  MPI_Comm comm_ = MPI_COMM_NULL;
  MPI_Comm permute_ = MPI_COMM_NULL;  // collective_permute's point-to-point traffic
  int rank_ = 0;
  int size_ = 1;
  int tag_ub_ = 32767;
  mutable cache_entry cache_[SXLA_MPI_COMMUNICATOR_CACHE];
  mutable int next_ = 0;
};

}  // namespace sxla

#endif  // SXLA_DIST_MPI_COMMUNICATOR_HPP
