// The first calls of a loop of 256 x 256 x 256 f32 products, one process per way of
// getting the packing buffers (532,480 bytes on AVX-512):
//   first_call heap        a build that allows the heap (SXLA_ALLOW_HEAP=1), no workspace:
//                          one block per call from the C library (mapped, and faulted
//                          in, while glibc's mmap threshold adapts)
//   first_call workspace   an x::workspace made before the loop (its constructor maps the
//                          pages)
//   first_call matvec      y[1,256] = x[1,784] . W[784,256] (issue 39's first-call row): no
//                          scratch memory at all (kernels/gemv.hpp); the first call
//                          pays the cold instruction and data caches alone
//   first_call eigen       the same product through Eigen (row-major Matrix, noalias),
//                          when Eigen is found
// Prints each call's time and the mean of calls 1-9 against calls 10-40, and the first
// call against the median of calls 10-40. Run each mode in a fresh process
// (bench/RESULTS.md).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#if __has_include(<eigen3/Eigen/Dense>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/Eigen/Dense>
#endif

namespace x = sxla;

namespace {
using mat = x::tensor<"f32[256,256]">;

template <class F>
double micros(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

// Calls timed calls of f: the mean of the first 9 against the rest, the first call
// against the median of the rest, every call's time, and *probe (an element of the
// result) after them.
template <int Calls, class F>
void report(const char* mode, F&& f, const float* probe) {
  double t[Calls];
  for (int i = 0; i < Calls; ++i) t[i] = micros(f);
  double first = 0, rest = 0;
  for (int i = 0; i < 9; ++i) first += t[i] / 9;
  for (int i = 9; i < Calls; ++i) rest += t[i] / (Calls - 9);
  double later[Calls - 9];
  std::copy(t + 9, t + Calls, later);
  std::nth_element(later, later + (Calls - 9) / 2, later + (Calls - 9));
  const double median = later[(Calls - 9) / 2];
  std::printf("%s: calls 1-9 %.2f us, calls 10-%d %.2f us (first 9 at %.0f%% of the later speed); first call "
              "%.2f us = %.2f x the median of calls 10-%d; check %g\n",
              mode, first, Calls, rest, 100 * rest / first, t[0], t[0] / median, Calls, static_cast<double>(*probe));
  for (int i = 0; i < Calls; ++i) std::printf("%.2f%s", t[i], i + 1 < Calls ? " " : "\n");
}

// x[1,784] . W[784,256], sxla or Eigen, the operands written just before.
int matvec(bool eigen) {
  using wmat = x::tensor<"f32[784,256]">;
  const auto w = std::make_unique<wmat>(x::iota<"f32[784,256]", 0>() * 0.001f - x::iota<"f32[784,256]", 1>() * 0.002f);
  const auto v = std::make_unique<x::tensor<"f32[1,784]">>(x::iota<"f32[1,784]", 1>() * 0.01f);
  const auto y = std::make_unique<x::tensor<"f32[1,256]">>();
  if (!eigen) {
    report<40>("matvec", [&] { x::noalias(*y) = x::dot(*v, *w); }, &(*y)(0, 7));
    return 0;
  }
#if defined(SXLA_BENCH_EIGEN)
  using emat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const Eigen::Map<const emat> ew(w->data(), 784, 256);
  const Eigen::Map<const Eigen::Matrix<float, 1, Eigen::Dynamic>> ev(v->data(), 784);
  Eigen::Matrix<float, 1, Eigen::Dynamic> ey(256);
  report<40>("eigen", [&] { ey.noalias() = ev * ew; }, &ey(7));
  return 0;
#else
  std::printf("eigen: not found\n");
  return 1;
#endif
}
}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && (std::strcmp(argv[1], "matvec") == 0 || std::strcmp(argv[1], "eigen") == 0))
    return matvec(std::strcmp(argv[1], "eigen") == 0);
  const bool heap = argc > 1 && std::strcmp(argv[1], "heap") == 0;
  const auto a = std::make_unique<mat>(x::iota<"f32[256,256]", 0>() * 0.01f);
  const auto b = std::make_unique<mat>(x::iota<"f32[256,256]", 1>() * 0.02f);
  const auto c = std::make_unique<mat>();
  using product = decltype(x::dot(*a, *b));
  const auto ws = heap ? nullptr : std::make_unique<x::workspace_for<product, decltype(x::noalias(*c))>>();
  report<40>(
      heap ? "heap" : "workspace",
      [&] {
        if (heap) {
          x::noalias(*c) = x::dot(*a, *b);
        } else {
          x::noalias(*c).using_workspace(*ws) = x::dot(*a, *b);
        }
      },
      &(*c)(1, 2));
  return 0;
}
