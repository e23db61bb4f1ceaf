// sxla/control/feed.hpp: Infeed and Outfeed over a caller's queue (control/feed_queue.hpp).
//   auto [v, tok2, st] = x::infeed<"f32[4]">(queue, tok);     // x::infeed_result
//   x::token tok3 = x::outfeed(v, tok2, queue);              // x::outfeed_result
// A record is the bytes of one value: an array's storage in its layout (padding
// included), a tuple's arrays one after the other. Outfeed writes the value (a lazy
// expression is evaluated first); Infeed reads one record into a value of the shape its
// string names (an array or a flat tuple; "()" reads nothing, as XLA's empty tuple
// infeed, and outfeed of a value with no array, as an empty tuple, writes nothing). As
// in XLA, the data is taken to be in the layout the shape gives. Both wait, spinning and
// then yielding the thread, while the queue is empty (infeed) or full (outfeed); with
// x::non_blocking they return at once. Neither fails silently: the
// result's status says ok, empty or full (non-blocking), too_large (a record that can
// never fit: nothing written), or size_mismatch (the next record has another size than
// the shape: it stays in the queue, and the value read is zero). Neither allocates or
// throws. Tokens order them as XLA's do: each takes one and gives one back.
#ifndef SXLA_CONTROL_FEED_HPP
#define SXLA_CONTROL_FEED_HPP

#include <cstddef>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/control/feed_queue.hpp"   // feed_queue, feed_status
#include "sxla/control/token.hpp"        // token
#include "sxla/control/value.hpp"        // value_like, value_t, to_value, is_tensor
#include "sxla/control/value_shape.hpp"  // value_shape_spec, value_shape_t, check_value_shape
#include "sxla/core/diagnostics.hpp"     // SXLA_DIAGNOSE
#include "sxla/core/yield.hpp"           // yield_thread
#include "sxla/tensor/storage_array.hpp" // storage_array
#include "sxla/tensor/tensor.hpp"        // tensor

namespace sxla {

namespace hlo {
struct infeed;
struct outfeed;
}  // namespace hlo

// Selects the forms of infeed and outfeed that never wait.
struct non_blocking_t {
  explicit non_blocking_t() = default;
};
inline constexpr non_blocking_t non_blocking{};

template <class V>
struct infeed_result {
  V value;
  sxla::token token;
  feed_status status;
  constexpr bool ok() const noexcept { return status == feed_status::ok; }
};

struct outfeed_result {
  sxla::token token;
  feed_status status;
  constexpr bool ok() const noexcept { return status == feed_status::ok; }
  constexpr operator sxla::token() const noexcept { return token; }  // NOLINT: threads on as a token
};

namespace detail {
// A value's record: its bytes, and how many arrays it holds (a value with none, as the
// empty tuple, has no record).
struct record_extent {
  std::size_t bytes = 0;
  std::size_t arrays = 0;
};
template <class V>
consteval record_extent record_of() {
  if constexpr (is_tensor<V>::value) {
    return {sizeof(typename V::value_type) * static_cast<std::size_t>(V::storage_count), 1};
  } else if constexpr (is_std_tuple<V>::value) {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      record_extent r;
      ((r.bytes += record_of<std::tuple_element_t<I, V>>().bytes,
        r.arrays += record_of<std::tuple_element_t<I, V>>().arrays), ...);
      return r;
    }(std::make_index_sequence<std::tuple_size_v<V>>{});
  } else {
    return {};  // a token
  }
}
template <class V>
consteval std::size_t record_size() {
  return record_of<V>().bytes;
}

// Copies between a value and its record (at), in record order.
template <class V>
void pack_record(const V& v, std::byte*& at) noexcept {
  if constexpr (is_tensor<V>::value) {
    if constexpr (record_size<V>() > 0) std::memcpy(at, v.data(), record_size<V>());
    at += record_size<V>();
  } else if constexpr (is_std_tuple<V>::value) {
    std::apply([&](const auto&... e) { (pack_record(e, at), ...); }, v);
  }
}
template <class V>
void unpack_record(V& v, const std::byte*& at) noexcept {
  if constexpr (is_tensor<V>::value) {
    if constexpr (record_size<V>() > 0) std::memcpy(v.data(), at, record_size<V>());
    at += record_size<V>();
  } else if constexpr (is_std_tuple<V>::value) {
    std::apply([&](auto&... e) { (unpack_record(e, at), ...); }, v);
  }
}

// One step of waiting on the other thread: a pause, then, after a while, the rest of
// the time slice.
inline void feed_backoff(unsigned& spins) noexcept {
  if (spins < 64) {
    ++spins;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  } else {
    yield_thread();
  }
}

template <bool Block, class Q>
feed_status write_record(Q& queue, const std::byte* data, std::size_t n) {
  unsigned spins = 0;
  for (;;) {
    const feed_status s = queue.try_write(data, n);
    if (!Block || s != feed_status::full) return s;
    feed_backoff(spins);
  }
}
template <bool Block, class Q>
feed_status read_record(Q& queue, std::byte* data, std::size_t n) {
  unsigned spins = 0;
  for (;;) {
    const feed_status s = queue.try_read(data, n);
    if (!Block || s != feed_status::empty) return s;
    feed_backoff(spins);
  }
}

template <bool Block, class V, class Q>
outfeed_result outfeed_value(const V& value, Q& queue) {
  constexpr std::size_t n = record_size<V>();
  if constexpr (record_of<V>().arrays == 0) {
    return {token{}, feed_status::ok};  // the empty tuple writes nothing, as "()" reads nothing
  } else if constexpr (is_tensor<V>::value) {
    return {token{}, write_record<Block>(queue, reinterpret_cast<const std::byte*>(value.data()), n)};
  } else {  // a tuple: its record assembled in this frame
    std::byte record[n + 1];
    std::byte* at = record;
    pack_record(value, at);
    return {token{}, write_record<Block>(queue, record, n)};
  }
}

template <bool Block, value_shape_spec S, class Q>
auto infeed_value(Q& queue) {
  using R = value_shape_t<S>;
  constexpr std::size_t n = record_size<R>();
  infeed_result<R> r{R{}, token{}, feed_status::ok};
  if constexpr (S.is_tuple && S.count == 0) {
    return r;  // XLA: an empty tuple infeed reads nothing (and outfeed of one writes nothing)
  } else if constexpr (is_tensor<R>::value) {
    r.status = read_record<Block>(queue, reinterpret_cast<std::byte*>(r.value.data()), n);
    if (r.status != feed_status::ok) r.value = R{};
    return r;
  } else {
    std::byte record[n + 1];
    r.status = read_record<Block>(queue, record, n);
    if (r.status == feed_status::ok) {
      const std::byte* at = record;
      unpack_record(r.value, at);
    }
    return r;
  }
}

template <class Op, class Q>
constexpr void report_queue() {
  SXLA_DIAGNOSE(Op, "{} is not a feed queue: it needs try_write(const std::byte*, std::size_t) and try_read(std::byte*, std::size_t) returning x::feed_status",
                (Q), ());
}

template <bool Block, value_shape_spec S, class Q>
auto infeed_checked(Q& queue) {
  if constexpr (!check_value_shape<S>()) {
    return infeed_result<std::tuple<>>{};
  } else if constexpr (!feed_queue<Q>) {
    report_queue<hlo::infeed, Q>();
    return infeed_result<std::tuple<>>{};
  } else {
    return infeed_value<Block, S>(queue);
  }
}

template <bool Block, class V, class Q>
outfeed_result outfeed_checked(const V& value, Q& queue) {
  if constexpr (!value_like<V>) {
    SXLA_DIAGNOSE(hlo::outfeed, "{} is not an XLA value", (V), ());
    return {};
  } else if constexpr (!feed_queue<Q>) {
    report_queue<hlo::outfeed, Q>();
    return {};
  } else if constexpr (storage_array<V>) {  // a tensor or a view: its storage as it is
    return {token{}, write_record<Block>(queue, reinterpret_cast<const std::byte*>(value.data()),
                                         record_size<tensor<V::spec>>())};
  } else if constexpr (std::is_same_v<V, value_t<V>>) {
    return outfeed_value<Block>(value, queue);
  } else {
    return outfeed_value<Block>(to_value(value), queue);
  }
}
}  // namespace detail

// Infeed(shape): one record from the queue as a value of shape S (waits while the queue
// is empty; with x::non_blocking, returns feed_status::empty at once).
template <value_shape_spec S, class Q>
auto infeed(Q& queue, token) {
  return detail::infeed_checked<true, S>(queue);
}
template <value_shape_spec S, class Q>
auto infeed(Q& queue, token, non_blocking_t) {
  return detail::infeed_checked<false, S>(queue);
}

// Outfeed(value, token): value's record into the queue (waits while the queue is full;
// with x::non_blocking, returns feed_status::full at once).
template <class V, class Q>
outfeed_result outfeed(const V& value, token, Q& queue) {
  return detail::outfeed_checked<true>(value, queue);
}
template <class V, class Q>
outfeed_result outfeed(const V& value, token, Q& queue, non_blocking_t) {
  return detail::outfeed_checked<false>(value, queue);
}

}  // namespace sxla

#endif  // SXLA_CONTROL_FEED_HPP
