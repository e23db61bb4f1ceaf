// Cholesky and TriangularSolve, side by side with OpenBLAS (its LAPACK through LAPACKE,
// and cblas_strsm) and Eigen in one process, one thread each, on the same inputs:
//   cholesky_f32/nN               f32[N,N], N = 256, 1024, symmetric positive definite
//                                 (diagonally dominant: off-diagonal uniform in [-1, 1],
//                                 diagonal N + [0, 1]), the lower factor: sxla
//                                 x::cholesky<x::lower> into a tensor; LAPACKE_spotrf
//                                 (row-major, 'L') on a copy; the same factorisation as
//                                 LAPACKE_spotrf_work(column-major, 'U') on a copy (see
//                                 below); Eigen::LLT<MatrixXf>
//   triangular_solve_f32/n1024_rhs1024
//                                 a x = b, a f32[1024,1024] lower (diagonal in [1, 2],
//                                 below it uniform in [-1, 1] / 1024; above it junk, which
//                                 every implementation must ignore), b f32[1024,1024]:
//                                 sxla x::triangular_solve (left side, lower, non-unit
//                                 diagonal, no transpose); cblas_strsm (row-major, left,
//                                 lower, no transpose, non-unit) on a copy of b; Eigen
//                                 triangularView<Lower>().solveInPlace on a copy of b
//   cholesky_f32/batchB_nxn       f32[B,n,n], (B, n) = (100000, 4), (10000, 16), inputs
//                                 as above (diagonal n + [0, 1]): sxla, one call on the
//                                 whole batch; Eigen::LLT<Matrix<float, n, n>> (fixed
//                                 size) per matrix, its matrixL() written to an output
//                                 array; LAPACKE_spotrf_work per matrix on a copy
//   triangular_solve_f32/batchB_nxn
//                                 a f32[B,n,n] lower (diagonal in [1, 2], below it [-1, 1]
//                                 / n), b f32[B,n,n]: sxla, one call; Eigen fixed-size
//                                 triangularView<Lower>().solve(b) per matrix into an
//                                 output array; cblas_strsm per matrix on a copy of b
// The copies: LAPACK's potrf and BLAS's trsm work in place, so their cases copy the input
// (a, or b) into the output buffer inside the timed loop; sxla reads its operands and
// writes a separate result, and Eigen's LLT copies its input into its own storage, so
// each side reads the input and writes the result once.
// LAPACKE with LAPACK_ROW_MAJOR checks the input for NaNs, then transposes it into a
// column-major buffer it allocates, calls spotrf and transposes the result back: the
// 'openblas_lapacke_row_major' lines include that, as a row-major caller of LAPACKE gets
// it. A symmetric matrix is its own transpose and the row-major lower factor is the
// column-major upper one, so LAPACKE_spotrf_work(LAPACK_COL_MAJOR, 'U') on the row-major
// buffer computes the same numbers with none of it: the 'openblas_potrf' lines, which
// are OpenBLAS's factorisation alone. CBLAS maps row-major to column-major by swapping
// the arguments, with no copy.
// OpenBLAS runs on one thread: main calls openblas_set_num_threads(1) before any timing
// (setting OPENBLAS_NUM_THREADS=1 in the environment does the same from the start). The
// LAPACK behind Debian's liblapacke is OpenBLAS's (the liblapack.so.3 alternative of
// libopenblas-dev); its spotrf_ is libopenblas's own, which links first.
// Counters: GFLOP/s = N^3 / 3 per Cholesky factorisation, n^2 m per solve of m right-hand
// sides (LAPACK's conventions); matrices/s for the batches (items_per_second). Before
// timing, each result is checked once: a residual (l l^T - a, or a x - b) at sampled
// entries, relative to the magnitudes summed, below 1e-5; and sxla's result against each
// peer's, each peer run once for it (the lower triangle of a factor, whose other triangle
// is unspecified; the whole solution), max |difference| / max |peer's| below 1e-3. A
// wrong result aborts the run.
// Eigen's fixed-size per-matrix solves go through its generic triangular_solve_matrix,
// whose speed depends on where the compiler places its loops: 1.8 to 4.9 ms for the
// 100000 4 x 4 solves from one build of this file to the next (the same in every run of
// one build; -falign-loops=64 gives the fast end). Compare those lines across builds
// with care.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#if defined(SXLA_BENCH_OPENBLAS_FOUND) && __has_include(<cblas.h>)
#define SXLA_BENCH_BLAS 1
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);
#endif
#if defined(SXLA_BENCH_BLAS) && defined(SXLA_BENCH_LAPACKE_FOUND) && __has_include(<lapacke.h>)
#define SXLA_BENCH_LAPACKE 1
// lapack.h's default complex types are C's _Complex; C++ callers name std::complex.
#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>
#endif
#if __has_include(<eigen3/Eigen/Dense>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/Eigen/Dense>
#endif

namespace x = sxla;

namespace {

// ---- the cases ---------------------------------------------------------------------------
enum class op { cholesky, solve };

// Batch matrices n x n (Batched: f32[Batch,n,n]; else f32[n,n] and Batch = 1), row-major.
// A solve has as many right-hand sides as unknowns (b is n x n too).
template <op Op, bool Batched, int Batch, int N>
struct linalg_case {
  static_assert(Batched || Batch == 1);
  static constexpr op kind = Op;
  static constexpr bool batched = Batched;
  static constexpr int batch = Batch, n = N;
  static constexpr std::size_t matrix_elems = std::size_t(N) * N;
  static constexpr std::size_t elems = Batch * matrix_elems;
  static constexpr x::idx dims = Batched ? x::idx{Batch, N, N} : x::idx{N, N};
  using mat = x::tensor<x::shape_spec(x::primitive_type::f32, dims, x::default_layout(Batched ? 3 : 2))>;
  static double flops_per_run() {
    const double n3 = double(N) * N * N;
    return Batch * (Op == op::cholesky ? n3 / 3 : n3);
  }
  static auto sxla_op(const mat& a, const mat& b) {
    if constexpr (Op == op::cholesky) {
      (void)b;
      return x::cholesky<x::lower>(a);
    } else {
      return x::triangular_solve<x::triangular_solve_options{.left_side = true,
                                                             .lower = true,
                                                             .unit_diagonal = false,
                                                             .transpose_a = x::transpose_kind::no_transpose}>(a, b);
    }
  }
};

struct cholesky_256 : linalg_case<op::cholesky, false, 1, 256> {
  static constexpr const char* name = "cholesky_f32/n256";
};
struct cholesky_1024 : linalg_case<op::cholesky, false, 1, 1024> {
  static constexpr const char* name = "cholesky_f32/n1024";
};
struct solve_1024 : linalg_case<op::solve, false, 1, 1024> {
  static constexpr const char* name = "triangular_solve_f32/n1024_rhs1024";
};
struct cholesky_batch_4 : linalg_case<op::cholesky, true, 100000, 4> {
  static constexpr const char* name = "cholesky_f32/batch100000_4x4";
};
struct cholesky_batch_16 : linalg_case<op::cholesky, true, 10000, 16> {
  static constexpr const char* name = "cholesky_f32/batch10000_16x16";
};
struct solve_batch_4 : linalg_case<op::solve, true, 100000, 4> {
  static constexpr const char* name = "triangular_solve_f32/batch100000_4x4";
};
struct solve_batch_16 : linalg_case<op::solve, true, 10000, 16> {
  static constexpr const char* name = "triangular_solve_f32/batch10000_16x16";
};

template <class C>
void set_counters(benchmark::State& state) {
  state.counters["GFLOP/s"] =
      benchmark::Counter(C::flops_per_run(), benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
  if constexpr (C::batched) state.SetItemsProcessed(state.iterations() * C::batch);
}

template <class T>
void finish(T* p) {
  benchmark::DoNotOptimize(p);
  benchmark::ClobberMemory();
}

// ---- the inputs and the checks ----------------------------------------------------------------
// a (and b for a solve), row-major, matrix after matrix. Cholesky: symmetric, diagonally
// dominant. Solve: a's lower triangle well conditioned, its upper triangle junk.
template <class C>
struct case_data {
  std::unique_ptr<typename C::mat> a = std::make_unique<typename C::mat>(x::uninitialized);
  std::unique_ptr<typename C::mat> b = std::make_unique<typename C::mat>(x::uninitialized);
  case_data() {
    std::mt19937 g(static_cast<unsigned>(C::n * 31 + C::batch * 7 + int(C::kind)));
    std::uniform_real_distribution<float> u(-1.0f, 1.0f), u01(0.0f, 1.0f);
    constexpr int n = C::n;
    for (int t = 0; t < C::batch; ++t) {
      float* p = a->data() + t * C::matrix_elems;
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < i; ++j) {
          if constexpr (C::kind == op::cholesky) {
            p[i * n + j] = p[j * n + i] = u(g);
          } else {
            p[i * n + j] = u(g) / n;
            p[j * n + i] = 100 * u(g);  // ignored
          }
        }
        p[i * n + i] = C::kind == op::cholesky ? float(n) + u01(g) : 1.0f + u01(g);
      }
    }
    float* q = b->data();
    for (std::size_t i = 0; i < C::elems; ++i) q[i] = C::kind == op::cholesky ? 0.0f : u(g);
  }
};
template <class C>
const case_data<C>& data() {
  static const case_data<C> d;
  return d;
}

[[noreturn]] void fail(const char* name, const char* who, const char* what, long t, int i, int j, double got,
                       double want) {
  std::fprintf(stderr, "bench_linalg: %s: %s: %s at matrix %ld (%d, %d): %g, expected %g\n", name, who, what, t, i, j,
               got, want);
  std::abort();
}

// The matrices a check looks at: all of a small batch, else the first, the last and some
// between.
template <class C>
std::vector<long> sampled_matrices() {
  std::vector<long> ts;
  if (C::batch <= 64) {
    for (long t = 0; t < C::batch; ++t) ts.push_back(t);
  } else {
    for (long s = 0; s < 64; ++s) ts.push_back(s == 0 ? 0 : s == 1 ? C::batch - 1 : (s * 7919L) % C::batch);
  }
  return ts;
}

// out (row-major, matrix after matrix) is the lower Cholesky factor, or the solution:
// the residual l l^T - a (lower triangle), or a x - b, at sampled entries, relative to the
// sum of the magnitudes of the terms.
template <class C>
void check_residual(const float* out, const char* who) {
  const auto& d = data<C>();
  constexpr int n = C::n;
  for (const long t : sampled_matrices<C>()) {
    const float* a = d.a->data() + t * C::matrix_elems;
    const float* b = d.b->data() + t * C::matrix_elems;
    const float* r = out + t * C::matrix_elems;
    const int samples = n <= 16 ? n * n : 256;
    for (int s = 0; s < samples; ++s) {
      int i = n <= 16 ? s / n : int((s * 104729L) % n), j = n <= 16 ? s % n : int((s * 1299709L) % n);
      if (s == 0) i = j = n - 1;
      double want, got = 0, mag = 0;
      if constexpr (C::kind == op::cholesky) {
        if (j > i) std::swap(i, j);
        want = a[i * n + j];
        for (int k = 0; k <= j; ++k) {
          got += double(r[i * n + k]) * r[j * n + k];
          mag += std::fabs(double(r[i * n + k]) * r[j * n + k]);
        }
      } else {
        want = b[i * n + j];
        for (int k = 0; k <= i; ++k) {
          got += double(a[i * n + k]) * r[k * n + j];
          mag += std::fabs(double(a[i * n + k]) * r[k * n + j]);
        }
      }
      if (!(std::fabs(got - want) <= 1e-5 * (mag + std::fabs(want)))) {
        fail(C::name, who, C::kind == op::cholesky ? "l l^T differs from a" : "a x differs from b", t, i, j, got, want);
      }
    }
  }
}

// sxla's result against a peer's: max |difference| / max |peer's| over the lower triangles
// (Cholesky: the other triangle of the result is unspecified) or the whole solutions.
template <class C>
void check_against(const float* got, const float* peer, const char* who) {
  constexpr int n = C::n;
  double diff = 0, mag = 0;
  for (long t = 0; t < C::batch; ++t) {
    for (int i = 0; i < n; ++i) {
      const int cols = C::kind == op::cholesky ? i + 1 : n;
      for (int j = 0; j < cols; ++j) {
        const std::size_t k = t * C::matrix_elems + std::size_t(i) * n + j;
        const double dk = std::fabs(double(got[k]) - peer[k]), mk = std::fabs(double(peer[k]));
        if (!(dk <= diff)) diff = dk;
        if (!(mk <= mag)) mag = mk;
      }
    }
  }
  if (!(diff <= 1e-3 * mag)) {
    std::fprintf(stderr, "bench_linalg: %s: sxla differs from %s: max |difference| / max |%s's| = %g\n", C::name, who,
                 who, diff / mag);
    std::abort();
  }
}

// ---- the peers ----------------------------------------------------------------------------
// Each peer: constructed outside the timing (its buffers), operator() computes the result
// of data<C>(), result() is it in row-major order, matrix after matrix.

// A peer's output: a tensor of the case's shape, as sxla's, so that every implementation
// writes memory of the same alignment (64 bytes). It matters: Eigen's fixed-size 16 x 16
// solve is 3-4 times slower into memory 16 bytes off a 32-byte boundary (a std::vector's
// heap block can be), and which block a vector gets depends on what ran before.
template <class C>
struct result_buffer {
  std::unique_ptr<typename C::mat> t = std::make_unique<typename C::mat>(x::uninitialized);
  float* data() const { return t->data(); }
};

#if defined(SXLA_BENCH_LAPACKE)
// LAPACKE_spotrf(LAPACK_ROW_MAJOR, 'L') on a copy of a: NaN check, transposes, spotrf.
template <class C>
struct lapacke_row_major {
  static constexpr const char* name = "openblas_lapacke_row_major";
  result_buffer<C> work;
  void operator()() {
    std::memcpy(work.data(), data<C>().a->data(), C::elems * sizeof(float));
    if (LAPACKE_spotrf(LAPACK_ROW_MAJOR, 'L', C::n, work.data(), C::n) != 0) std::abort();
  }
  const float* result() const { return work.data(); }
};

// spotrf of each matrix on a copy, through LAPACKE_spotrf_work(LAPACK_COL_MAJOR, 'U'):
// the row-major lower factor, without LAPACKE's NaN check and transposes.
template <class C>
struct potrf {
  static constexpr const char* name = C::batched ? "openblas_potrf_per_matrix" : "openblas_potrf";
  result_buffer<C> work;
  void operator()() {
    const float* a = data<C>().a->data();
    for (int t = 0; t < C::batch; ++t) {
      float* w = work.data() + t * C::matrix_elems;
      std::memcpy(w, a + t * C::matrix_elems, C::matrix_elems * sizeof(float));
      if (LAPACKE_spotrf_work(LAPACK_COL_MAJOR, 'U', C::n, w, C::n) != 0) std::abort();
    }
  }
  const float* result() const { return work.data(); }
};
#endif

#if defined(SXLA_BENCH_BLAS)
// cblas_strsm of each matrix on a copy of b.
template <class C>
struct strsm {
  static constexpr const char* name = C::batched ? "openblas_strsm_per_matrix" : "openblas_strsm";
  result_buffer<C> work;
  void operator()() {
    const float *a = data<C>().a->data(), *b = data<C>().b->data();
    for (int t = 0; t < C::batch; ++t) {
      float* w = work.data() + t * C::matrix_elems;
      std::memcpy(w, b + t * C::matrix_elems, C::matrix_elems * sizeof(float));
      cblas_strsm(CblasRowMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, C::n, C::n, 1.0f,
                  a + t * C::matrix_elems, C::n, w, C::n);
    }
  }
  const float* result() const { return work.data(); }
};
#endif

#if defined(SXLA_BENCH_EIGEN)
using row_major_xf = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Eigen::LLT<MatrixXf>, allocated once; the factor stays in the LLT (as its users keep
// it). a is symmetric: its row-major storage is also its column-major one.
template <class C>
struct eigen_llt {
  static constexpr const char* name = "eigen_llt";
  Eigen::LLT<Eigen::MatrixXf> llt{C::n};
  row_major_xf l;
  void operator()() {
    llt.compute(Eigen::Map<const Eigen::MatrixXf>(data<C>().a->data(), C::n, C::n));
    if (llt.info() != Eigen::Success) std::abort();
  }
  const float* result() {
    l = llt.matrixL();
    return l.data();
  }
};

// Eigen triangularView<Lower>().solveInPlace on a copy of b (row-major maps of the inputs).
template <class C>
struct eigen_solve {
  static constexpr const char* name = "eigen_solve_in_place";
  row_major_xf xb = row_major_xf(C::n, C::n);
  void operator()() {
    const Eigen::Map<const row_major_xf> a(data<C>().a->data(), C::n, C::n), b(data<C>().b->data(), C::n, C::n);
    xb = b;
    a.triangularView<Eigen::Lower>().solveInPlace(xb);
  }
  const float* result() const { return xb.data(); }
};

// Per matrix, fixed size: LLT<Matrix<float, n, n>>, its matrixL() into the output array;
// or triangularView<Lower>().solve(b) into it.
template <class C>
struct eigen_fixed {
  static constexpr const char* name =
      C::kind == op::cholesky ? "eigen_llt_fixed_per_matrix" : "eigen_solve_fixed_per_matrix";
  static constexpr int n = C::n;
  using fixed = Eigen::Matrix<float, n, n, Eigen::RowMajor>;
  result_buffer<C> out;
  void operator()() {
    const float *pa = data<C>().a->data(), *pb = data<C>().b->data();
    for (int t = 0; t < C::batch; ++t) {
      const Eigen::Map<const fixed> a(pa + t * C::matrix_elems);
      Eigen::Map<fixed> o(out.data() + t * C::matrix_elems);
      if constexpr (C::kind == op::cholesky) {
        const Eigen::LLT<Eigen::Matrix<float, n, n>> llt(a);
        o = llt.matrixL();
      } else {
        o = a.template triangularView<Eigen::Lower>().solve(Eigen::Map<const fixed>(pb + t * C::matrix_elems));
      }
    }
  }
  const float* result() const { return out.data(); }
};
#endif

// A case's peers, in the order they run.
template <class... P>
struct peer_list {};
template <class C>
auto peers() {
  if constexpr (C::kind == op::cholesky && !C::batched) {
    return peer_list<
#if defined(SXLA_BENCH_LAPACKE)
        lapacke_row_major<C>, potrf<C>,
#endif
#if defined(SXLA_BENCH_EIGEN)
        eigen_llt<C>,
#endif
        void>{};
  } else if constexpr (C::kind == op::cholesky) {
    return peer_list<
#if defined(SXLA_BENCH_LAPACKE)
        potrf<C>,
#endif
#if defined(SXLA_BENCH_EIGEN)
        eigen_fixed<C>,
#endif
        void>{};
  } else {
    return peer_list<
#if defined(SXLA_BENCH_BLAS)
        strsm<C>,
#endif
#if defined(SXLA_BENCH_EIGEN)
        std::conditional_t<C::batched, eigen_fixed<C>, eigen_solve<C>>,
#endif
        void>{};
  }
}

template <class C, class P>
void run_peer(benchmark::State& state) {
  const auto p = std::make_unique<P>();
  (*p)();
  static bool checked = false;
  if (!checked) check_residual<C>(p->result(), P::name);
  checked = true;
  for (auto _ : state) {
    (*p)();
    finish(p.get());
  }
  set_counters<C>(state);
}

// ---- sxla ------------------------------------------------------------------------------------
// sxla's result is checked once: its residual, and against each peer's (computed here).
template <class C, class... P>
void check_sxla(const float* out, peer_list<P...>) {
  check_residual<C>(out, "sxla");
  auto against = [&]<class Q>() {
    if constexpr (!std::is_void_v<Q>) {
      const auto q = std::make_unique<Q>();
      (*q)();
      check_against<C>(out, q->result(), Q::name);
    }
  };
  (against.template operator()<P>(), ...);
}

template <class C>
void run_sxla(benchmark::State& state) {
  const auto& d = data<C>();
  auto out = std::make_unique<typename C::mat>(x::uninitialized);
  using E = decltype(C::sxla_op(*d.a, *d.b));
  const auto ws = std::make_unique<x::workspace_for<E, decltype(x::noalias(*out))>>();
  auto run = [&] { x::noalias(*out).using_workspace(*ws) = C::sxla_op(*d.a, *d.b); };
  run();
  static bool checked = false;
  if (!checked) check_sxla<C>(out->data(), peers<C>());
  checked = true;
  for (auto _ : state) {
    run();
    finish(out->data());
  }
  set_counters<C>(state);
}

template <class C, class... P>
void register_case(peer_list<P...>) {
  const std::string name = C::name;
  auto add = [&](const char* who, void (*f)(benchmark::State&)) {
    benchmark::RegisterBenchmark((name + "/" + who).c_str(), f)->Unit(benchmark::kMillisecond);
  };
  add("sxla", run_sxla<C>);
  auto add_peer = [&]<class Q>() {
    if constexpr (!std::is_void_v<Q>) add(Q::name, run_peer<C, Q>);
  };
  (add_peer.template operator()<P>(), ...);
}
template <class C>
void register_case() {
  register_case<C>(peers<C>());
}

}  // namespace

int main(int argc, char** argv) {
#if defined(SXLA_BENCH_BLAS)
  openblas_set_num_threads(1);
#endif
  register_case<cholesky_256>();
  register_case<cholesky_1024>();
  register_case<solve_1024>();
  register_case<cholesky_batch_4>();
  register_case<cholesky_batch_16>();
  register_case<solve_batch_4>();
  register_case<solve_batch_16>();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
