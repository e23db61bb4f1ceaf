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
