// The checks of tests/ops/dot_matvec_test.cpp, dot_matvec_forms_test.cpp and
// dot_few_rows_test.cpp: products with one row (x[1,K] . W), one column (W . v[K]) or a
// few rows of result against two references
// written from the definitions (the documented order of summation, bit for bit, and a
// long double sum within the documented bound).
#ifndef SXLA_TESTS_OPS_DOT_MATVEC_CHECK_HPP
#define SXLA_TESTS_OPS_DOT_MATVEC_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <type_traits>

namespace matvec_check {

namespace x = sxla;
using x::index_t;

template <class T>
T random_value(std::mt19937& g) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  if constexpr (std::is_same_v<T, x::c64>) {
    return T(static_cast<float>(u(g)), static_cast<float>(u(g)));
  } else {
    return static_cast<T>(u(g));
  }
}

template <class Tensor>
std::unique_ptr<Tensor> random_tensor(unsigned seed) {
  std::unique_ptr<Tensor> t(new Tensor());
  std::mt19937 g(seed);
  using V = typename Tensor::value_type;
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) { (*t)[i] = random_value<V>(g); });
  return t;
}

// The accumulation type: f16 and bf16 in f32.
template <class T>
using acc_t = std::conditional_t<std::is_same_v<T, x::f16> || std::is_same_v<T, x::bf16>, float, T>;

// a * b + c rounded once (fused) where the target has FMA instructions, else the rounded
// product added (SXLA_HAS_FMA 0: kernels/gemm.hpp).
template <class R>
R fma_or_not(R a, R b, R c) {
#if SXLA_HAS_FMA
  return std::fma(a, b, c);
#else
  const volatile R product = a * b;
  return product + c;
#endif
}

// acc + a * b as the engine's order defines it: one fma for reals; for complex numbers
// (x + iy)(u + iv), re = fma(-y, v, fma(x, u, re)), im = fma(y, u, fma(x, v, im)).
template <class A>
A madd(A a, A b, A acc) {
  if constexpr (x::is_complex_v<A>) {
    const auto re = fma_or_not(-a.imag(), b.imag(), fma_or_not(a.real(), b.real(), acc.real()));
    const auto im = fma_or_not(a.imag(), b.real(), fma_or_not(a.real(), b.imag(), acc.imag()));
    return {re, im};
  } else {
    return fma_or_not(a, b, acc);
  }
}

// sum_p lhs(p) * rhs(p) in the documented order, and the same sum in long double with the
// sum of magnitudes; term(p) returns the pair (lhs element, rhs element) in type A.
template <class A, class Term>
A ordered_sum(index_t k, Term term) {
  const index_t kc = x::kernels::block_sum_order<A>();
  A total{};
  for (index_t p0 = 0; p0 < k; p0 += kc) {
    A part{};
    for (index_t p = p0; p < (k - p0 < kc ? k : p0 + kc); ++p) {
      const auto [a, b] = term(p);
      part = madd<A>(a, b, part);
    }
    total = p0 == 0 ? part : total + part;
  }
  return total;
}

// One element: bit for bit the ordered sum (rounded once to the result type), and
// within (kc + K / kc + 2) u sum |a b| (four roundings a term for complex) of the exact sum.
template <class R, class A, class Term>
void check_element(R got, index_t k, Term term, index_t where, int& failures) {
  const R want = static_cast<R>(ordered_sum<A>(k, term));
  if (std::memcmp(&got, &want, sizeof(R)) != 0 && failures++ < 5) {
    CAPTURE(where);
    CHECK(got == want);
  }
  using W = std::conditional_t<x::is_complex_v<A>, std::complex<long double>, long double>;
  W exact{};
  long double mag = 0;
  for (index_t p = 0; p < k; ++p) {
    const auto [a, b] = term(p);
    exact += static_cast<W>(a) * static_cast<W>(b);
    mag += std::abs(static_cast<W>(a) * static_cast<W>(b));
  }
  using real = x::complex_component_t<A>;
  const long double u = std::numeric_limits<real>::epsilon() / 2.0L;
  const long double kc = static_cast<long double>(x::kernels::block_sum_order<A>());
  const long double out_u = std::is_same_v<R, A> ? 0.0L : 1.0L / 256;  // bf16, f16 results
  const long double bound = (kc + static_cast<long double>(k) / kc + 2) * u * (x::is_complex_v<A> ? 4 : 1) * mag +
                            out_u * std::abs(exact) + 1e-30L;
  const long double err = std::abs(static_cast<W>(static_cast<A>(got)) - exact);
  if (!(err <= bound) && failures++ < 5) {
    CAPTURE(where);
    CAPTURE(err);
    CAPTURE(bound);
    CHECK(err <= bound);
  }
}

// How W is held in x[1,K] . W.
enum class form {
  w_row,            // W [K,N] row-major: dot(x, W)
  w_transposed,     // W [N,K] row-major: dot_general contracting {1} x {1}
  w_transposed_col  // W [N,K] column-major (W^T's rows contiguous)
};

template <class T>
constexpr x::primitive_type type_of = x::primitive_type_of<T>;

template <class T, index_t R, index_t C, bool ColMajor = false>
using matrix = x::tensor<x::shape_spec(type_of<T>, x::idx{R, C},
                                       ColMajor ? x::layout_spec{x::idx{0, 1}, {}, {}} : x::default_layout(2))>;

// y[1,N] = x[1,K] . W, W held as F says.
template <class T, index_t N, index_t K, form F>
void check_row(unsigned seed) {
  using A = acc_t<T>;
  const auto xv = random_tensor<matrix<T, 1, K>>(seed);
  const auto w = random_tensor<matrix<T, F == form::w_row ? K : N, F == form::w_row ? N : K,
                                      F == form::w_transposed_col>>(seed + 100);
  const auto y = std::make_unique<matrix<T, 1, N>>();
  if constexpr (F == form::w_row) {
    *y = x::dot(*xv, *w);
  } else {
    *y = x::dot_general<x::dot_dims<x::idx{1}, x::idx{1}>>(*xv, *w);
  }
  int failures = 0;
  for (index_t j = 0; j < N; ++j) {
    check_element<T, A>(
        (*y)(0, j), K,
        [&](index_t p) {
          return std::pair{static_cast<A>((*xv)(0, p)), static_cast<A>(F == form::w_row ? (*w)(p, j) : (*w)(j, p))};
        },
        j, failures);
  }
  CHECK(failures == 0);
}

// y[N] = W[N,K] . v[K], W row- or column-major.
template <class T, index_t N, index_t K, bool ColMajor>
void check_col(unsigned seed) {
  using A = acc_t<T>;
  const auto w = random_tensor<matrix<T, N, K, ColMajor>>(seed);
  const auto v = random_tensor<x::tensor<x::shape_spec(type_of<T>, x::idx{K}, x::default_layout(1))>>(seed + 100);
  const auto y = std::make_unique<x::tensor<x::shape_spec(type_of<T>, x::idx{N}, x::default_layout(1))>>();
  *y = x::dot(*w, *v);
  int failures = 0;
  for (index_t j = 0; j < N; ++j) {
    check_element<T, A>(
        (*y)(j), K, [&](index_t p) { return std::pair{static_cast<A>((*w)(j, p)), static_cast<A>((*v)(p))}; }, j,
        failures);
  }
  CHECK(failures == 0);
}

// C[M,N] = A[M,K] . B[K,N], B row-major, A row- or column-major (a few rows: M up to 32).
template <class T, index_t M, index_t N, index_t K, bool ColMajorA>
void check_rows(unsigned seed) {
  using A = acc_t<T>;
  const auto a = random_tensor<matrix<T, M, K, ColMajorA>>(seed);
  const auto b = random_tensor<matrix<T, K, N>>(seed + 100);
  const auto c = std::make_unique<matrix<T, M, N>>();
  *c = x::dot(*a, *b);
  int failures = 0;
  for (index_t i = 0; i < M; ++i)
    for (index_t j = 0; j < N; ++j)
      check_element<T, A>(
          (*c)(i, j), K, [&](index_t p) { return std::pair{static_cast<A>((*a)(i, p)), static_cast<A>((*b)(p, j))}; },
          i * N + j, failures);
  CHECK(failures == 0);
}

}  // namespace matvec_check

#endif  // SXLA_TESTS_OPS_DOT_MATVEC_CHECK_HPP
