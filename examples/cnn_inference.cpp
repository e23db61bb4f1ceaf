// Inference with a small convolutional network on 12x12 grey images, written with XLA's
// ops as sxla gives them: a 3x3 convolution with 4 output features + bias, relu, 2x2 max
// pooling at stride 2, flatten, a dense layer to 3 classes (vertical, horizontal and
// diagonal line). The images are NHWC ([batch, y, x, feature]), the kernel HWIO.
//
//   build/examples/cnn_inference examples/data/cnn.txt
//
// The weights, two images and NumPy's float64 logits come from the data file
// (tools/gen_example_models.py writes it). Every tensor's shape is part of its type, so
// the program states the shapes it expects; the loader checks each against the shape
// string the file gives. The program prints the images, the logits and the predicted
// classes, compares them with NumPy's and exits with 1 on a mismatch (or a bad file).
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
    std::fprintf(stderr, "usage: %s examples/data/cnn.txt\n", argv[0]);
    return 1;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::fprintf(stderr, "%s: cannot open\n", argv[1]);
    return 1;
  }

  // The parameters, a batch of 2 images, and NumPy's results, in the file's order.
  x::tensor<"f32[2,12,12,1]"> images;  // NHWC
  x::tensor<"f32[3,3,1,4]"> kernel;    // HWIO: [y, x, input feature, output feature]
  x::tensor<"f32[4]"> conv_bias;
  x::tensor<"f32[100,3]"> dense_w;
  x::tensor<"f32[3]"> dense_b;
  x::tensor<"f64[2,3]"> want_logits;
  x::tensor<"s32[2]"> want_classes;
  if (!(read(file, "images", images) && read(file, "kernel", kernel) && read(file, "conv_bias", conv_bias) &&
        read(file, "dense_w", dense_w) && read(file, "dense_b", dense_b) &&
        read(file, "expected_logits", want_logits) && read(file, "expected_classes", want_classes)))
    return 1;

  // Convolution: ConvGeneralDilated with a 3x3 window, stride 1, VALID padding (12 - 3 + 1
  // = 10 outputs per spatial dimension), dim_labels b01f_01io->b01f (NHWC in, HWIO
  // kernel, NHWC out). The bias (broadcast along the features, dimension 3) and the relu
  // (Max with 0) are fused into the same assignment: applied to each tile of output
  // pixels while it is in cache.
  constexpr x::conv_config conv3x3{.window_strides = x::idx{1, 1}, .padding = x::padding::valid,
                                   .dim_labels = "b01f_01io->b01f"};
  const x::tensor<"f32[2,10,10,4]"> features =
      x::max(x::add(x::conv_general_dilated<conv3x3>(images, kernel), conv_bias, x::broadcast_dimensions<3>), 0.0f);

  // Max pooling 2x2 at stride 2: ReduceWindow with max, window [1, 2, 2, 1], strides
  // [1, 2, 2, 1], VALID: [2, 5, 5, 4]. A lazy node: nothing is computed here.
  constexpr float inf = std::numeric_limits<float>::infinity();
  const auto pooled = x::reduce_window<x::idx{1, 2, 2, 1}, x::idx{1, 2, 2, 1}>(features, -inf, x::max_op);

  // Flatten (Reshape to [2, 100], row-major: y, x, feature) and the dense layer. The dot
  // evaluates its operand, pooling and reshape together, once into a temporary of its
  // own; the bias is fused into the dot's output.
  const x::tensor<"f32[2,3]"> logits =
      x::add(x::dot(x::reshape<"f32[2,100]">(pooled), dense_w), dense_b, x::broadcast_dimensions<1>);

  // Argmax as XLA writes it: a variadic Reduce of (logits, Iota along the classes) keeping
  // the larger value and, on a tie, the first index.
  const auto argmax = [](float m, std::int32_t i, float v, std::int32_t j) {
    return v > m ? std::tuple{v, j} : std::tuple{m, i};
  };
  const auto [best, classes] = x::reduce<1>(logits, x::iota<"s32[2,3]", 1>(), -inf, 0, argmax);

  // The two images side by side ('#' above 0.5), then the logits and the classes.
  for (int y = 0; y < 12; ++y) {
    for (int b = 0; b < 2; ++b) {
      std::printf(b == 0 ? "  " : "    ");
      for (int c = 0; c < 12; ++c) std::putchar(images(b, y, c, 0) > 0.5f ? '#' : '.');
    }
    std::putchar('\n');
  }
  const char* const names[3] = {"vertical line", "horizontal line", "diagonal line"};
  for (int b = 0; b < 2; ++b)
    std::printf("image %d: logits %8.5f %8.5f %8.5f -> class %d (%s)\n", b, logits(b, 0), logits(b, 1),
                logits(b, 2), classes(b), names[classes(b)]);

  // Against NumPy: the logits within rtol 1e-4, the classes equal.
  const bool logits_ok = check("logits", logits, want_logits);
  const bool classes_ok = classes == want_classes;
  std::printf("classes: %d %d, numpy %d %d: %s\n", classes(0), classes(1), want_classes(0), want_classes(1),
              classes_ok ? "ok" : "MISMATCH");
  return logits_ok && classes_ok ? 0 : 1;
}
