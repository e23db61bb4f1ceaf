// Inference with a small multilayer perceptron: 16 inputs -> 32 hidden units (relu) ->
// 10 classes (softmax), on a batch of 4, written with XLA's ops as sxla gives them.
//
//   build/examples/mlp_inference examples/data/mlp.txt
//
// The weights, the inputs and NumPy's float64 results come from the data file
// (tools/gen_example_models.py writes it). Every tensor's shape is part of its type, so
// the program states the shapes it expects; the loader checks each against the shape
// string the file gives. The program prints the probabilities and the predicted classes,
// compares them with NumPy's and exits with 1 on a mismatch (or a bad file).
#include <sxla/sxla.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <string>
#include <tuple>

namespace x = sxla;

namespace {

// Reads the next array of the file into t: a line "<name> <shape>" ('#' lines before it
// are comments), then the elements in row-major order. The name and the shape (parsed by
// x::parse_shape) must be those the program asks for.
template <x::shape_spec S>
bool read(std::istream& in, const char* name, x::tensor<S>& t) {
  while (in >> std::ws && in.peek() == '#') in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  std::string got_name, got_shape;
  in >> got_name >> got_shape;
  if (got_name != name) {
    std::fprintf(stderr, "expected the array %s, found \"%s\"\n", name, got_name.c_str());
    return false;
  }
  const auto parsed = x::parse_shape(got_shape);
  if (!parsed || parsed.shape != S) {
    constexpr auto want = x::to_string<S, x::layout_printing::if_not_default>();
    std::fprintf(stderr, "%s: the file's shape %s is not the program's %s%s%s\n", name, got_shape.c_str(),
                 want.c_str(), parsed ? "" : ": ", parsed ? "" : parsed.message().c_str());
    return false;
  }
  for (auto& v : t.storage()) in >> v;  // the default layout stores in row-major order
  if (!in) std::fprintf(stderr, "%s: fewer than %lld numbers\n", name, static_cast<long long>(t.element_count));
  return static_cast<bool>(in);
}

// Checks got against want as numpy.allclose does, |got - want| <= atol + rtol |want|, and
// prints the worst element (the one furthest beyond, or least within, its allowance).
// Both are [rows, columns].
template <class Got, class Want>
bool check(const char* what, const Got& got, const Want& want, double rtol = 1e-4, double atol = 1e-6) {
  // The ratio as one fused expression: the f32 result converted to f64 beside NumPy's.
  const auto ratio = x::eval(x::abs(x::convert<double>(got) - want) / (atol + rtol * x::abs(want)));
  std::int64_t worst = 0;
  const double* r = ratio.data();
  for (std::int64_t i = 1; i < ratio.element_count; ++i)
    if (std::isnan(r[i]) ? !std::isnan(r[worst]) : r[i] > r[worst]) worst = i;  // a NaN is the worst
  const std::int64_t columns = Want::spec.dimensions[1];
  const std::int64_t i = worst / columns, j = worst % columns;
  const bool ok = r[worst] <= 1.0;
  std::printf("%s: worst |sxla - numpy| = %.2e at [%lld, %lld] (numpy %.9g; allowed %.2e): %s\n", what,
              std::fabs(got(i, j) - want(i, j)), static_cast<long long>(i), static_cast<long long>(j), want(i, j),
              atol + rtol * std::fabs(want(i, j)), ok ? "ok" : "MISMATCH");
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s examples/data/mlp.txt\n", argv[0]);
    return 1;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::fprintf(stderr, "%s: cannot open\n", argv[1]);
    return 1;
  }

  // The parameters, a batch of 4 inputs, and NumPy's results, in the file's order.
  x::tensor<"f32[4,16]"> input;
  x::tensor<"f32[16,32]"> w1;
  x::tensor<"f32[32]"> b1;
  x::tensor<"f32[32,10]"> w2;
  x::tensor<"f32[10]"> b2;
  x::tensor<"f64[4,10]"> want_logits, want_probs;
  x::tensor<"s32[4]"> want_classes;
  if (!(read(file, "x", input) && read(file, "w1", w1) && read(file, "b1", b1) && read(file, "w2", w2) &&
        read(file, "b2", b2) && read(file, "expected_logits", want_logits) &&
        read(file, "expected_probs", want_probs) && read(file, "expected_classes", want_classes)))
    return 1;

  // Hidden layer: Dot, Add of the bias broadcast along the batch (its one dimension is
  // the result's dimension 1), Max with 0 (relu). One assignment, fused: the dot writes
  // into `hidden` and the bias and relu are applied to each row as the dot finishes it,
  // with no array in between.
  const x::tensor<"f32[4,32]"> hidden = x::max(x::add(x::dot(input, w1), b1, x::broadcast_dimensions<1>), 0.0f);

  // Output layer: the logits.
  const x::tensor<"f32[4,10]"> logits = x::add(x::dot(hidden, w2), b2, x::broadcast_dimensions<1>);

  // Softmax along the classes (dimension 1), as XLA lowers it: Reduce with max, Subtract
  // the row's maximum (broadcast along dimension 0) and Exp in one pass, Reduce with add,
  // Divide.
  constexpr float inf = std::numeric_limits<float>::infinity();
  const x::tensor<"f32[4]"> row_max = x::reduce<1>(logits, -inf, x::max_op);
  const x::tensor<"f32[4,10]"> e = x::exp(x::sub(logits, row_max, x::broadcast_dimensions<0>));
  const x::tensor<"f32[4]"> row_sum = x::reduce<1>(e, 0.0f, x::add_op);
  const x::tensor<"f32[4,10]"> probs = x::div(e, row_sum, x::broadcast_dimensions<0>);

  // Argmax as XLA writes it: a variadic Reduce of (probs, Iota along the classes) keeping
  // the larger value and, on a tie, the first index.
  const auto argmax = [](float m, std::int32_t i, float v, std::int32_t j) {
    return v > m ? std::tuple{v, j} : std::tuple{m, i};
  };
  const auto [best, classes] = x::reduce<1>(probs, x::iota<"s32[4,10]", 1>(), -inf, 0, argmax);

  std::printf("probabilities (a row per input, a column per class):\n");
  for (int i = 0; i < 4; ++i) {
    std::printf("  input %d:", i);
    for (int k = 0; k < 10; ++k) std::printf(" %.4f", probs(i, k));
    std::printf("  -> class %d (p = %.3f)\n", classes(i), best(i));
  }

  // Against NumPy: the logits and probabilities within rtol 1e-4, the classes equal.
  const bool logits_ok = check("logits", logits, want_logits);
  const bool probs_ok = check("probabilities", probs, want_probs);
  const bool classes_ok = classes == want_classes;
  std::printf("classes: %d %d %d %d, numpy %d %d %d %d: %s\n", classes(0), classes(1), classes(2), classes(3),
              want_classes(0), want_classes(1), want_classes(2), want_classes(3), classes_ok ? "ok" : "MISMATCH");
  return logits_ok && probs_ok && classes_ok ? 0 : 1;
}
