// Power iteration with x::while_: the dominant eigenvalue of a symmetric matrix and its
// eigenvector, as an XLA program would compute them, a while loop whose state is the
// tuple (iteration, vector, eigenvalue estimate, last change). The matrix
// {{2, 1, 0}, {1, 3, 1}, {0, 1, 4}} has eigenvalues 3 - sqrt(3), 3 and 3 + sqrt(3); the
// program checks the one it finds and exits with 1 if it is off.
// Build and run: meson setup build && meson compile -C build && build/examples/power_iteration
#include <sxla/sxla.hpp>

#include <cmath>
#include <cstdio>
#include <tuple>

namespace x = sxla;

int main() {
  const x::tensor<"f64[3,3]"> a = {{2, 1, 0}, {1, 3, 1}, {0, 1, 4}};
  const x::tensor<"f64[3]"> start = {1, 1, 1};

  // One step: w = A v; the Rayleigh quotient v.w (v has norm 1) estimates the eigenvalue;
  // v becomes w / |w|. What the body returns lazily reads the state, which outlives the
  // call; what reads its own locals (w) is evaluated before it returns.
  const auto step = [&a](const auto& s) {
    const auto& [k, v, lambda, change] = s;
    const auto w = x::eval(x::dot(a, v));
    const auto rayleigh = x::eval(x::reduce<0>(v * w, 0.0, x::add_op));
    const auto norm = x::sqrt(x::reduce<0>(w * w, 0.0, x::add_op));
    return std::tuple{k + 1, x::eval(w / norm), rayleigh, x::eval(x::abs(rayleigh - lambda))};
  };
  const auto not_done = [](const auto& s) { return std::get<0>(s)() < 200 && std::get<3>(s)() > 1e-13; };

  const auto [iterations, v, lambda, change] =
      x::while_(not_done, step, x::tuple(0, x::eval(start / std::sqrt(3.0)), 0.0, 1.0));

  const double want = 3 + std::sqrt(3.0);
  std::printf("dominant eigenvalue %.12f after %d iterations (last change %.1e)\n", lambda(), iterations(),
              change());
  std::printf("eigenvector (%.6f, %.6f, %.6f)\n", v(0), v(1), v(2));
  std::printf("3 + sqrt(3) = %.12f\n", want);
  return std::fabs(lambda() - want) < 1e-9 ? 0 : 1;
}
