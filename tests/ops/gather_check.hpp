// tests/ops/gather_check.hpp: what the random Gather and Scatter tests share
// (gather_random_test.cpp, gather_random_batching_test.cpp, scatter_random_test.cpp,
// scatter_random_multi_test.cpp): one configuration of tests/ops/gather_cases.hpp run
// through sxla and through the plain reference of tests/support/gather_reference.hpp,
// compared element by element, exactly.
//
// Values are small integers (exact in every element type); every storage slot of an
// operand (tile padding too) is first set to a sentinel, so reading one shows. Index
// values, per element of the index array, for the operand dimension d its component
// addresses (limit: the operand size minus the slice or window size):
//   in [0, limit] (80% for gather, 85% for scatter, where two thirds of the
//   configurations draw only 0 and min(1, limit), for many repeated indices); else in
//   [0, dim - 1], -3..-1 (signed types), limit + 1..3, or a huge value the index type
//   holds: INT32_MIN, INT32_MAX, INT64_MIN, INT64_MAX, 2^31, 2^32 - 1, 2^32, 255, 128.
// Gather clamps them; scatter skips a window with any component out of range. Scatter's
// computations run in the element type, in the reference in the documented order (scatter
// indices in row-major order, each window in row-major order: gather_reference.hpp's
// scatter_order), so even the non-commutative ones compare exactly.
#ifndef SXLA_TESTS_OPS_GATHER_CHECK_HPP
#define SXLA_TESTS_OPS_GATHER_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ops/gather_cases.hpp"
#include "support/gather_reference.hpp"

namespace sxla_test::gather_check {

namespace x = sxla;
namespace gc = sxla_test::gather_cases;
namespace gr = sxla_test::gather;
using gr::i64;
using x::index_t;

inline gr::dims_t vec(const x::idx& v) { return gr::dims_t(v.begin(), v.end()); }

inline std::string shape_text(const x::shape_spec& s) { return std::string(x::to_string(s).view()); }

// ---- Tensors as flat logical arrays -------------------------------------------------------
// The storage offset of each logical element of shape s, in row-major order.
inline std::vector<index_t> logical_offsets(const x::shape_spec& s) {
  const x::layout_map m = x::make_layout_map(s);
  std::vector<index_t> offs;
  gr::dims_t dims(s.dimensions.begin(), s.dimensions.end()), i(dims.size(), 0);
  if (gr::element_count(dims) == 0) return offs;
  do {
    offs.push_back(x::linear_index(m, i.data()));
  } while (gr::next_index(i, dims));
  return offs;
}

template <class V>
std::vector<V> read_flat(const V* data, const x::shape_spec& s) {
  std::vector<V> v;
  for (index_t o : logical_offsets(s)) v.push_back(data[o]);
  return v;
}

// Every storage slot to a sentinel, then the logical elements (row-major) to values.
template <class V>
void write_flat(V* data, const x::shape_spec& s, const std::vector<V>& values) {
  const index_t storage = x::make_layout_map(s).storage_count;
  for (index_t k = 0; k < storage; ++k) data[k] = static_cast<V>(std::is_signed_v<V> ? -9999 : 99);
  const std::vector<index_t> offs = logical_offsets(s);
  for (std::size_t e = 0; e < offs.size(); ++e) data[offs[e]] = values[e];
}

template <class T>
std::vector<typename T::value_type> read(const T& t) {
  return read_flat(t.data(), T::spec);
}

template <class T>
void write(T& t, const std::vector<typename T::value_type>& values) {
  static_assert(T::storage_count == x::make_layout_map(T::spec).storage_count);
  write_flat(t.data(), T::spec, values);
}

template <class V>
std::vector<double> as_double(const std::vector<V>& v) {
  return std::vector<double>(v.begin(), v.end());
}

// n random integers in [lo, hi] as V.
template <class V>
std::vector<V> random_values(std::size_t n, std::uint64_t seed, int lo, int hi) {
  std::mt19937_64 g(seed);
  std::uniform_int_distribution<int> u(lo, hi);
  std::vector<V> v(n);
  for (auto& e : v) e = static_cast<V>(u(g));
  return v;
}

// ---- Index values ---------------------------------------------------------------------
struct index_plan {
  gr::dims_t dims;      // the index array's sizes
  i64 ivd = 0;          // index_vector_dim
  gr::dims_t operand;   // per component k: the operand size of the dimension it addresses
  gr::dims_t limit;     // per component k: the largest start in range
  int in_range = 70;    // percent of values in [0, limit]
  bool narrow = false;  // in-range values only 0 and min(1, limit)
};

template <class IT>
i64 index_value(std::mt19937_64& g, i64 limit, i64 dim, const index_plan& p) {
  auto uniform = [&g](i64 lo, i64 hi) { return std::uniform_int_distribution<i64>(lo, hi)(g); };
  constexpr i64 lo = static_cast<i64>(std::numeric_limits<IT>::min());
  constexpr i64 hi = static_cast<i64>(std::numeric_limits<IT>::max());
  if (uniform(0, 99) < p.in_range) return p.narrow ? std::min<i64>(uniform(0, 1), limit) : uniform(0, limit);
  switch (uniform(0, 5)) {
    case 0:
      return uniform(0, dim - 1);
    case 1:
      if (lo < 0) return uniform(-3, -1);
      [[fallthrough]];
    case 2:
      return limit + uniform(1, 3);
    default: {
      constexpr i64 huge[] = {std::numeric_limits<std::int32_t>::min(),
                              std::numeric_limits<std::int32_t>::max(),
                              std::numeric_limits<i64>::min(),
                              std::numeric_limits<i64>::max(),
                              i64{1} << 31,
                              (i64{1} << 32) - 1,
                              i64{1} << 32,
                              255,
                              128};
      std::vector<i64> fit;
      for (i64 v : huge)
        if (v >= lo && v <= hi) fit.push_back(v);
      return fit[static_cast<std::size_t>(uniform(0, static_cast<i64>(fit.size()) - 1))];
    }
  }
}

// The index array's logical elements (row-major), each drawn for its component.
template <class IT>
std::vector<IT> index_values(const index_plan& p, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  const i64 n = gr::element_count(p.dims);
  i64 stride = 1;  // of index_vector_dim, row-major
  for (std::size_t d = static_cast<std::size_t>(p.ivd) + 1; d < p.dims.size(); ++d) stride *= p.dims[d];
  const bool explicit_vector = p.ivd < static_cast<i64>(p.dims.size());
  std::vector<IT> v;
  for (i64 e = 0; e < n; ++e) {
    const auto k = static_cast<std::size_t>(explicit_vector ? e / stride % p.dims[static_cast<std::size_t>(p.ivd)] : 0);
    v.push_back(static_cast<IT>(index_value<IT>(g, p.limit[k], p.operand[k], p)));
  }
  return v;
}

template <class IT>
std::vector<i64> as_i64(const std::vector<IT>& v) {
  return std::vector<i64>(v.begin(), v.end());
}

inline std::string list(const std::vector<i64>& v) { return gr::to_string(v); }

// ---- Comparison -----------------------------------------------------------------------
// got against want, exactly (NaN equal to NaN); the first five differences reported, each
// with its result index, then the case (what) once.
inline void compare(const std::vector<double>& got, const std::vector<double>& want, const gr::dims_t& dims,
                    const std::string& what) {
  REQUIRE(got.size() == want.size());
  int failures = 0;
  gr::dims_t i(dims.size(), 0);
  for (std::size_t e = 0; e < got.size(); ++e, gr::next_index(i, dims)) {
    const bool same = got[e] == want[e] || (std::isnan(got[e]) && std::isnan(want[e]));
    if (!same && failures++ < 5) {
      std::ostringstream m;
      m << "result" << gr::to_string(i) << ": got " << got[e] << ", want " << want[e];
      FAIL_CHECK(m.str());
    }
  }
  if (failures > 0) FAIL_CHECK(what << ": " << failures << " of " << got.size() << " elements differ");
}

// ---- Gather ---------------------------------------------------------------------------
inline gr::gather_config config_of(const gc::gather_case& c) {
  return {vec(c.operand_dims), vec(c.indices_dims), vec(c.slice_sizes), vec(c.offset_dims),
          vec(c.collapsed_slice_dims), vec(c.start_index_map), vec(c.operand_batching_dims),
          vec(c.start_indices_batching_dims), c.index_vector_dim};
}

inline index_plan gather_plan(const gr::gather_config& c) {
  index_plan p{c.indices_dims, c.index_vector_dim, {}, {}, 80, false};
  for (i64 d : c.start_index_map) {
    p.operand.push_back(c.operand_dims[static_cast<std::size_t>(d)]);
    p.limit.push_back(c.operand_dims[static_cast<std::size_t>(d)] - c.slice_sizes[static_cast<std::size_t>(d)]);
  }
  return p;
}

// The operand's values: distinct, alternating in sign.
template <class V>
std::vector<V> distinct_values(std::size_t n) {
  std::vector<V> v;
  for (std::size_t e = 0; e < n; ++e) v.push_back(static_cast<V>(e % 2 ? -static_cast<int>(e + 1) : static_cast<int>(e + 1)));
  return v;
}

// The reference's gather of sxla's operand by its indices against sxla's result; the case
// named in any failure. One instantiation per element type and index type.
template <class V, class IT>
void verify_gather(const gc::gather_case& c, std::uint64_t seed, int mode, bool eval, const V* operand,
                   const IT* indices, const V* result, const x::shape_spec& result_spec) {
  const gr::gather_config cfg = config_of(c);
  const std::vector<i64> index_list = as_i64(read_flat(indices, c.indices));
  const std::string what = "gather seed " + std::to_string(seed) + " mode " + std::to_string(mode) + ": " +
                           gr::describe(cfg) + "; operand " + shape_text(c.operand) + ", indices " +
                           shape_text(c.indices) + ", result " + shape_text(result_spec) +
                           (eval ? " (x::eval)" : "") + ", indices " + list(index_list);
  INFO(what);
  REQUIRE(gr::validate(cfg).empty());
  REQUIRE(gr::gather_result_dims(cfg) == vec(result_spec.dimensions));
  compare(as_double(read_flat(result, result_spec)), gr::gather(cfg, as_double(read_flat(operand, c.operand)), index_list),
          gr::gather_result_dims(cfg), what);
}

template <class V>
void fill_distinct(V* data, const x::shape_spec& s) {
  write_flat(data, s, distinct_values<V>(static_cast<std::size_t>(s.element_count())));
}

template <class IT>
void fill_gather_indices(IT* data, const gc::gather_case& c, std::uint64_t seed) {
  write_flat(data, c.indices, index_values<IT>(gather_plan(config_of(c)), seed));
}

template <std::uint64_t Seed, int Mode>
void check_gather() {
  static constexpr gc::gather_case c = gc::make_gather_case(Seed, Mode);
  static constexpr x::gather_dims dims = [] {
    x::gather_dims d{};
    d.offset_dims = c.offset_dims;
    d.collapsed_slice_dims = c.collapsed_slice_dims;
    d.start_index_map = c.start_index_map;
    d.index_vector_dim = c.index_vector_dim;
    d.operand_batching_dims = c.operand_batching_dims;
    d.start_indices_batching_dims = c.start_indices_batching_dims;
    return d;
  }();
  const auto operand = std::make_unique<x::tensor<c.operand>>();
  const auto indices = std::make_unique<x::tensor<c.indices>>();
  fill_distinct(operand->data(), c.operand);
  fill_gather_indices(indices->data(), c, Seed * 31 + 7);
  if constexpr (Seed % 4 == 0) {
    const auto r = x::eval(x::gather<dims, c.slice_sizes>(*operand, *indices));
    verify_gather(c, Seed, Mode, true, operand->data(), indices->data(), r.data(), decltype(r)::spec);
  } else {
    const auto r = std::make_unique<x::tensor<c.result>>();
    *r = x::gather<dims, c.slice_sizes>(*operand, *indices);
    verify_gather(c, Seed, Mode, false, operand->data(), indices->data(), r->data(), c.result);
  }
}

// ---- Scatter --------------------------------------------------------------------------
inline gr::scatter_config config_of(const gc::scatter_case& c) {
  return {vec(c.operand_dims),
          vec(c.indices_dims),
          vec(c.updates_dims),
          vec(c.update_window_dims),
          vec(c.inserted_window_dims),
          vec(c.scatter_dims_to_operand_dims),
          vec(c.input_batching_dims),
          vec(c.scatter_indices_batching_dims),
          c.index_vector_dim};
}

inline index_plan scatter_plan(const gr::scatter_config& c, std::uint64_t seed) {
  index_plan p{c.indices_dims, c.index_vector_dim, {}, {}, 85, seed % 3 != 0};
  const gr::dims_t ws = gr::window_sizes(c);
  for (i64 d : c.scatter_dims_to_operand_dims) {
    p.operand.push_back(c.operand_dims[static_cast<std::size_t>(d)]);
    p.limit.push_back(c.operand_dims[static_cast<std::size_t>(d)] - ws[static_cast<std::size_t>(d)]);
  }
  return p;
}

// The computations of gather_cases.hpp: what sxla gets, and what the reference applies.
template <class T, int C>
constexpr auto computation() {
  if constexpr (C == gc::add) {
    return x::add_op;
  } else if constexpr (C == gc::sub) {
    return x::sub_op;
  } else if constexpr (C == gc::max) {
    return x::max_op;
  } else if constexpr (C == gc::overwrite) {
    return [](T, T b) { return b; };
  } else if constexpr (C == gc::lambda_1) {
    if constexpr (std::is_integral_v<T>) {
      return [](T a, T b) { return static_cast<T>(b - a); };
    } else {
      return [](T a, T b) { return T(2) * a - b; };
    }
  } else {
    if constexpr (std::is_integral_v<T>) {
      return [](T a, T b) { return static_cast<T>(a - 2 * b); };
    } else {
      return [](T a, T b) { return a * T(0.5) + b; };
    }
  }
}

template <class T, int C>
constexpr auto reference_computation() {
  if constexpr (C == gc::add) {
    return [](T a, T b) { return static_cast<T>(a + b); };
  } else if constexpr (C == gc::sub) {
    return [](T a, T b) { return static_cast<T>(a - b); };
  } else if constexpr (C == gc::max) {
    return [](T a, T b) { return a < b ? b : a; };
  } else {
    return computation<T, C>();
  }
}

inline const char* computation_name(int c) {
  constexpr const char* names[] = {"add_op", "sub_op", "overwrite (a, b) -> b", "(a, b) -> 2a - b (s32: b - a)",
                                   "(a, b) -> a / 2 + b (s32: a - 2b)", "max_op"};
  return names[c];
}

// Scatter of two operands: f(a, b, update_a, update_b) -> (a', b'), by c.comp % 3:
// (a + ua, b + ub); (b + ua, a - ub) crossed between the operands; (ua - a, b - ub).
template <class A, class B, int C>
constexpr auto computation2() {
  if constexpr (C % 3 == 0) {
    return [](A a, B b, A ua, B ub) { return std::tuple<A, B>{static_cast<A>(a + ua), static_cast<B>(b + ub)}; };
  } else if constexpr (C % 3 == 1) {
    return [](A a, B b, A ua, B ub) {
      return std::tuple<A, B>{static_cast<A>(static_cast<A>(b) + ua), static_cast<B>(static_cast<B>(a) - ub)};
    };
  } else {
    return [](A a, B b, A ua, B ub) { return std::tuple<A, B>{static_cast<A>(ua - a), static_cast<B>(b - ub)}; };
  }
}

inline const char* computation2_name(int c) {
  constexpr const char* names[] = {"(a + ua, b + ub)", "(b + ua, a - ub)", "(ua - a, b - ub)"};
  return names[c % 3];
}

// The case named in scatter failures.
inline std::string scatter_text(const gc::scatter_case& c, std::uint64_t seed, int mode, int operands,
                                const std::vector<i64>& indices) {
  std::string what = std::string(operands == 1 ? "scatter" : "scatter of two") + " seed " + std::to_string(seed) +
                     " mode " + std::to_string(mode) + ": " + gr::describe(config_of(c)) + "; operand " +
                     shape_text(c.operand);
  if (operands == 2) what += ", b " + shape_text(c.operand_b) + ", updates b " + shape_text(c.updates_b);
  what += ", indices " + shape_text(c.indices) + ", updates " + shape_text(c.updates);
  if (operands == 1) {
    what += std::string(c.eval ? " (x::eval)" : ", result " + shape_text(c.result)) + ", computation " +
            computation_name(c.comp);
  } else {
    what += ", computation " + std::string(computation2_name(c.comp));
  }
  return what + ", indices " + list(indices);
}

// The reference's scatter of sxla's operands against sxla's result. One instantiation per
// element type, index type and computation.
template <class V, class IT, int C>
void verify_scatter(const gc::scatter_case& c, std::uint64_t seed, int mode, const V* operand, const IT* indices,
                    const V* updates, const V* result, const x::shape_spec& result_spec) {
  const gr::scatter_config cfg = config_of(c);
  const std::vector<i64> index_list = as_i64(read_flat(indices, c.indices));
  const std::string what = scatter_text(c, seed, mode, 1, index_list);
  INFO(what);
  REQUIRE(gr::validate(cfg).empty());
  REQUIRE(cfg.operand_dims == vec(result_spec.dimensions));
  const std::vector<V> want = gr::scatter(cfg, read_flat(operand, c.operand), index_list,
                                          read_flat(updates, c.updates), reference_computation<V, C>());
  compare(as_double(read_flat(result, result_spec)), as_double(want), cfg.operand_dims, what);
}

template <class A, class B, class IT, int C>
void verify_scatter2(const gc::scatter_case& c, std::uint64_t seed, int mode, const A* a, const B* b,
                     const IT* indices, const A* ua, const B* ub, const A* ra, const x::shape_spec& ra_spec,
                     const B* rb, const x::shape_spec& rb_spec) {
  const gr::scatter_config cfg = config_of(c);
  const std::vector<i64> index_list = as_i64(read_flat(indices, c.indices));
  const std::string what = scatter_text(c, seed, mode, 2, index_list);
  INFO(what);
  REQUIRE(gr::validate(cfg).empty());
  REQUIRE(cfg.operand_dims == vec(ra_spec.dimensions));
  REQUIRE(cfg.operand_dims == vec(rb_spec.dimensions));
  const auto want = gr::scatter2(cfg, read_flat(a, c.operand), read_flat(b, c.operand_b), index_list,
                                 read_flat(ua, c.updates), read_flat(ub, c.updates_b), computation2<A, B, C>());
  compare(as_double(read_flat(ra, ra_spec)), as_double(want.first), cfg.operand_dims, what + " (result a)");
  compare(as_double(read_flat(rb, rb_spec)), as_double(want.second), cfg.operand_dims, what + " (result b)");
}

template <class V>
void fill_random(V* data, const x::shape_spec& s, std::uint64_t seed) {
  write_flat(data, s, random_values<V>(static_cast<std::size_t>(s.element_count()), seed, -8, 8));
}

template <class IT>
void fill_scatter_indices(IT* data, const gc::scatter_case& c, std::uint64_t seed) {
  write_flat(data, c.indices, index_values<IT>(scatter_plan(config_of(c), seed), seed * 31 + 7));
}

template <gc::scatter_case C>
constexpr x::scatter_dims scatter_dims_of() {
  x::scatter_dims d{};
  d.update_window_dims = C.update_window_dims;
  d.inserted_window_dims = C.inserted_window_dims;
  d.scatter_dims_to_operand_dims = C.scatter_dims_to_operand_dims;
  d.index_vector_dim = C.index_vector_dim;
  d.input_batching_dims = C.input_batching_dims;
  d.scatter_indices_batching_dims = C.scatter_indices_batching_dims;
  return d;
}

template <std::uint64_t Seed, int Mode>
void check_scatter() {
  static constexpr gc::scatter_case c = gc::make_scatter_case(Seed, Mode);
  constexpr x::scatter_dims dims = scatter_dims_of<c>();
  const auto operand = std::make_unique<x::tensor<c.operand>>();
  const auto indices = std::make_unique<x::tensor<c.indices>>();
  const auto updates = std::make_unique<x::tensor<c.updates>>();
  using V = typename x::tensor<c.operand>::value_type;
  fill_random(operand->data(), c.operand, Seed * 3 + 1);
  fill_scatter_indices(indices->data(), c, Seed);
  fill_random(updates->data(), c.updates, Seed * 5 + 2);
  if constexpr (c.eval) {
    const auto r = x::eval(x::scatter<dims>(*operand, *indices, *updates, computation<V, c.comp>()));
    verify_scatter<V, typename x::tensor<c.indices>::value_type, c.comp>(
        c, Seed, Mode, operand->data(), indices->data(), updates->data(), r.data(), decltype(r)::spec);
  } else {
    const auto r = std::make_unique<x::tensor<c.result>>();
    *r = x::scatter<dims>(*operand, *indices, *updates, computation<V, c.comp>());
    verify_scatter<V, typename x::tensor<c.indices>::value_type, c.comp>(
        c, Seed, Mode, operand->data(), indices->data(), updates->data(), r->data(), c.result);
  }
}

template <std::uint64_t Seed, int Mode>
void check_scatter2() {
  static constexpr gc::scatter_case c = gc::make_scatter_case(Seed, Mode);
  constexpr x::scatter_dims dims = scatter_dims_of<c>();
  const auto a = std::make_unique<x::tensor<c.operand>>();
  const auto b = std::make_unique<x::tensor<c.operand_b>>();
  const auto indices = std::make_unique<x::tensor<c.indices>>();
  const auto ua = std::make_unique<x::tensor<c.updates>>();
  const auto ub = std::make_unique<x::tensor<c.updates_b>>();
  using A = typename x::tensor<c.operand>::value_type;
  using B = typename x::tensor<c.operand_b>::value_type;
  fill_random(a->data(), c.operand, Seed * 3 + 1);
  fill_random(b->data(), c.operand_b, Seed * 7 + 3);
  fill_scatter_indices(indices->data(), c, Seed);
  fill_random(ua->data(), c.updates, Seed * 5 + 2);
  fill_random(ub->data(), c.updates_b, Seed * 11 + 5);
  const auto r = x::scatter<dims>(*a, *b, *indices, *ua, *ub, computation2<A, B, c.comp % 3>());
  using RA = std::remove_cvref_t<decltype(std::get<0>(r))>;
  using RB = std::remove_cvref_t<decltype(std::get<1>(r))>;
  verify_scatter2<A, B, typename x::tensor<c.indices>::value_type, c.comp % 3>(
      c, Seed, Mode, a->data(), b->data(), indices->data(), ua->data(), ub->data(), std::get<0>(r).data(), RA::spec,
      std::get<1>(r).data(), RB::spec);
}

// Check<Seed>() for Seed = First .. First + N - 1.
template <std::uint64_t First, class F, std::size_t... I>
void for_seeds(F f, std::index_sequence<I...>) {
  (f(std::integral_constant<std::uint64_t, First + I>{}), ...);
}

// check_gather<Seed, Mode>() for Seed = First .. First + N - 1.
template <std::uint64_t First, std::size_t N, int Mode>
void check_gathers() {
  for_seeds<First>([](auto seed) { check_gather<decltype(seed)::value, Mode>(); }, std::make_index_sequence<N>{});
}

}  // namespace sxla_test::gather_check

#endif  // SXLA_TESTS_OPS_GATHER_CHECK_HPP
