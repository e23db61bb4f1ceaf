// x::infeed, x::outfeed and x::ring_queue on one thread: every status (empty, full,
// too_large, size_mismatch with the record left in place), records wrapping around the
// ring, tuple records and the empty tuple, layouts (the record is storage order), lazy
// values and views, a caller's own queue type, and infeeds ordered by tokens inside
// two while loops, as the seed's example. Values are checked against what was written.
#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>

namespace x = sxla;

namespace {
// A caller's queue: one record at a time.
struct mailbox {
  std::byte bytes[64] = {};
  std::size_t size = 0;
  bool full = false;
  x::feed_status try_write(const std::byte* data, std::size_t n) {
    if (n > sizeof bytes) return x::feed_status::too_large;
    if (full) return x::feed_status::full;
    if (n > 0) std::memcpy(bytes, data, n);
    size = n;
    full = true;
    return x::feed_status::ok;
  }
  x::feed_status try_read(std::byte* data, std::size_t n) {
    if (!full) return x::feed_status::empty;
    if (n != size) return x::feed_status::size_mismatch;
    if (n > 0) std::memcpy(data, bytes, n);
    full = false;
    return x::feed_status::ok;
  }
};
static_assert(x::feed_queue<mailbox> && x::feed_queue<x::ring_queue<64>>);
static_assert(!x::feed_queue<int>);
}  // namespace

TEST_CASE("outfeed then infeed: the values come back") {
  x::ring_queue<1024> q;
  const x::token t0{};
  const x::tensor<"f32[4]"> a = {1.5f, -2, 3, 1e30f};
  const x::outfeed_result o = x::outfeed(a, t0, q);
  CHECK(o.ok());
  auto [v, t1, st] = x::infeed<"f32[4]">(q, o);
  static_assert(std::is_same_v<decltype(v), x::tensor<"f32[4]">>);
  static_assert(std::is_same_v<decltype(t1), x::token>);
  CHECK(st == x::feed_status::ok);
  CHECK(v == a);
  CHECK(q.empty());
  // A lazy value is evaluated; records come out in the order they went in.
  x::token t = x::outfeed(a * 2.0f, t1, q);
  t = x::outfeed(x::tensor<"s32[]">{7}, t, q);
  t = x::outfeed(9, t, q);
  const auto r1 = x::infeed<"f32[4]">(q, t);
  const auto r2 = x::infeed<"s32[]">(q, r1.token);
  const auto r3 = x::infeed<"s32[]">(q, r2.token);
  CHECK(r1.value == x::tensor<"f32[4]">{3, -4, 6, 2e30f});
  CHECK(r2.value() == 7);
  CHECK(r3.value() == 9);
  CHECK((r1.ok() && r2.ok() && r3.ok()));
}

TEST_CASE("infeed and outfeed statuses") {
  x::ring_queue<64> q;
  // Nothing to read: non-blocking returns empty, and the value is zero.
  auto e = x::infeed<"s32[2]">(q, x::token{}, x::non_blocking);
  CHECK(e.status == x::feed_status::empty);
  CHECK(e.value == x::tensor<"s32[2]">{0, 0});
  // A record of 56 bytes takes 64: it fits; then the ring is full.
  const x::tensor<"f32[14]"> fits = x::iota<"f32[14]", 0>();
  CHECK(x::outfeed(fits, x::token{}, q, x::non_blocking).status == x::feed_status::ok);
  CHECK(x::outfeed(1, x::token{}, q, x::non_blocking).status == x::feed_status::full);
  // 60 bytes would take 72: never fits, blocking or not.
  CHECK(x::outfeed(x::tensor<"f32[15]">{}, x::token{}, q, x::non_blocking).status == x::feed_status::too_large);
  CHECK(x::outfeed(x::tensor<"f32[15]">{}, x::token{}, q).status == x::feed_status::too_large);
  // Reading another size: size_mismatch, zero, and the record stays for the right shape.
  auto wrong = x::infeed<"f32[13]">(q, x::token{}, x::non_blocking);
  CHECK(wrong.status == x::feed_status::size_mismatch);
  CHECK(wrong.value == x::tensor<"f32[13]">{});
  auto wrong_blocking = x::infeed<"s32[14]">(q, x::token{});  // also 56 bytes: the size is what is checked
  CHECK(wrong_blocking.status == x::feed_status::ok);
  CHECK(wrong_blocking.value(1) == 0x3f800000);  // the bits of 1.0f
  CHECK(x::infeed<"f32[14]">(q, x::token{}, x::non_blocking).status == x::feed_status::empty);
  CHECK(x::outfeed(fits, x::token{}, q).ok());
  auto wrong_size = x::infeed<"f32[2]">(q, x::token{});
  CHECK(wrong_size.status == x::feed_status::size_mismatch);
  auto right = x::infeed<"f32[14]">(q, x::token{});
  CHECK(right.ok());
  CHECK(right.value == fits);
  CHECK(std::string_view(x::to_string(x::feed_status::size_mismatch)) == "size_mismatch");
}

TEST_CASE("records wrap around the ring") {
  // 56 bytes, two records of 12 bytes (24 each) at a time: headers fall at 0, 24, 48,
  // 16, 40, 8, 32, 0, ..., and the payload after a header at 40 splits across the end.
  x::ring_queue<56> q;
  x::token t{};
  for (std::int32_t i = 0; i < 100; ++i) {
    t = x::outfeed(x::tensor<"s32[3]">{i, -i, i * 1000}, t, q);
    if (i % 3 == 2) continue;  // sometimes two records are in the ring
    while (!q.empty()) {
      auto r = x::infeed<"s32[3]">(q, t);
      REQUIRE(r.ok());
      const std::int32_t k = r.value(0);
      CHECK(r.value == x::tensor<"s32[3]">{k, -k, k * 1000});
      t = r.token;
    }
  }
  CHECK(q.empty());
}

TEST_CASE("tuple records, the empty tuple, layouts, views") {
  x::ring_queue<256> q;
  const x::tensor<"f32[2]"> f = {1, 2};
  // A tuple's record is its arrays one after the other (tokens take no bytes).
  CHECK(x::outfeed(x::tuple(f, 5, x::token{}), x::token{}, q).ok());
  auto [tv, tt, ts] = x::infeed<"(f32[2], s32[])">(q, x::token{});
  CHECK(ts == x::feed_status::ok);
  CHECK(std::get<0>(tv) == f);
  CHECK(std::get<1>(tv)() == 5);
  // The same 12 bytes read as one array: the tuple's bytes in order.
  CHECK(x::outfeed(std::tuple{f, 5}, x::token{}, q).ok());
  auto flat = x::infeed<"s32[3]">(q, x::token{});
  CHECK(flat.ok());
  CHECK(flat.value(2) == 5);
  CHECK(flat.value(0) == 0x3f800000);
  // An empty tuple infeed reads nothing, even from a queue holding a record.
  CHECK(x::outfeed(f, x::token{}, q).ok());
  auto none = x::infeed<"()">(q, x::token{});
  static_assert(std::is_same_v<decltype(none.value), std::tuple<>>);
  CHECK(none.ok());
  CHECK(!q.empty());
  CHECK(x::infeed<"f32[2]">(q, x::token{}).value == f);
  // And outfeed of a value with no array writes nothing.
  CHECK(x::outfeed(std::tuple{}, x::token{}, q).ok());
  CHECK(x::outfeed(std::tuple{x::token{}, std::tuple<>{}}, x::token{}, q).ok());
  CHECK(q.empty());
  // Records are storage order: read back in the same layout, the same values; in
  // another, the bytes as that layout reads them (XLA: the layouts must agree).
  const x::tensor<"f32[2,3]{0,1}"> col = {{1, 2, 3}, {4, 5, 6}};
  CHECK(x::outfeed(col, x::token{}, q).ok());
  CHECK(x::infeed<"f32[2,3]{0,1}">(q, x::token{}).value == col);
  CHECK(x::outfeed(col, x::token{}, q).ok());
  CHECK(x::infeed<"f32[2,3]">(q, x::token{}).value == x::tensor<"f32[2,3]">{{1, 4, 2}, {5, 3, 6}});
  // A view's storage goes as it is.
  float buf[4] = {9, 8, 7, 6};
  CHECK(x::outfeed(x::view<"f32[2,2]{0,1}">(buf), x::token{}, q).ok());
  CHECK(x::infeed<"f32[4]">(q, x::token{}).value == x::tensor<"f32[4]">{9, 8, 7, 6});
  // Zero-size arrays: an empty record, still one record.
  CHECK(x::outfeed(x::tensor<"f32[0]">{}, x::token{}, q).ok());
  CHECK(!q.empty());
  CHECK(x::infeed<"f32[0]">(q, x::token{}).ok());
  CHECK(q.empty());
}

TEST_CASE("a caller's queue") {
  mailbox m;
  CHECK(x::outfeed(x::tensor<"u8[3]">{1, 2, 3}, x::token{}, m).ok());
  CHECK(x::outfeed(x::tensor<"u8[3]">{}, x::token{}, m, x::non_blocking).status == x::feed_status::full);
  CHECK(x::infeed<"u8[3]">(m, x::token{}).value == x::tensor<"u8[3]">{1, 2, 3});
  CHECK(x::infeed<"u8[3]">(m, x::token{}, x::non_blocking).status == x::feed_status::empty);
}

TEST_CASE("infeeds ordered by tokens through two while loops (the seed's example)") {
  // result1 = while (condition, init = init_value) { Infeed(shape) }
  // result2 = while (condition, init = result1) { Infeed(shape) }
  x::ring_queue<4096> q;
  x::token t{};
  for (std::int32_t i = 1; i <= 10; ++i) t = x::outfeed(x::tensor<"s32[2]">{i, i * i}, t, q);
  // state: (count, sum, token); each iteration reads one record and adds it.
  const auto body = [&q](const auto& s) {
    auto r = x::infeed<"s32[2]">(q, std::get<2>(s));
    return std::tuple{std::get<0>(s) + 1, x::eval(std::get<1>(s) + r.value), r.token};
  };
  const auto result1 = x::while_([](const auto& s) { return std::get<0>(s) < 4; }, body,
                                 std::tuple{0, x::tensor<"s32[2]">{}, t});
  const auto result2 = x::while_([](const auto& s) { return std::get<0>(s) < 10; }, body, result1);
  CHECK(std::get<1>(result1) == x::tensor<"s32[2]">{1 + 2 + 3 + 4, 1 + 4 + 9 + 16});
  CHECK(std::get<1>(result2) == x::tensor<"s32[2]">{55, 385});
  CHECK(q.empty());
}
