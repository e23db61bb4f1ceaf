// Fft, side by side with FFTW 3 and Eigen's FFT module in one process (one thread each),
// forward transforms of the same inputs (parts uniform in [-1, 1]), out of place:
//   c2c_2d_f32/1024x1024       c64[1024,1024], 2-D: sxla x::fft<x::fft_type::fft, 1024,
//                              1024>; fftwf_plan_many_dft (rank 2); Eigen::FFT<float> on
//                              each row, then on each column (gathered into a buffer,
//                              transformed, scattered back: rows then columns, as Eigen
//                              users write it; kissfft has no 2-D transform)
//   r2c_2d_f32/512x512         f32[512,512] -> c64[512,257]: x::fft<x::fft_type::rfft,
//                              512, 512>; fftwf_plan_many_dft_r2c; Eigen::FFT<float>
//                              (HalfSpectrum) on each row, then on each of the 257 columns
//   c2c_1d_f32/nN_rowsB        c64[B,N], 1-D transforms of length N over B rows:
//                              x::fft<x::fft_type::fft, N>; fftwf_plan_many_dft (howmany
//                              B); Eigen::FFT<float> per row. (N, B) = (1024, 1024),
//                              (64, 16384), (4096, 128), (1000, 1024): 0.5-5 ms each;
//                              and (64, 1024), (1024, 128), whose data (1 MiB in and out)
//                              stay in the second-level cache
//   c2c_2d_f64/1024x1024       c128[1024,1024], as c2c_2d_f32 in double precision (fftw_*,
//                              Eigen::FFT<double>)
// FFTW plans with FFTW_MEASURE, once per case, before any timing; Eigen's backend is
// kissfft (its default), whose plans an untimed first call makes. sxla's scratch memory
// is a workspace made once, outside the timing.
// Counter: GFLOP/s = 5 N log2 N per transform of N points (N = N1 N2 for 2-D; FFTW's
// convention, kept for N = 1000), half that for r2c. Before timing, each result is checked
// once against FFTW's (max |difference| / max |FFTW's| below 1e-4 in f32, 1e-10 in f64; an
// unnormalised forward transform, as XLA's fft) and, FFTW's too, against a direct DFT in
// double at a few outputs; a wrong transform aborts the run.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#if __has_include(<fftw3.h>) && (defined(SXLA_BENCH_FFTWF_FOUND) || defined(SXLA_BENCH_FFTW_FOUND))
#include <fftw3.h>
#endif
#if __has_include(<eigen3/unsupported/Eigen/FFT>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/unsupported/Eigen/FFT>
#endif

namespace x = sxla;

namespace {


// ---- the cases ---------------------------------------------------------------------------
// Batch transforms of N1 x N2 points (N1 = 1: 1-D, over the rows of [Batch, N2]; else 2-D,
// Batch = 1) of In elements (c64, c128, or f32 for r2c).
template <class In, int Batch, int N1, int N2>
struct fft_case {
  using in_type = In;
  using real = x::complex_component_t<In>;
  using complex = std::complex<real>;
  static constexpr bool r2c = !std::is_same_v<In, complex>;
  static constexpr int rank = N1 == 1 ? 1 : 2;
  static_assert(rank == 1 || Batch == 1);
  static constexpr int batch = Batch, n1 = N1, n2 = N2;
  static constexpr int out_n2 = r2c ? N2 / 2 + 1 : N2;
  static constexpr std::size_t in_elems = std::size_t(Batch) * N1 * N2;
  static constexpr std::size_t out_elems = std::size_t(Batch) * N1 * out_n2;
  static constexpr double points = double(N1) * N2;
  static double flops_per_run() { return Batch * 5.0 * points * std::log2(points) * (r2c ? 0.5 : 1.0); }

  static constexpr x::idx in_dims = rank == 1 ? x::idx{Batch, N2} : x::idx{N1, N2};
  static constexpr x::idx out_dims = rank == 1 ? x::idx{Batch, out_n2} : x::idx{N1, out_n2};
  using sxla_in = x::tensor<x::shape_spec(x::primitive_type_of<In>, in_dims, x::default_layout(2))>;
  using sxla_out = x::tensor<x::shape_spec(x::primitive_type_of<complex>, out_dims, x::default_layout(2))>;
  static auto sxla_fft(const sxla_in& a) {
    constexpr x::fft_type type = r2c ? x::fft_type::rfft : x::fft_type::fft;
    if constexpr (rank == 1) {
      return x::fft<type, N2>(a);
    } else {
      return x::fft<type, N1, N2>(a);
    }
  }
};

struct c2c_2d_f32 : fft_case<x::c64, 1, 1024, 1024> {
  static constexpr const char* name = "c2c_2d_f32/1024x1024";
};
struct r2c_2d_f32 : fft_case<float, 1, 512, 512> {
  static constexpr const char* name = "r2c_2d_f32/512x512";
};
struct c2c_1d_1024 : fft_case<x::c64, 1024, 1, 1024> {
  static constexpr const char* name = "c2c_1d_f32/n1024_rows1024";
};
struct c2c_1d_64 : fft_case<x::c64, 16384, 1, 64> {
  static constexpr const char* name = "c2c_1d_f32/n64_rows16384";
};
struct c2c_1d_4096 : fft_case<x::c64, 128, 1, 4096> {
  static constexpr const char* name = "c2c_1d_f32/n4096_rows128";
};
struct c2c_1d_1000 : fft_case<x::c64, 1024, 1, 1000> {
  static constexpr const char* name = "c2c_1d_f32/n1000_rows1024";
};
// The same lengths on fewer rows, whose operand and result stay in the second-level
// cache: the transforms' own speed, where the cases above include the memory traffic.
struct c2c_1d_64_cached : fft_case<x::c64, 1024, 1, 64> {
  static constexpr const char* name = "c2c_1d_f32/n64_rows1024";
};
struct c2c_1d_1024_cached : fft_case<x::c64, 128, 1, 1024> {
  static constexpr const char* name = "c2c_1d_f32/n1024_rows128";
};
struct c2c_2d_f64 : fft_case<x::c128, 1, 1024, 1024> {
  static constexpr const char* name = "c2c_2d_f64/1024x1024";
};

void set_flops(benchmark::State& state, double flops) {
  state.counters["GFLOP/s"] =
      benchmark::Counter(flops, benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
}

template <class T>
void finish(T* p) {
  benchmark::DoNotOptimize(p);
  benchmark::ClobberMemory();
}

// ---- FFTW -------------------------------------------------------------------------------
template <class Real>
struct fftw_api {
  static constexpr bool found = false;
  using plan = void*;
};

#if defined(SXLA_BENCH_FFTWF_FOUND) && __has_include(<fftw3.h>)
template <>
struct fftw_api<float> {
  static constexpr bool found = true;
  using plan = fftwf_plan;
  static void* alloc(std::size_t bytes) { return fftwf_malloc(bytes); }
  static void release(void* p) { fftwf_free(p); }
  static plan c2c(int rank, const int* n, int howmany, void* in, int idist, void* out, int odist) {
    return fftwf_plan_many_dft(rank, n, howmany, static_cast<fftwf_complex*>(in), nullptr, 1, idist,
                               static_cast<fftwf_complex*>(out), nullptr, 1, odist, FFTW_FORWARD, FFTW_MEASURE);
  }
  static plan r2c(int rank, const int* n, int howmany, void* in, int idist, void* out, int odist) {
    return fftwf_plan_many_dft_r2c(rank, n, howmany, static_cast<float*>(in), nullptr, 1, idist,
                                   static_cast<fftwf_complex*>(out), nullptr, 1, odist, FFTW_MEASURE);
  }
  static void execute(plan p) { fftwf_execute(p); }
};
#endif

#if defined(SXLA_BENCH_FFTW_FOUND) && __has_include(<fftw3.h>)
template <>
struct fftw_api<double> {
  static constexpr bool found = true;
  using plan = fftw_plan;
  static void* alloc(std::size_t bytes) { return fftw_malloc(bytes); }
  static void release(void* p) { fftw_free(p); }
  static plan c2c(int rank, const int* n, int howmany, void* in, int idist, void* out, int odist) {
    return fftw_plan_many_dft(rank, n, howmany, static_cast<fftw_complex*>(in), nullptr, 1, idist,
                              static_cast<fftw_complex*>(out), nullptr, 1, odist, FFTW_FORWARD, FFTW_MEASURE);
  }
  static plan r2c(int rank, const int* n, int howmany, void* in, int idist, void* out, int odist) {
    return fftw_plan_many_dft_r2c(rank, n, howmany, static_cast<double*>(in), nullptr, 1, idist,
                                  static_cast<fftw_complex*>(out), nullptr, 1, odist, FFTW_MEASURE);
  }
  static void execute(plan p) { fftw_execute(p); }
};
#endif

// A case's FFTW plan over its own (FFTW-allocated) arrays. FFTW_MEASURE overwrites the
// arrays while planning, so the inputs are copied in afterwards.
template <class C>
struct fftw_state {
  using api = fftw_api<typename C::real>;
  void* in = api::alloc(C::in_elems * sizeof(typename C::in_type));
  void* out = api::alloc(C::out_elems * sizeof(typename C::complex));
  typename api::plan plan;
  explicit fftw_state(const typename C::in_type* src) {
    const int dims[2] = {C::n1, C::n2};
    const int* n = C::rank == 1 ? dims + 1 : dims;
    const int idist = C::n1 * C::n2, odist = C::n1 * C::out_n2;
    plan = C::r2c ? api::r2c(C::rank, n, C::batch, in, idist, out, odist)
                  : api::c2c(C::rank, n, C::batch, in, idist, out, odist);
    if (plan == nullptr) {
      std::fprintf(stderr, "bench_fft: %s: FFTW made no plan\n", C::name);
      std::abort();
    }
    std::memcpy(in, src, C::in_elems * sizeof(typename C::in_type));
  }
  const typename C::complex* result() const { return static_cast<const typename C::complex*>(out); }
};

// ---- the inputs and the checks --------------------------------------------------------------
template <class C>
struct case_data {
  std::unique_ptr<typename C::sxla_in> in = std::make_unique<typename C::sxla_in>(x::uninitialized);
  std::unique_ptr<fftw_state<C>> fftw;       // when FFTW is found for this precision
  std::vector<typename C::complex> reference;  // FFTW's result, checked (empty without FFTW)
  case_data();
};
template <class C>
const case_data<C>& data() {
  static const case_data<C> d;
  return d;
}

// max |a - b| / max |b| (NaN when either has one).
template <class T>
double relative_difference(const T* a, const T* b, std::size_t n) {
  double diff = 0, mag = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::abs(std::complex<double>(a[i]) - std::complex<double>(b[i]));
    const double m = std::abs(std::complex<double>(b[i]));
    if (!(d <= diff)) diff = d;
    if (!(m <= mag)) mag = m;
  }
  return diff / mag;
}

template <class C>
constexpr double tolerance = sizeof(typename C::real) == 4 ? 1e-4 : 1e-10;

// out against a direct DFT in double at a few outputs, each relative to the norm of its
// transform's input (the size of a typical output: Parseval).
template <class C>
void check_direct(const typename C::in_type* in, const typename C::complex* out, const char* who) {
  std::vector<std::complex<double>> w1(C::n1), w2(C::n2);
  for (int j = 0; j < C::n1; ++j) w1[j] = std::polar(1.0, -2 * std::numbers::pi * j / C::n1);
  for (int j = 0; j < C::n2; ++j) w2[j] = std::polar(1.0, -2 * std::numbers::pi * j / C::n2);
  constexpr int samples = 8;
  for (int s = 0; s < samples; ++s) {
    // The first and last outputs, then scattered ones.
    const long b = s == 0 ? 0 : s == 1 ? C::batch - 1 : (s * 7919L) % C::batch;
    const long k1 = s == 0 ? 0 : s == 1 ? C::n1 - 1 : (s * 104729L) % C::n1;
    const long k2 = s == 0 ? 0 : s == 1 ? C::out_n2 - 1 : (s * 1299709L) % C::out_n2;
    const typename C::in_type* t = in + b * C::n1 * C::n2;
    std::complex<double> want = 0;
    double norm2 = 0;
    for (long j1 = 0; j1 < C::n1; ++j1) {
      std::complex<double> row = 0;
      for (long j2 = 0; j2 < C::n2; ++j2) {
        const std::complex<double> v(t[j1 * C::n2 + j2]);
        row += v * w2[(k2 * j2) % C::n2];
        norm2 += std::norm(v);
      }
      want += row * w1[(k1 * j1) % C::n1];
    }
    const std::complex<double> got(out[(b * C::n1 + k1) * C::out_n2 + k2]);
    const double err = std::abs(got - want) / std::sqrt(norm2);
    if (!(err <= tolerance<C>)) {
      std::fprintf(stderr, "bench_fft: %s: %s differs from a direct DFT at [%ld, %ld, %ld]: (%g, %g), want (%g, %g)\n",
                   C::name, who, b, k1, k2, got.real(), got.imag(), want.real(), want.imag());
      std::abort();
    }
  }
}

// out against FFTW's result (when FFTW is found) and the direct DFT, once per case and
// implementation.
template <class C>
void check(const typename C::complex* out, const char* who) {
  const auto& d = data<C>();
  if (!d.reference.empty()) {
    const double rel = relative_difference(out, d.reference.data(), C::out_elems);
    if (!(rel <= tolerance<C>)) {
      std::fprintf(stderr, "bench_fft: %s: %s differs from FFTW: max |difference| / max |FFTW| = %g\n", C::name, who,
                   rel);
      std::abort();
    }
  }
  check_direct<C>(d.in->data(), out, who);
}

template <class C>
case_data<C>::case_data() {
  std::mt19937 g(static_cast<unsigned>(C::n1 * 31 + C::n2 * 7 + C::batch));
  std::uniform_real_distribution<typename C::real> u(-1, 1);
  typename C::in_type* p = in->data();
  for (std::size_t i = 0; i < C::in_elems; ++i) {
    if constexpr (C::r2c) {
      p[i] = u(g);
    } else {
      const auto re = u(g);
      p[i] = typename C::in_type(re, u(g));
    }
  }
  if constexpr (fftw_api<typename C::real>::found) {
    fftw = std::make_unique<fftw_state<C>>(in->data());
    fftw_api<typename C::real>::execute(fftw->plan);
    reference.assign(fftw->result(), fftw->result() + C::out_elems);
    check_direct<C>(in->data(), reference.data(), "FFTW");
  }
}

// ---- the three implementations ------------------------------------------------------------
template <class C>
void run_sxla(benchmark::State& state) {
  const auto& d = data<C>();
  auto out = std::make_unique<typename C::sxla_out>(x::uninitialized);
  using E = decltype(C::sxla_fft(*d.in));
  const auto ws = std::make_unique<x::workspace_for<E, decltype(x::noalias(*out))>>();
  auto run = [&] { x::noalias(*out).using_workspace(*ws) = C::sxla_fft(*d.in); };
  run();
  static bool checked = false;
  if (!checked) check<C>(out->data(), "sxla");
  checked = true;
  for (auto _ : state) {
    run();
    finish(out->data());
  }
  set_flops(state, C::flops_per_run());
}

template <class C>
void run_fftw(benchmark::State& state) {
  const auto& d = data<C>();
  using api = fftw_api<typename C::real>;
  for (auto _ : state) {
    api::execute(d.fftw->plan);
    finish(d.fftw->out);
  }
  set_flops(state, C::flops_per_run());
}

#if defined(SXLA_BENCH_EIGEN)
// Eigen::FFT (kissfft): along each row; for 2-D, then along each column, gathered into a
// contiguous buffer and scattered back.
template <class C>
struct eigen_fft {
  using complex = typename C::complex;
  Eigen::FFT<typename C::real> fft;
  std::vector<complex> out = std::vector<complex>(C::out_elems);
  std::vector<complex> col = std::vector<complex>(C::n1), col_out = std::vector<complex>(C::n1);
  eigen_fft() {
    if constexpr (C::r2c) fft.SetFlag(Eigen::FFT<typename C::real>::HalfSpectrum);
  }
  void operator()(const typename C::in_type* in) {
    constexpr int rows = C::rank == 1 ? C::batch : C::n1;
    for (int r = 0; r < rows; ++r) fft.fwd(out.data() + std::size_t(r) * C::out_n2, in + std::size_t(r) * C::n2, C::n2);
    if constexpr (C::rank == 2) {
      for (int c = 0; c < C::out_n2; ++c) {
        for (int r = 0; r < C::n1; ++r) col[r] = out[std::size_t(r) * C::out_n2 + c];
        fft.fwd(col_out.data(), col.data(), C::n1);
        for (int r = 0; r < C::n1; ++r) out[std::size_t(r) * C::out_n2 + c] = col_out[r];
      }
    }
  }
};

template <class C>
void run_eigen(benchmark::State& state) {
  const auto& d = data<C>();
  const auto e = std::make_unique<eigen_fft<C>>();
  (*e)(d.in->data());  // makes kissfft's plans
  static bool checked = false;
  if (!checked) check<C>(e->out.data(), "Eigen::FFT");
  checked = true;
  for (auto _ : state) {
    (*e)(d.in->data());
    finish(e->out.data());
  }
  set_flops(state, C::flops_per_run());
}
#endif

template <class C>
void register_case() {
  const std::string name = C::name;
  benchmark::RegisterBenchmark((name + "/sxla").c_str(), run_sxla<C>)->Unit(benchmark::kMillisecond);
  if constexpr (fftw_api<typename C::real>::found) {
    benchmark::RegisterBenchmark((name + "/fftw").c_str(), run_fftw<C>)->Unit(benchmark::kMillisecond);
  }
#if defined(SXLA_BENCH_EIGEN)
  benchmark::RegisterBenchmark((name + "/eigen_kissfft").c_str(), run_eigen<C>)->Unit(benchmark::kMillisecond);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  register_case<c2c_2d_f32>();
  register_case<r2c_2d_f32>();
  register_case<c2c_1d_1024>();
  register_case<c2c_1d_64>();
  register_case<c2c_1d_4096>();
  register_case<c2c_1d_1000>();
  register_case<c2c_1d_64_cached>();
  register_case<c2c_1d_1024_cached>();
  register_case<c2c_2d_f64>();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
