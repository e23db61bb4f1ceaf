// Offsets of every element of ~200 shapes and layouts, from tools/layout_reference.py
// (a plain Python model written from ../shared/spec/tiled-layout.md), compared with
// sxla's layout_map through the run-time parser. Regenerate the data with
//   python3 tools/layout_reference.py
#include <sxla/shape/layout_map.hpp>
#include <sxla/shape/parse.hpp>
#include <sxla/shape/print.hpp>

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct golden_shape {
  std::string text;
  sxla::index_t storage = -1;
  std::vector<sxla::index_t> offsets;
};

std::vector<golden_shape> load(const std::string& path) {
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "cannot open " << path);
  std::vector<golden_shape> shapes;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    if (key == "shape") {
      shapes.emplace_back();
      ls >> shapes.back().text;
    } else if (key == "storage") {
      REQUIRE_FALSE(shapes.empty());
      ls >> shapes.back().storage;
    } else if (key == "offsets") {
      REQUIRE_FALSE(shapes.empty());
      sxla::index_t v;
      while (ls >> v) shapes.back().offsets.push_back(v);
    } else {
      FAIL("unexpected line in the golden file: " << line);
    }
  }
  return shapes;
}

}  // namespace

TEST_CASE("golden/layout: offsets agree with the Python model of the spec") {
  const auto shapes = load(std::string(SXLA_SOURCE_DIR) + "/tests/golden/layout_offsets.txt");
  REQUIRE_GT(shapes.size(), 100u);
  int tiled = 0, padded = 0, combined = 0;
  for (const golden_shape& g : shapes) {
    CAPTURE(g.text);
    const sxla::parse_result r = sxla::parse_shape(g.text);
    REQUIRE_MESSAGE(r.ok(), r.message().view());
    CHECK_EQ(sxla::to_string(r.shape).view(), g.text);   // the model prints as sxla does
    const sxla::layout_map m = sxla::make_layout_map(r.shape);
    CHECK_EQ(m.storage_count, g.storage);
    REQUIRE_EQ(static_cast<sxla::index_t>(g.offsets.size()), r.shape.element_count());
    tiled += m.tiled() ? 1 : 0;
    padded += r.shape.layout.padded_dimensions.empty() ? 0 : 1;
    combined += g.text.find('*') != std::string::npos ? 1 : 0;

    std::vector<sxla::index_t> idx(r.shape.rank(), 0);
    for (sxla::index_t expected : g.offsets) {
      const sxla::index_t got = sxla::linear_index(m, idx.data());
      if (got != expected) {
        std::string at;
        for (auto i : idx) at += std::to_string(i) + " ";
        FAIL_CHECK("element (" << at << "): sxla " << got << ", model " << expected);
        break;
      }
      std::size_t k = r.shape.rank();
      while (k > 0 && ++idx[k - 1] == r.shape.dimensions[k - 1]) idx[--k] = 0;
    }
  }
  CHECK_GT(tiled, 50);
  CHECK_GT(padded, 20);
  CHECK_GT(combined, 10);
  MESSAGE(shapes.size() << " shapes: " << tiled << " tiled, " << padded << " padded, " << combined
                        << " with '*'");
}
