// sxla/control/feed_queue.hpp: where infeed reads and outfeed writes. A queue holds
// records, each the bytes of one value; the feed_queue concept is what x::infeed and
// x::outfeed need of a caller's queue:
//   feed_status q.try_write(const std::byte* data, std::size_t n)   one record of n bytes,
//       all or nothing: ok, full (no room now) or too_large (a record of n bytes never fits)
//   feed_status q.try_read(std::byte* data, std::size_t n)          the oldest record, only
//       when it has n bytes: ok, empty, or size_mismatch (left in the queue)
// Neither may block, allocate or throw. x::ring_queue<Bytes> is the library's: a ring
// buffer of Bytes bytes inside the object, lock-free and safe for one producer thread
// and one consumer thread (acquire/release on two counters), each record an 8-byte
// header with its size, then its bytes, padded to 8.
#ifndef SXLA_CONTROL_FEED_QUEUE_HPP
#define SXLA_CONTROL_FEED_QUEUE_HPP

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace sxla {

enum class feed_status {
  ok,             // done
  empty,          // nothing to read (yet)
  full,           // no room to write (yet)
  too_large,      // the record can never fit in the queue
  size_mismatch,  // the oldest record has another size than the value read: left in place
};

constexpr const char* to_string(feed_status s) noexcept {
  switch (s) {
    case feed_status::ok: return "ok";
    case feed_status::empty: return "empty";
    case feed_status::full: return "full";
    case feed_status::too_large: return "too_large";
    case feed_status::size_mismatch: return "size_mismatch";
  }
  return "?";
}

template <class Q>
concept feed_queue = requires(Q& q, const std::byte* in, std::byte* out, std::size_t n) {
  { q.try_write(in, n) } -> std::same_as<feed_status>;
  { q.try_read(out, n) } -> std::same_as<feed_status>;
};

// A single-producer, single-consumer ring buffer of Bytes bytes (a multiple of 8, at
// least 16). A record of n bytes takes 8 + n rounded up to 8.
template <std::size_t Bytes>
class ring_queue {
  static_assert(Bytes >= 16 && Bytes % 8 == 0, "sxla::ring_queue: the capacity must be a multiple of 8, at least 16");

 public:
  static constexpr std::size_t capacity = Bytes;

  // The bytes a record of n bytes takes in the ring.
  static constexpr std::size_t record_bytes(std::size_t n) noexcept { return 8 + (n + 7) / 8 * 8; }

  feed_status try_write(const std::byte* data, std::size_t n) noexcept {
    if (n > Bytes || record_bytes(n) > Bytes) return feed_status::too_large;
    const std::size_t need = record_bytes(n);
    const std::uint64_t tail = tail_.load(std::memory_order_relaxed);  // only this thread writes it
    const std::uint64_t head = head_.load(std::memory_order_acquire);
    if (Bytes - static_cast<std::size_t>(tail - head) < need) return feed_status::full;
    const std::uint64_t size = n;
    copy_in(tail, reinterpret_cast<const std::byte*>(&size), 8);
    copy_in(tail + 8, data, n);
    tail_.store(tail + need, std::memory_order_release);
    return feed_status::ok;
  }

  feed_status try_read(std::byte* data, std::size_t n) noexcept {
    const std::uint64_t head = head_.load(std::memory_order_relaxed);  // only this thread writes it
    const std::uint64_t tail = tail_.load(std::memory_order_acquire);
    if (head == tail) return feed_status::empty;
    std::uint64_t size = 0;
    copy_out(head, reinterpret_cast<std::byte*>(&size), 8);
    if (size != n) return feed_status::size_mismatch;
    copy_out(head + 8, data, n);
    head_.store(head + record_bytes(n), std::memory_order_release);
    return feed_status::ok;
  }

  // Whether a read would find nothing (a snapshot, exact only on the consumer's thread).
  bool empty() const noexcept {
    return head_.load(std::memory_order_acquire) == tail_.load(std::memory_order_acquire);
  }

 private:
  // n bytes at ring position pos (mod Bytes), in at most two pieces.
  void copy_in(std::uint64_t pos, const std::byte* src, std::size_t n) noexcept {
    if (n == 0) return;
    const std::size_t at = static_cast<std::size_t>(pos % Bytes);
    const std::size_t first = n < Bytes - at ? n : Bytes - at;
    std::memcpy(ring_ + at, src, first);
    if (first < n) std::memcpy(ring_, src + first, n - first);
  }
  void copy_out(std::uint64_t pos, std::byte* dst, std::size_t n) const noexcept {
    if (n == 0) return;
    const std::size_t at = static_cast<std::size_t>(pos % Bytes);
    const std::size_t first = n < Bytes - at ? n : Bytes - at;
    std::memcpy(dst, ring_ + at, first);
    if (first < n) std::memcpy(dst + first, ring_, n - first);
  }

  // Counters of bytes ever written and read, on their own cache lines.
  alignas(64) std::atomic<std::uint64_t> tail_{0};
  alignas(64) std::atomic<std::uint64_t> head_{0};
  alignas(64) std::byte ring_[Bytes] = {};
};

}  // namespace sxla

#endif  // SXLA_CONTROL_FEED_QUEUE_HPP
