// x::ring_queue between two threads: a producer outfeeds 10^6 values (as 250,000
// records of u32[4]; and 10^5 through a ring of 64 bytes, two records, full most of the
// time, with non-blocking calls retried) and a consumer infeeds them; every value arrives
// once, in order. Built also under ThreadSanitizer (tools/test.sh, the tsan configuration).
#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <cstdint>
#include <thread>

namespace x = sxla;

namespace {
// Sends 0, 1, ..., value_count - 1, four at a time; receives them and counts the values
// that were not the next one expected.
template <std::size_t Bytes, bool NonBlocking, std::uint32_t value_count>
std::uint32_t pass_values() {
  x::ring_queue<Bytes> q;
  std::thread producer([&q] {
    x::token t{};
    for (std::uint32_t i = 0; i < value_count; i += 4) {
      const x::tensor<"u32[4]"> v = {i, i + 1, i + 2, i + 3};
      if constexpr (NonBlocking) {
        x::outfeed_result r;
        while ((r = x::outfeed(v, t, q, x::non_blocking)).status == x::feed_status::full) std::this_thread::yield();
        t = r;
      } else {
        t = x::outfeed(v, t, q);
      }
    }
  });
  std::uint32_t wrong = 0;
  std::uint32_t next = 0;
  x::token t{};
  while (next < value_count) {
    x::infeed_result<x::tensor<"u32[4]">> r;
    if constexpr (NonBlocking) {
      while ((r = x::infeed<"u32[4]">(q, t, x::non_blocking)).status == x::feed_status::empty) std::this_thread::yield();
    } else {
      r = x::infeed<"u32[4]">(q, t);
    }
    if (!r.ok()) ++wrong;
    t = r.token;
    for (int k = 0; k < 4; ++k) wrong += r.value(k) != next++ ? 1 : 0;
  }
  producer.join();
  if (!q.empty()) ++wrong;
  return wrong;
}
}  // namespace

TEST_CASE("one producer, one consumer: 10^6 values, none lost or duplicated") {
  CHECK(pass_values<1 << 16, false, 1000000>() == 0);
  CHECK(pass_values<64, true, 100000>() == 0);
}
