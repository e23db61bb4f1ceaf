// sxla/dist/thread_communicator.hpp: replicas as threads of one process. One
// x::thread_communicator world(n) is shared by n threads; thread r runs the program on
// world.replica(r) (an x::thread_replica, the communicator). world.run(f) is the usual
// way: it starts n - 1 threads, calls f(world.replica(r)) on each and on the calling
// thread, and joins them (the only place that makes threads, when asked).
//
//   x::thread_communicator world(4);
//   world.run([&](x::thread_replica comm) { auto r = x::all_reduce(a, x::add_op, comm); });
//
// How it moves data: each replica publishes where its operand is, all meet at a barrier,
// each reads what it needs straight from its peers' buffers into its result, and all meet
// again before anyone's operand may go away. No copy through a shared buffer and no
// allocation; a reduction reads its group's operands in group order, so every member
// computes the same bits. Collectives match in program order (the channel id has nothing
// to keep apart in-process). Send is a rendezvous: it returns once the matching recv has
// copied the data. Waits spin briefly and then yield the thread.
#ifndef SXLA_DIST_THREAD_COMMUNICATOR_HPP
#define SXLA_DIST_THREAD_COMMUNICATOR_HPP

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

// Threads are started (by run() alone) with POSIX threads where there are, which every
// translation unit on such a system has parsed already, else with <thread>.
#if defined(__has_include)
#if __has_include(<pthread.h>) && (defined(__unix__) || defined(__APPLE__))
#include <pthread.h>
#define SXLA_DETAIL_PTHREADS 1
#endif
#endif
#if !defined(SXLA_DETAIL_PTHREADS)
#include <thread>
#endif

#include "sxla/core/minmax.hpp"          // detail::max_of, detail::min_of
#include "sxla/core/yield.hpp"           // yield_thread
#include "sxla/dist/communicator.hpp"    // communicator, detail::combine
#include "sxla/dist/replica_groups.hpp"  // replica_groups, group_place, collective_status

namespace sxla {

class thread_replica;

class thread_communicator {
 public:
  // n replicas, 1 <= n <= SXLA_MAX_REPLICAS (outside that range: clamped, and every
  // collective returns bad_replica_groups).
  explicit thread_communicator(int n) noexcept
      : n_(detail::min_of(detail::max_of(n, 1), max_replicas)), valid_(n >= 1 && n <= max_replicas) {}
  thread_communicator(const thread_communicator&) = delete;
  thread_communicator& operator=(const thread_communicator&) = delete;

  int replica_count() const noexcept { return n_; }
  // Replica r's handle, for one thread at a time. An r outside [0, n) gives a handle whose
  // every collective returns bad_replica_groups and every send/recv bad_peer.
  inline thread_replica replica(int r) noexcept;

  // Runs f(replica(r)) for every r, r = 0 on the calling thread, and waits for all.
  template <class F>
  void run(F&& f);

 private:
  friend class thread_replica;

  enum : int { idle, posted, claimed, taken };
  struct alignas(64) slot {
    const void* in = nullptr;  // the published operand (collectives)
    std::size_t bytes = 0;
    std::atomic<int> state{idle};  // the outgoing message (send)
    int dst = -1;
    std::int64_t channel = 0;
    const void* message = nullptr;
    std::size_t message_bytes = 0;
    collective_status result = collective_status::ok;
  };

  static void pause(int& spins) noexcept {
    if (++spins < 64) return;
    spins = 0;
    detail::yield_thread();
  }

  // A sense-reversing barrier over all replicas.
  void barrier() noexcept {
    const unsigned gen = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == n_) {
      arrived_.store(0, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
      return;
    }
    int spins = 0;
    while (generation_.load(std::memory_order_acquire) == gen) pause(spins);
  }

  int n_;
  bool valid_;
  alignas(64) std::atomic<int> arrived_{0};
  alignas(64) std::atomic<unsigned> generation_{0};
  slot slots_[max_replicas];
};

// One replica's handle on a thread_communicator (cheap to copy; models communicator).
class thread_replica {
 public:
  using communicator_tag = void;
  thread_replica(thread_communicator& world, int id) noexcept : world_(&world), id_(id) {}

  int replica_count() const noexcept { return world_->n_; }
  int replica_id() const noexcept { return id_; }

  template <class T, class F>
  collective_status all_reduce(const T* in, T* out, std::size_t n, const F& f, const replica_groups& g,
                               const group_place& p, channel_id) const noexcept {
    return exchange(in, n, g, p, [&](const T* const* peers) {
      if (p.size == 1) {
        std::memcpy(out, in, n * sizeof(T));
        return;
      }
      // In blocks that stay in L1 while every peer's operand is folded in, in group order.
      constexpr std::size_t block = 2048 / sizeof(T) > 0 ? 2048 / sizeof(T) : 1;
      for (std::size_t i = 0; i < n; i += block) {
        const std::size_t m = detail::min_of(block, n - i);
        detail::combine(out + i, peers[0] + i, peers[1] + i, m, f);
        for (int k = 2; k < p.size; ++k) detail::combine(out + i, out + i, peers[k] + i, m, f);
      }
    }, out, n);
  }

  template <class T>
  collective_status all_gather(const T* in, T* out, std::size_t n, const replica_groups& g, const group_place& p,
                               channel_id) const noexcept {
    return exchange(in, n, g, p, [&](const T* const* peers) {
      for (int k = 0; k < p.size; ++k) std::memcpy(out + k * n, peers[k], n * sizeof(T));
    }, out, n * static_cast<std::size_t>(p.size));
  }

  template <class T, class F>
  collective_status reduce_scatter(const T* in, T* out, std::size_t n, const F& f, const replica_groups& g,
                                   const group_place& p, channel_id) const noexcept {
    const std::size_t at = n * static_cast<std::size_t>(p.position);
    return exchange(in, n * static_cast<std::size_t>(p.size), g, p, [&](const T* const* peers) {
      if (p.size == 1) {
        std::memcpy(out, in, n * sizeof(T));
        return;
      }
      detail::combine(out, peers[0] + at, peers[1] + at, n, f);
      for (int k = 2; k < p.size; ++k) detail::combine(out, out, peers[k] + at, n, f);
    }, out, n);
  }

  template <class T>
  collective_status all_to_all(const T* in, T* out, std::size_t n, const replica_groups& g, const group_place& p,
                               channel_id) const noexcept {
    const std::size_t total = n * static_cast<std::size_t>(p.size);
    const std::size_t at = n * static_cast<std::size_t>(p.position);
    return exchange(in, total, g, p, [&](const T* const* peers) {
      for (int k = 0; k < p.size; ++k) std::memcpy(out + k * n, peers[k] + at, n * sizeof(T));
    }, out, total);
  }

  template <class T>
  collective_status broadcast(const T* in, T* out, std::size_t n, const replica_groups& g, const group_place& p,
                              channel_id) const noexcept {
    return exchange(in, n, g, p, [&](const T* const* peers) { std::memcpy(out, peers[0], n * sizeof(T)); }, out, n);
  }

  template <class T>
  collective_status permute(const T* in, T* out, std::size_t n, const source_target_pairs&, const permute_place& pp,
                            channel_id) const noexcept {
    auto& w = *world_;
    if (!w.valid_ || !member()) {
      std::memset(static_cast<void*>(out), 0, n * sizeof(T));
      return collective_status::bad_replica_groups;
    }
    w.slots_[id_].in = in;
    w.slots_[id_].bytes = n * sizeof(T);
    w.barrier();
    collective_status st = collective_status::ok;
    if (pp.source < 0) {
      std::memset(static_cast<void*>(out), 0, n * sizeof(T));
    } else if (w.slots_[pp.source].bytes != n * sizeof(T)) {
      st = collective_status::size_mismatch;
      std::memset(static_cast<void*>(out), 0, n * sizeof(T));
    } else {
      std::memcpy(out, w.slots_[pp.source].in, n * sizeof(T));
    }
    w.barrier();
    return st;
  }

  template <class T>
  collective_status send(const T* in, std::size_t n, int peer, std::int64_t channel) const noexcept {
    if (!member() || peer < 0 || peer >= world_->n_ || peer == id_) return collective_status::bad_peer;
    auto& s = world_->slots_[id_];
    s.dst = peer;
    s.channel = channel;
    s.message = in;
    s.message_bytes = n * sizeof(T);
    s.result = collective_status::ok;
    s.state.store(thread_communicator::posted, std::memory_order_release);
    int spins = 0;
    while (s.state.load(std::memory_order_acquire) != thread_communicator::taken) thread_communicator::pause(spins);
    const collective_status st = s.result;
    s.state.store(thread_communicator::idle, std::memory_order_relaxed);
    return st;
  }

  template <class T>
  collective_status recv(T* out, std::size_t n, int peer, std::int64_t channel) const noexcept {
    if (!member() || peer < 0 || peer >= world_->n_ || peer == id_) {
      std::memset(static_cast<void*>(out), 0, n * sizeof(T));
      return collective_status::bad_peer;
    }
    auto& s = world_->slots_[peer];
    int spins = 0;
    for (;;) {
      int expected = thread_communicator::posted;
      if (s.state.compare_exchange_weak(expected, thread_communicator::claimed, std::memory_order_acquire,
                                        std::memory_order_relaxed)) {
        if (s.dst == id_ && s.channel == channel) break;
        s.state.store(thread_communicator::posted, std::memory_order_release);  // not ours: put it back
      }
      thread_communicator::pause(spins);
    }
    collective_status st = collective_status::ok;
    if (s.message_bytes != n * sizeof(T)) {
      st = collective_status::size_mismatch;
      std::memset(static_cast<void*>(out), 0, n * sizeof(T));
    } else {
      std::memcpy(out, s.message, n * sizeof(T));
    }
    s.result = st;
    s.state.store(thread_communicator::taken, std::memory_order_release);
    return st;
  }

 private:
  // Publishes `in` (count elements), meets the others, runs body(peers) with the
  // group's operands in group order when they all have this replica's count (else zeroes
  // out_count elements of out), and meets them again.
  template <class T, class Body>
  collective_status exchange(const T* in, std::size_t count, const replica_groups& g, const group_place& p,
                             Body&& body, T* out, std::size_t out_count) const noexcept {
    auto& w = *world_;
    if (!w.valid_ || !member()) {
      std::memset(static_cast<void*>(out), 0, out_count * sizeof(T));
      return collective_status::bad_replica_groups;
    }
    w.slots_[id_].in = in;
    w.slots_[id_].bytes = count * sizeof(T);
    w.barrier();
    const T* peers[max_replicas] = {};
    collective_status st = collective_status::ok;
    for (int k = 0; k < p.size; ++k) {
      const auto& s = w.slots_[member_id(g, p, k)];
      if (s.bytes != count * sizeof(T)) st = collective_status::size_mismatch;
      peers[k] = static_cast<const T*>(s.in);
    }
    if (st == collective_status::ok) {
      body(static_cast<const T* const*>(peers));
    } else {
      std::memset(static_cast<void*>(out), 0, out_count * sizeof(T));
    }
    w.barrier();
    return st;
  }

  bool member() const noexcept { return id_ >= 0 && id_ < world_->n_; }

  thread_communicator* world_;
  int id_;
};

inline thread_replica thread_communicator::replica(int r) noexcept { return thread_replica(*this, r); }

template <class F>
void thread_communicator::run(F&& f) {
#if defined(SXLA_DETAIL_PTHREADS)
  // A thread that cannot be started ends the program, as std::thread does without
  // exceptions (its replica would leave the others waiting at their first barrier).
  struct task {
    thread_communicator* world;
    F* f;
    int r;
  };
  task tasks[max_replicas];
  pthread_t threads[max_replicas];
  for (int r = 1; r < n_; ++r) {
    tasks[r] = task{this, &f, r};
    void* (*start)(void*) = [](void* p) noexcept -> void* {
      task& t = *static_cast<task*>(p);
      (*t.f)(t.world->replica(t.r));
      return nullptr;
    };
    if (pthread_create(&threads[r], nullptr, start, &tasks[r]) != 0) std::abort();
  }
  f(replica(0));
  for (int r = 1; r < n_; ++r) pthread_join(threads[r], nullptr);
#else
  std::thread threads[max_replicas];
  for (int r = 1; r < n_; ++r) threads[r] = std::thread([this, &f, r] { f(replica(r)); });
  f(replica(0));
  for (int r = 1; r < n_; ++r) threads[r].join();
#endif
}

}  // namespace sxla

#endif  // SXLA_DIST_THREAD_COMMUNICATOR_HPP
