// sxla/kernels/conv.hpp: the direct convolution engine under conv_general_dilated,
// written over the SIMD vocabulary as oneDNN's direct convolutions are:
//
//   output features in vector lanes      a tile is MR output pixels (consecutive along
//   output pixels in registers           the last spatial dimension) x NV vectors of
//   kernel taps as the outer loop        output features, MR x NV accumulators;
//   weights reordered once, blocked      for each kernel tap, for each input feature i:
//                                          NV weight vectors [tap][i][NR] (packed),
//                                          MR broadcasts of input (pixel r at the tap, i),
//                                          MR x NV fmas
//
// Depthwise convolutions (one input and one output feature per group) have features in
// lanes on both sides: acc[r][v] += input vector (pixel r at the tap) * weight vector.
//
// Every option stays on these vector paths. Strides, rhs dilation and padding are
// addresses; taps that fall outside the operand in the outer spatial dimensions are
// skipped for a whole row of pixels; along the last one, the pixels whose every tap is
// inside (the interior: known at compile time) run with addresses at a constant pixel
// stride, and the others (edges, and every pixel under lhs dilation, whose holes are
// zeros) read a row of zeros for the taps that miss. A row is cut into tiles of MR pixels
// and one of the rest, each size a kernel of its own (the sizes are constants); depthwise
// rows cut each of their three parts (left edge, interior, right edge) so.
//
// Order of summation, per output element: the taps in row-major order of the kernel's
// spatial dimensions, and within a tap the input features in order, each term added by
// fma to an accumulator that starts at 0 (a term of padding or of a hole is 0 * w).
//
// Operands: input [batch][spatial...][feature] with features contiguous and any other
// strides; weights read with any strides while packed; output features contiguous.
// Every size and stride is a compile-time constant (conv_geometry). Memory: the caller's
// buffer of conv_packed_size<A, G>() elements holds the packed weights. Threads: none.
#ifndef SXLA_KERNELS_CONV_HPP
#define SXLA_KERNELS_CONV_HPP

#include <cstddef>
#include <type_traits>

#include "sxla/config.hpp"          // SXLA_FORCE_INLINE, SXLA_RESTRICT
#include "sxla/core/index.hpp"      // index_t, idx
#include "sxla/kernels/gemm.hpp"    // gemm_detail: lane_vec, width, ld, st, bcast, madd, plus
#include "sxla/simd/vec.hpp"        // simd::lanes

namespace sxla::kernels {

// The shape of a convolution as the engine runs it (every field a compile-time
// constant). Spatial dimension d of n: input size in[d], kernel window[d], output out[d].
// Output pixel o reads, at kernel tap k, dilated padded position
// q = o * stride + k * rhs_dil - low; the term exists when q >= 0, q % lhs_dil == 0 and
// q / lhs_dil < in (else it is padding or a hole).
struct conv_geometry {
  std::size_t n = 0;
  idx in, window, out, stride, low, lhs_dil, rhs_dil;
  index_t batch = 1;    // output batch
  index_t ci = 1;       // input features per group
  index_t co = 1;       // output features per group
  index_t groups = 1;
  bool batch_groups = false;  // groups split the batch (batch_group_count), not the features
  // Input: element (b, i..., f) at b * in_batch_stride + sum i_d * in_strides[d] + f;
  // group g starts at g * in_group_stride (its features, or its share of the batch).
  index_t in_batch_stride = 0, in_group_stride = 0;
  idx in_strides;
  // Weights: (output feature o of all groups, input feature i, k...) at
  // o * w_out_stride + i * w_in_stride + sum k_d * w_strides[d].
  index_t w_out_stride = 0, w_in_stride = 0;
  idx w_strides;
  // Output: (b, o..., feature) at b * out_batch_stride + sum o_d * out_strides[d] + feature.
  index_t out_batch_stride = 0;
  idx out_strides;

  friend constexpr bool operator==(const conv_geometry&, const conv_geometry&) = default;
};

namespace conv_detail {
using gemm_detail::lane_vec;
using gemm_detail::width;

template <class A>
inline constexpr std::size_t registers = gemm_detail::vectors<A> && simd::lanes<A> * sizeof(A) >= 64 ? 32 : 16;

constexpr index_t product(const idx& v) noexcept {
  index_t p = 1;
  for (index_t x : v) p *= x;
  return p;
}

// The register blocking of a convolution: depthwise or general; NV vectors of features
// by MR pixels.
template <class A, conv_geometry G>
struct blocking {
  static constexpr std::size_t lanes = width<A>;
  static constexpr bool depthwise = G.ci == 1 && G.co == 1 && G.groups > 1 && !G.batch_groups;
  // The features a tile spans: the group's output features, or (depthwise) all groups.
  static constexpr index_t features = depthwise ? G.groups : G.co;
  static constexpr std::size_t nv_most = registers<A> == 32 ? 4 : 2;
  static constexpr std::size_t nv = [] {
    const auto v = static_cast<std::size_t>((features + static_cast<index_t>(lanes) - 1) / static_cast<index_t>(lanes));
    return v < 1 ? 1 : (v > nv_most ? nv_most : v);
  }();
  static constexpr std::size_t nr = nv * lanes;
  static constexpr std::size_t mr = [] {
    if constexpr (!gemm_detail::vectors<A>) {
      return std::size_t{4};
    } else {
      const std::size_t m = (registers<A> - nv - 2) / nv;
      const std::size_t most = registers<A> == 32 ? 14 : 12;
      return m > most ? most : m;
    }
  }();
  static constexpr index_t blocks = (features + static_cast<index_t>(nr) - 1) / static_cast<index_t>(nr);
  static constexpr index_t taps = product(G.window);
  // Elements of packed weights: general [group][block][tap][i][nr]; depthwise
  // [block][tap][nr].
  static constexpr std::size_t packed =
      depthwise ? static_cast<std::size_t>(blocks * taps) * nr
                : static_cast<std::size_t>(G.groups * blocks * taps * G.ci) * nr;
  // The length of a row of zeros read for taps that miss.
  static constexpr std::size_t zeros = depthwise ? nr : static_cast<std::size_t>(G.ci);
};

template <class A, std::size_t N>
struct zero_row {
  static constexpr A values[N] = {};
};

// One tap of a row of pixels: its index, its index along the last spatial dimension,
// and the offset of its input in the other spatial dimensions.
struct row_tap {
  index_t tap;
  index_t kx;
  index_t offset;
};

// The tile: MR pixels x NV vectors, accumulated over the row's taps, stored into
// out + r * ops (+ features), cols features. at(r, t) is the input of pixel r at tap t
// (a pointer to its features, or to a row of zeros).
template <class A, std::size_t MR, std::size_t NV, index_t CI, bool Depthwise, bool Full, bool Prefetch, class At>
#if defined(__GNUC__)
__attribute__((noinline))
#endif
void tile(const row_tap* SXLA_RESTRICT taps, index_t ntaps, const At& at, const A* SXLA_RESTRICT w, A* SXLA_RESTRICT out,
          index_t ops, std::size_t cols) noexcept {
  using V = lane_vec<A>;
  constexpr std::size_t L = width<A>;
  constexpr std::size_t NR = NV * L;
  V acc[MR][NV];
#pragma GCC unroll 32
  for (std::size_t r = 0; r < MR; ++r)
#pragma GCC unroll 8
    for (std::size_t v = 0; v < NV; ++v) acc[r][v] = gemm_detail::bcast<A>(A{});
  for (index_t e = 0; e < ntaps; ++e) {
    const row_tap t = taps[e];
    if constexpr (Depthwise) {
      const A* wt = w + t.tap * static_cast<index_t>(NR);
      V wv[NV];
#pragma GCC unroll 8
      for (std::size_t v = 0; v < NV; ++v) wv[v] = gemm_detail::ld(wt + v * L);
#pragma GCC unroll 32
      for (std::size_t r = 0; r < MR; ++r) {
        const A* p = at(r, t);
#pragma GCC unroll 8
        for (std::size_t v = 0; v < NV; ++v) {
          // (the last block's features end inside a vector: read no further)
          V xv;
          if constexpr (Full) {
            xv = gemm_detail::ld(p + v * L);
          } else {
            xv = v * L < cols ? gemm_detail::ld_n(p + v * L, cols - v * L < L ? cols - v * L : L)
                              : gemm_detail::bcast<A>(A{});
          }
          acc[r][v] = gemm_detail::madd(xv, wv[v], acc[r][v]);
        }
      }
    } else {
      const A* wt = w + t.tap * CI * static_cast<index_t>(NR);
      const A* p[MR];
#pragma GCC unroll 32
      for (std::size_t r = 0; r < MR; ++r) p[r] = at(r, t);
      for (index_t i = 0; i < CI; ++i) {
        V bv[NV];
#pragma GCC unroll 8
        for (std::size_t v = 0; v < NV; ++v) bv[v] = gemm_detail::ld(wt + v * L);
        if constexpr (Prefetch) {
          // (weights larger than L1 stream from L2: ask for those of 8 steps ahead)
#pragma GCC unroll 8
          for (std::size_t v = 0; v < NV; ++v) SXLA_PREFETCH(wt + 8 * NR + v * L);
        }
#pragma GCC unroll 32
        for (std::size_t r = 0; r < MR; ++r) {
          const V av = gemm_detail::bcast<A>(p[r][i]);
#pragma GCC unroll 8
          for (std::size_t v = 0; v < NV; ++v) acc[r][v] = gemm_detail::madd(av, bv[v], acc[r][v]);
        }
        wt += NR;
      }
    }
  }
  if (cols == NR) {
#pragma GCC unroll 32
    for (std::size_t r = 0; r < MR; ++r)
#pragma GCC unroll 8
      for (std::size_t v = 0; v < NV; ++v) gemm_detail::st(acc[r][v], out + static_cast<index_t>(r) * ops + v * L);
  } else {
#pragma GCC unroll 32
    for (std::size_t r = 0; r < MR; ++r) {
      for (std::size_t v = 0; v < NV && v * L < cols; ++v) {
        const std::size_t c = cols - v * L < L ? cols - v * L : L;
        gemm_detail::st_n(acc[r][v], out + static_cast<index_t>(r) * ops + v * L, c);
      }
    }
  }
}

// One tile of R pixels; the depthwise kernel reads no further than the last feature.
// Prefetch: the weights of a block exceed twice L1.
template <class A, std::size_t R, std::size_t NV, index_t CI, bool Depthwise, bool Prefetch, class At>
SXLA_FORCE_INLINE void run(const row_tap* taps, index_t ntaps, const At& at, const A* w, A* out, index_t ops,
                           std::size_t cols) noexcept {
  if (!Depthwise || cols == NV * width<A>) {
    tile<A, R, NV, CI, Depthwise, true, Prefetch>(taps, ntaps, at, w, out, ops, cols);
  } else if constexpr (Depthwise) {
    tile<A, R, NV, CI, Depthwise, false, Prefetch>(taps, ntaps, at, w, out, ops, cols);
  }
}
}  // namespace conv_detail

// The elements of packed weights conv() takes.
template <class A, conv_geometry G>
constexpr std::size_t conv_packed_size() noexcept {
  return conv_detail::blocking<A, G>::packed;
}

// Reorders the weights w (any element type, G's strides) into the blocked layout of A.
template <class A, conv_geometry G, class S>
void conv_pack(const S* w, A* packed) noexcept {
  using B = conv_detail::blocking<A, G>;
  constexpr auto nr = static_cast<index_t>(B::nr);
  constexpr std::size_t n = G.n;
  // The weights' offset of tap t (row-major over the window).
  auto tap_offset = [](index_t t) {
    index_t off = 0;
    for (std::size_t d = n; d-- > 0;) {
      off += t % G.window[d] * G.w_strides[d];
      t /= G.window[d];
    }
    return off;
  };
  if constexpr (B::depthwise) {
    for (index_t blk = 0; blk < B::blocks; ++blk)
      for (index_t t = 0; t < B::taps; ++t, packed += nr) {
        const S* src = w + tap_offset(t);
        for (index_t l = 0; l < nr; ++l) {
          const index_t f = blk * nr + l;
          packed[l] = f < G.groups ? static_cast<A>(src[f * G.w_out_stride]) : A{};
        }
      }
  } else {
    for (index_t g = 0; g < G.groups; ++g)
      for (index_t blk = 0; blk < B::blocks; ++blk)
        for (index_t t = 0; t < B::taps; ++t) {
          const S* src = w + tap_offset(t);
          for (index_t i = 0; i < G.ci; ++i, packed += nr)
            for (index_t l = 0; l < nr; ++l) {
              const index_t o = blk * nr + l;
              packed[l] = o < G.co ? static_cast<A>(src[(g * G.co + o) * G.w_out_stride + i * G.w_in_stride]) : A{};
            }
        }
  }
}

// The convolution of input `in` with the packed weights into `out`. After each tile,
// tile_done(b, pos, nx, f0, nf): output pixels pos, ..., pos + (nx - 1) along the last
// spatial dimension (pos: n coordinates) of batch b hold their final values for
// features [f0, f0 + nf); after each row, row_done(b, pos, f0, nf) for the whole row
// (pos[n - 1] = 0).
namespace conv_detail {
// Whether the last two spatial dimensions are one run of pixels: a window of 1 at stride
// 1, no padding or dilation, and each operand's rows back to back (a 1 x 1 convolution
// over a dense image is a product of a [pixels, features] matrix).
constexpr bool merges_last_two(const conv_geometry& g) noexcept {
  if (g.n < 2) return false;
  const std::size_t y = g.n - 2, x = g.n - 1;
  for (std::size_t d : {y, x})
    if (g.window[d] != 1 || g.stride[d] != 1 || g.lhs_dil[d] != 1 || g.low[d] != 0 || g.in[d] != g.out[d])
      return false;
  return g.in_strides[y] == g.in[x] * g.in_strides[x] && g.out_strides[y] == g.out[x] * g.out_strides[x];
}
// g with its last two spatial dimensions as one.
constexpr conv_geometry merge_last_two(const conv_geometry& g) noexcept {
  conv_geometry m = g;
  const std::size_t y = g.n - 2, x = g.n - 1;
  m.n = g.n - 1;
  auto merge = [&](idx& v, index_t value) {
    idx r;
    for (std::size_t d = 0; d < y; ++d) r.push_back(v[d]);
    r.push_back(value);
    v = r;
  };
  merge(m.in, g.in[y] * g.in[x]);
  merge(m.out, g.out[y] * g.out[x]);
  merge(m.window, 1);
  merge(m.stride, 1);
  merge(m.low, 0);
  merge(m.lhs_dil, 1);
  merge(m.rhs_dil, 1);
  merge(m.in_strides, g.in_strides[x]);
  merge(m.out_strides, g.out_strides[x]);
  merge(m.w_strides, 0);
  return m;
}
}  // namespace conv_detail

template <class A, conv_geometry G, class TileDone, class RowDone>
void conv(const A* in, const A* packed, A* out, TileDone&& tile_done, RowDone&& row_done) noexcept {
  if constexpr (conv_detail::merges_last_two(G)) {
    // One run of pixels; the callbacks see G's coordinates (a run split at G's rows).
    constexpr std::size_t n = G.n;
    constexpr index_t width = G.out[n - 1];
    auto unmerge = [](const index_t* m, index_t f, index_t* pos) {
      for (std::size_t d = 0; d + 2 < n; ++d) pos[d] = m[d];
      pos[n - 2] = f / width;
      pos[n - 1] = f % width;
    };
    conv<A, conv_detail::merge_last_two(G)>(
        in, packed, out,
        [&](index_t b, const index_t* m, index_t nx, index_t f0, index_t nf) {
          index_t pos[n];
          for (index_t f = m[n - 2]; f < m[n - 2] + nx;) {
            unmerge(m, f, pos);
            const index_t count = width - pos[n - 1] < m[n - 2] + nx - f ? width - pos[n - 1] : m[n - 2] + nx - f;
            tile_done(b, static_cast<const index_t*>(pos), count, f0, nf);
            f += count;
          }
        },
        [&](index_t b, const index_t* m, index_t f0, index_t nf) {
          index_t pos[n];
          for (index_t y = 0; y < G.out[n - 2]; ++y) {
            unmerge(m, y * width, pos);
            row_done(b, static_cast<const index_t*>(pos), f0, nf);
          }
        });
    return;
  }
  using B = conv_detail::blocking<A, G>;
  using conv_detail::row_tap;
  constexpr std::size_t n = G.n;
  static_assert(n >= 1, "kernels::conv: at least one spatial dimension (a batch of products is given one)");
  constexpr std::size_t x = n - 1;  // the last spatial dimension: pixels of a tile
  constexpr std::size_t mr = B::mr, nv = B::nv;
  constexpr auto nr = static_cast<index_t>(B::nr);
  constexpr index_t taps = B::taps;
  static constexpr index_t wx = G.window[x];
  static constexpr index_t sx = G.stride[x], rdx = G.rhs_dil[x], ldx = G.lhs_dil[x], lowx = G.low[x], inx = G.in[x];
  static constexpr index_t isx = G.in_strides[x], osx = G.out_strides[x];
  static constexpr index_t outx = G.out[x];
  // The interior along x: every tap inside, no holes.
  constexpr index_t x_lo = [] {
    if (ldx != 1) return outx;
    index_t o = lowx <= 0 ? 0 : (lowx + sx - 1) / sx;
    return o > outx ? outx : o;
  }();
  constexpr index_t x_hi = [] {
    if (ldx != 1) return outx;
    const index_t top = inx - 1 - (wx - 1) * rdx + lowx;  // o * sx <= top
    index_t o = top < 0 ? 0 : top / sx + 1;
    o = o > outx ? outx : o;
    return o < x_lo ? x_lo : o;
  }();
  constexpr index_t ci_kernel = B::depthwise ? 1 : G.ci;
  const A* zeros = conv_detail::zero_row<A, B::zeros>::values;

  // Whether the tiles prefetch their weights: a block's exceed twice L1 (measured: 3 x 3 x
  // 64 x 64 f32, 147 KiB, gains 2%; 1 x 1 x 256 x 64, 64 KiB, loses as much).
  constexpr bool prefetch = !B::depthwise && static_cast<std::size_t>(taps * ci_kernel) * B::nr * sizeof(A) >
                                                 2 * static_cast<std::size_t>(SXLA_L1D_BYTES);
  // Edge tiles read their offsets from a table when it is small.
  constexpr bool table = static_cast<std::size_t>(wx) * mr <= 1024;
  index_t pos[n > 0 ? n : 1] = {};
  row_tap list[taps > 0 ? taps : 1] = {};  // (a row whose taps all miss passes none)
  constexpr index_t outer_rows = conv_detail::product(G.out) / (outx > 0 ? outx : 1);
  if (outx == 0 || outer_rows == 0) return;
  const index_t group_count = B::depthwise ? 1 : G.groups;
  const index_t nf_total = B::depthwise ? G.groups : G.co;
  // Block blk's count of features.
  auto block_cols = [&](index_t blk) {
    return static_cast<std::size_t>(nf_total - blk * nr < nr ? nf_total - blk * nr : nr);
  };
  for (index_t b = 0; b < G.batch; ++b)
    for (index_t g = 0; g < group_count; ++g) {
      const A* w_g = packed + (B::depthwise ? 0 : g * B::blocks * taps * G.ci * nr);
      const A* in_b = in + b * G.in_batch_stride + (B::depthwise ? 0 : g * G.in_group_stride);
      const index_t f_g = B::depthwise ? 0 : g * G.co;
      for (index_t row = 0; row < outer_rows; ++row) {
        // pos: the row's coordinates in the outer dimensions.
        {
          index_t r = row;
          for (std::size_t d = x; d-- > 0;) {
            pos[d] = r % G.out[d];
            r /= G.out[d];
          }
          pos[x] = 0;
        }
        // The taps inside along the outer dimensions, with their offsets.
        index_t ntaps = 0;
        for (index_t t = 0; t < taps; ++t) {
          index_t rest = t, off = 0;
          bool inside = true;
          const index_t kx = rest % wx;
          rest /= wx;
          for (std::size_t d = x; d-- > 0;) {
            const index_t k = rest % G.window[d];
            rest /= G.window[d];
            const index_t q = pos[d] * G.stride[d] + k * G.rhs_dil[d] - G.low[d];
            if (q < 0 || q % G.lhs_dil[d] != 0 || q / G.lhs_dil[d] >= G.in[d]) {
              inside = false;
              break;
            }
            off += q / G.lhs_dil[d] * G.in_strides[d];
          }
          if (inside) list[ntaps++] = row_tap{t, kx, off};
        }
        A* out_row = out + b * G.out_batch_stride + f_g;
        for (std::size_t d = 0; d < x; ++d) out_row += pos[d] * G.out_strides[d];
        // The row in tiles of mr pixels (each size a kernel of its
        // own), each tile for every block of features in turn (its input stays in L1):
        // interior tiles address pixel r at base + r * sx * isx; edge tiles take each
        // pixel's offset along x from a table made once per tile (-1: a tap that misses,
        // read as zeros).
        // Pixels [O0, O1) of the row in tiles of mr and one of the rest (each size a
        // kernel of its own); Part: every tile interior (1), edge (0), or either (2).
        auto region = [&]<index_t O0, index_t O1, int Part>() {
          constexpr auto tail = static_cast<std::size_t>((O1 - O0) % static_cast<index_t>(mr));
          for (index_t o = O0; o < O1; o += static_cast<index_t>(mr)) {
            const bool whole = o + static_cast<index_t>(mr) <= O1;
            const auto rows = static_cast<index_t>(whole ? mr : tail);
            pos[x] = o;
            // Every block of features of this tile; at(r, t, in_g) is the input of pixel
            // r at tap t for the block's input in_g.
            auto blocks = [&](const auto& at) {
              for (index_t blk = 0; blk < B::blocks; ++blk) {
                const std::size_t cols = block_cols(blk);
                const A* w = w_g + blk * taps * ci_kernel * nr;
                const A* in_g = in_b + (B::depthwise ? blk * nr : 0);
                A* o_tile = out_row + o * osx + blk * nr;
                auto at_block = [&](std::size_t r, const row_tap& t) { return at(r, t, in_g); };
                if (whole) {
                  conv_detail::run<A, mr, nv, ci_kernel, B::depthwise, prefetch>(list, ntaps, at_block, w, o_tile, osx, cols);
                } else if constexpr (tail > 0) {
                  conv_detail::run<A, tail, nv, ci_kernel, B::depthwise, prefetch>(list, ntaps, at_block, w, o_tile, osx, cols);
                }
                tile_done(b, static_cast<const index_t*>(pos), rows, f_g + blk * nr, static_cast<index_t>(cols));
              }
            };
            if (Part == 1 || (Part == 2 && o >= x_lo && o + rows <= x_hi)) {
              const index_t base = (o * sx - lowx) * isx;
              blocks([base](std::size_t r, const row_tap& t, const A* in_g) -> const A* {
                return in_g + base + t.offset + t.kx * (rdx * isx) + static_cast<index_t>(r) * (sx * isx);
              });
            } else if constexpr (Part != 1 && table) {
              index_t xoff[wx > 0 ? wx : 1][mr];
              for (index_t k = 0; k < wx; ++k)
                for (std::size_t r = 0; r < mr; ++r) {
                  const index_t q = (o + static_cast<index_t>(r)) * sx + k * rdx - lowx;
                  xoff[k][r] = q < 0 || q % ldx != 0 || q / ldx >= inx ? -1 : q / ldx * isx;
                }
              blocks([&xoff, zeros](std::size_t r, const row_tap& t, const A* in_g) -> const A* {
                const index_t off = xoff[t.kx][r];
                return off < 0 ? zeros : in_g + t.offset + off;
              });
            } else if constexpr (Part != 1) {
              blocks([o, zeros](std::size_t r, const row_tap& t, const A* in_g) -> const A* {
                const index_t q = (o + static_cast<index_t>(r)) * sx + t.kx * rdx - lowx;
                return q < 0 || q % ldx != 0 || q / ldx >= inx ? zeros : in_g + t.offset + q / ldx * isx;
              });
            }
          }
        };
        if constexpr (B::depthwise) {
          // The edges (pixels with a tap outside, or under lhs dilation) and the
          // interior, each in tiles of its own: a depthwise tile's weights are few, and
          // an edge tile costs its pointers.
          region.template operator()<0, x_lo, 0>();
          region.template operator()<x_lo, x_hi, 1>();
          region.template operator()<x_hi, outx, 0>();
        } else {
          // Tiles from the row's start, those with an edge pixel whole edge tiles: a tile
          // of few pixels costs nearly the weights' full stream from L2.
          region.template operator()<0, outx, 2>();
        }
        pos[x] = 0;
        for (index_t blk = 0; blk < B::blocks; ++blk)
          row_done(b, static_cast<const index_t*>(pos), f_g + blk * nr, static_cast<index_t>(block_cols(blk)));
      }
    }
}

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_CONV_HPP
