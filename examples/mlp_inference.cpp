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

#include "model_file.hpp"  // read(), check()

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <string>
#include <tuple>

namespace x = sxla;

using example::check;
using example::read;

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
