// Tests for sxla/ops/reduce.hpp and ops/reduction.hpp: x::reduce on random operands
// (std::mt19937_64, fixed seeds) against plain scalar references written here, which loop
// over the operand's elements in row-major order themselves (no sxla code but tensor
// element access). Floats: add and mul against a double accumulation, within
// (n + 1) * eps * sum|x|, and bit for bit against an emulation of the documented order
// (W = 256 / sizeof(T) interleaved partials from the identity, halved; the reduced
// dimensions above the last kept one folded sequentially from init), so that every SIMD
// backend gives the same bits; max and min exactly. Integers exactly, wrapping in the
// unsigned type of their width; and/or/xor on s32 and pred; user computations against the
// sequential row-major fold from init, exactly; the variadic form. Ranks 1 to 4, single
// dimensions, pairs, all and none; operands row-major, column-major, padded, tiled, fused
// and broadcast; results in row-major, column-major, padded and tiled destinations.
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

namespace x = sxla;
using x::index_t;

namespace {

enum class op_kind { add, mul, max, min, and_, or_, xor_, user };

const char* op_name(op_kind k) {
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

// x::reduce<Dims...>(a, init, f) evaluated into a row-major and a column-major tensor
// and a second time into a row-major one: each against the reference, all bit-identical.
template <x::idx Dims, class A, class T, class F>
void check_one(const A& a, const data<T>& d, T init, F f, op_kind k, const std::string& layout) {
  const auto node = [&]<std::size_t... K>(std::index_sequence<K...>) {
    return x::reduce<Dims[K]...>(a, init, f);
  }(std::make_index_sequence<Dims.size()>{});
  using R = decltype(x::eval(node));
  const std::vector<index_t> dims(Dims.begin(), Dims.end());
  const reduction red(d.sizes, dims);
  const std::string what = dims_label<T>(d.sizes, dims) + " " + op_name(k) + ", " + layout;
  const R row = node;
  const x::tensor<col_major(R::spec)> col = node;
  const R again = node;
  const auto got = gather(row, red.kept_sizes);
  check_values(got, d, red, init, k, f, what + " -> row-major");
  check_identical(got, gather(col, red.kept_sizes), what + ": row-major vs column-major destination");
  check_identical(got, gather(again, red.kept_sizes), what + ": evaluated twice");
}

template <x::idx... Sets, class A, class T, class F>
void check_sets(const A& a, const data<T>& d, T init, F f, op_kind k, const std::string& layout) {
  (check_one<Sets>(a, d, init, f, k, layout), ...);
}

const char* layout_name(lay k) {
  constexpr const char* names[] = {"row-major", "column-major", "padded", "tiled"};
  return names[static_cast<int>(k)];
}

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
  check_sets<Sets...>(a, d, init, f, k, std::string(layout_name(K)) + " operand");
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

}  // namespace

TEST_CASE("ops/reduce: f32 add over every dimension set, ranks 1 to 4") {
  const auto add = x::add_op;
  const auto k = op_kind::add;
  // Rank 1: around a vector (16 lanes of f32 at most) and W = 64.
  check_shape<float, lay::row, I{0}, I{}>(dims<1>{}, 0.5f, add, k, 100);
  check_shape<float, lay::row, I{0}>(dims<15>{}, 0.5f, add, k, 101);
  check_shape<float, lay::row, I{0}>(dims<16>{}, 0.5f, add, k, 102);
  check_shape<float, lay::row, I{0}, I{}>(dims<17>{}, 0.5f, add, k, 103);
  check_shape<float, lay::row, I{0}>(dims<63>{}, 0.5f, add, k, 104);
  check_shape<float, lay::row, I{0}>(dims<64>{}, 0.5f, add, k, 105);
  check_shape<float, lay::row, I{0}>(dims<65>{}, 0.5f, add, k, 106);
  check_shape<float, lay::row, I{0}>(dims<200>{}, 0.5f, add, k, 107);
  check_shape<float, lay::pad, I{0}>(dims<65>{}, 0.5f, add, k, 108);
  check_shape<float, lay::tiled, I{0}>(dims<200>{}, 0.5f, add, k, 109);
  // Rank 2.
  check_shape<float, lay::row, I{0}, I{1}, I{0, 1}>(dims<64, 129>{}, 0.5f, add, k, 110);
  check_shape<float, lay::col, I{0}, I{1}, I{0, 1}>(dims<64, 129>{}, 0.5f, add, k, 111);
  check_shape<float, lay::pad, I{1}>(dims<64, 129>{}, 0.5f, add, k, 112);
  check_shape<float, lay::tiled, I{0, 1}>(dims<64, 129>{}, 0.5f, add, k, 113);
  check_shape<float, lay::row, I{0}, I{1}, I{0, 1}, I{}>(dims<1, 1>{}, 0.5f, add, k, 114);
  // Rank 3.
  check_shape<float, lay::row, I{0}, I{1}, I{2}, I{0, 1}, I{0, 2}, I{1, 2}, I{0, 1, 2}, I{}>(dims<4, 5, 37>{}, 0.5f,
                                                                                          add, k, 115);
  check_shape<float, lay::col, I{0}, I{1}, I{2}, I{0, 2}>(dims<4, 5, 37>{}, 0.5f, add, k, 116);
  check_shape<float, lay::pad, I{1}, I{0, 2}>(dims<4, 5, 37>{}, 0.5f, add, k, 117);
  check_shape<float, lay::tiled, I{2}, I{0, 1}>(dims<4, 5, 37>{}, 0.5f, add, k, 118);
  check_shape<float, lay::row, I{0}, I{1}, I{2}, I{0, 1}, I{0, 2}, I{1, 2}, I{0, 1, 2}>(dims<3, 64, 2>{}, 0.5f, add,
                                                                                         k, 119);
  check_shape<float, lay::tiled, I{1}, I{0, 2}>(dims<3, 64, 2>{}, 0.5f, add, k, 120);
  // Rank 4.
  check_shape<float, lay::row, I{0}, I{1}, I{2}, I{3}, I{0, 1}, I{0, 3}, I{1, 2}, I{1, 3}, I{2, 3}, I{0, 1, 2, 3}, I{}>(
      dims<2, 3, 4, 5>{}, 0.5f, add, k, 121);
  check_shape<float, lay::col, I{1}, I{0, 2}>(dims<2, 3, 4, 5>{}, 0.5f, add, k, 122);
  check_shape<float, lay::tiled, I{3}, I{0, 1, 2}>(dims<2, 3, 4, 5>{}, 0.5f, add, k, 123);
}

TEST_CASE("ops/reduce: f32[5,37] operands written as shape strings, results in four layouts") {
  const auto d = random_operand<float>({5, 37}, op_kind::add, 200);
  const auto row = make<x::tensor<"f32[5,37]">>(d);
  const auto col = make<x::tensor<"f32[5,37]{0,1}">>(d);
  const auto pad = make<x::tensor<"f32[5,37]{1,0:pad(7,40,highest)}">>(d);
  const auto til = make<x::tensor<"f32[5,37]{1,0:T(2,8)}">>(d);
  check_sets<I{0}, I{1}, I{0, 1}, I{}>(row, d, 0.0f, x::add_op, op_kind::add, "row-major operand");
  check_sets<I{0}, I{1}, I{0, 1}, I{}>(col, d, 0.0f, x::add_op, op_kind::add, "column-major operand");
  check_sets<I{0}, I{1}, I{0, 1}, I{}>(pad, d, 0.0f, x::add_op, op_kind::add, "padded operand");
  check_sets<I{0}, I{1}, I{0, 1}, I{}>(til, d, 0.0f, x::add_op, op_kind::add, "tiled operand");

  // Column reductions (no row part) and row reductions of rank 3 into every destination
  // layout: each equals the documented order bit for bit.
  const auto d3 = random_operand<float>({4, 5, 37}, op_kind::add, 201);
  const auto a3 = make<x::tensor<"f32[4,5,37]">>(d3);
  const reduction columns(d3.sizes, {1}), rows(d3.sizes, {2}), both(d3.sizes, {0, 2});
  const auto want_columns = documented(d3, columns, 0.0f, op_kind::add);
  const auto want_rows = documented(d3, rows, 0.0f, op_kind::add);
  const auto want_both = documented(d3, both, 0.0f, op_kind::add);
  const x::tensor<"f32[4,37]{0,1}"> c_col = x::reduce<1>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[4,37]{1,0:pad(6,40,highest)}"> c_pad = x::reduce<1>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[4,37]{1,0:T(2,8)}"> c_til = x::reduce<1>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[4,37]{0,1:T(8,2)}"> c_til_col = x::reduce<1>(a3, 0.0f, x::add_op);
  compare(gather(c_col, columns.kept_sizes), want_columns, nullptr, "reduce<1> into f32[4,37]{0,1}");
  compare(gather(c_pad, columns.kept_sizes), want_columns, nullptr, "reduce<1> into a padded f32[4,37]");
  compare(gather(c_til, columns.kept_sizes), want_columns, nullptr, "reduce<1> into f32[4,37]{1,0:T(2,8)}");
  compare(gather(c_til_col, columns.kept_sizes), want_columns, nullptr, "reduce<1> into f32[4,37]{0,1:T(8,2)}");
  const x::tensor<"f32[4,5]{0,1}"> r_col = x::reduce<2>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[4,5]{1,0:T(2,8)}"> r_til = x::reduce<2>(a3, 0.0f, x::add_op);
  compare(gather(r_col, rows.kept_sizes), want_rows, nullptr, "reduce<2> into f32[4,5]{0,1}");
  compare(gather(r_til, rows.kept_sizes), want_rows, nullptr, "reduce<2> into f32[4,5]{1,0:T(2,8)}");
  const x::tensor<"f32[5]{0:T(8)}"> b_til = x::reduce<0, 2>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[5]{0:pad(9,lowest)}"> b_pad = x::reduce<2, 0>(a3, 0.0f, x::add_op);
  compare(gather(b_til, both.kept_sizes), want_both, nullptr, "reduce<0,2> into f32[5]{0:T(8)}");
  compare(gather(b_pad, both.kept_sizes), want_both, nullptr, "reduce<2,0> into a padded f32[5]");

  // A reduction read by another expression (its lines: vectors of columns, or elements).
  std::vector<float> twice_columns, twice_rows;
  for (float v : want_columns) twice_columns.push_back(v * 2.0f);
  for (float v : want_rows) twice_rows.push_back(-v);
  const x::tensor<"f32[4,37]"> e1 = x::reduce<1>(a3, 0.0f, x::add_op) * 2.0f;
  const x::tensor<"f32[4,37]{0,1}"> e2 = x::reduce<1>(a3, 0.0f, x::add_op) * 2.0f;
  const x::tensor<"f32[4,5]"> e3 = -x::reduce<2>(a3, 0.0f, x::add_op);
  compare(gather(e1, columns.kept_sizes), twice_columns, nullptr, "2 * reduce<1>");
  compare(gather(e2, columns.kept_sizes), twice_columns, nullptr, "2 * reduce<1> into column-major");
  compare(gather(e3, rows.kept_sizes), twice_rows, nullptr, "-reduce<2>");
}

TEST_CASE("ops/reduce: f32 mul, max, min; f64, s32, u8 add, mul, max, min") {
  battery<float>(x::mul_op, op_kind::mul, 1.5f, 300);
  battery<float>(x::max_op, op_kind::max, 0.9f, 310);
  battery<float>(x::min_op, op_kind::min, -0.9f, 320);
  battery<double>(x::add_op, op_kind::add, 0.25, 330);
  battery<double>(x::mul_op, op_kind::mul, 0.75, 340);
  battery<double>(x::max_op, op_kind::max, 0.9, 350);
  battery<double>(x::min_op, op_kind::min, -0.9, 360);
  battery<std::int32_t>(x::add_op, op_kind::add, 12345, 370);
  battery<std::int32_t>(x::mul_op, op_kind::mul, 3, 380);
  battery<std::int32_t>(x::max_op, op_kind::max, 0, 390);
  battery<std::int32_t>(x::min_op, op_kind::min, 0, 400);
  battery<std::uint8_t>(x::add_op, op_kind::add, 200, 410);
  battery<std::uint8_t>(x::mul_op, op_kind::mul, 3, 420);
  battery<std::uint8_t>(x::max_op, op_kind::max, 200, 430);
  battery<std::uint8_t>(x::min_op, op_kind::min, 50, 440);
}

TEST_CASE("ops/reduce: and, or, xor on s32 and pred") {
  battery<std::int32_t>(x::and_op, op_kind::and_, 0x7fffffff, 500);
  battery<std::int32_t>(x::or_op, op_kind::or_, 0x10, 510);
  battery<std::int32_t>(x::xor_op, op_kind::xor_, 0x5a5a5a5a, 520);
  battery<bool>(x::and_op, op_kind::and_, true, 530);
  battery<bool>(x::or_op, op_kind::or_, false, 540);
  battery<bool>(x::xor_op, op_kind::xor_, true, 550);
}

TEST_CASE("ops/reduce: a user computation folds sequentially in row-major order from init") {
  // Not associative and not commutative: a running mean weighs later elements more.
  const auto mean = [](float a, float b) { return (a + b) * 0.5f; };
  const auto plus = [](float a, float b) { return a + b; };  // sequential, unlike add_op
  const auto max_abs = [](float a, float b) { return std::max(a, std::fabs(b)); };
  const auto hash = [](std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * 31u + static_cast<std::uint32_t>(b));
  };
  const auto k = op_kind::user;
  check_shape<float, lay::row, I{0}>(dims<1000>{}, 0.25f, mean, k, 600);
  check_shape<float, lay::row, I{0}, I{1}, I{0, 1}, I{}>(dims<5, 37>{}, 0.25f, mean, k, 601);
  check_shape<float, lay::col, I{1}, I{0, 1}>(dims<5, 37>{}, 0.25f, mean, k, 602);
  check_shape<float, lay::pad, I{0}>(dims<5, 37>{}, 0.25f, mean, k, 603);
  check_shape<float, lay::tiled, I{0, 1}>(dims<5, 37>{}, 0.25f, mean, k, 604);
  check_shape<float, lay::row, I{1}, I{0, 2}>(dims<4, 5, 37>{}, 0.25f, mean, k, 605);
  check_shape<float, lay::row, I{1, 3}>(dims<2, 3, 4, 5>{}, 0.25f, mean, k, 606);
  check_shape<float, lay::row, I{0}>(dims<1000>{}, 0.25f, plus, k, 612);
  check_shape<float, lay::row, I{1}, I{0, 1}>(dims<5, 37>{}, 0.25f, plus, k, 613);
  check_shape<float, lay::row, I{1}, I{0, 1}>(dims<5, 37>{}, 0.5f, max_abs, k, 607);
  check_shape<float, lay::tiled, I{0}>(dims<5, 37>{}, 0.5f, max_abs, k, 608);
  check_shape<std::int32_t, lay::row, I{0}, I{1}, I{0, 1}>(dims<5, 37>{}, 7, hash, k, 609);
  check_shape<std::int32_t, lay::col, I{0, 2}>(dims<4, 5, 37>{}, 7, hash, k, 610);

  // No dimensions: f(init, x) elementwise.
  const auto d = random_operand<float>({5, 37}, k, 611);
  const auto a = make<x::tensor<"f32[5,37]{0,1}">>(d);
  const x::tensor<"f32[5,37]"> none = x::reduce<>(a, 0.25f, mean);
  std::vector<float> want;
  for (float v : d.v) want.push_back((0.25f + v) * 0.5f);
  compare(gather(none, d.sizes), want, nullptr, "reduce<>(a, 0.25, mean)");
}

TEST_CASE("ops/reduce: an operand expression is fused: sum(a * b), sum(a + v)") {
  const auto da = random_operand<float>({5, 37}, op_kind::add, 700);
  const auto db = random_operand<float>({5, 37}, op_kind::add, 701);
  const auto dv = random_operand<float>({37}, op_kind::add, 702);
  const auto a = make<x::tensor<"f32[5,37]">>(da);
  const auto b = make<x::tensor<"f32[5,37]{0,1}">>(db);
  const auto v = make<x::tensor<"f32[37]">>(dv);
  // The reference: each term in double, summed over the reduced dimension.
  const auto ref = [&](int dim, bool product) {
    std::vector<double> want(dim == 0 ? 37 : 5, 0.0), tol(want.size(), 0.0);
    for (std::size_t i = 0; i < 5; ++i) {
      for (std::size_t j = 0; j < 37; ++j) {
        const double t = product ? static_cast<double>(da.v[i * 37 + j]) * static_cast<double>(db.v[i * 37 + j])
                                 : static_cast<double>(da.v[i * 37 + j]) + static_cast<double>(dv.v[j]);
        want[dim == 0 ? j : i] += t;
        tol[dim == 0 ? j : i] += std::fabs(t);
      }
    }
    const double n = dim == 0 ? 5 : 37;
    for (double& t : tol) t = (n + 2) * std::numeric_limits<float>::epsilon() * t + 1e-30;
    return std::pair{want, tol};
  };
  const x::tensor<"f32[5]"> p1 = x::reduce<1>(x::mul(a, b), 0.0f, x::add_op);
  const x::tensor<"f32[37]"> p0 = x::reduce<0>(x::mul(a, b), 0.0f, x::add_op);
  const x::tensor<"f32[5]"> s1 = x::reduce<1>(x::add(a, v, x::broadcast_dimensions<1>), 0.0f, x::add_op);
  const x::tensor<"f32[37]"> s0 = x::reduce<0>(x::add(a, v, x::broadcast_dimensions<1>), 0.0f, x::add_op);
  const auto [w1, t1] = ref(1, true);
  const auto [w0, t0] = ref(0, true);
  const auto [v1, u1] = ref(1, false);
  const auto [v0, u0] = ref(0, false);
  compare(gather(p1, {5}), w1, &t1, "reduce<1>(a * b)");
  compare(gather(p0, {37}), w0, &t0, "reduce<0>(a * b)");
  compare(gather(s1, {5}), v1, &u1, "reduce<1>(a + v)");
  compare(gather(s0, {37}), v0, &u0, "reduce<0>(a + v)");

  // All of it: sum(a * b) over both dimensions.
  double total = 0, magnitude = 0;
  for (std::size_t l = 0; l < da.v.size(); ++l) {
    total += static_cast<double>(da.v[l]) * static_cast<double>(db.v[l]);
    magnitude += std::fabs(static_cast<double>(da.v[l]) * static_cast<double>(db.v[l]));
  }
  const float dot = x::eval(x::reduce<0, 1>(x::mul(a, b), 0.0f, x::add_op))();
  CHECK(std::fabs(static_cast<double>(dot) - total) <= 186 * std::numeric_limits<float>::epsilon() * magnitude);
}

TEST_CASE("ops/reduce: the init value is applied once per result") {
  const x::tensor<"f32[4]"> ones = {1, 1, 1, 1};
  CHECK(x::eval(x::reduce<0>(ones, 10.0f, x::add_op))() == 14.0f);
  const x::tensor<"f32[]"> ten(10.0f);
  CHECK(x::eval(x::reduce<0>(ones, ten, x::add_op))() == 14.0f);
  CHECK(x::eval(x::reduce<0>(ones, 10.0f, [](float a, float b) { return a + b; }))() == 14.0f);
  CHECK(x::eval(x::reduce<0>(ones * 2.0f, 10.0f, x::mul_op))() == 160.0f);
  CHECK(x::eval(x::reduce<0>(ones, 10.0f, x::max_op))() == 10.0f);
  CHECK(x::eval(x::reduce<0>(ones, -10.0f, x::min_op))() == -10.0f);

  x::tensor<"f32[4,3,5]"> block;
  for (auto& e : block.storage()) e = 1.0f;
  const auto columns = x::eval(x::reduce<0>(block, 10.0f, x::add_op));        // f32[3,5]
  const auto mixed = x::eval(x::reduce<0, 2>(block, 10.0f, x::add_op));       // f32[3]
  const auto rows = x::eval(x::reduce<2>(block, 10.0f, x::add_op));           // f32[4,3]
  const auto all = x::eval(x::reduce<0, 1, 2>(block, 10.0f, x::add_op));      // f32[]
  for (float e : columns.storage()) CHECK(e == 14.0f);
  for (float e : mixed.storage()) CHECK(e == 30.0f);
  for (float e : rows.storage()) CHECK(e == 15.0f);
  CHECK(all() == 70.0f);

  const x::tensor<"s32[4]"> ints = {1, 1, 1, 1};
  CHECK(x::eval(x::reduce<0>(ints, 10, x::add_op))() == 14);
  const auto [s, c] = x::reduce<0>(ones, ints, 10.0f, 10, [](float p, std::int32_t q, float u, std::int32_t w) {
    return std::tuple<float, std::int32_t>{p + u, q + w};
  });
  CHECK(s() == 14.0f);
  CHECK(c() == 14);
}

TEST_CASE("ops/reduce: variadic, a tuple of results") {
  const auto da = random_operand<float>({5, 37}, op_kind::add, 800);
  const auto db = random_operand<std::int32_t>({5, 37}, op_kind::add, 801);
  const auto a = make<x::tensor<"f32[5,37]">>(da);
  const auto b = make<x::tensor<"s32[5,37]{0,1}">>(db);
  // The sum of a, and the wrapping sum of b where a is positive.
  const auto f = [](float s, std::int32_t c, float u, std::int32_t w) {
    const auto next_c = u > 0 ? static_cast<std::int32_t>(static_cast<std::uint32_t>(c) + static_cast<std::uint32_t>(w)) : c;
    return std::tuple<float, std::int32_t>{s + u, next_c};
  };
  const auto reference = [&](const reduction& red) {
    using pair = std::pair<float, std::int32_t>;
    data<pair> d{da.sizes, {}};
    for (std::size_t l = 0; l < da.v.size(); ++l) d.v.push_back({da.v[l], db.v[l]});
    const auto acc = fold(d, red, pair{0.5f, 3}, [&](pair p, pair e) {
      const auto r = f(p.first, p.second, e.first, e.second);
      return pair{std::get<0>(r), std::get<1>(r)};
    });
    std::pair<std::vector<float>, std::vector<std::int32_t>> out;
    for (const pair& p : acc) {
      out.first.push_back(p.first);
      out.second.push_back(p.second);
    }
    return out;
  };

  auto [s, c] = x::reduce<1>(a, b, 0.5f, 3, f);
  using f32_5 = x::tensor<"f32[5]">;
  using s32_5 = x::tensor<"s32[5]">;
  static_assert(std::is_same_v<decltype(s), f32_5>);
  static_assert(std::is_same_v<decltype(c), s32_5>);
  const reduction r1(da.sizes, {1});
  const auto [want_s1, want_c1] = reference(r1);
  compare(gather(s, {5}), want_s1, nullptr, "variadic reduce<1>: sum");
  compare(gather(c, {5}), want_c1, nullptr, "variadic reduce<1>: conditional sum");

  const auto t = x::reduce<0>(a, b, 0.5f, 3, f);
  const reduction r0(da.sizes, {0});
  const auto [want_s0, want_c0] = reference(r0);
  compare(gather(x::get_tuple_element<0>(t), {37}), want_s0, nullptr, "variadic reduce<0>: get_tuple_element<0>");
  compare(gather(std::get<1>(t), {37}), want_c0, nullptr, "variadic reduce<0>: std::get<1>");

  const auto [s_all, c_all] = x::reduce<1, 0>(a, b, 0.5f, 3, f);
  const reduction r01(da.sizes, {0, 1});
  const auto [want_s, want_c] = reference(r01);
  compare(gather(s_all, {}), want_s, nullptr, "variadic reduce<1,0>: sum");
  compare(gather(c_all, {}), want_c, nullptr, "variadic reduce<1,0>: conditional sum");

  // Argmax along the rows with an iota operand: the first index of the largest value.
  const auto argmax = [](float m, std::int32_t i, float u, std::int32_t j) {
    return u > m ? std::tuple<float, std::int32_t>{u, j} : std::tuple<float, std::int32_t>{m, i};
  };
  const auto [m, i] = x::reduce<1>(a, x::iota<"s32[5,37]", 1>(), -std::numeric_limits<float>::infinity(), 0, argmax);
  for (std::size_t row = 0; row < 5; ++row) {
    std::size_t best = 0;
    for (std::size_t j = 1; j < 37; ++j)
      if (da.v[row * 37 + j] > da.v[row * 37 + best]) best = j;
    CHECK(m(row) == da.v[row * 37 + best]);
    CHECK(i(row) == static_cast<std::int32_t>(best));
  }
}

TEST_CASE("ops/reduce: a full f32 sum of 1000 elements is the documented order, bit for bit") {
  // Values over 20 binades (40 for f64), random signs, drawn in a fixed order; the seed is
  // one whose sums differ in every other order checked below.
  std::mt19937_64 rng(2028);
  const auto wide = [&rng](unsigned binades) {
    const double mantissa = std::uniform_real_distribution<double>(0.5, 1.0)(rng);
    const int e = static_cast<int>(rng() % binades) - static_cast<int>(binades / 2);
    const double m = std::ldexp(mantissa, e);
    return rng() % 2 ? -m : m;
  };
  data<float> d{{1000}, {}};
  for (int l = 0; l < 1000; ++l) d.v.push_back(static_cast<float>(wide(20)));
  // The documented order, written out: W = 64 partials from -0, halved.
  const auto order = [&](std::size_t w) {
    std::vector<float> p(w, -0.0f);
    for (std::size_t l = 0; l < d.v.size(); ++l) p[l % w] += d.v[l];
    for (std::size_t h = w / 2; h >= 1; h /= 2)
      for (std::size_t k = 0; k < h; ++k) p[k] += p[k + h];
    return 0.0f + p[0];
  };
  const float want = order(64);
  // The data tell the orders apart: a sequential sum and other widths give other bits.
  float sequential = 0.0f;
  for (float v : d.v) sequential += v;
  CHECK_FALSE(same_bits(want, sequential));
  for (std::size_t w : {4, 8, 16, 32, 128}) CHECK_FALSE(same_bits(want, order(w)));

  const auto row = make<x::tensor<"f32[1000]">>(d);
  const auto pad = make<x::tensor<"f32[1000]{0:pad(1003,highest)}">>(d);
  const auto til = make<x::tensor<"f32[1000]{0:T(8)}">>(d);
  data<float> d2 = d;
  d2.sizes = {8, 125};
  const auto row2 = make<x::tensor<"f32[8,125]">>(d2);
  const auto til2 = make<x::tensor<"f32[8,125]{1,0:T(2,8)}">>(d2);
  const auto col2 = make<x::tensor<"f32[8,125]{0,1}">>(d2);
  const float got[] = {
      x::eval(x::reduce<0>(row, 0.0f, x::add_op))(),
      x::eval(x::reduce<0>(row, 0.0f, x::add_op))(),
      x::eval(x::reduce<0>(pad, 0.0f, x::add_op))(),
      x::eval(x::reduce<0>(til, 0.0f, x::add_op))(),
      x::eval(x::reduce<0>(row + -0.0f, 0.0f, x::add_op))(),  // fused: x + -0 == x
      x::eval(x::reduce<0, 1>(row2, 0.0f, x::add_op))(),
      x::eval(x::reduce<1, 0>(til2, 0.0f, x::add_op))(),
      x::eval(x::reduce<0, 1>(col2, 0.0f, x::add_op))(),
  };
  for (std::size_t k = 0; k < std::size(got); ++k) {
    CAPTURE(k);
    CHECK(same_bits(got[k], want));
  }

  // f64: W = 32.
  data<double> dd{{1000}, {}};
  for (int l = 0; l < 1000; ++l) dd.v.push_back(wide(40));
  const auto order_d = [&](std::size_t w) {
    std::vector<double> p(w, -0.0);
    for (std::size_t l = 0; l < dd.v.size(); ++l) p[l % w] += dd.v[l];
    for (std::size_t h = w / 2; h >= 1; h /= 2)
      for (std::size_t k = 0; k < h; ++k) p[k] += p[k + h];
    return 0.0 + p[0];
  };
  const double want_d = order_d(32);
  double sequential_d = 0.0;
  for (double v : dd.v) sequential_d += v;
  CHECK_FALSE(same_bits(want_d, sequential_d));
  for (std::size_t w : {4, 8, 16, 64}) CHECK_FALSE(same_bits(want_d, order_d(w)));
  const auto rowd = make<x::tensor<"f64[1000]">>(dd);
  const auto tild = make<x::tensor<"f64[1000]{0:T(8)}">>(dd);
  CHECK(same_bits(x::eval(x::reduce<0>(rowd, 0.0, x::add_op))(), want_d));
  CHECK(same_bits(x::eval(x::reduce<0>(tild, 0.0, x::add_op))(), want_d));
}

TEST_CASE("ops/reduce: constant evaluation gives the run-time bits") {
  // Row sums of 130 elements (two blocks of W = 64 and a tail) and a column sum.
  constexpr x::tensor<"f32[3,130]"> c = x::eval(x::iota<"f32[3,130]", 1>() * 0.37f - x::iota<"f32[3,130]", 0>() * 11.3f);
  constexpr auto rows = x::eval(x::reduce<1>(c, 0.5f, x::add_op));
  constexpr auto columns = x::eval(x::reduce<0>(c, 0.5f, x::add_op));
  constexpr auto total = x::eval(x::reduce<0, 1>(c, 0.5f, x::add_op));
  static_assert(x::eval(x::reduce<1>(x::tensor<"s32[2,3]">{{1, 2, 3}, {4, 5, 6}}, 100, x::add_op))(1) == 115);
  data<float> d{{3, 130}, {}};
  for (x::index_t i = 0; i < 3; ++i)
    for (x::index_t j = 0; j < 130; ++j) d.v.push_back(c(i, j));
  const auto a = make<x::tensor<"f32[3,130]">>(d);  // the same values, at run time
  const reduction by_row(d.sizes, {1}), by_column(d.sizes, {0}), whole(d.sizes, {0, 1});
  const auto want_rows = documented(d, by_row, 0.5f, op_kind::add);
  const auto want_columns = documented(d, by_column, 0.5f, op_kind::add);
  const auto want_total = documented(d, whole, 0.5f, op_kind::add);
  compare(gather(rows, by_row.kept_sizes), want_rows, nullptr, "constexpr reduce<1>");
  compare(gather(columns, by_column.kept_sizes), want_columns, nullptr, "constexpr reduce<0>");
  compare(gather(total, whole.kept_sizes), want_total, nullptr, "constexpr reduce<0,1>");
  compare(gather(x::eval(x::reduce<1>(a, 0.5f, x::add_op)), by_row.kept_sizes), want_rows, nullptr, "reduce<1>");
  compare(gather(x::eval(x::reduce<0>(a, 0.5f, x::add_op)), by_column.kept_sizes), want_columns, nullptr,
          "reduce<0>");
  compare(gather(x::eval(x::reduce<0, 1>(a, 0.5f, x::add_op)), whole.kept_sizes), want_total, nullptr,
          "reduce<0,1>");
}
