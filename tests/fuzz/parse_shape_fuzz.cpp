// A libFuzzer target for sxla::parse_shape (tools/fuzz.sh builds and runs it). For any
// bytes, parse_shape must return without undefined behaviour, and:
//  - on an error, its position lies within the input (at most its length), and the
//    message is not truncated;
//  - on success, to_string (the layout always printed, and only when not the default)
//    parses back to the same shape, and the layout map's facts hold: no error,
//    storage_count >= element_count, and for shapes of at most 2^16 storage slots every
//    logical index maps into [0, storage_count), distinct indices to distinct offsets,
//    delinearize inverts each offset, and every other slot is padding.
// Built with -DSXLA_FUZZ_STANDALONE, it has a main that runs the inputs in the files or
// directories named on its command line (tests/meson.build replays tests/fuzz/corpus
// this way in every configuration).
#include <sxla/shape/layout_map.hpp>
#include <sxla/shape/parse.hpp>
#include <sxla/shape/print.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void fail(const char* what, std::string_view input) {
  std::fprintf(stderr, "parse_shape_fuzz: %s\n  input (%zu bytes): \"", what, input.size());
  for (char c : input) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\') std::fputc(c, stderr);
    else std::fprintf(stderr, "\\x%02x", u);
  }
  std::fprintf(stderr, "\"\n");
  std::abort();
}

void check_round_trip(const sxla::shape_spec& s, sxla::layout_printing lp, std::string_view input) {
  const sxla::shape_string text = sxla::to_string(s, lp);
  if (text.truncated()) fail("to_string truncated its text", input);
  const sxla::parse_result back = sxla::parse_shape(text.view());
  if (!back.ok()) fail("to_string's text does not parse", input);
  if (!(back.shape == s)) fail("to_string's text parses to another shape", input);
}

void check_layout_map(const sxla::shape_spec& s, std::string_view input) {
  const sxla::layout_map m = sxla::make_layout_map(s);
  if (m.error != sxla::shape_error::none) fail("a valid shape's layout map has an error", input);
  const sxla::index_t elements = s.element_count();
  if (m.storage_count < elements) fail("storage_count < element_count", input);
  if (m.storage_count > (sxla::index_t{1} << 16)) return;

  const std::size_t rank = s.rank();
  std::vector<char> used(static_cast<std::size_t>(m.storage_count), 0);
  sxla::index_t idx[sxla::max_rank] = {}, back[sxla::max_rank] = {};
  sxla::index_t visited = 0;
  if (elements > 0) {
    while (true) {
      const sxla::index_t off = sxla::linear_index(m, idx);
      if (off < 0 || off >= m.storage_count) fail("an index maps outside the storage", input);
      if (used[static_cast<std::size_t>(off)]) fail("two indices map to one offset", input);
      used[static_cast<std::size_t>(off)] = 1;
      if (!sxla::delinearize(m, off, back)) fail("delinearize calls an element's slot padding", input);
      for (std::size_t i = 0; i < rank; ++i)
        if (back[i] != idx[i]) fail("delinearize does not invert linear_index", input);
      ++visited;
      std::size_t k = rank;
      while (k > 0 && ++idx[k - 1] == s.dimensions[k - 1]) idx[--k] = 0;
      if (k == 0) break;
    }
  }
  if (visited != elements) fail("the walk did not visit element_count indices", input);
  for (sxla::index_t off = 0; off < m.storage_count; ++off)
    if (!used[static_cast<std::size_t>(off)] && sxla::delinearize(m, off, back))
      fail("delinearize finds an element in a padding slot", input);
  if (sxla::delinearize(m, -1, back) || sxla::delinearize(m, m.storage_count, back))
    fail("delinearize accepts an offset outside the storage", input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const sxla::parse_result r = sxla::parse_shape(input);
  if (!r.ok()) {
    if (r.status.position > input.size()) fail("the error position is beyond the input", input);
    if (r.message().truncated()) fail("the error message is truncated", input);
    return 0;
  }
  check_round_trip(r.shape, sxla::layout_printing::always, input);
  check_round_trip(r.shape, sxla::layout_printing::if_not_default, input);
  check_layout_map(r.shape, input);
  return 0;
}

#ifdef SXLA_FUZZ_STANDALONE
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

// Runs every file named, or every file in every directory named, once.
int main(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path p(argv[i]);
    if (std::filesystem::is_directory(p)) {
      for (const auto& e : std::filesystem::directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
    } else {
      files.push_back(p);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: %s FILE_OR_DIRECTORY...\n", argv[0]);
    return 2;
  }
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("parse_shape_fuzz: %zu inputs passed\n", files.size());
  return 0;
}
#endif
