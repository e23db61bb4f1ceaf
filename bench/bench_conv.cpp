// ConvGeneralDilated, side by side with its peers in one process (one thread each):
//   peak_fma     the machine's FMA rate: 24 independent chains of vector fmas in
//                registers (bench/peak.hpp), GFLOP/s
//   conv3x3/     1x56x56x64 * 3x3x64x64, stride 1, SAME -> 1x56x56x64
//   conv7x7s2/   1x224x224x3 * 7x7x3x64, stride 2, SAME -> 1x112x112x64 (XLA's and
//                TensorFlow's SAME: 5 padding in all, low 2, high 3)
//   conv1x1/     1x56x56x256 * 1x1x256x64 -> 1x56x56x64
//   depthwise/   1x112x112x32 * 3x3x1x32, feature_group_count 32, stride 1, SAME
//   fused/       relu(conv3x3 + bias), bias f32[64] along the features
// Input NHWC f32, weights HWIO (TensorFlow's order), output NHWC; random data in [-1, 1]
// from fixed seeds, filled once. The peers:
//   sxla         x::conv_general_dilated, dim_labels "b01f_01io->b01f", into a
//                workspace the caller owns; fused/sxla is one expression
//                max(add(conv, bias), 0), fused/sxla_unfused the conv into a tensor and
//                then the elementwise pass
//   onednn       oneDNN (libdnnl 2.6, Debian's OpenMP build) convolution_forward,
//                convolution_direct, forward_inference, source and destination nhwc,
//                weights format_tag::any (reordered once from HWIO, before timing); only
//                execute + stream.wait() are timed. One thread: omp_set_num_threads(1)
//                on libgomp, the runtime libdnnl links (see onednn_one_thread). Depthwise
//                is groups = 32, weights {32, 1, 1, 3, 3}. fused/onednn_then_loop adds
//                the bias and clamps in a plain loop after the conv;
//                fused/onednn_post_ops is oneDNN's own fusion (bias + a relu post-op).
//                The label of each row is oneDNN's implementation (impl_info_str).
//   openblas     im2col into a buffer allocated once + cblas_sgemm (one thread), both
//                timed; conv1x1 calls sgemm on the input itself (a 1x1 stride-1 im2col is
//                the identity, and every im2col framework skips it); no depthwise row
//                (a GEMM of N = 1 per group is not how anyone runs it)
//   eigen        Eigen 3.4 Tensor, RowMajor NHWC, default (single-thread) device, the way
//                TensorFlow's SpatialConvolution writes it: extract_image_patches,
//                reshape, contract with the reshaped kernel, reshape (conv1x1: TensorFlow's
//                1x1 path, the input reshaped and contracted directly). Depthwise: the
//                patches times the broadcast kernel, summed over the taps (coefficient by
//                coefficient, far from a tuned depthwise kernel: TensorFlow has its own
//                there; the row shows what the patch path costs). Stock Eigen has
//                none of TensorFlow's patch-aware packing (its eigen_spatial_convolutions.h
//                specialisations), so the contraction reads the patches coefficient-wise.
// Counters: GFLOP/s = 2 * MACs / time, MACs = output elements * kernel taps * input
// features per group (the bias and relu of fused/ are not counted). Every row's result is
// checked against a double reference before timing (max |difference| < 1e-3), and the first
// conv3x3 row run checks that the peers agree with each other on it.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include "peak.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#if __has_include(<cblas.h>)
#define SXLA_BENCH_BLAS 1
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);
#endif
#if __has_include(<eigen3/unsupported/Eigen/CXX11/Tensor>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/unsupported/Eigen/CXX11/Tensor>
#endif
#include "onednn.hpp"  // SXLA_BENCH_DNNL, onednn_one_thread

namespace x = sxla;

namespace {

// ---- the cases -------------------------------------------------------------------------
struct conv_case {
  int n, h, w, c;       // input, NHWC
  int kh, kw, o;        // weights HWIO: [kh, kw, c / groups, o]
  int stride;           // both spatial dimensions
  int pad_lo, pad_hi;   // both spatial dimensions
  int groups;           // feature_group_count
  constexpr int oh() const { return (h + pad_lo + pad_hi - kh) / stride + 1; }
  constexpr int ow() const { return (w + pad_lo + pad_hi - kw) / stride + 1; }
  constexpr std::size_t in_elems() const { return std::size_t(n) * h * w * c; }
  constexpr std::size_t w_elems() const { return std::size_t(kh) * kw * (c / groups) * o; }
  constexpr std::size_t out_elems() const { return std::size_t(n) * oh() * ow() * o; }
  constexpr double macs() const { return double(out_elems()) * kh * kw * (c / groups); }
};

enum case_id { conv3x3, conv7x7s2, conv1x1, depthwise, n_cases };
constexpr conv_case cases[n_cases] = {
    {1, 56, 56, 64, 3, 3, 64, 1, 1, 1, 1},       // conv3x3 (and fused)
    {1, 224, 224, 3, 7, 7, 64, 2, 2, 3, 1},      // conv7x7s2
    {1, 56, 56, 256, 1, 1, 64, 1, 0, 0, 1},      // conv1x1
    {1, 112, 112, 32, 3, 3, 32, 1, 1, 1, 32},    // depthwise
};
static_assert(cases[conv3x3].oh() == 56 && cases[conv7x7s2].oh() == 112 && cases[conv1x1].oh() == 56 &&
              cases[depthwise].oh() == 112);

// What follows the convolution: nothing, relu(. + bias) as a separate pass, or fused.
enum class epilogue { none, loop, fused };

// 64-byte aligned floats.
struct buffer {
  std::unique_ptr<float, decltype(&std::free)> p{nullptr, &std::free};
  buffer() = default;
  explicit buffer(std::size_t n)
      : p(static_cast<float*>(std::aligned_alloc(64, (n * sizeof(float) + 127) / 64 * 64)), &std::free) {
    if (!p) std::abort();
  }
  float* data() const { return p.get(); }
};

void fill(float* p, std::size_t n, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (std::size_t i = 0; i < n; ++i) p[i] = u(g);
}

// A case's operands, filled once, and its results from a direct loop in double.
struct problem {
  conv_case k;
  buffer in, w, bias, ref, ref_fused;  // ref: the convolution; ref_fused: relu(ref + bias)
  explicit problem(const conv_case& kc, unsigned seed)
      : k(kc), in(kc.in_elems()), w(kc.w_elems()), bias(std::size_t(kc.o)), ref(kc.out_elems()),
        ref_fused(kc.out_elems()) {
    fill(in.data(), k.in_elems(), 10 + seed);
    fill(w.data(), k.w_elems(), 20 + seed);
    fill(bias.data(), std::size_t(k.o), 30 + seed);
    const int cg = k.c / k.groups, og = k.o / k.groups;
    std::vector<double> acc(std::size_t(k.o));
    for (int b = 0; b < k.n; ++b)
      for (int y = 0; y < k.oh(); ++y)
        for (int xx = 0; xx < k.ow(); ++xx) {
          std::fill(acc.begin(), acc.end(), 0.0);
          for (int i = 0; i < k.kh; ++i) {
            const int iy = y * k.stride - k.pad_lo + i;
            if (iy < 0 || iy >= k.h) continue;
            for (int j = 0; j < k.kw; ++j) {
              const int ix = xx * k.stride - k.pad_lo + j;
              if (ix < 0 || ix >= k.w) continue;
              const float* src = in.data() + ((std::size_t(b) * k.h + iy) * k.w + ix) * k.c;
              const float* wt = w.data() + (std::size_t(i) * k.kw + j) * cg * k.o;
              for (int f = 0; f < k.o; ++f) {
                const int g = f / og;
                double s = 0;
                for (int ci = 0; ci < cg; ++ci) s += double(src[g * cg + ci]) * wt[std::size_t(ci) * k.o + f];
                acc[std::size_t(f)] += s;
              }
            }
          }
          const std::size_t at = ((std::size_t(b) * k.oh() + y) * k.ow() + xx) * k.o;
          for (int f = 0; f < k.o; ++f) {
            ref.data()[at + f] = float(acc[std::size_t(f)]);
            ref_fused.data()[at + f] = float(std::max(acc[std::size_t(f)] + bias.data()[f], 0.0));
          }
        }
  }
};

const problem& get_problem(case_id id) {
  static std::unique_ptr<problem> made[n_cases];
  if (!made[id]) made[id] = std::make_unique<problem>(cases[id], unsigned(id));
  return *made[id];
}

float max_abs_diff(const float* a, const float* b, std::size_t n) {
  float d = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const float e = std::fabs(a[i] - b[i]);
    if (std::isnan(e)) return INFINITY;
    d = std::max(d, e);
  }
  return d;
}

void check(const problem& p, const float* got, epilogue e, const char* what) {
  const float* ref = e == epilogue::none ? p.ref.data() : p.ref_fused.data();
  const float d = max_abs_diff(got, ref, p.k.out_elems());
  if (!(d < 1e-3f)) {
    std::fprintf(stderr, "%s: wrong result, max |difference| from the double reference %g\n", what, double(d));
    std::abort();
  }
}

// relu(out + bias) along the last (feature) dimension, a loop the compiler vectorises.
void bias_relu(float* __restrict out, const float* __restrict bias, std::size_t rows, int features) {
  for (std::size_t r = 0; r < rows; ++r, out += features)
    for (int f = 0; f < features; ++f) out[f] = std::max(out[f] + bias[f], 0.0f);
}

void set_flops(benchmark::State& state, const conv_case& k) {
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * k.macs(), benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
}

// ---- the machine ------------------------------------------------------------------------
// (bench/peak.hpp)
BENCHMARK(peak_fma);

// ---- oneDNN -----------------------------------------------------------------------------
#if defined(SXLA_BENCH_DNNL)
struct onednn_conv {
  static constexpr const char* name = "onednn";
  const problem& p;
  epilogue epi;
  dnnl::engine eng;
  dnnl::stream strm;
  buffer dst;
  dnnl::convolution_forward prim;
  std::unordered_map<int, dnnl::memory> args;
  std::string impl;

  onednn_conv(const problem& pr, epilogue e) : p(pr), epi(e), dst(pr.k.out_elems()) {
    if (onednn_one_thread() != 1) std::abort();
    using namespace dnnl;
    using tag = memory::format_tag;
    using dt = memory::data_type;
    eng = engine(engine::kind::cpu, 0);
    strm = stream(eng);
    const conv_case& k = p.k;
    const memory::dims src_dims{k.n, k.c, k.h, k.w}, dst_dims{k.n, k.o, k.oh(), k.ow()};
    const memory::dims wts_dims = k.groups == 1
                                      ? memory::dims{k.o, k.c, k.kh, k.kw}
                                      : memory::dims{k.groups, k.o / k.groups, k.c / k.groups, k.kh, k.kw};
    const memory::desc src_md(src_dims, dt::f32, tag::nhwc), dst_md(dst_dims, dt::f32, tag::nhwc);
    // HWIO, with the groups: h, w, i, g, o (output feature g * o/groups + o).
    const memory::desc user_wts_md(wts_dims, dt::f32, k.groups == 1 ? tag::hwio : tag::hwigo);
    const memory::desc any_wts_md(wts_dims, dt::f32, tag::any);
    const bool post_ops = epi == epilogue::fused;
    const memory::desc bias_md = post_ops ? memory::desc({k.o}, dt::f32, tag::a) : memory::desc();
    const convolution_forward::desc d(prop_kind::forward_inference, algorithm::convolution_direct, src_md,
                                      any_wts_md, bias_md, dst_md, {k.stride, k.stride}, {k.pad_lo, k.pad_lo},
                                      {k.pad_hi, k.pad_hi});
    primitive_attr attr;
    if (post_ops) {
      dnnl::post_ops ops;
      ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
      attr.set_post_ops(ops);
    }
    const convolution_forward::primitive_desc pd(d, attr, eng);
    if (pd.src_desc() != src_md || pd.dst_desc() != dst_md) {
      std::fprintf(stderr, "onednn: the primitive did not keep nhwc\n");
      std::abort();
    }
    impl = pd.impl_info_str();
    // The weights in the primitive's own format, once.
    memory user_wts(user_wts_md, eng, const_cast<float*>(p.w.data()));
    memory wts = user_wts;
    if (pd.weights_desc() != user_wts_md) {
      wts = memory(pd.weights_desc(), eng);
      reorder(user_wts, wts).execute(strm, user_wts, wts);
      strm.wait();
    }
    prim = convolution_forward(pd);
    args = {{DNNL_ARG_SRC, memory(src_md, eng, const_cast<float*>(p.in.data()))},
            {DNNL_ARG_WEIGHTS, wts},
            {DNNL_ARG_DST, memory(dst_md, eng, dst.data())}};
    if (post_ops) args.insert({DNNL_ARG_BIAS, memory(bias_md, eng, const_cast<float*>(p.bias.data()))});
  }
  void run() {
    prim.execute(strm, args);
    strm.wait();
    if (epi == epilogue::loop) bias_relu(dst.data(), p.bias.data(), std::size_t(p.k.out_elems() / p.k.o), p.k.o);
  }
  const float* out() const { return dst.data(); }
  const char* label() const { return impl.c_str(); }
};
#endif

// ---- im2col + OpenBLAS ------------------------------------------------------------------
#if defined(SXLA_BENCH_BLAS)
struct openblas_conv {
  static constexpr const char* name = "openblas";
  const problem& p;
  epilogue epi;
  bool identity;  // 1x1, stride 1, no padding: the input is its own im2col matrix
  buffer col, dst;

  openblas_conv(const problem& pr, epilogue e)
      : p(pr), epi(e),
        identity(pr.k.kh == 1 && pr.k.kw == 1 && pr.k.stride == 1 && pr.k.pad_lo == 0 && pr.k.pad_hi == 0),
        col(identity ? 0 : pr.k.out_elems() / pr.k.o * pr.k.kh * pr.k.kw * pr.k.c), dst(pr.k.out_elems()) {
    openblas_set_num_threads(1);
    if (p.k.groups != 1) std::abort();
  }
  // Row (b, y, x) of [N*OH*OW, KH*KW*C]: the patch in (kh, kw, c) order, zeros outside;
  // the taps of one kernel row that land inside are adjacent in NHWC, one memcpy.
  void im2col() {
    const conv_case& k = p.k;
    float* d = col.data();
    const std::size_t row = std::size_t(k.kw) * k.c;
    for (int b = 0; b < k.n; ++b)
      for (int y = 0; y < k.oh(); ++y)
        for (int xx = 0; xx < k.ow(); ++xx)
          for (int i = 0; i < k.kh; ++i, d += row) {
            const int iy = y * k.stride - k.pad_lo + i;
            if (iy < 0 || iy >= k.h) {
              std::memset(d, 0, row * sizeof(float));
              continue;
            }
            const int x0 = xx * k.stride - k.pad_lo;
            const int j0 = std::max(0, -x0), j1 = std::min(k.kw, k.w - x0);
            if (j0 > 0) std::memset(d, 0, std::size_t(j0) * k.c * sizeof(float));
            if (j1 > j0)
              std::memcpy(d + std::size_t(j0) * k.c,
                          p.in.data() + ((std::size_t(b) * k.h + iy) * k.w + x0 + j0) * k.c,
                          std::size_t(j1 - j0) * k.c * sizeof(float));
            if (j1 < k.kw) std::memset(d + std::size_t(std::max(j1, j0)) * k.c, 0,
                                       std::size_t(k.kw - std::max(j1, j0)) * k.c * sizeof(float));
          }
  }
  void run() {
    const conv_case& k = p.k;
    const int m = int(k.out_elems() / k.o), kk = k.kh * k.kw * k.c;
    if (!identity) im2col();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, k.o, kk, 1.0f, identity ? p.in.data() : col.data(),
                kk, p.w.data(), k.o, 0.0f, dst.data(), k.o);
    if (epi == epilogue::loop) bias_relu(dst.data(), p.bias.data(), std::size_t(m), k.o);
  }
  const float* out() const { return dst.data(); }
  const char* label() const { return identity ? "sgemm on the input" : "im2col + sgemm"; }
};
#endif

// ---- Eigen Tensor -----------------------------------------------------------------------
#if defined(SXLA_BENCH_EIGEN)
struct eigen_conv {
  static constexpr const char* name = "eigen";
  using E = Eigen::Index;
  template <int R>
  using cmap = Eigen::TensorMap<Eigen::Tensor<const float, R, Eigen::RowMajor>>;
  template <int R>
  using map = Eigen::TensorMap<Eigen::Tensor<float, R, Eigen::RowMajor>>;

  const problem& p;
  epilogue epi;
  buffer dst;

  eigen_conv(const problem& pr, epilogue e) : p(pr), epi(e), dst(pr.k.out_elems()) {
    if (epi == epilogue::loop) std::abort();
  }
  void run() {
    const conv_case& k = p.k;
    const E n = k.n, oh = k.oh(), ow = k.ow(), c = k.c, o = k.o, taps = E(k.kh) * k.kw;
    const cmap<4> in(p.in.data(), n, k.h, k.w, c);
    const cmap<4> ker(p.w.data(), k.kh, k.kw, c / k.groups, o);
    // RowMajor: Eigen's "rows" are the dimension before the features (W), its "cols" H;
    // the patches come out as [N, OH*OW, KH, KW, C], the order of HWIO's first three.
    const auto padding = k.pad_lo == 0 && k.pad_hi == 0 ? Eigen::PADDING_VALID : Eigen::PADDING_SAME;
    const auto patches = in.extract_image_patches(k.kw, k.kh, k.stride, k.stride, 1, 1, padding);
    const Eigen::array<Eigen::IndexPair<E>, 1> contract{{Eigen::IndexPair<E>(1, 0)}};
    const Eigen::array<E, 2> kernel2{{taps * (c / k.groups), o}};
    const Eigen::array<E, 4> out_dims{{n, oh, ow, o}};
    map<4> out(dst.data(), n, oh, ow, o);
    if (k.groups == k.c && k.o == k.c) {  // depthwise, multiplier 1
      const Eigen::array<E, 3> p3{{n * oh * ow, taps, c}}, k3{{1, taps, c}}, bc{{n * oh * ow, 1, 1}};
      const Eigen::array<E, 1> over_taps{{1}};
      map<2>(dst.data(), n * oh * ow, o) = (patches.reshape(p3) * ker.reshape(k3).broadcast(bc)).sum(over_taps);
    } else if (k.kh == 1 && k.kw == 1 && k.stride == 1 && padding == Eigen::PADDING_VALID) {
      const Eigen::array<E, 2> in2{{n * oh * ow, c}};
      out = in.reshape(in2).contract(ker.reshape(kernel2), contract).reshape(out_dims);
    } else {
      const Eigen::array<E, 2> pre{{n * oh * ow, taps * c}};
      const auto conv = patches.reshape(pre).contract(ker.reshape(kernel2), contract).reshape(out_dims);
      if (epi == epilogue::fused) {
        const Eigen::array<E, 4> bias_dims{{1, 1, 1, o}}, bc{{n, oh, ow, 1}};
        out = (conv + cmap<4>(p.bias.data(), bias_dims).broadcast(bc)).cwiseMax(0.0f);
      } else {
        out = conv;
      }
    }
  }
  const float* out() const { return dst.data(); }
  const char* label() const { return nullptr; }
};
#endif

// ---- sxla -------------------------------------------------------------------------------
template <case_id>
struct sxla_case;
template <>
struct sxla_case<conv3x3> {
  using in = x::tensor<"f32[1,56,56,64]">;
  using w = x::tensor<"f32[3,3,64,64]">;
  using out = x::tensor<"f32[1,56,56,64]">;
  static constexpr x::conv_config cfg{.window_strides = x::idx{1, 1}, .padding = x::padding::same,
                                      .dim_labels = "b01f_01io->b01f"};
};
template <>
struct sxla_case<conv7x7s2> {
  using in = x::tensor<"f32[1,224,224,3]">;
  using w = x::tensor<"f32[7,7,3,64]">;
  using out = x::tensor<"f32[1,112,112,64]">;
  static constexpr x::conv_config cfg{.window_strides = x::idx{2, 2}, .padding = x::padding::same,
                                      .dim_labels = "b01f_01io->b01f"};
};
template <>
struct sxla_case<conv1x1> {
  using in = x::tensor<"f32[1,56,56,256]">;
  using w = x::tensor<"f32[1,1,256,64]">;
  using out = x::tensor<"f32[1,56,56,64]">;
  static constexpr x::conv_config cfg{.window_strides = x::idx{1, 1}, .padding = x::padding::valid,
                                      .dim_labels = "b01f_01io->b01f"};
};
template <>
struct sxla_case<depthwise> {
  using in = x::tensor<"f32[1,112,112,32]">;
  using w = x::tensor<"f32[3,3,1,32]">;
  using out = x::tensor<"f32[1,112,112,32]">;
  static constexpr x::conv_config cfg{.window_strides = x::idx{1, 1}, .padding = x::padding::same,
                                      .dim_labels = "b01f_01io->b01f", .feature_group_count = 32};
};

template <case_id Id>
struct sxla_conv {
  static constexpr const char* name = "sxla";
  using in_t = typename sxla_case<Id>::in;
  using w_t = typename sxla_case<Id>::w;
  using out_t = typename sxla_case<Id>::out;
  static constexpr x::conv_config cfg = sxla_case<Id>::cfg;
  using conv_t = decltype(x::conv_general_dilated<cfg>(std::declval<in_t&>(), std::declval<w_t&>()));
  using ws_t = x::workspace_for<conv_t, decltype(x::noalias(std::declval<out_t&>()))>;

  std::unique_ptr<in_t> in{new in_t(x::uninitialized)};
  std::unique_ptr<w_t> w{new w_t(x::uninitialized)};
  std::unique_ptr<out_t> dst{new out_t(x::uninitialized)};
  std::unique_ptr<ws_t> ws = std::make_unique<ws_t>();

  sxla_conv(const problem& p, epilogue e) {
    if (e != epilogue::none) std::abort();
    std::memcpy(in->data(), p.in.data(), p.k.in_elems() * sizeof(float));
    std::memcpy(w->data(), p.w.data(), p.k.w_elems() * sizeof(float));
  }
  void run() { x::noalias(*dst).using_workspace(*ws) = x::conv_general_dilated<cfg>(*in, *w); }
  const float* out() const { return dst->data(); }
  const char* label() const { return nullptr; }
};

// relu(conv3x3 + bias): one expression (epilogue::fused), or the conv into a tensor and
// then the elementwise pass (epilogue::loop), as bench_dot's dense/sxla_(un)fused.
struct sxla_fused {
  static constexpr const char* name = "sxla fused";
  using c = sxla_case<conv3x3>;
  static constexpr x::conv_config cfg = c::cfg;
  using bias_t = x::tensor<"f32[64]">;
  using conv_t = decltype(x::conv_general_dilated<cfg>(std::declval<c::in&>(), std::declval<c::w&>()));
  using layer_t = decltype(x::max(x::add(x::conv_general_dilated<cfg>(std::declval<c::in&>(), std::declval<c::w&>()),
                                         std::declval<bias_t&>(), x::broadcast_dimensions<3>),
                                  0.0f));
  using dst_t = decltype(x::noalias(std::declval<c::out&>()));
  using ws_t = x::workspace<std::max(x::workspace_bytes<layer_t, dst_t>, x::workspace_bytes<conv_t, dst_t>)>;

  epilogue epi;
  std::unique_ptr<c::in> in{new c::in(x::uninitialized)};
  std::unique_ptr<c::w> w{new c::w(x::uninitialized)};
  bias_t bias;
  std::unique_ptr<c::out> dst{new c::out(x::uninitialized)};
  std::unique_ptr<c::out> tmp{new c::out(x::uninitialized)};
  std::unique_ptr<ws_t> ws = std::make_unique<ws_t>();

  sxla_fused(const problem& p, epilogue e) : epi(e) {
    if (e == epilogue::none) std::abort();
    std::memcpy(in->data(), p.in.data(), p.k.in_elems() * sizeof(float));
    std::memcpy(w->data(), p.w.data(), p.k.w_elems() * sizeof(float));
    std::memcpy(bias.data(), p.bias.data(), 64 * sizeof(float));
  }
  void run() {
    if (epi == epilogue::fused) {
      x::noalias(*dst).using_workspace(*ws) =
          x::max(x::add(x::conv_general_dilated<cfg>(*in, *w), bias, x::broadcast_dimensions<3>), 0.0f);
    } else {
      x::noalias(*tmp).using_workspace(*ws) = x::conv_general_dilated<cfg>(*in, *w);
      x::noalias(*dst) = x::max(x::add(*tmp, bias, x::broadcast_dimensions<3>), 0.0f);
    }
  }
  const float* out() const { return dst->data(); }
  const char* label() const { return nullptr; }
};

// ---- the peers agree --------------------------------------------------------------------
// Once, on conv3x3: every peer built here against every other.
void check_peers_agree() {
  static bool done = false;
  if (done) return;
  done = true;
  const problem& p = get_problem(conv3x3);
  std::vector<std::pair<const char*, std::vector<float>>> outs;
  auto add = [&](const char* name, auto&& runner) {
    runner.run();
    outs.emplace_back(name, std::vector<float>(runner.out(), runner.out() + p.k.out_elems()));
  };
#if defined(SXLA_BENCH_DNNL)
  add("onednn", onednn_conv(p, epilogue::none));
#endif
#if defined(SXLA_BENCH_BLAS)
  add("openblas", openblas_conv(p, epilogue::none));
#endif
#if defined(SXLA_BENCH_EIGEN)
  add("eigen", eigen_conv(p, epilogue::none));
#endif
  add("sxla", sxla_conv<conv3x3>(p, epilogue::none));
  std::string line = "conv3x3: max |difference| between peers:";
  for (std::size_t i = 0; i < outs.size(); ++i)
    for (std::size_t j = i + 1; j < outs.size(); ++j) {
      const float d = max_abs_diff(outs[i].second.data(), outs[j].second.data(), p.k.out_elems());
      char buf[96];
      std::snprintf(buf, sizeof buf, " %s-%s %.2g", outs[i].first, outs[j].first, double(d));
      line += buf;
      if (!(d < 1e-3f)) {
        std::fprintf(stderr, "%s\nconv3x3: %s and %s disagree\n", line.c_str(), outs[i].first, outs[j].first);
        std::abort();
      }
    }
  std::fprintf(stderr, "%s\n", line.c_str());
}

// ---- the benchmarks -----------------------------------------------------------------------
template <class Runner, case_id Id, epilogue Epi>
void conv_bench(benchmark::State& state) {
  if (Id == conv3x3) check_peers_agree();
  const problem& p = get_problem(Id);
  Runner r(p, Epi);
  r.run();
  check(p, r.out(), Epi, Runner::name);
  if (const char* l = r.label()) state.SetLabel(l);
  for (auto _ : state) {
    r.run();
    benchmark::DoNotOptimize(r.out());
    benchmark::ClobberMemory();
  }
  set_flops(state, p.k);
}

using enum epilogue;

BENCHMARK(conv_bench<sxla_conv<conv3x3>, conv3x3, none>)->Name("conv3x3/sxla");
BENCHMARK(conv_bench<sxla_conv<conv7x7s2>, conv7x7s2, none>)->Name("conv7x7s2/sxla");
BENCHMARK(conv_bench<sxla_conv<conv1x1>, conv1x1, none>)->Name("conv1x1/sxla");
BENCHMARK(conv_bench<sxla_conv<depthwise>, depthwise, none>)->Name("depthwise/sxla");
BENCHMARK(conv_bench<sxla_fused, conv3x3, fused>)->Name("fused/sxla");
BENCHMARK(conv_bench<sxla_fused, conv3x3, loop>)->Name("fused/sxla_unfused");

#if defined(SXLA_BENCH_DNNL)
BENCHMARK(conv_bench<onednn_conv, conv3x3, none>)->Name("conv3x3/onednn");
BENCHMARK(conv_bench<onednn_conv, conv7x7s2, none>)->Name("conv7x7s2/onednn");
BENCHMARK(conv_bench<onednn_conv, conv1x1, none>)->Name("conv1x1/onednn");
BENCHMARK(conv_bench<onednn_conv, depthwise, none>)->Name("depthwise/onednn");
BENCHMARK(conv_bench<onednn_conv, conv3x3, loop>)->Name("fused/onednn_then_loop");
BENCHMARK(conv_bench<onednn_conv, conv3x3, fused>)->Name("fused/onednn_post_ops");
#endif

#if defined(SXLA_BENCH_BLAS)
BENCHMARK(conv_bench<openblas_conv, conv3x3, none>)->Name("conv3x3/openblas_im2col");
BENCHMARK(conv_bench<openblas_conv, conv7x7s2, none>)->Name("conv7x7s2/openblas_im2col");
BENCHMARK(conv_bench<openblas_conv, conv1x1, none>)->Name("conv1x1/openblas_sgemm");
BENCHMARK(conv_bench<openblas_conv, conv3x3, loop>)->Name("fused/openblas_im2col_then_loop");
#endif

#if defined(SXLA_BENCH_EIGEN)
BENCHMARK(conv_bench<eigen_conv, conv3x3, none>)->Name("conv3x3/eigen_patches");
BENCHMARK(conv_bench<eigen_conv, conv7x7s2, none>)->Name("conv7x7s2/eigen_patches");
BENCHMARK(conv_bench<eigen_conv, conv1x1, none>)->Name("conv1x1/eigen_contract");
BENCHMARK(conv_bench<eigen_conv, depthwise, none>)->Name("depthwise/eigen_patches");
BENCHMARK(conv_bench<eigen_conv, conv3x3, fused>)->Name("fused/eigen_patches");
#endif

}  // namespace

BENCHMARK_MAIN();
