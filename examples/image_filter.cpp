// An image filter: a separable Gaussian blur of an 8-bit grey image, read from and written
// to PGM files.
//
//   build/examples/image_filter examples/data/shapes.pgm blurred.pgm
//
// The image is a [1, 64, 96, 1] batch of one in XLA's NHWC order (`b01f`). The blur is two
// convolutions with the 5-tap binomial kernel [1 4 6 4 1] / 16: a [5, 1] kernel down the
// columns, then a [1, 5] kernel along the rows, each with XLA's SAME padding (zeros beyond
// the border, as XLA pads). The u8 -> f32 conversion fuses into the first convolution's
// input, and rounding, clamping and the f32 -> u8 conversion fuse into the second one's
// output: the whole filter is two assignments. A 3 x 3 box blur by reduce_window
// (window sum / 9) is written beside it.
//
// The program checks both against plain loops written from the definitions below and
// exits with 1 if any pixel differs by more than the rounding allows.
#include <sxla/sxla.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace x = sxla;

namespace {

constexpr int height = 64, width = 96;
using image_u8 = x::tensor<"u8[1,64,96,1]">;  // NHWC, one channel

// Reads a binary (P5) 8-bit PGM of exactly height x width pixels. Comments (#) allowed.
bool read_pgm(const char* path, image_u8& image) {
  std::ifstream in(path, std::ios::binary);
  std::string magic;
  in >> magic;
  int fields[3] = {};  // width, height, maximum value
  for (int& field : fields) {
    in >> std::ws;
    while (in.peek() == '#') {
      std::string comment;
      std::getline(in, comment);
      in >> std::ws;
    }
    in >> field;
  }
  in.get();  // the one whitespace character before the pixels
  if (!in || magic != "P5" || fields[0] != width || fields[1] != height || fields[2] != 255) {
    std::fprintf(stderr, "%s: expected a binary PGM of %d x %d pixels, maximum 255\n", path, width, height);
    return false;
  }
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < width; ++c) image(0, r, c, 0) = static_cast<std::uint8_t>(in.get());
  if (!in) {
    std::fprintf(stderr, "%s: the file ends before its last pixel\n", path);
    return false;
  }
  return true;
}

bool write_pgm(const char* path, const image_u8& image) {
  std::ofstream out(path, std::ios::binary);
  out << "P5\n" << width << ' ' << height << "\n255\n";
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < width; ++c) out.put(static_cast<char>(image(0, r, c, 0)));
  return static_cast<bool>(out);
}

// The blur as plain loops: the same two passes, zeros outside the image.
constexpr float taps[5] = {1 / 16.0f, 4 / 16.0f, 6 / 16.0f, 4 / 16.0f, 1 / 16.0f};
float reference_blur(const image_u8& in, int row, int col) {
  const auto at = [&](int r, int c) {
    return r < 0 || r >= height || c < 0 || c >= width ? 0.0f : static_cast<float>(in(0, r, c, 0));
  };
  float sum = 0;
  for (int j = 0; j < 5; ++j) {   // rows first, as the second pass reads the first's output
    float column = 0;
    const int c = col + j - 2;
    if (c < 0 || c >= width) continue;
    for (int i = 0; i < 5; ++i) column += taps[i] * at(row + i - 2, c);
    sum += taps[j] * column;
  }
  return sum;
}

float reference_box(const image_u8& in, int row, int col) {
  float sum = 0;
  for (int r = row - 1; r <= row + 1; ++r)
    for (int c = col - 1; c <= col + 1; ++c)
      if (r >= 0 && r < height && c >= 0 && c < width) sum += static_cast<float>(in(0, r, c, 0));
  return sum / 9.0f;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s input.pgm [blurred.pgm [box.pgm]]\n", argv[0]);
    return 2;
  }
  static image_u8 input{x::uninitialized};
  if (!read_pgm(argv[1], input)) return 1;

  // The kernels in XLA's HWIO order (`01io`): [5, 1, 1, 1] down the columns, [1, 5, 1, 1]
  // along the rows.
  const x::tensor<"f32[5,1,1,1]"> down = {{{{taps[0]}}}, {{{taps[1]}}}, {{{taps[2]}}}, {{{taps[3]}}}, {{{taps[4]}}}};
  const x::tensor<"f32[1,5,1,1]"> across = {{{{taps[0]}}, {{taps[1]}}, {{taps[2]}}, {{taps[3]}}, {{taps[4]}}}};
  constexpr x::conv_config same{.padding = x::padding::same, .dim_labels = "b01f_01io->b01f"};

  // Pass 1: u8 -> f32 fused into the convolution's input. Pass 2: its output rounded,
  // clamped to [0, 255] and converted to u8 as it is written.
  static x::tensor<"f32[1,64,96,1]"> vertical{x::uninitialized};
  vertical = x::conv_general_dilated<same>(x::convert<x::f32>(input), down);
  static image_u8 blurred{x::uninitialized};
  blurred = x::convert<x::u8>(
      x::clamp(0.0f, x::round_nearest_even(x::conv_general_dilated<same>(vertical, across)), 255.0f));

  // The box blur: ReduceWindow(add) over 3 x 3 windows, SAME padding with 0, divided by 9.
  static image_u8 box{x::uninitialized};
  box = x::convert<x::u8>(x::round_nearest_even(
      x::reduce_window<x::idx{1, 3, 3, 1}, x::idx{1, 1, 1, 1}, x::padding::same>(x::convert<x::f32>(input), 0.0f,
                                                                               x::add_op) /
      9.0f));

  if (argc > 2 && !write_pgm(argv[2], blurred)) return 1;
  if (argc > 3 && !write_pgm(argv[3], box)) return 1;

  // Check every pixel against the loops. Rounding a float sum can fall either side of a
  // .5 tie when the order of summation differs: one grey level is allowed, no more.
  int worst_blur = 0, worst_box = 0;
  long before = 0, after = 0;  // the image's total brightness, kept by a blur (but at the borders)
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < width; ++c) {
      const int expect_blur = static_cast<int>(std::nearbyint(reference_blur(input, r, c)));
      const int expect_box = static_cast<int>(std::nearbyint(reference_box(input, r, c)));
      worst_blur = std::max(worst_blur, std::abs(blurred(0, r, c, 0) - expect_blur));
      worst_box = std::max(worst_box, std::abs(box(0, r, c, 0) - expect_box));
      before += input(0, r, c, 0);
      after += blurred(0, r, c, 0);
    }
  std::printf("%d x %d image: mean grey %.2f before, %.2f after the blur\n", width, height,
              static_cast<double>(before) / (width * height), static_cast<double>(after) / (width * height));
  std::printf("row 18, columns 4..16 (the rectangle's left edge):\n  input  ");
  for (int c = 4; c <= 16; ++c) std::printf(" %3d", input(0, 18, c, 0));
  std::printf("\n  blur   ");
  for (int c = 4; c <= 16; ++c) std::printf(" %3d", blurred(0, 18, c, 0));
  std::printf("\n  box    ");
  for (int c = 4; c <= 16; ++c) std::printf(" %3d", box(0, 18, c, 0));
  std::printf("\nlargest difference from the reference loops: blur %d, box %d grey levels\n", worst_blur,
              worst_box);
  const bool ok = worst_blur <= 1 && worst_box <= 1;
  std::printf("image_filter: %s\n", ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
