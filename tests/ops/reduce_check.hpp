// tests/ops/reduce_check.hpp: what the tests of sxla/ops/reduce.hpp share (reduce_*_test.cpp):
// random operands (std::mt19937_64, fixed seeds) in row-major, column-major, padded and
// tiled layouts, and plain scalar references written here, which loop over the operand's
// elements in row-major order themselves (no sxla code but tensor element access). Floats:
// add and mul against a double accumulation, within (n + 1) * eps * sum|x|, and bit for bit
// against an emulation of the documented order (W = 256 / sizeof(T) interleaved partials
// from the identity, halved; the reduced dimensions above the last kept one folded
// sequentially from init), so that every SIMD backend gives the same bits; max and min
// exactly. Integers exactly, wrapping in the unsigned type of their width; user
// computations against the sequential row-major fold from init, exactly. check_one
// evaluates a reduction into a row-major and a column-major tensor and a second time into
// a row-major one; battery runs one computation and element type over ranks 1 to 3, every
// path of reduce.hpp and the four operand layouts.
#ifndef SXLA_TESTS_OPS_REDUCE_CHECK_HPP
#define SXLA_TESTS_OPS_REDUCE_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace sxla_test::reduce_check {

namespace x = sxla;
using x::index_t;

enum class op_kind { add, mul, max, min, and_, or_, xor_, user };

inline const char* op_name(op_kind k) {
  constexpr const char* names[] = {"add", "mul", "max", "min", "and", "or", "xor", "user"};
  return names[static_cast<int>(k)];
}

template <class T>
std::string type_label() {
  return std::string(x::type_name(x::primitive_type_of<T>));
}

// ---- Operand layouts -------------------------------------------------------------------

enum class lay { row, col, pad, tiled };

// dims of T in layout K: padded with a few slots more per dimension (the padding value
// chosen so that reading a padding slot changes the result), tiled (2,8) or (8).
template <class T, lay K, x::padding_value P = x::padding_value::highest>
constexpr x::shape_spec spec_for(x::idx dims) {
  x::shape_spec s(x::primitive_type_of<T>, dims, x::default_layout(dims.size()));
  const std::size_t r = dims.size();
  if constexpr (K == lay::col) {
    x::idx m;
    for (std::size_t d = 0; d < r; ++d) m.push_back(static_cast<index_t>(d));
    s.layout.minor_to_major = m;
  } else if constexpr (K == lay::pad) {
    x::idx p;
    for (std::size_t d = 0; d < r; ++d) p.push_back(dims[d] + 2 + static_cast<index_t>(d));
    s.layout.padded_dimensions = p;
    s.layout.pad_value = P;
  } else if constexpr (K == lay::tiled) {
    x::tile_spec t;
    if (r >= 2) {
      t.dimensions = {2, 8};
    } else {
      t.dimensions = {8};
    }
    s.layout.tiles.push_back(t);
  }
  return s;
}

template <class T, lay K, index_t... D>
using arr = x::tensor<spec_for<T, K>(x::idx{D...})>;

// The same shape, column-major.
constexpr x::shape_spec col_major(x::shape_spec s) {
  x::idx m;
  for (std::size_t d = 0; d < s.dimensions.size(); ++d) m.push_back(static_cast<index_t>(d));
  s.layout.minor_to_major = m;
  return s;
}

// ---- Random data, row-major ------------------------------------------------------------

template <class T>
struct data {
  std::vector<index_t> sizes;
  std::vector<T> v;  // row-major
};

// Values for op k: floats in [-1, 1] ([0.9, 1.1] for mul); integers over all their bits
// with small values mixed in (odd for mul, so that products do not vanish; mostly set bits
// for and, mostly clear for or); pred mostly true for and, mostly false for or.
template <class T>
T draw(std::mt19937_64& rng, op_kind k) {
  if constexpr (std::is_same_v<T, bool>) {
    const auto r = rng() % 16;
    return k == op_kind::and_ ? r != 0 : k == op_kind::or_ ? r == 0 : (r & 1) != 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    if (k == op_kind::mul) return static_cast<T>(std::uniform_real_distribution<double>(0.9, 1.1)(rng));
    return static_cast<T>(std::uniform_real_distribution<double>(-1.0, 1.0)(rng));
  } else {
    using U = std::make_unsigned_t<T>;
    auto bits = [&] { return static_cast<U>(rng()); };
    switch (k) {
      case op_kind::and_:
        return static_cast<T>(static_cast<U>(~(bits() & bits() & bits() & bits())));
      case op_kind::or_:
        return static_cast<T>(static_cast<U>(bits() & bits() & bits() & bits()));
      case op_kind::mul:
        return static_cast<T>(static_cast<U>(bits() | 1u));
      default:
        if (rng() % 4 == 0) return static_cast<T>(static_cast<int>(rng() % 21) - 10);
        return static_cast<T>(bits());
    }
  }
}

template <class T>
data<T> random_operand(std::vector<index_t> sizes, op_kind k, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  data<T> d{std::move(sizes), {}};
  std::size_t n = 1;
  for (index_t s : d.sizes) n *= static_cast<std::size_t>(s);
  d.v.resize(n);
  for (std::size_t i = 0; i < n; ++i) d.v[i] = draw<T>(rng, k);
  return d;
}

// The next row-major index.
template <class I, class S>
void next(I& i, const S& sizes) {
  for (std::size_t d = i.size(); d-- > 0;) {
    if (++i[d] < sizes[d]) return;
    i[d] = 0;
  }
}

// A tensor (any layout) holding d's values, written element by element.
template <class A, class T>
A make(const data<T>& d) {
  A a;
  x::multi_index<A::rank> i{};
  for (std::size_t l = 0; l < d.v.size(); ++l) {
    a[i] = d.v[l];
    next(i, d.sizes);
  }
  return a;
}

// ---- The reference -------------------------------------------------------------------

template <class T>
using unsigned_t = std::make_unsigned_t<T>;

// The monoids, written from their definitions: integers wrap (computed unsigned).
template <class T>
T apply(op_kind k, T a, T b) {
  if constexpr (std::is_same_v<T, bool>) {
    switch (k) {
      case op_kind::and_:
      case op_kind::mul:
      case op_kind::min:
        return a && b;
      case op_kind::xor_:
        return a != b;
      default:
        return a || b;
    }
  } else if constexpr (std::is_floating_point_v<T>) {
    switch (k) {
      case op_kind::add:
        return a + b;
      case op_kind::mul:
        return a * b;
      case op_kind::max:
        return b > a ? b : a;
      default:
        return b < a ? b : a;
    }
  } else {
    using U = unsigned_t<T>;
    using W = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, U>;  // no int promotion
    const W ua = static_cast<U>(a), ub = static_cast<U>(b);
    switch (k) {
      case op_kind::add:
        return static_cast<T>(static_cast<U>(ua + ub));
      case op_kind::mul:
        return static_cast<T>(static_cast<U>(ua * ub));
      case op_kind::max:
        return b > a ? b : a;
      case op_kind::min:
        return b < a ? b : a;
      case op_kind::and_:
        return static_cast<T>(static_cast<U>(ua & ub));
      case op_kind::or_:
        return static_cast<T>(static_cast<U>(ua | ub));
      default:
        return static_cast<T>(static_cast<U>(ua ^ ub));
    }
  }
}

// Which dimensions are reduced, and the sizes of the kept ones.
struct reduction {
  std::vector<bool> reduced;
  std::vector<index_t> kept_sizes;
  std::size_t count = 1;  // result elements
  std::size_t n = 1;      // elements per result

  reduction(const std::vector<index_t>& sizes, const std::vector<index_t>& dims) : reduced(sizes.size(), false) {
    for (index_t d : dims) reduced[static_cast<std::size_t>(d)] = true;
    for (std::size_t d = 0; d < sizes.size(); ++d) {
      if (reduced[d]) {
        n *= static_cast<std::size_t>(sizes[d]);
      } else {
        kept_sizes.push_back(sizes[d]);
        count *= static_cast<std::size_t>(sizes[d]);
      }
    }
  }

  // The row-major position among the results of operand index i.
  template <class I>
  std::size_t result_of(const I& i, const std::vector<index_t>& sizes) const {
    std::size_t r = 0;
    for (std::size_t d = 0; d < sizes.size(); ++d)
      if (!reduced[d]) r = r * static_cast<std::size_t>(sizes[d]) + static_cast<std::size_t>(i[d]);
    return r;
  }
};

// acc = step(acc, x) over every element, in row-major order: for each result the
// sequential fold over its reduced dimensions in row-major order, from init.
template <class Acc, class T, class Step>
std::vector<Acc> fold(const data<T>& d, const reduction& red, Acc init, Step step) {
  std::vector<Acc> acc(red.count, init);
  std::vector<index_t> i(d.sizes.size(), 0);
  for (std::size_t l = 0; l < d.v.size(); ++l) {
    const std::size_t r = red.result_of(i, d.sizes);
    acc[r] = step(acc[r], static_cast<T>(d.v[l]));
    next(i, d.sizes);
  }
  return acc;
}

// The documented order of a float add or mul: the reduced dimensions after the last kept
// one are one run (contiguous in row-major order), split into W interleaved partials
// from the identity, P_k = e op x_k op x_{k+W} op ..., halved (P_k op= P_{k+h}, h = W/2
// ... 1); the runs are folded sequentially from init. With no such dimension the run is
// the element itself.
template <class T>
T interleaved(op_kind k, const T* x, std::size_t n) {
  constexpr std::size_t w = 256 / sizeof(T);
  const T e = k == op_kind::add ? T(-0.0) : T(1);
  std::vector<T> p(w, e);
  for (std::size_t j = 0; j < n; ++j) p[j % w] = apply(k, p[j % w], x[j]);
  for (std::size_t h = w / 2; h >= 1; h /= 2)
    for (std::size_t q = 0; q < h; ++q) p[q] = apply(k, p[q], p[q + h]);
  return p[0];
}

template <class T>
std::vector<T> documented(const data<T>& d, const reduction& red, T init, op_kind k) {
  const std::size_t rank = d.sizes.size();
  std::size_t row_begin = 0;
  for (std::size_t dim = 0; dim < rank; ++dim)
    if (!red.reduced[dim]) row_begin = dim + 1;
  std::size_t run = 1;
  for (std::size_t dim = row_begin; dim < rank; ++dim) run *= static_cast<std::size_t>(d.sizes[dim]);
  std::vector<T> acc(red.count, init);
  std::vector<index_t> i(rank, 0);
  for (std::size_t b = 0; b * run < d.v.size(); ++b) {
    std::size_t l = b * run;
    for (std::size_t dim = rank; dim-- > 0;) {
      i[dim] = static_cast<index_t>(l % static_cast<std::size_t>(d.sizes[dim]));
      l /= static_cast<std::size_t>(d.sizes[dim]);
    }
    const std::size_t r = red.result_of(i, d.sizes);
    const T value = row_begin == rank ? d.v[b] : interleaved(k, d.v.data() + b * run, run);
    acc[r] = apply(k, acc[r], value);
  }
  return acc;
}

// ---- Comparison ------------------------------------------------------------------------

// The result's elements in row-major order (checking its dimensions).
template <class R>
std::vector<typename R::value_type> gather(const R& r, const std::vector<index_t>& kept_sizes) {
  std::vector<typename R::value_type> out;
  REQUIRE(R::rank == kept_sizes.size());
  std::size_t count = 1;
  for (std::size_t d = 0; d < R::rank; ++d) {
    REQUIRE(R::spec.dimensions[d] == kept_sizes[d]);
    count *= static_cast<std::size_t>(kept_sizes[d]);
  }
  x::multi_index<R::rank> i{};
  for (std::size_t k = 0; k < count; ++k) {
    out.push_back(r[i]);
    next(i, kept_sizes);
  }
  return out;
}

template <class T>
bool same_bits(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
  } else {
    return a == b;
  }
}

template <class T>
double as_double(T v) {
  return static_cast<double>(v);
}

// got[r] == want[r] bit for bit, or within tol[r] of want[r] when tol is given.
template <class T, class W>
void compare(const std::vector<T>& got, const std::vector<W>& want, const std::vector<double>* tol,
             const std::string& what) {
  REQUIRE(got.size() == want.size());
  int failures = 0;
  for (std::size_t r = 0; r < got.size(); ++r) {
    bool ok;
    if constexpr (std::is_same_v<T, W>) {
      ok = tol ? std::fabs(as_double(got[r]) - as_double(want[r])) <= (*tol)[r] : same_bits(got[r], want[r]);
    } else {
      ok = std::fabs(as_double(got[r]) - as_double(want[r])) <= (*tol)[r];
    }
    if (!ok && failures++ < 3) {
      if (tol) {
        FAIL_CHECK(what << ": result " << r << ": got " << +got[r] << ", want " << +want[r] << " within "
                        << (*tol)[r]);
      } else {
        FAIL_CHECK(what << ": result " << r << ": got " << +got[r] << ", want " << +want[r]);
      }
    }
  }
  CHECK_MESSAGE(failures == 0, what << ": " << failures << " of " << got.size() << " results wrong");
}

// got against the reference of op k (or of the user computation f) over d.
template <class T, class F>
void check_values(const std::vector<T>& got, const data<T>& d, const reduction& red, T init, op_kind k, const F& f,
                  const std::string& what) {
  if (k == op_kind::user) {
    compare(got, fold(d, red, init, [&](T a, T b) { return static_cast<T>(f(a, b)); }), nullptr,
            what + " (sequential fold)");
    return;
  } else if constexpr (std::is_floating_point_v<T>) {
    if (k == op_kind::add || k == op_kind::mul) {
      struct acc {
        double value, magnitude;
      };
      const double i0 = static_cast<double>(init);
      const auto ref = fold(d, red, acc{i0, std::fabs(i0)}, [&](acc a, T v) {
        const double xv = static_cast<double>(v);
        return k == op_kind::add ? acc{a.value + xv, a.magnitude + std::fabs(xv)} : acc{a.value * xv, 0.0};
      });
      std::vector<double> want, tol;
      for (const acc& a : ref) {
        want.push_back(a.value);
        const double mag = k == op_kind::add ? a.magnitude : std::fabs(a.value);
        tol.push_back(static_cast<double>(red.n + 1) * std::numeric_limits<T>::epsilon() * mag +
                      static_cast<double>(std::numeric_limits<T>::min()));
      }
      compare(got, want, &tol, what + " (double reference)");
      compare(got, documented(d, red, init, k), nullptr, what + " (documented order)");
      return;
    }
  }
  compare(got, fold(d, red, init, [&](T a, T b) { return apply(k, a, b); }), nullptr, what);
}

// Bit-identical vectors.
template <class T>
void check_identical(const std::vector<T>& a, const std::vector<T>& b, const std::string& what) {
  REQUIRE(a.size() == b.size());
  std::size_t diff = 0;
  for (std::size_t r = 0; r < a.size(); ++r) diff += same_bits(a[r], b[r]) ? 0 : 1;
  CHECK_MESSAGE(diff == 0, what << ": " << diff << " results differ");
}

template <class T>
std::string dims_label(const std::vector<index_t>& sizes, const std::vector<index_t>& dims) {
  std::string s = type_label<T>();
  s += '[';
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (d) s += ',';
    s += std::to_string(sizes[d]);
  }
  s += "] reduce<";
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if (d) s += ',';
    s += std::to_string(dims[d]);
  }
  s += '>';
  return s;
}

// The three evaluations of one reduction (row-major destination, column-major
// destination, row-major again) against the reference and each other. Out of line: once
// per element type and computation, not per shape.
template <class T, class F>
[[gnu::noinline]] void check_results(const std::vector<T>& got, const std::vector<T>& col,
                                     const std::vector<T>& again, const data<T>& d, const std::vector<index_t>& dims,
                                     T init, const F& f, op_kind k, const std::string& layout) {
  const reduction red(d.sizes, dims);
  const std::string what = dims_label<T>(d.sizes, dims) + " " + op_name(k) + ", " + layout;
  check_values(got, d, red, init, k, f, what + " -> row-major");
  check_identical(got, col, what + ": row-major vs column-major destination");
  check_identical(got, again, what + ": evaluated twice");
}

// x::reduce<Dims...>(a, init, f) evaluated into a row-major and a column-major tensor
// and a second time into a row-major one: each against the reference, all bit-identical.
template <x::idx Dims, class A, class T, class F>
void check_one(const A& a, const data<T>& d, T init, F f, op_kind k, const std::string& layout) {
  const auto node = [&]<std::size_t... K>(std::index_sequence<K...>) {
    return x::reduce<Dims[K]...>(a, init, f);
  }(std::make_index_sequence<Dims.size()>{});
  using R = decltype(x::eval(node));
  const std::vector<index_t> dims(Dims.begin(), Dims.end());
  const std::vector<index_t> kept = reduction(d.sizes, dims).kept_sizes;
  const R row = node;
  const x::tensor<col_major(R::spec)> col = node;
  const R again = node;
  check_results(gather(row, kept), gather(col, kept), gather(again, kept), d, dims, init, f, k, layout);
}

template <x::idx... Sets, class A, class T, class F>
void check_sets(const A& a, const data<T>& d, T init, F f, op_kind k, const std::string& layout) {
  (check_one<Sets>(a, d, init, f, k, layout), ...);
}

inline const char* layout_name(lay k) {
  constexpr const char* names[] = {"row-major", "column-major", "padded", "tiled"};
  return names[static_cast<int>(k)];
}

// "<layout> operand", out of line (compiled once, not in every check_shape).
[[gnu::noinline]] inline std::string operand_label(lay k) { return std::string(layout_name(k)) + " operand"; }

// The padding value of a padded operand for computation F: one that changes the result
// wherever a padding slot is read (+inf / the largest integer / true, or for min and and
// -inf / the lowest integer / false).
template <class F>
inline constexpr x::padding_value pad_for = std::is_same_v<F, x::min_op_t> || std::is_same_v<F, x::and_op_t>
                                               ? x::padding_value::lowest
                                               : x::padding_value::highest;

template <index_t... D>
using dims = std::integer_sequence<index_t, D...>;
using I = x::idx;

// Random data for op k of dimensions D, stored in layout K: every dimension set listed.
template <class T, lay K, x::idx... Sets, index_t... D, class F>
void check_shape(dims<D...>, T init, F f, op_kind k, std::uint64_t seed) {
  const auto d = random_operand<T>({D...}, k, seed);
  using A = x::tensor<spec_for<T, K, pad_for<F>>(x::idx{D...})>;
  const A a = make<A>(d);
  check_sets<Sets...>(a, d, init, f, k, operand_label(K));
}

// The shapes every computation and element type runs on: rank 1 shorter than a vector
// and longer than W, rows with tails, every path of reduce.hpp (row runs, columns, both,
// full) and the four operand layouts.
template <class T, class F>
void battery(F f, op_kind k, T init, std::uint64_t seed) {
  check_shape<T, lay::row, I{0}>(dims<17>{}, init, f, k, seed);
  check_shape<T, lay::row, I{0}>(dims<1000>{}, init, f, k, seed + 2);
  check_shape<T, lay::row, I{0}, I{1}, I{0, 1}>(dims<5, 37>{}, init, f, k, seed + 3);
  check_shape<T, lay::col, I{0}, I{1}>(dims<5, 37>{}, init, f, k, seed + 4);
  check_shape<T, lay::pad, I{1}, I{0, 1}>(dims<5, 37>{}, init, f, k, seed + 5);
  check_shape<T, lay::tiled, I{0}, I{1}>(dims<5, 37>{}, init, f, k, seed + 6);
  check_shape<T, lay::row, I{1}, I{2}, I{0, 2}>(dims<4, 5, 37>{}, init, f, k, seed + 7);
  check_shape<T, lay::row, I{1}, I{0, 1}>(dims<3, 64, 2>{}, init, f, k, seed + 8);
  check_shape<T, lay::row, I{1}, I{0, 1}>(dims<64, 129>{}, init, f, k, seed + 9);
}

}  // namespace sxla_test::reduce_check

#endif  // SXLA_TESTS_OPS_REDUCE_CHECK_HPP
