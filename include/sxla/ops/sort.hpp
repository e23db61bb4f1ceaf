// sxla/ops/sort.hpp: XLA's Sort.
//   x::sort(a)                                  ascending along the last dimension (x::lt_op)
//   x::sort<0>(a, x::gt_op)                     descending along dimension 0
//   x::sort<1, x::stable>(keys, values, cmp)    several operands sorted together; cmp takes
//                                               2N scalars (k_i, k_j, v_i, v_j) and returns pred
//   x::sort_into<1>(std::tie(k2, v2), keys, values)   the same, into the caller's tensors
// Each line along the dimension (negative: from the back) is sorted on its own: the
// operands' elements at positions i and j of a line are passed to the comparator as the
// seed says, and an element moves before another when the comparator says it is less.
// One operand gives a node (assigned to any tensor or view, or fused elementwise work on
// top, expr/producer.hpp); several a std::tuple of tensors, or sort_into writes them into
// destinations of any layout (which may be the operands themselves: a sort in place).
//
// Built-in comparators compare the first operand only (the others ride along) and are
// strict weak orders on every value, so the sort of floats is defined with NaNs:
//   x::lt_op, x::gt_op                 ascending / descending by value; NaNs (of either
//                                      sign) after every number for lt_op, before for
//                                      gt_op; -0 and +0 equal
//   x::lt_total_order_op, gt_total_order_op   XLA's total order: -NaN < -Inf < ... < -0
//                                      < +0 < ... < +Inf < +NaN (NaNs by their bits)
// Equal keys keep their order: with a built-in comparator every sort is stable.
// A user comparator goes through a stable merge sort with x::stable and an introsort in
// place with x::unstable (the default; half the scratch). One that is no strict weak
// order (a plain a < b on NaNs) gives some permutation of each line, never a crash or a
// read out of bounds: both sorts only compare and move elements inside the line
// (kernels/sort.hpp).
//
// Engine (kernels/sort.hpp, kernels/quick_sort.hpp). Built-in comparators sort unsigned
// keys made from the first operand's bits (flipped into the comparator's order,
// complemented for gt). Lines of at most 64 (keys alone when they give back the values,
// integers and total orders, with one operand; else keys of at most 32 bits with
// positions beside them in 64-bit lanes) are sorted a vector's worth of lines at a time
// by a sorting network of vector min/max. Longer lines of one operand with 32- or 64-bit
// keys that give back the values on this line (no NaN or -0 under lt_op / gt_op) by the
// vectorised quicksort, in place on the keys, writing values into a contiguous
// destination as it finishes (where compress is native: Highway on AVX2 and up). Other
// long lines by an LSD radix sort of keys alone, of key | payload << 32 (the second of
// two operands' bits, when it has at most 32, or else positions), or of 64-bit keys with
// positions beside them; positions then gather every operand. Scratch memory (a
// compile-time size, x::workspace_bytes; expr/scratch.hpp's rules: stack up to
// SXLA_STACK_TEMPORARY_BYTES, else a caller's workspace or, where allowed, the heap):
// quicksort, one array of the line's keys; radix, two arrays of the line's elements
// (and two of positions for 64-bit keys) plus the histograms (one operand whose line
// might give its values back keeps the radix sort's arrays too); network, one block of
// 64 lanes per element; a user comparator, two
// arrays of the line's records (stable) or one (unstable); with several operands, one
// more array of the line's records for destinations that overlap operands.
//
// Misuse is a compile error naming sort and the shapes: operands of different
// dimensions, a dimension out of range, a comparator that does not take 2N elements or
// does not return something convertible to pred, a built-in comparator on complex keys.
#ifndef SXLA_OPS_SORT_HPP
#define SXLA_OPS_SORT_HPP

#include <bit>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"               // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"     // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"    // is_complex_v
#include "sxla/core/float16.hpp"        // is_small_float_v
#include "sxla/core/index.hpp"           // index_t, multi_index, idx
#include "sxla/core/workspace.hpp"       // detail::arena, scratch_round
#include "sxla/expr/expression.hpp"      // logical_spec
#include "sxla/expr/leaf.hpp"            // as_operand, operand, operand_t, detail::lanes_fit
#include "sxla/expr/producer.hpp"        // unary_producer
#include "sxla/expr/scratch.hpp"         // detail::with_scratch_memory
#include "sxla/kernels/quick_sort.hpp"   // quick_sort, quick_sort_enabled
#include "sxla/kernels/sort.hpp"         // radix_sort, network_sort, merge_sort
#include "sxla/ops/compare.hpp"          // compare_op, lt_op
#include "sxla/ops/reduction.hpp"        // detail::odometer
#include "sxla/shape/print.hpp"          // diagnostic_display of shapes
#include "sxla/tensor/tensor.hpp"        // tensor

namespace sxla {

enum class sort_stability { unstable, stable };
inline constexpr sort_stability unstable = sort_stability::unstable;
inline constexpr sort_stability stable = sort_stability::stable;

// The op's name in compile errors, and where its scratch memory does not fit.
namespace hlo {
struct sort;
}  // namespace hlo
struct sort_op {
  using name = hlo::sort;
};

namespace detail {
template <class C>
inline constexpr bool builtin_comparator = false;
template <comparison_direction D, bool TotalOrder>
inline constexpr bool builtin_comparator<compare_op<D, TotalOrder>> =
    D == comparison_direction::lt || D == comparison_direction::gt;

template <class C>
struct comparator_traits;
template <comparison_direction D, bool TotalOrder>
struct comparator_traits<compare_op<D, TotalOrder>> {
  static constexpr bool descending = D == comparison_direction::gt;
  static constexpr bool total_order = TotalOrder;
};

// ---- keys: a built-in comparator's order as unsigned integer order ------------------

template <class T>
inline constexpr bool sort_float = std::is_floating_point_v<T> || is_small_float_v<T> || is_minifloat_v<T>;

// The 8-, 6- and 4-bit floats sort by their f32 values' keys (their encodings' special
// values and sign positions differ by type; the widening is exact).
template <class T>
using sort_key_t = std::conditional_t<
    is_minifloat_v<T> || sizeof(T) == 4, std::uint32_t,
    std::conditional_t<sizeof(T) == 1, std::uint8_t, std::conditional_t<sizeof(T) == 2, std::uint16_t, std::uint64_t>>>;

template <class T>
constexpr sort_key_t<T> raw_bits(T v) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? 1 : 0;
  } else if constexpr (is_minifloat_v<T>) {
    return std::bit_cast<std::uint32_t>(static_cast<float>(v));
  } else if constexpr (is_small_float_v<T>) {
    return v.bits();
  } else {
    return std::bit_cast<sort_key_t<T>>(v);
  }
}
template <class T>
constexpr T from_raw_bits(sort_key_t<T> k) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    return k != 0;
  } else if constexpr (is_minifloat_v<T>) {
    return T(std::bit_cast<float>(k));
  } else if constexpr (is_small_float_v<T>) {
    return T::from_bits(k);
  } else {
    return std::bit_cast<T>(k);
  }
}

// Whether C's key of a T gives the T back (then keys alone can be sorted).
// (Not for the 8-, 6- and 4-bit floats: an f8e5m2 NaN's payload does not survive f32.)
template <class C, class T>
inline constexpr bool key_gives_value = !sort_float<T> || (comparator_traits<C>::total_order && !is_minifloat_v<T>);

// The key of +inf: larger magnitudes are NaNs.
template <class T>
constexpr sort_key_t<T> infinity_bits() noexcept {
  if constexpr (is_minifloat_v<T>) {
    return std::bit_cast<std::uint32_t>(std::numeric_limits<float>::infinity());
  } else {
    return raw_bits(std::numeric_limits<T>::infinity());
  }
}

// T's key under C: unsigned order is C's order. Floats: the sign bit flipped for
// positives, every bit for negatives (XLA's total order); for lt_op/gt_op every NaN is
// the largest key and -0 is +0.
template <class C, class T>
constexpr sort_key_t<T> sort_key(T v) noexcept {
  using K = sort_key_t<T>;
  constexpr K sign = static_cast<K>(K{1} << (8 * sizeof(K) - 1));
  const K b = raw_bits(v);
  K k = b;
  if constexpr (sort_float<T>) {  // branch-free: the loops that make keys stay tight
    k = static_cast<K>(b ^ (static_cast<K>(K{0} - (b >> (8 * sizeof(K) - 1))) | sign));
    if constexpr (!comparator_traits<C>::total_order) {
      constexpr K inf = infinity_bits<T>();
      const K magnitude = static_cast<K>(b & ~sign);
      k = magnitude == 0 ? sign : k;
      k = magnitude > inf ? static_cast<K>(~K{0}) : k;
    }
  } else if constexpr (std::numeric_limits<T>::is_signed) {  // s2 and s4 too
    k = static_cast<K>(b ^ sign);
  }
  return comparator_traits<C>::descending ? static_cast<K>(~k) : k;
}

// Whether sort_unkey gives v back from its key (false only for NaNs and -0 under
// lt_op / gt_op).
template <class C, class T>
constexpr bool key_exact(T v) noexcept {
  if constexpr (key_gives_value<C, T>) {
    return true;
  } else {
    using K = sort_key_t<T>;
    constexpr K sign = static_cast<K>(K{1} << (8 * sizeof(K) - 1));
    constexpr K inf = infinity_bits<T>();
    const K b = raw_bits(v);
    return static_cast<K>(b & ~sign) <= inf && b != sign;
  }
}
template <class C, class T>
constexpr T sort_unkey(sort_key_t<T> k) noexcept {
  using K = sort_key_t<T>;
  constexpr K sign = static_cast<K>(K{1} << (8 * sizeof(K) - 1));
  if constexpr (comparator_traits<C>::descending) k = static_cast<K>(~k);
  if constexpr (sort_float<T>) {
    k = (k & sign) != 0 ? static_cast<K>(k ^ sign) : static_cast<K>(~k);
  } else if constexpr (std::numeric_limits<T>::is_signed) {
    k = static_cast<K>(k ^ sign);
  }
  return from_raw_bits<T>(k);
}

// ---- the operands ---------------------------------------------------------------------

// A line's element j of op: the line's start with position j along Dim.
template <std::size_t Dim, class Op, std::size_t R>
SXLA_FORCE_INLINE constexpr auto line_at(const Op& op, multi_index<R> i, std::size_t j) noexcept {
  i[Dim] = static_cast<index_t>(j);
  return op.at(i);
}
template <std::size_t Dim, class Dst, std::size_t R>
SXLA_FORCE_INLINE constexpr auto& line_slot(Dst& dst, multi_index<R> i, std::size_t j) noexcept {
  i[Dim] = static_cast<index_t>(j);
  return dst.data()[Dst::shape_type::offset(i)];
}

// Whether X is storage (a tensor, view or array leaf) without tiles: its lines are a
// pointer and a constant stride.
template <class X>
inline constexpr bool strided_storage = [] {
  if constexpr (requires { X::shape_type::is_tiled; }) {
    return !X::shape_type::is_tiled;
  } else {
    return false;
  }
}();

// The line through start along Dim of x: line(j) is element j, read (or written, for
// storage) through a pointer and a stride where x allows.
template <std::size_t Dim, class X, std::size_t R>
SXLA_FORCE_INLINE auto line_of(X& x, const multi_index<R>& start) noexcept {
  if constexpr (strided_storage<std::remove_const_t<X>>) {
    using S = typename std::remove_const_t<X>::shape_type;
    multi_index<R> s = start;
    s[Dim] = 0;
    auto* p = x.data() + S::offset(s);
    constexpr auto stride = static_cast<std::size_t>(S::map.strides[Dim]);
    return [p](std::size_t j) -> auto& { return p[j * stride]; };
  } else if constexpr (requires { x.data(); }) {
    return [&x, start](std::size_t j) -> auto& { return line_slot<Dim>(x, start, j); };
  } else {
    return [&x, start](std::size_t j) { return line_at<Dim>(x, start, j); };
  }
}

#if !defined(SXLA_SIMD_SCALAR)
// The same on vectors of an element's bits (the quicksort's contiguous lines): keys from
// bits, and the lanes whose key is not exact.
template <class C, class T, class K>
SXLA_FORCE_INLINE simd::vec<K> sort_key_lanes(simd::vec<K> b) noexcept {
  using V = simd::vec<K>;
  const V sign = simd::splat<V>(static_cast<K>(K{1} << (8 * sizeof(K) - 1)));
  V k = b;
  if constexpr (sort_float<T>) {
    k = simd::bit_xor(b, simd::bit_or(simd::sub(simd::zero<K>(), simd::shr<8 * sizeof(K) - 1>(b)), sign));
    if constexpr (!comparator_traits<C>::total_order) {
      const V magnitude = simd::bit_andnot(sign, b);
      k = simd::select(simd::eq(magnitude, simd::zero<K>()), sign, k);
      k = simd::select(simd::gt(magnitude, simd::splat<V>(infinity_bits<T>())),
                       simd::splat<V>(static_cast<K>(~K{0})), k);
    }
  } else if constexpr (std::numeric_limits<T>::is_signed) {
    k = simd::bit_xor(b, sign);
  }
  return comparator_traits<C>::descending ? simd::bit_not(k) : k;
}
template <class C, class T, class K>
SXLA_FORCE_INLINE simd::mask<K> inexact_lanes(simd::vec<K> b) noexcept {
  using V = simd::vec<K>;
  if constexpr (key_gives_value<C, T>) {
    return simd::first_n<K>(0);
  } else {
    const V sign = simd::splat<V>(static_cast<K>(K{1} << (8 * sizeof(K) - 1)));
    const V inf = simd::splat<V>(infinity_bits<T>());
    return simd::mask_or(simd::gt(simd::bit_andnot(sign, b), inf), simd::eq(b, sign));
  }
}
#else
// The scalar backend has no vectors (and no quicksort): declared for the discarded
// branches that name them.
template <class C, class T, class K>
simd::vec<K> sort_key_lanes(simd::vec<K> b) noexcept;
template <class C, class T, class K>
simd::mask<K> inexact_lanes(simd::vec<K> b) noexcept;
#endif

// sort_unkey as the quicksort's two masks (kernels::sorted_output): a key's bits
// flipped by if_set when its top bit is set, else by if_clear, give its value's bits.
template <class C, class T>
constexpr kernels::sorted_output<sort_key_t<T>> unkey_output(sort_key_t<T>* out) noexcept {
  using K = sort_key_t<T>;
  constexpr K sign = static_cast<K>(K{1} << (8 * sizeof(K) - 1));
  constexpr bool desc = comparator_traits<C>::descending;
  if constexpr (sort_float<T>) {
    return {out, desc ? K{0} : sign, desc ? static_cast<K>(~sign) : static_cast<K>(~K{0})};
  } else if constexpr (std::numeric_limits<T>::is_signed) {
    const K m = desc ? static_cast<K>(~sign) : sign;
    return {out, m, m};
  } else {
    const K m = desc ? static_cast<K>(~K{0}) : K{0};
    return {out, m, m};
  }
}

// Whether x's lines along Dim are contiguous storage (stride 1, no tiles).
template <std::size_t Dim, class X>
inline constexpr bool contiguous_lines = [] {
  if constexpr (strided_storage<X>) {
    return X::shape_type::map.strides[Dim] == 1;
  } else {
    return false;
  }
}();

// A user comparator's answer for two records: get(A) is its argument A, operand A / 2's
// element of the first record (A even) or of the second (A odd).
template <class C, class Get, std::size_t... A>
constexpr bool user_before(const C& c, const Get& get, std::index_sequence<A...>) {
  return static_cast<bool>(c(get(std::integral_constant<std::size_t, A>{})...));
}

// One line's elements of every operand, side by side: what the user comparator's sort
// moves (trivially copyable when the elements are).
template <class... T>
struct sort_record;
template <>
struct sort_record<> {};
template <class T, class... R>
struct sort_record<T, R...> {
  T head;
  [[no_unique_address]] sort_record<R...> tail;
};
template <std::size_t K, class Rec>
constexpr const auto& record_get(const Rec& r) noexcept {
  if constexpr (K == 0) {
    return r.head;
  } else {
    return record_get<K - 1>(r.tail);
  }
}
template <std::size_t K, class Rec>
constexpr auto& record_get(Rec& r) noexcept {
  if constexpr (K == 0) {
    return r.head;
  } else {
    return record_get<K - 1>(r.tail);
  }
}

// How the lines of Ops (a tuple of nodes, line length N) are sorted under C, and the
// scratch bytes that takes.
template <class C, class Ops, std::size_t N, sort_stability S = sort_stability::stable>
struct sort_plan {
  static_assert(N <= 0xffffffffu, "sxla: sort: lines of more than 2^32 - 1 elements (positions are 32-bit)");
  static constexpr std::size_t count = std::tuple_size_v<Ops>;
  using T0 = typename std::tuple_element_t<0, Ops>::value_type;
  static constexpr bool builtin = builtin_comparator<C>;
  static constexpr bool keys_only = [] {
    if constexpr (builtin) {
      return count == 1 && key_gives_value<C, T0>;
    } else {
      return false;
    }
  }();
  using K = sort_key_t<T0>;
  static constexpr bool network = builtin && N <= 64 && (keys_only || sizeof(K) <= 4);
  // A network's lane: a key widened to 32 bits, or key << 32 | position.
  using lane = std::conditional_t<keys_only, std::conditional_t<sizeof(K) <= 4, std::uint32_t, std::uint64_t>,
                                  std::uint64_t>;
  static constexpr std::size_t lanes = kernels::network_lanes<lane>;
  template <std::size_t... I>
  static auto record_of(std::index_sequence<I...>)
      -> sort_record<typename std::tuple_element_t<I, Ops>::value_type...>;
  using record = decltype(record_of(std::make_index_sequence<count>{}));
  // Destinations that may share memory with operands read every operand's line here
  // first (sort_into; several operands gathered by position).
  static constexpr std::size_t line_values = count > 1 ? scratch_round(N * sizeof(record)) : 0;
  // The radix sort: digits of radix_bits, on keys of KeyBits bits; keys of at most 32
  // bits with a payload are packed beside it in one 64-bit element.
  static constexpr unsigned bits = kernels::radix_bits(N, sizeof(K));
  static constexpr unsigned key_bits = 8 * sizeof(K);
  using histogram = kernels::radix_histogram<bits, key_bits>;
  static constexpr bool packed = !keys_only && sizeof(K) <= 4;
  // One operand with 32- or 64-bit keys: the vectorised quicksort, in place on the keys,
  // wherever they give their values back (with lt_op / gt_op: no NaN or -0 on the
  // line; else the radix sort with positions).
  // (Not for keys of another width than the values: the 8-, 6- and 4-bit floats' f32 keys.)
  static constexpr bool quick =
      builtin && count == 1 && !network && kernels::quick_sort_enabled<K> && sizeof(K) == sizeof(T0);
  static constexpr std::size_t scratch = [] {
    if constexpr (!builtin) {  // the merge sort's two arrays, or the introsort's one
      return (S == sort_stability::stable ? 2 : 1) * scratch_round(N * sizeof(record));
    } else if constexpr (network) {
      return scratch_round(N * lanes * sizeof(lane)) + line_values;
    } else if constexpr (quick && keys_only) {
      return scratch_round(N * sizeof(K));
    } else if constexpr (keys_only) {
      return 2 * scratch_round(N * sizeof(K)) + scratch_round(4 * histogram::size);
    } else if constexpr (packed) {
      return 2 * scratch_round(N * 8) + scratch_round(4 * histogram::size) + line_values;
    } else {
      return 2 * scratch_round(N * sizeof(K)) + 2 * scratch_round(4 * N) + scratch_round(4 * histogram::size) +
             line_values;
    }
  }();
};

// Records whether a leaf's memory [lo, hi) meets [b, e).
struct overlap_probe {
  std::uintptr_t b, e;
  bool* hit;
  template <shape_spec>
  constexpr void operator()(std::uintptr_t lo, std::uintptr_t hi, bool) const {
    if (lo < e && b < hi) *hit = true;
  }
};

// Whether any destination's memory overlaps any operand's (a run-time test).
template <class Ops, class Dsts>
bool sort_overlap(const Ops& ops, const Dsts& dsts) noexcept {
  bool any = false;
  std::apply(
      [&](const auto&... d) {
        (std::apply(
             [&](const auto&... op) {
               const auto begin = reinterpret_cast<std::uintptr_t>(d.data());
               const auto end = reinterpret_cast<std::uintptr_t>(
                   d.data() + std::remove_cvref_t<decltype(d)>::shape_type::storage_count);
               (op.for_each_leaf(overlap_probe{begin, end, &any}, false), ...);
             },
             ops),
         ...);
      },
      dsts);
  return any;
}

// Every line along Dim of the operands ops (a tuple of nodes), sorted by c into dsts (a
// tuple of references to storage of the operands' dimensions), with plan P's scratch
// from ws.
template <std::size_t Dim, sort_stability S, class C, class Ops, class Dsts, std::size_t... K>
void sort_lines(const Ops& ops, const Dsts& dsts, const C& c, arena& ws, std::index_sequence<K...>) {
  using E0 = std::tuple_element_t<0, Ops>;
  constexpr std::size_t rank = E0::rank;
  constexpr std::size_t n = static_cast<std::size_t>(E0::spec.dimensions[Dim]);
  using P = sort_plan<C, Ops, n, S>;
  using record = typename P::record;
  if constexpr (E0::spec.element_count() == 0) {
    return;
  } else {
    const arena_scope scope(ws);
    multi_index<rank> line{}, extent{};
    for (std::size_t d = 0; d < rank; ++d) extent[d] = E0::spec.dimensions[d];
    idx others;
    for (std::size_t d = 0; d < rank; ++d)
      if (d != Dim) others.push_back(static_cast<index_t>(d));
    // Whether a destination shares memory with an operand, where that matters: the
    // sorted line gathered by position (several operands; one whose keys need not give
    // its values back) reads the operands' line while it writes the destinations'.
    const bool overlap = (sizeof...(K) > 1 || (P::builtin && !P::keys_only)) && sort_overlap(ops, dsts);
    record* values = P::builtin && P::line_values > 0 ? ws.template take<record>(n) : nullptr;
    // The sorted line from the positions pos(j): every operand gathered. Overlapping,
    // several operands go through values; one goes through slots[j * stride], 64-bit
    // words the caller holds pos(j) in, or no longer needs once pos(j) is read.
    auto write_positions = [&](const multi_index<rank>& at, const auto& pos, std::uint64_t* slots,
                               std::size_t stride) {
      const auto in = std::make_tuple(line_of<Dim>(std::get<K>(ops), at)...);
      const auto out = std::make_tuple(line_of<Dim>(std::get<K>(dsts), at)...);
      // (A built-in comparator orders no type wider than 8 bytes: a c128 operand, sorted
      // by a user's comparator, never comes here.)
      if constexpr (sizeof...(K) == 1 && sizeof(typename E0::value_type) <= 8) {
        if (overlap) {
          using T0 = typename E0::value_type;
          using U = simd::uint_of<T0>;  // its bits
          for (std::size_t j = 0; j < n; ++j)
            slots[j * stride] = std::bit_cast<U>(static_cast<T0>(std::get<0>(in)(pos(j))));
          for (std::size_t j = 0; j < n; ++j)
            std::get<0>(out)(j) = std::bit_cast<T0>(static_cast<U>(slots[j * stride]));
          return;
        }
      }
      if (overlap) {
        for (std::size_t j = 0; j < n; ++j) ((record_get<K>(values[j]) = std::get<K>(in)(pos(j))), ...);
        for (std::size_t j = 0; j < n; ++j) ((std::get<K>(out)(j) = record_get<K>(values[j])), ...);
      } else {
        for (std::size_t j = 0; j < n; ++j) ((std::get<K>(out)(j) = std::get<K>(in)(pos(j))), ...);
      }
    };
    if constexpr (!P::builtin) {
      record* a = ws.template take<record>(n);
      record* b = S == sort_stability::stable ? ws.template take<record>(n) : nullptr;
      odometer(others, extent, line, [&] {
        const auto in = std::make_tuple(line_of<Dim>(std::get<K>(ops), line)...);
        for (std::size_t i = 0; i < n; ++i) ((record_get<K>(a[i]) = std::get<K>(in)(i)), ...);
        const auto before = [&](const record& x, const record& y) {
          return user_before(c, [&](auto arg) -> decltype(auto) {
            constexpr std::size_t k = decltype(arg)::value;
            return record_get<k / 2>(k % 2 == 0 ? x : y);
          }, std::make_index_sequence<2 * sizeof...(K)>{});
        };
        const record* s = a;
        if constexpr (S == sort_stability::stable) {
          s = kernels::merge_sort(a, b, n, before);
        } else {
          kernels::intro_sort(a, n, before);
        }
        const auto out = std::make_tuple(line_of<Dim>(std::get<K>(dsts), line)...);
        for (std::size_t j = 0; j < n; ++j) ((std::get<K>(out)(j) = record_get<K>(s[j])), ...);
      });
    } else if constexpr (P::network) {
      using T0 = typename P::T0;
      using L = typename P::lane;
      constexpr std::size_t lanes = P::lanes;
      L* block = ws.template take<L>(n * lanes);
      multi_index<rank> group[lanes];
      std::size_t filled = 0;
      auto flush = [&] {
        for (std::size_t r = filled; r < lanes; ++r)
          for (std::size_t i = 0; i < n; ++i) block[i * lanes + r] = 0;
        kernels::network_sort<n>(block);
        for (std::size_t r = 0; r < filled; ++r) {
          if constexpr (P::keys_only) {
            const auto out = line_of<Dim>(std::get<0>(dsts), group[r]);
            for (std::size_t j = 0; j < n; ++j)
              out(j) = sort_unkey<C, T0>(static_cast<typename P::K>(block[j * lanes + r]));
          } else {
            write_positions(group[r], [&](std::size_t j) { return static_cast<std::uint32_t>(block[j * lanes + r]); },
                            block + r, lanes);
          }
        }
        filled = 0;
      };
      odometer(others, extent, line, [&] {
        const auto in = line_of<Dim>(std::get<0>(ops), line);
        for (std::size_t i = 0; i < n; ++i) {
          const L key = sort_key<C>(static_cast<T0>(in(i)));
          block[i * lanes + filled] = P::keys_only ? key : static_cast<L>((std::uint64_t{key} << 32) | i);
        }
        group[filled++] = line;
        if (filled == lanes) flush();
      });
      if (filled > 0) flush();
    } else {
      using T0 = typename P::T0;
      using Key = typename P::K;
      using H = typename P::histogram;
      constexpr unsigned bits = P::bits, key_bits = P::key_bits;
      // The keys of the first operand's line into k; whether they give its values back.
      using Op0 = std::remove_cvref_t<std::tuple_element_t<0, Ops>>;
      using Dst0 = std::remove_cvref_t<std::tuple_element_t<0, Dsts>>;
      const auto make_keys = [&](Key* k) {
        const auto in = line_of<Dim>(std::get<0>(ops), line);
        bool exact = true;
        std::size_t first = 0;  // the first key made one by one
        if constexpr (P::quick && contiguous_lines<Dim, Op0>) {  // vectors of keys
          constexpr std::size_t l = simd::lanes<Key>;
          first = n - n % l;
          const T0* src = &in(0);
          auto inexact = simd::first_n<Key>(0);
          for (std::size_t i = 0; i < n - n % l; i += l) {
            const simd::vec<Key> b = simd::bitcast<Key>(simd::load(src + i));
            inexact = simd::mask_or(inexact, inexact_lanes<C, T0>(b));
            simd::store(sort_key_lanes<C, T0>(b), k + i);
          }
          exact = !simd::any(inexact);
        }
        for (std::size_t i = first; i < n; ++i) {
          const auto v = static_cast<T0>(in(i));
          k[i] = sort_key<C>(v);
          exact &= key_exact<C>(v);
        }
        return exact;
      };
      const auto count_digits = [&](const Key* k, std::uint32_t* hist) {
        H::clear(hist);
        for (std::size_t i = 0; i < n; ++i) H::count(k[i], hist);
      };
      // The sorted keys k back to values, into the first destination.
      const auto write_keys = [&](const Key* k) {
        const auto out = line_of<Dim>(std::get<0>(dsts), line);
        for (std::size_t j = 0; j < n; ++j) out(j) = sort_unkey<C, T0>(k[j]);
      };
      // The keys k quick-sorted into the first destination (as values while they are
      // sorted, where its line is contiguous).
      [[maybe_unused]] const auto quick_sort_keys = [&](Key* k) {
        if constexpr (P::quick) {
          if constexpr (contiguous_lines<Dim, Dst0>) {  // written as values, through vectors and memcpy
            T0* out = &line_of<Dim>(std::get<0>(dsts), line)(0);
            kernels::quick_sort(k, n, unkey_output<C, T0>(reinterpret_cast<Key*>(out)));
          } else {
            kernels::quick_sort(k, n);
            write_keys(k);
          }
        }
      };
      if constexpr (P::quick && P::keys_only) {
        Key* keys = ws.template take<Key>(n);
        odometer(others, extent, line, [&] {
          make_keys(keys);
          quick_sort_keys(keys);
        });
      } else if constexpr (P::keys_only) {
        std::uint32_t* hist = ws.template take<std::uint32_t>(H::size);
        Key* keys = ws.template take<Key>(n);
        Key* keys_tmp = ws.template take<Key>(n);
        odometer(others, extent, line, [&] {
          make_keys(keys);
          count_digits(keys, hist);
          write_keys(kernels::radix_sort<bits, key_bits>(keys, keys_tmp, nullptr, nullptr, n, hist).elements);
        });
      } else if constexpr (P::packed) {
        // Elements key | payload << 32. The payload is the second operand's bits when the
        // keys give their values back on this line (no NaN or -0 under lt_op / gt_op):
        // nothing is gathered then; else the position.
        std::uint32_t* hist = ws.template take<std::uint32_t>(H::size);
        using T1 = typename std::tuple_element_t<sizeof...(K) == 2 ? 1 : 0, Ops>::value_type;
        constexpr bool carry = sizeof...(K) == 2 && sizeof(T1) <= 4 && std::is_trivially_copyable_v<T1>;
        std::uint64_t* e = ws.template take<std::uint64_t>(n);
        std::uint64_t* et = ws.template take<std::uint64_t>(n);
        auto by_position = [&](std::uint64_t* sorted) {
          write_positions(line, [sorted](std::size_t j) { return static_cast<std::uint32_t>(sorted[j] >> 32); },
                          sorted, 1);
        };
        odometer(others, extent, line, [&] {
          const auto in = line_of<Dim>(std::get<0>(ops), line);
          if constexpr (sizeof...(K) == 1) {
            // Keys alone first, in the first half of e; positions only if needed.
            Key* k = reinterpret_cast<Key*>(e);
            const bool exact = make_keys(k);
            if (exact) {
              if constexpr (P::quick) {
                quick_sort_keys(k);
              } else {
                count_digits(k, hist);
                write_keys(
                    kernels::radix_sort<bits, key_bits>(k, reinterpret_cast<Key*>(et), nullptr, nullptr, n, hist)
                        .elements);
              }
              return;
            }
            count_digits(k, hist);
            for (std::size_t i = n; i-- > 0;) {  // widened in place, from the back
              const std::uint64_t key = k[i];
              e[i] = key | (std::uint64_t{static_cast<std::uint32_t>(i)} << 32);
            }
          } else {
            H::clear(hist);
            bool exact = true;  // every key gives its value back
            [[maybe_unused]] const auto in1 = line_of<Dim>(std::get<sizeof...(K) - 1>(ops), line);
            for (std::size_t i = 0; i < n; ++i) {
              const auto v = static_cast<T0>(in(i));
              const Key key = sort_key<C>(v);
              H::count(key, hist);
              std::uint64_t payload = i;
              if constexpr (carry) {
                exact &= key_exact<C>(v);
                const auto w = static_cast<T1>(in1(i));
                std::uint32_t b = 0;
                std::memcpy(&b, &w, sizeof(T1));
                payload = b;
              }
              e[i] = std::uint64_t{key} | (payload << 32);
            }
            if constexpr (carry) {
              if (exact && !overlap) {
                const auto sorted = kernels::radix_sort<bits, key_bits>(e, et, nullptr, nullptr, n, hist);
                const auto out = line_of<Dim>(std::get<0>(dsts), line);
                const auto out1 = line_of<Dim>(std::get<1>(dsts), line);
                for (std::size_t j = 0; j < n; ++j) {
                  const std::uint64_t x = sorted.elements[j];
                  out(j) = sort_unkey<C, T0>(static_cast<Key>(x));
                  const auto b = static_cast<std::uint32_t>(x >> 32);
                  T1 w;
                  std::memcpy(&w, &b, sizeof(T1));
                  out1(j) = w;
                }
                return;
              }
              for (std::size_t i = 0; i < n; ++i)
                e[i] = (e[i] & 0xffffffffu) | (std::uint64_t{static_cast<std::uint32_t>(i)} << 32);
            }
          }
          by_position(kernels::radix_sort<bits, key_bits>(e, et, nullptr, nullptr, n, hist).elements);
        });
      } else {
        // 64-bit keys with positions beside them (one operand: the keys alone first, as
        // above, when the quicksort runs).
        std::uint32_t* hist = ws.template take<std::uint32_t>(H::size);
        Key* keys = ws.template take<Key>(n);
        Key* keys_tmp = ws.template take<Key>(n);
        std::uint32_t* pos = ws.template take<std::uint32_t>(n);
        std::uint32_t* pos_tmp = ws.template take<std::uint32_t>(n);
        odometer(others, extent, line, [&] {
          const bool exact = make_keys(keys);
          if constexpr (P::quick) {
            if (exact) {
              quick_sort_keys(keys);
              return;
            }
          }
          count_digits(keys, hist);
          for (std::size_t i = 0; i < n; ++i) pos[i] = static_cast<std::uint32_t>(i);
          const auto sorted = kernels::radix_sort<bits, key_bits>(keys, keys_tmp, pos, pos_tmp, n, hist);
          write_positions(line, [p = sorted.payloads](std::size_t j) { return p[j]; },
                          reinterpret_cast<std::uint64_t*>(sorted.elements), 1);  // the keys, sorted
        });
      }
    }
  }
}

// ---- checks ---------------------------------------------------------------------------

template <class Ops, std::size_t... K>
constexpr bool same_dimensions(std::index_sequence<K...>) {
  return ((std::tuple_element_t<K, Ops>::spec.dimensions == std::tuple_element_t<0, Ops>::spec.dimensions) && ...);
}

// Whether C is a built-in comparator for the first operand's type, or takes the 2N
// elements (A: 0 .. 2N - 1) and returns something convertible to pred.
template <class C, class Ops, std::size_t... A>
constexpr bool comparator_ok(std::index_sequence<A...>) {
  if constexpr (builtin_comparator<C>) {
    return !is_complex_v<typename std::tuple_element_t<0, Ops>::value_type>;
  } else if constexpr (std::is_invocable_v<const C&, typename std::tuple_element_t<A / 2, Ops>::value_type...>) {
    return std::is_convertible_v<std::invoke_result_t<const C&, typename std::tuple_element_t<A / 2, Ops>::value_type...>,
                                 bool>;
  } else {
    return false;
  }
}

// The dimension Dim names (negative: from the back), or -1 when out of range.
constexpr index_t resolve_sort_dimension(index_t dim, std::size_t rank) noexcept {
  const index_t d = dim < 0 ? static_cast<index_t>(rank) + dim : dim;
  return d >= 0 && d < static_cast<index_t>(rank) ? d : index_t{-1};
}
template <index_t Dim, std::size_t Rank>
inline constexpr index_t sort_dimension = resolve_sort_dimension(Dim, Rank);

// The first misuse in sorting Ops along Dim by C: 0 none, 1 dimensions that differ, 2 a
// dimension out of range, 3 the comparator.
template <index_t Dim, class C, class Ops>
inline constexpr int sort_error = [] {
  using E0 = std::tuple_element_t<0, Ops>;
  if (!same_dimensions<Ops>(std::make_index_sequence<std::tuple_size_v<Ops>>{})) return 1;
  if (E0::rank == 0 || sort_dimension<Dim, E0::rank> < 0) return 2;
  if (!comparator_ok<C, Ops>(std::make_index_sequence<2 * std::tuple_size_v<Ops>>{})) return 3;
  return 0;
}();

// The compile error for sort_error's misuse.
template <index_t Dim, class C, class Ops, std::size_t... K>
constexpr void report_sort(std::index_sequence<K...>) noexcept {
  using E0 = std::tuple_element_t<0, Ops>;
  constexpr int error = sort_error<Dim, C, Ops>;
  if constexpr (error == 1) {
    using Ek = typename nth_type<first_index({!(std::tuple_element_t<K, Ops>::spec.dimensions ==
                                                E0::spec.dimensions)...}),
                                 std::tuple_element_t<K, Ops>...>::type;
    SXLA_DIAGNOSE(hlo::sort, "{} and {}: the operands of a sort must have the same dimensions", (E0, Ek), ());
  } else if constexpr (error == 2) {
    SXLA_DIAGNOSE(hlo::sort, "{}: dimension {} is outside the operand rank {} (or the operand is a scalar)", (E0),
                  (Dim, E0::rank));
  } else if constexpr (error == 3) {
    SXLA_DIAGNOSE(hlo::sort,
                  "{}: the comparator ({}) must take the 2N elements (a_i, a_j, b_i, b_j, ...) and return pred, or be "
                  "a built-in comparator of a non-complex first operand",
                  (E0, C), ());
  }
}

template <class X>
inline constexpr bool is_operand_arg = operand<X>;
}  // namespace detail

// Sort of one operand along Dim by C: a producer (expr/producer.hpp) of the operand's
// shape. Read element by element inside another node (or in constant evaluation), an
// element costs a pass over its line per candidate: assign it first.
template <std::size_t Dim, class C, class Op, sort_stability S = sort_stability::stable>
struct sort_node : unary_producer<sort_node<Dim, C, Op, S>, Op, typename Op::value_type, Op::rank> {
  static constexpr bool is_expression = true;
  static constexpr bool produces = true;
  using value_type = typename Op::value_type;
  using lane_type = typename Op::lane_type;
  static constexpr std::size_t rank = Op::rank;
  static constexpr shape_spec spec = Op::spec;
  using scratch_op = sort_op;
  static constexpr std::size_t n = static_cast<std::size_t>(spec.dimensions[Dim]);

  Op operand;
  C c;

  template <class D>
  static constexpr std::size_t scratch = detail::sort_plan<C, std::tuple<Op>, n, S>::scratch;

  // Whether line element i comes before element j (ties: by position).
  constexpr bool before(const multi_index<rank>& line, std::size_t i, std::size_t j) const {
    const value_type a = detail::line_at<Dim>(operand, line, i), b = detail::line_at<Dim>(operand, line, j);
    bool less = false, greater = false;
    if constexpr (detail::builtin_comparator<C>) {
      less = detail::sort_key<C>(a) < detail::sort_key<C>(b);
      greater = detail::sort_key<C>(b) < detail::sort_key<C>(a);
    } else {
      less = static_cast<bool>(c(a, b));
      greater = static_cast<bool>(c(b, a));
    }
    return less || (!greater && i < j);
  }

  // The element at sorted position k of its line: the one with k elements before it
  // (a comparator that is no strict weak order may leave none: then the input's).
  constexpr value_type at(const multi_index<rank>& i) const noexcept {
    const auto k = static_cast<std::size_t>(i[Dim]);
    for (std::size_t j = 0; j < n; ++j) {
      std::size_t r = 0;
      for (std::size_t q = 0; q < n; ++q) r += q != j && before(i, q, j) ? 1 : 0;
      if (r == k) return detail::line_at<Dim>(operand, i, j);
    }
    return operand.at(i);
  }

  template <class Dst, class Finish>
  void produce(Dst& dst, Finish&& finish, detail::arena& ws) const {
    using D = typename Dst::shape_type;
    if constexpr (D::element_count > 0) {
      detail::sort_lines<Dim, S>(std::tuple<Op>(operand), std::tuple<Dst&>(dst), c, ws,
                              std::index_sequence<0>{});
      detail::finish_every_row<rank>(spec.dimensions, finish);
    }
  }
};

namespace detail {
template <class... Args>
inline constexpr bool sort_has_comparator =
    !is_operand_arg<std::remove_cvref_t<std::tuple_element_t<sizeof...(Args) - 1, std::tuple<Args...>>>>;
template <class... Args>
inline constexpr std::size_t sort_operand_count = sort_has_comparator<Args...> ? sizeof...(Args) - 1 : sizeof...(Args);

// The comparator among all (the last argument), or x::lt_op.
template <std::size_t N, class All>
constexpr const auto& sort_comparator(const All& all) noexcept {
  if constexpr (N == std::tuple_size_v<All>) {
    return lt_op;
  } else {
    return std::get<N>(all);
  }
}

template <class... Args>
using sort_comparator_t = std::remove_cvref_t<decltype(sort_comparator<sort_operand_count<Args...>>(
    std::declval<std::tuple<Args&&...>>()))>;
template <class Args, std::size_t... K>
auto sort_operands_of(std::index_sequence<K...>) -> std::tuple<operand_t<std::tuple_element_t<K, Args>>...>;
template <class... Args>
using sort_operands_t =
    decltype(sort_operands_of<std::tuple<Args...>>(std::make_index_sequence<sort_operand_count<Args...>>{}));
template <class Ops, std::size_t... K>
auto sort_results_of(std::index_sequence<K...>)
    -> std::tuple<tensor<logical_spec(std::tuple_element_t<K, Ops>::spec.element_type,
                                      std::tuple_element_t<0, Ops>::spec.dimensions)>...>;
template <class Ops>
using sort_results_t = decltype(sort_results_of<Ops>(std::make_index_sequence<std::tuple_size_v<Ops>>{}));

// The scratch bytes of sorting Ops along Dim by C (0 when misused).
template <index_t Dim, class C, class Ops, sort_stability S = sort_stability::stable>
inline constexpr std::size_t sort_scratch = [] {
  using E0 = std::tuple_element_t<0, Ops>;
  constexpr index_t d = sort_dimension<Dim, E0::rank>;
  if constexpr (d < 0) {
    return std::size_t{0};
  } else {
    return sort_plan<C, Ops, static_cast<std::size_t>(E0::spec.dimensions[d]), S>::scratch;
  }
}();

// Element a of a tuple of forwarding references, declared E: an rvalue again when E is
// one (so that as_operand makes the owning leaf operand_t<E> names), else as it is.
template <class E, class A>
constexpr decltype(auto) forward_element(A& a) noexcept {
  if constexpr (std::is_rvalue_reference_v<E>) {
    return static_cast<E>(a);
  } else {
    return (a);
  }
}

// Sorts the operands in all (then the comparator, if any) into dsts (a tuple of
// references), with scratch from the arena ws (Ws void: expr/scratch.hpp's rules).
template <index_t Dim, sort_stability S, class Dsts, class All, class Ws, std::size_t... K>
void sort_into_impl(const Dsts& dsts, const All& all, Ws* ws, std::index_sequence<K...> seq) {
  using Ops = std::tuple<operand_t<std::tuple_element_t<K, All>>...>;
  using E0 = std::tuple_element_t<0, Ops>;
  const auto& c = sort_comparator<sizeof...(K)>(all);
  using C = std::remove_cvref_t<decltype(c)>;
  constexpr auto dim = static_cast<std::size_t>(sort_dimension<Dim, E0::rank>);
  const Ops ops{as_operand(forward_element<std::tuple_element_t<K, All>>(std::get<K>(all)))...};
  if constexpr (std::is_same_v<Ws, arena>) {
    sort_lines<dim, S>(ops, dsts, c, *ws, seq);
  } else {
    with_scratch_memory<sort_scratch<Dim, C, Ops, S>, sort_op>(
        [&](arena& a) { sort_lines<dim, S>(ops, dsts, c, a, seq); });
  }
}

// Whether every destination is storage of the operands' dimensions and element types.
template <class Dsts, class Ops, std::size_t... K>
constexpr bool sort_destinations_ok(std::index_sequence<K...>) {
  if constexpr (std::tuple_size_v<Dsts> != sizeof...(K)) {
    return false;
  } else {
    return ((requires { typename std::remove_cvref_t<std::tuple_element_t<K, Dsts>>::shape_type; } &&
             [] {
               using D = std::remove_cvref_t<std::tuple_element_t<K, Dsts>>;
               using E = std::tuple_element_t<K, Ops>;
               if constexpr (requires { typename D::shape_type; }) {
                 return D::spec.dimensions == E::spec.dimensions && D::spec.element_type == E::spec.element_type;
               } else {
                 return false;
               }
             }()) &&
            ...);
  }
}

template <class R, std::size_t... K>
R uninitialized_tuple(std::index_sequence<K...>) {
  return R(((void)K, uninitialized)...);
}

template <index_t Dim, sort_stability S, class W, class Dsts, class... Args>
void sort_into_checked(W* workspace, const Dsts& dsts, Args&&... args) {
  constexpr std::size_t n = sort_operand_count<Args...>;
  using Ops = sort_operands_t<Args...>;
  using C = sort_comparator_t<Args...>;
  if constexpr (sort_error<Dim, C, Ops> != 0) {
    report_sort<Dim, C, Ops>(std::make_index_sequence<n>{});
  } else if constexpr (!sort_destinations_ok<Dsts, Ops>(std::make_index_sequence<n>{})) {
    SXLA_DIAGNOSE(hlo::sort, "{}: sort_into needs one destination tensor or view per operand, of its dimensions and "
                  "element type", (std::tuple_element_t<0, Ops>), ());
  } else {
    const auto all = std::forward_as_tuple(static_cast<Args&&>(args)...);
    if constexpr (std::is_same_v<W, void>) {
      sort_into_impl<Dim, S>(dsts, all, static_cast<void*>(nullptr), std::make_index_sequence<n>{});
    } else {
      static_assert(W::size >= sort_scratch<Dim, C, Ops, S>,
                    "sxla: sort: the workspace is smaller than the sort needs (x::sort_workspace_bytes)");
      arena a(workspace->data(), W::size);
      sort_into_impl<Dim, S>(dsts, all, &a, std::make_index_sequence<n>{});
    }
  }
}
}  // namespace detail

// The scratch bytes of x::sort<Dim>(args...) and sort_into (operands, then optionally
// the comparator): what a caller's workspace must hold.
template <index_t Dim, class... Args>
inline constexpr std::size_t sort_workspace_bytes =
    detail::sort_scratch<Dim, detail::sort_comparator_t<Args...>, detail::sort_operands_t<Args...>>;

// Sort(operands..., comparator, Dim, Stability): the operands, then optionally the
// comparator (default x::lt_op); Dim counts from the back when negative (-1: the last).
// One operand gives a sort_node, several a std::tuple of tensors (see the top).
template <index_t Dim = -1, sort_stability Stability = sort_stability::unstable, class... Args>
  requires(sizeof...(Args) >= 1)
constexpr auto sort(Args&&... args) {
  constexpr std::size_t n = detail::sort_operand_count<Args...>;
  static_assert(n >= 1, "sxla: sort needs at least one operand");
  using Ops = detail::sort_operands_t<Args...>;
  using C = detail::sort_comparator_t<Args...>;
  using E0 = std::tuple_element_t<0, Ops>;
  using R = detail::sort_results_t<Ops>;
  if constexpr (detail::sort_error<Dim, C, Ops> != 0) {
    detail::report_sort<Dim, C, Ops>(std::make_index_sequence<n>{});
    if constexpr (n == 1) {
      return std::get<0>(R{});
    } else {
      return R{};
    }
  } else if constexpr (n == 1) {
    const auto all = std::forward_as_tuple(static_cast<Args&&>(args)...);
    constexpr auto dim = static_cast<std::size_t>(detail::sort_dimension<Dim, E0::rank>);
    return sort_node<dim, C, E0, Stability>{{}, {as_operand(std::get<0>(all))}, {detail::sort_comparator<1>(all)}};
  } else {
    R out = detail::uninitialized_tuple<R>(std::make_index_sequence<n>{});
    std::apply(
        [&](auto&... o) {
          detail::sort_into_checked<Dim, Stability, void>(nullptr, std::tuple<decltype(o)&...>(o...),
                                                          static_cast<Args&&>(args)...);
        },
        out);
    return out;
  }
}

// The sort into the caller's destinations (a std::tuple of references to tensors or
// views, std::tie(k, v), one per operand, of its dimensions and element type, any
// layout, possibly the operands themselves), optionally with the caller's workspace
// (x::workspace<x::sort_workspace_bytes<Dim, Operands...>>) in front.
template <index_t Dim = -1, sort_stability Stability = sort_stability::unstable, class... Dst, class... Args>
  requires(sizeof...(Args) >= 1)
void sort_into(const std::tuple<Dst&...>& dsts, Args&&... args) {
  detail::sort_into_checked<Dim, Stability, void>(nullptr, dsts, static_cast<Args&&>(args)...);
}
template <index_t Dim = -1, sort_stability Stability = sort_stability::unstable, std::size_t Bytes, class... Dst,
          class... Args>
  requires(sizeof...(Args) >= 1)
void sort_into(workspace<Bytes>& ws, const std::tuple<Dst&...>& dsts, Args&&... args) {
  detail::sort_into_checked<Dim, Stability>(&ws, dsts, static_cast<Args&&>(args)...);
}

}  // namespace sxla

#endif  // SXLA_OPS_SORT_HPP
