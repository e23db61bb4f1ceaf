// sxla/ops/dot_general.hpp: XLA's Dot and DotGeneral on the matrix-multiply engine
// (kernels/gemm.hpp) and the matrix-vector kernels (kernels/gemv.hpp).
//   x::dot(a, b)                                   [n].[n] -> [], [m,k].[k] -> [m], [m,k].[k,n] -> [m,n]
//   x::dot_general<x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>>(a, b)
//       lhs contracting, rhs contracting, then optional lhs batch, rhs batch dimensions
//   x::dot_general<dims, float>(a, b)             with a result element type (XLA's
//                                                  preferred_element_type)
// The result's dimensions are the batch dimensions (in the order given), then lhs's
// other dimensions, then rhs's, each in increasing order, as the seed says.
//
// Types. Both operands have one element type T. The result has type T, or the type
// given. The products are summed in the accumulation type: f16, bf16 and the 8-, 6- and
// 4-bit floats in f32, s2, s4, s8 and s16 in s32, u2, u4, u8 and u16 in u32, other types
// in themselves, or in the result type given when it is not a float narrower than f32
// (x::dot_general<dims, float>(bf16s) sums in f32 and keeps
// f32; x::dot_general<dims, std::int32_t>(s8s) gives s32). The sum is rounded (or, for
// integers, wrapped) to the result type once, at the end. pred is not accepted.
//
// Order of summation: kernels/gemm.hpp's (blocks of kc terms, fma within a block, blocks
// added in order), on every path: the engine, the small static path, the matrix-vector
// kernels, the element-by-element path used in constant evaluation and inside other
// nodes. (It makes a product with few outputs and a long contraction wait on the fma
// latency: each output is one chain of K fmas.) Relative error per
// element, against the exact sum of products: at most about (kc + K / kc) u sum |a b|
// (u the unit roundoff), and in practice of order sqrt(K) u for random data.
//
// Kernels, chosen at compile time from the shapes and layouts: one row of result (m = 1,
// x . W) or one column (n = 1, W . v), when the operand that is a matrix holds the
// accumulation type and is contiguous along its rows or columns, runs the
// matrix-vector kernels of kernels/gemv.hpp straight on the operands (no packing, no
// scratch memory; fastest with W's rows contiguous along the result: W [K,N] row-major
// for x . W, W [N,K] column-major for W . v and x . W^T, which a model's constant
// weights can be stored in once); products of at most small_gemm_limit in every
// dimension the unpacked small path; every other product the packing engine.
//
// Evaluation: assigned to a destination, a dot runs the engine straight into it when its
// batch, lhs and rhs groups of dimensions each have a constant stride there (any
// row-major-like layout), else through a temporary; elementwise work over a dot is
// fused (expr/producer.hpp). Operands that are tensors or views in untiled layouts whose
// contracting and free dimensions each have a constant stride are read in place; any
// other operand (an expression, a tiled tensor) is evaluated once into a temporary in
// the order batch, free, contracting. Read inside another node (a reduce, a slice of a
// dot), a dot computes each element it is asked for: x::eval it first.
//
// Memory: the engine's packing buffers and any temporary (an operand read in another
// order, a result in the accumulation type) are scratch memory, a compile-time number of
// bytes (the node's `scratch<D>`; x::workspace_bytes for a whole assignment), from the
// caller's x::workspace or the rules of expr/scratch.hpp. Threads: none, unless given a
// pool: x::dot(a, b).parallel<8>(pool) splits the rows of the product into 8 parts run
// through pool (core/parallel.hpp: a wrapper over the caller's pool, or x::openmp_pool),
// each with its own packing buffer.
#ifndef SXLA_OPS_DOT_GENERAL_HPP
#define SXLA_OPS_DOT_GENERAL_HPP

#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE, SXLA_STACK_TEMPORARY_BYTES
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"      // primitive_type_of, element
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/core/minmax.hpp"            // detail::max_of, detail::min_of
#include "sxla/core/parallel.hpp"          // thread_pool
#include "sxla/core/workspace.hpp"         // detail::arena, detail::arena_scope, scratch_round
#include "sxla/expr/elementwise_node.hpp"  // detail::is_small_float_v
#include "sxla/expr/executor.hpp"          // evaluate, detail::evaluate_scratch
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand, array_leaf
#include "sxla/expr/producer.hpp"          // binary_producer
#include "sxla/expr/scratch.hpp"           // detail::take_temporary, detail::temporary_bytes
#include "sxla/kernels/gemm.hpp"           // gemm, small_gemm, matrix_ref, gemm_params
#include "sxla/kernels/gemv.hpp"           // gemv_axpy, gemv_dot
#include "sxla/ops/convert.hpp"            // convert
#include "sxla/ops/reduction.hpp"          // odometer
#include "sxla/ops/transpose.hpp"          // transpose
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes
#include "sxla/tensor/view.hpp"            // tensor_view

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct dot;
struct dot_general;
}  // namespace hlo

struct dot_general_op {
  using name = hlo::dot_general;
};

// DotDimensionNumbers: lhs and rhs contracting dimensions, then lhs and rhs batch
// dimensions (optional), each an x::idx.
template <idx LhsContracting, idx RhsContracting, idx LhsBatch = idx{}, idx RhsBatch = idx{}>
struct dot_dims {
  static constexpr idx lhs_contracting = LhsContracting;
  static constexpr idx rhs_contracting = RhsContracting;
  static constexpr idx lhs_batch = LhsBatch;
  static constexpr idx rhs_batch = RhsBatch;
};

namespace detail {

// How a dot_general walks its operands: each list in the order that flattens it
// (batch and contracting in the order given; free dimensions increasing).
struct dot_plan {
  idx lhs_batch, rhs_batch, lhs_contracting, rhs_contracting, lhs_free, rhs_free;
  idx result;  // the result's sizes
  idx contracting_sizes;
  index_t batch = 1, m = 1, n = 1, k = 1;

  friend constexpr bool operator==(const dot_plan&, const dot_plan&) = default;
};

enum class dot_error { none, out_of_range, repeated, counts_differ, contracting_sizes_differ, batch_sizes_differ };

constexpr dot_error check_dot(const idx& lc, const idx& rc, const idx& lb, const idx& rb, const idx& ls,
                              const idx& rs) noexcept {
  auto side = [](const idx& c, const idx& b, const idx& s) {
    bool seen[max_rank] = {};
    for (const idx* l : {&c, &b}) {
      for (index_t d : *l) {
        if (d < 0 || d >= static_cast<index_t>(s.size())) return dot_error::out_of_range;
        if (seen[d]) return dot_error::repeated;
        seen[d] = true;
      }
    }
    return dot_error::none;
  };
  if (const dot_error e = side(lc, lb, ls); e != dot_error::none) return e;
  if (const dot_error e = side(rc, rb, rs); e != dot_error::none) return e;
  if (lc.size() != rc.size() || lb.size() != rb.size()) return dot_error::counts_differ;
  for (std::size_t t = 0; t < lc.size(); ++t)
    if (ls[static_cast<std::size_t>(lc[t])] != rs[static_cast<std::size_t>(rc[t])])
      return dot_error::contracting_sizes_differ;
  for (std::size_t t = 0; t < lb.size(); ++t)
    if (ls[static_cast<std::size_t>(lb[t])] != rs[static_cast<std::size_t>(rb[t])])
      return dot_error::batch_sizes_differ;
  return dot_error::none;
}

constexpr dot_plan make_dot_plan(const idx& lc, const idx& rc, const idx& lb, const idx& rb, const idx& ls,
                                 const idx& rs) noexcept {
  dot_plan p;
  p.lhs_contracting = lc;
  p.rhs_contracting = rc;
  p.lhs_batch = lb;
  p.rhs_batch = rb;
  auto free_dims = [](const idx& c, const idx& b, const idx& s) {
    idx f;
    for (std::size_t d = 0; d < s.size(); ++d) {
      bool used = false;
      for (index_t x : c) used |= x == static_cast<index_t>(d);
      for (index_t x : b) used |= x == static_cast<index_t>(d);
      if (!used) f.push_back(static_cast<index_t>(d));
    }
    return f;
  };
  p.lhs_free = free_dims(lc, lb, ls);
  p.rhs_free = free_dims(rc, rb, rs);
  for (index_t d : lb) {
    p.result.push_back(ls[static_cast<std::size_t>(d)]);
    p.batch *= ls[static_cast<std::size_t>(d)];
  }
  for (index_t d : p.lhs_free) {
    p.result.push_back(ls[static_cast<std::size_t>(d)]);
    p.m *= ls[static_cast<std::size_t>(d)];
  }
  for (index_t d : p.rhs_free) {
    p.result.push_back(rs[static_cast<std::size_t>(d)]);
    p.n *= rs[static_cast<std::size_t>(d)];
  }
  for (index_t d : lc) {
    p.contracting_sizes.push_back(ls[static_cast<std::size_t>(d)]);
    p.k *= ls[static_cast<std::size_t>(d)];
  }
  return p;
}

// The first entry of c then b that is out of range for rank r or named twice (-1: none).
constexpr index_t dot_bad_dimension(const idx& c, const idx& b, std::size_t r) noexcept {
  bool seen[max_rank] = {};
  for (const idx* l : {&c, &b})
    for (index_t d : *l) {
      if (d < 0 || d >= static_cast<index_t>(r) || seen[d]) return d;
      seen[d] = true;
    }
  return -1;
}
// The first pair t of l and r whose sizes differ.
constexpr std::size_t dot_size_mismatch(const idx& l, const idx& r, const idx& ls, const idx& rs) noexcept {
  std::size_t t = 0;
  while (t < l.size() && ls[static_cast<std::size_t>(l[t])] == rs[static_cast<std::size_t>(r[t])]) ++t;
  return t;
}

// Whether operands L and R and result type Out make a product (a dot, a convolution):
// one element type, not pred, and a number element type for the result.
template <class L, class R, class Out>
inline constexpr bool product_types_ok = std::is_same_v<typename L::value_type, typename R::value_type> &&
                                         !std::is_same_v<typename L::value_type, bool> &&
                                         !std::is_same_v<Out, bool> && element<Out>;

// The error of a product (Op) whose types are not product_types_ok.
template <class Op, class L, class R, class Out>
constexpr void report_product_types() noexcept {
  using T = typename L::value_type;
  if constexpr (!std::is_same_v<T, typename R::value_type>) {
    SXLA_DIAGNOSE(Op, "{} and {}: lhs and rhs must have one element type (convert one with x::convert)", (L, R), ());
  } else if constexpr (std::is_same_v<T, bool>) {
    SXLA_DIAGNOSE(Op, "{} and {}: pred operands have no product (convert them to a number type)", (L, R), ());
  } else {
    SXLA_DIAGNOSE(Op, "{} and {}: the result type {} is not a number element type", (L, R, Out), ());
  }
}

// The error E of dimension numbers Dims for L and R, named as Op (dot_general's, and the
// ops that take its dimension numbers).
template <class Op, class L, class R, class Dims, dot_error E>
constexpr void report_dot_dimensions() noexcept {
  constexpr idx ls = L::spec.dimensions, rs = R::spec.dimensions;
  if constexpr (E == dot_error::out_of_range || E == dot_error::repeated) {
    constexpr index_t bad_l = dot_bad_dimension(Dims::lhs_contracting, Dims::lhs_batch, L::rank);
    if constexpr (bad_l >= 0) {
      SXLA_DIAGNOSE(Op, "{} and {}: lhs dimension {} (contracting or batch) is out of range (rank {}) or named twice",
                    (L, R), (bad_l, L::rank));
    } else {
      SXLA_DIAGNOSE(Op, "{} and {}: rhs dimension {} (contracting or batch) is out of range (rank {}) or named twice",
                    (L, R), (dot_bad_dimension(Dims::rhs_contracting, Dims::rhs_batch, R::rank), R::rank));
    }
  } else if constexpr (E == dot_error::counts_differ) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: lhs and rhs need as many contracting dimensions ({} and {}) and as many batch dimensions "
                  "({} and {})",
                  (L, R),
                  (Dims::lhs_contracting.size(), Dims::rhs_contracting.size(), Dims::lhs_batch.size(),
                   Dims::rhs_batch.size()));
  } else if constexpr (E == dot_error::contracting_sizes_differ) {
    constexpr std::size_t t = dot_size_mismatch(Dims::lhs_contracting, Dims::rhs_contracting, ls, rs);
    constexpr auto l = static_cast<std::size_t>(Dims::lhs_contracting[t]);
    constexpr auto r = static_cast<std::size_t>(Dims::rhs_contracting[t]);
    SXLA_DIAGNOSE(Op, "{} and {}: contracting dimension {} of lhs (size {}) and {} of rhs (size {}) differ in size",
                  (L, R), (l, ls[l], r, rs[r]));
  } else if constexpr (E == dot_error::batch_sizes_differ) {
    constexpr std::size_t t = dot_size_mismatch(Dims::lhs_batch, Dims::rhs_batch, ls, rs);
    constexpr auto l = static_cast<std::size_t>(Dims::lhs_batch[t]);
    constexpr auto r = static_cast<std::size_t>(Dims::rhs_batch[t]);
    SXLA_DIAGNOSE(Op, "{} and {}: batch dimension {} of lhs (size {}) and {} of rhs (size {}) differ in size", (L, R),
                  (l, ls[l], r, rs[r]));
  }
}

// The error of a dot or dot_general (Op) of L and R with dimension numbers Dims and
// result type Out.
template <class Op, class L, class R, class Dims, class Out, dot_error E>
constexpr void report_dot() noexcept {
  if constexpr (!product_types_ok<L, R, Out>) {
    report_product_types<Op, L, R, Out>();
  } else {
    report_dot_dimensions<Op, L, R, Dims, E>();
  }
}

// The type the products of T are summed in (see the top).
template <class T>
using dot_accumulator_t = std::conditional_t<
    is_small_float_v<T>, float,
    std::conditional_t<(std::is_integral_v<T> && (sizeof(T) < 4)) || is_intn_v<T>,
                       std::conditional_t<std::numeric_limits<T>::is_signed, std::int32_t, std::uint32_t>, T>>;

// The accumulation type for operands T and result R.
template <class T, class R>
using dot_sum_t = std::conditional_t<std::is_same_v<T, R> || is_small_float_v<R>, dot_accumulator_t<T>, R>;

// The stride of a group of dimensions flattened in row-major order, in a layout with
// the given strides: ok when every dimension of more than one element steps by the
// next one's size times its stride.
struct group_stride {
  bool ok = true;
  index_t stride = 0;
};
constexpr group_stride flatten_stride(const idx& group, const idx& sizes, const idx& strides) noexcept {
  group_stride g;
  index_t next_size = 0, next_stride = 0;
  bool any = false;
  for (std::size_t t = group.size(); t-- > 0;) {
    const auto d = static_cast<std::size_t>(group[t]);
    if (sizes[d] == 1) continue;
    if (!any) {
      g.stride = strides[d];
      any = true;
    } else if (strides[d] != next_size * next_stride) {
      g.ok = false;
    }
    next_size = sizes[d];
    next_stride = strides[d];
  }
  return g;
}

// The offset, in a layout with the given strides, of flat index f over group (row-major
// over the group's sizes).
constexpr index_t group_offset(const idx& group, const idx& sizes, const idx& strides, index_t f) noexcept {
  index_t off = 0;
  for (std::size_t t = group.size(); t-- > 0;) {
    const auto d = static_cast<std::size_t>(group[t]);
    off += f % sizes[d] * strides[d];
    f /= sizes[d];
  }
  return off;
}

template <class Op>
inline constexpr bool is_array_leaf = false;
template <class A, bool Owned>
inline constexpr bool is_array_leaf<array_leaf<A, Owned>> = true;

// Whether an engine of raw rows (fft, cholesky, triangular_solve) reads an operand in
// place: a tensor or view of element type T, dense and row-major.
template <class Op, class T>
constexpr bool reads_dense_row_major() noexcept {
  if constexpr (!is_array_leaf<Op>) {
    return false;
  } else if constexpr (!std::is_same_v<typename Op::value_type, T>) {
    return false;
  } else {
    return dense_row_major<typename Op::shape_type>();
  }
}

// Whether the engine reads an operand in place as a batch of matrices (rows, cols): an
// untiled tensor or view whose row and column groups each have a constant stride.
template <class Op, idx Rows, idx Cols>
constexpr bool reads_in_place() noexcept {
  if constexpr (!is_array_leaf<Op>) {
    return false;
  } else if constexpr (Op::shape_type::is_tiled) {
    return false;
  } else {
    using S = typename Op::shape_type;
    return flatten_stride(Rows, S::spec.dimensions, S::map.strides).ok &&
           flatten_stride(Cols, S::spec.dimensions, S::map.strides).ok;
  }
}

template <idx Perm, class E>
constexpr auto transposed(const E& e) noexcept {
  return [&]<std::size_t... I>(std::index_sequence<I...>) { return transpose<Perm[I]...>(e); }(
      std::make_index_sequence<Perm.size()>{});
}

constexpr idx concat(const idx& a, const idx& b, const idx& c) noexcept {
  idx r = a;
  for (index_t x : b) r.push_back(x);
  for (index_t x : c) r.push_back(x);
  return r;
}
constexpr idx iota_list(std::size_t from, std::size_t count) noexcept {
  idx r;
  for (std::size_t t = 0; t < count; ++t) r.push_back(static_cast<index_t>(from + t));
  return r;
}
}  // namespace detail

namespace detail {
struct no_pool {};

// The rows [first, last) of part t of m rows split into `tasks` parts of whole strips of
// mr rows (the last part takes the rest).
constexpr index_t part_bound(index_t m, index_t tasks, index_t mr, index_t t) noexcept {
  return t >= tasks ? m : m * t / tasks / mr * mr;
}
constexpr index_t largest_part(index_t m, index_t tasks, index_t mr) noexcept {
  index_t most = 0;
  for (index_t t = 0; t < tasks; ++t) {
    const index_t rows = part_bound(m, tasks, mr, t + 1) - part_bound(m, tasks, mr, t);
    most = rows > most ? rows : most;
  }
  return most;
}
}  // namespace detail

// DotGeneral(lhs, rhs, dims) as a lazy node; R the result type, A the accumulation type,
// Pool the caller's thread pool (void: none) and Tasks the parts its rows are split into.
template <class Lhs, class Rhs, detail::dot_plan P, class R, class A, class Pool = void, index_t Tasks = 1>
struct dot_node : binary_producer<dot_node<Lhs, Rhs, P, R, A, Pool, Tasks>, Lhs, Rhs, R, P.result.size()> {
  static constexpr bool is_expression = true;
  static constexpr bool produces = true;
  using value_type = R;
  using acc_type = A;
  static constexpr detail::dot_plan plan = P;
  static constexpr std::size_t rank = P.result.size();
  static constexpr shape_spec spec = logical_spec(primitive_type_of<R>, P.result);
  using lane_type = std::conditional_t<simd::has_vec<R>, R, void>;
  static constexpr std::size_t nb = P.lhs_batch.size();
  static constexpr std::size_t nl = P.lhs_free.size();
  static constexpr std::size_t nr = P.rhs_free.size();

  using scratch_op = dot_general_op;  // named when its scratch does not fit (expr/scratch.hpp)

  Lhs lhs;
  Rhs rhs;
  [[no_unique_address]] std::conditional_t<std::is_void_v<Pool>, detail::no_pool, Pool*> pool{};

  // The same product, its rows split into N parts run through pool (core/parallel.hpp;
  // each part packs its own panels in its own share of the scratch memory, so the count
  // is a compile-time constant). Products of at most small_gemm_limit per dimension, and
  // those of the matrix-vector and few-rows kernels (kernels/gemv.hpp), stay on the
  // calling thread.
  template <index_t N, thread_pool Q>
  constexpr dot_node<Lhs, Rhs, P, R, A, Q, (N < 1 ? 1 : N)> parallel(Q& q) const noexcept {
    static_assert(N >= 1, "sxla::dot_general: parallel<N> needs N >= 1 parts");
    return {{}, lhs, rhs, &q};
  }

  // One element, in the engine's order of summation.
  constexpr R at(const multi_index<rank>& o) const noexcept {
    multi_index<Lhs::rank> li{};
    multi_index<Rhs::rank> ri{};
    for (std::size_t t = 0; t < nb; ++t) {
      li[static_cast<std::size_t>(P.lhs_batch[t])] = o[t];
      ri[static_cast<std::size_t>(P.rhs_batch[t])] = o[t];
    }
    for (std::size_t t = 0; t < nl; ++t) li[static_cast<std::size_t>(P.lhs_free[t])] = o[nb + t];
    for (std::size_t t = 0; t < nr; ++t) ri[static_cast<std::size_t>(P.rhs_free[t])] = o[nb + nl + t];
    constexpr index_t kc = kernels::block_sum_order<A>();
    A total{};
    for (index_t p0 = 0; p0 < P.k; p0 += kc) {
      const index_t p1 = P.k - p0 < kc ? P.k : p0 + kc;
      A s{};
      for (index_t p = p0; p < p1; ++p) {
        index_t f = p;
        for (std::size_t t = P.lhs_contracting.size(); t-- > 0;) {
          const index_t size = P.contracting_sizes[t];
          li[static_cast<std::size_t>(P.lhs_contracting[t])] = f % size;
          ri[static_cast<std::size_t>(P.rhs_contracting[t])] = f % size;
          f /= size;
        }
        s = kernels::gemm_detail::madd(static_cast<A>(lhs.at(li)), static_cast<A>(rhs.at(ri)), s);
      }
      total = p0 == 0 ? s : kernels::gemm_detail::plus(total, s);
    }
    return static_cast<R>(total);
  }


  // The producer protocol (expr/producer.hpp): every value into dst, finish(start,
  // count) for each run along the last dimension once final; scratch memory from ws.
  template <class Dst, class Finish>
  void produce(Dst& dst, Finish&& finish, detail::arena& ws) const {
    using D = typename Dst::shape_type;
    if constexpr (std::is_same_v<R, A> && direct_destination<D>) {
      run_into<D>(dst.data(), finish, ws);
    } else {
      // Through a temporary of the accumulation type in the default layout, then one
      // conversion into dst.
      const detail::arena_scope scope(ws);
      auto tmp = detail::take_temporary<accumulator_spec>(ws);
      auto ignore = [](const multi_index<rank>&, index_t) {};
      run_into<typename decltype(tmp)::shape_type>(tmp.data(), ignore, ws);
      evaluate(dst, convert<R>(tmp), ws);
      if constexpr (rank > 0) {
        multi_index<rank> i{};
        constexpr idx outer = detail::iota_list(0, rank - 1);
        detail::odometer(outer, static_dimensions<dot_node>(), i,
                         [&] { finish(i, static_cast<index_t>(P.result[rank - 1])); });
      }
    }
  }

 private:
  static constexpr shape_spec accumulator_spec = logical_spec(primitive_type_of<A>, P.result);

  static constexpr idx result_batch = detail::iota_list(0, nb);
  static constexpr idx result_rows = detail::iota_list(nb, nl);
  static constexpr idx result_cols = detail::iota_list(nb + nl, nr);

  // Whether the engine can write D directly: untiled, the rhs group contiguous, the
  // batch and lhs groups each at a constant stride.
  template <class D>
  static constexpr bool direct_destination = [] {
    if constexpr (D::is_tiled || rank == 0) {
      return rank == 0;
    } else {
      constexpr idx sizes = D::spec.dimensions, strides = D::map.strides;
      constexpr detail::group_stride cols = detail::flatten_stride(result_cols, sizes, strides);
      return cols.ok && (P.n == 1 || cols.stride == 1) && detail::flatten_stride(result_rows, sizes, strides).ok;
    }
  }();

  // An operand as the engine reads it: in place, or reordered (batch, rows, cols) and
  // converted to A in a temporary.
  template <class Op, idx Batch, idx Rows, idx Cols>
  struct operand_plan {
    static constexpr bool in_place = detail::reads_in_place<Op, Rows, Cols>();
    using reordered = decltype(convert<A>(detail::transposed<detail::concat(Batch, Rows, Cols)>(std::declval<const Op&>())));
    using temporary = tensor_view<reordered::spec>;
    static constexpr std::size_t bytes = in_place ? 0 : detail::temporary_bytes<reordered::spec>;
    static constexpr std::size_t evaluation = in_place ? 0 : detail::evaluate_scratch<temporary, reordered>;
  };
  using lhs_plan = operand_plan<Lhs, P.lhs_batch, P.lhs_free, P.lhs_contracting>;
  using rhs_plan = operand_plan<Rhs, P.rhs_batch, P.rhs_contracting, P.rhs_free>;

  // Whether the unpacked small path runs (kernels/gemm.hpp: B read as vectors of A, its
  // columns contiguous), and each part's packing buffer.
  static constexpr bool rhs_columns_contiguous = [] {
    if constexpr (!rhs_plan::in_place) {
      return true;
    } else {
      using S = typename Rhs::shape_type;
      return P.n == 1 || detail::flatten_stride(P.rhs_free, S::spec.dimensions, S::map.strides).stride == 1;
    }
  }();
  static constexpr bool small = P.m <= kernels::small_gemm_limit && P.n <= kernels::small_gemm_limit &&
                                P.k <= kernels::small_gemm_limit && P.k > 0 &&
                                (!rhs_plan::in_place || std::is_same_v<typename Rhs::value_type, A>) &&
                                rhs_columns_contiguous;
  static constexpr index_t part_rows =
      detail::largest_part(P.m, Tasks, static_cast<index_t>(kernels::gemm_params<A>::mr));

  // The matrix-vector kernels (kernels/gemv.hpp), for one row (m = 1: the lhs is the
  // vector) or one column (n = 1) of result, when the operand that is a matrix holds A
  // and is contiguous along its rows or its columns (in place, or a temporary).
  // Products of a few rows (m up to 32, B's columns contiguous, holding A and fitting in
  // L2: read in panels of a few vectors per row, which the engine's packing beats from
  // L3 or DRAM) run kernels::gemm_few_rows on the operands, unpacked.
  enum class matvec { none, row_axpy, row_dot, col_axpy, col_dot, few_rows };
  struct strides {
    index_t a_rs, a_cs, b_rs, b_cs;
  };
  template <class LS, class RS, bool InL, bool InR>
  static constexpr strides strides_of() noexcept {
    using namespace detail;
    constexpr std::size_t nk = P.lhs_contracting.size();
    constexpr idx lm = InL ? P.lhs_free : iota_list(nb, nl);
    constexpr idx lk = InL ? P.lhs_contracting : iota_list(nb + nl, nk);
    constexpr idx rk = InR ? P.rhs_contracting : iota_list(nb, nk);
    constexpr idx rn = InR ? P.rhs_free : iota_list(nb + nk, nr);
    constexpr idx ls = LS::spec.dimensions, lst = LS::map.strides;
    constexpr idx rs = RS::spec.dimensions, rst = RS::map.strides;
    return {flatten_stride(lm, ls, lst).stride, flatten_stride(lk, ls, lst).stride, flatten_stride(rk, rs, rst).stride,
            flatten_stride(rn, rs, rst).stride};
  }
  template <class TL, class TR, strides S>
  static constexpr matvec matvec_of() noexcept {
    if (small || P.k == 0) return matvec::none;
    if (P.m == 1 && std::is_same_v<TR, A>) {
      if (P.n == 1 || S.b_cs == 1) return matvec::row_axpy;
      if (P.k == 1 || S.b_rs == 1) return matvec::row_dot;
    }
    if (P.n == 1 && std::is_same_v<TL, A>) {
      if (S.a_rs == 1) return matvec::col_axpy;
      if (P.k == 1 || S.a_cs == 1) return matvec::col_dot;
    }
    if (P.m <= 32 && std::is_same_v<TR, A> && (P.n == 1 || S.b_cs == 1) &&
        static_cast<std::size_t>(P.k) * static_cast<std::size_t>(P.n) * sizeof(A) <= SXLA_L2_BYTES)
      return matvec::few_rows;
    return matvec::none;
  }
  using lhs_read = std::conditional_t<lhs_plan::in_place, Lhs, typename lhs_plan::temporary>;
  using rhs_read = std::conditional_t<rhs_plan::in_place, Rhs, typename rhs_plan::temporary>;
  static constexpr matvec path =
      matvec_of<typename lhs_read::value_type, typename rhs_read::value_type,
                strides_of<typename lhs_read::shape_type, typename rhs_read::shape_type, lhs_plan::in_place,
                           rhs_plan::in_place>()>();
  static constexpr std::size_t packing_bytes =
      small || P.k == 0 || path != matvec::none
          ? 0
          : scratch_round(kernels::gemm_workspace_size<A>(part_rows, P.n, P.k) * sizeof(A));

  // The scratch of run_into: the operands' temporaries (each while the next is
  // evaluated), then the packing buffers of every part.
  static constexpr std::size_t engine_scratch =
      P.k == 0 ? 0
               : detail::max_of(lhs_plan::bytes + lhs_plan::evaluation,
                           lhs_plan::bytes + rhs_plan::bytes + rhs_plan::evaluation,
                           lhs_plan::bytes + rhs_plan::bytes + static_cast<std::size_t>(Tasks) * packing_bytes);

 public:
  // Scratch bytes produce() takes for a destination of shape type D (expr/scratch.hpp).
  template <class D>
  static constexpr std::size_t scratch =
      (std::is_same_v<R, A> && direct_destination<D> ? 0 : detail::temporary_bytes<accumulator_spec>) +
      engine_scratch;

 private:
  // The engine into c, laid out as D (a destination, or a temporary).
  template <class D, class Finish>
  void run_into(A* c, Finish& finish, detail::arena& ws) const;
  template <class D, class LO, class RO, class Finish>
  void run_matrices(const LO& l, const RO& r, A* c, Finish& finish, detail::arena& ws) const;
  template <class D, class Finish>
  void zero_result(A* c, Finish& finish) const;
  template <class Finish>
  void finish_rows(Finish& finish, index_t batch, index_t i, index_t j0, index_t count) const;
};

namespace detail {
// An operand of a dot as read by the engine: use(leaf) with the leaf itself when the
// engine can read it in place, else with a temporary of type A in the order (batch,
// rows, cols), taken from ws (Plan: the node's operand_plan).
template <class Plan, class Op, idx Perm, class F>
void with_matrix_operand(const Op& op, arena& ws, F&& use) {
  if constexpr (Plan::in_place) {
    use(op);
  } else {
    using A = typename Plan::reordered::value_type;
    const auto reordered = convert<A>(transposed<Perm>(op));
    const arena_scope scope(ws);
    auto tmp = take_temporary<Plan::reordered::spec>(ws);
    evaluate(tmp, reordered, ws);
    use(as_operand(tmp));
  }
}
}  // namespace detail

template <class Lhs, class Rhs, detail::dot_plan P, class R, class A, class Pool, index_t Tasks>
template <class D, class Finish>
void dot_node<Lhs, Rhs, P, R, A, Pool, Tasks>::run_into(A* c, Finish& finish, detail::arena& ws) const {
  using detail::concat;
  if constexpr (P.k == 0) {
    zero_result<D>(c, finish);  // (the operands have no elements: nothing to read)
  } else {
    detail::with_matrix_operand<lhs_plan, Lhs, concat(P.lhs_batch, P.lhs_free, P.lhs_contracting)>(
        lhs, ws, [&](const auto& l) {
          detail::with_matrix_operand<rhs_plan, Rhs, concat(P.rhs_batch, P.rhs_contracting, P.rhs_free)>(
              rhs, ws, [&](const auto& r) { run_matrices<D>(l, r, c, finish, ws); });
        });
  }
}

// An empty contraction: every element is 0.
template <class Lhs, class Rhs, detail::dot_plan P, class R, class A, class Pool, index_t Tasks>
template <class D, class Finish>
void dot_node<Lhs, Rhs, P, R, A, Pool, Tasks>::zero_result(A* c, Finish& finish) const {
  using namespace detail;
  static constexpr idx ds = D::spec.dimensions, dst = D::map.strides;
  static constexpr index_t ldc = flatten_stride(result_rows, ds, dst).stride;
  for (index_t bt = 0; bt < P.batch; ++bt) {
    A* cb = c + group_offset(result_batch, ds, dst, bt);
    for (index_t i = 0; i < P.m; ++i) {
      for (index_t j = 0; j < P.n; ++j) cb[i * ldc + j] = A{};
      finish_rows(finish, bt, i, 0, P.n);
    }
  }
}

// Runs finish over row i of batch `batch`, columns [j0, j0 + count) of the engine's
// matrix, as runs along the result's last dimension.
template <class Lhs, class Rhs, detail::dot_plan P, class R, class A, class Pool, index_t Tasks>
template <class Finish>
void dot_node<Lhs, Rhs, P, R, A, Pool, Tasks>::finish_rows(Finish& finish, index_t batch, index_t i, index_t j0,
                                                     index_t count) const {
  if constexpr (rank > 0) {
    // Result dimensions [first, first + n) of start := the row-major digits of f.
    auto digits = [](multi_index<rank>& start, std::size_t first, std::size_t n, index_t f) {
      for (std::size_t t = first + n; t-- > first;) {
        start[t] = f % P.result[t];
        f /= P.result[t];
      }
    };
    multi_index<rank> start{};
    digits(start, 0, nb, batch);
    digits(start, nb, nl, i);
    if constexpr (nr == 0) {
      finish(start, index_t{1});
    } else {
      const index_t last = P.result[rank - 1];
      for (index_t j = j0; j < j0 + count;) {
        const index_t end = (j / last + 1) * last < j0 + count ? (j / last + 1) * last : j0 + count;
        digits(start, nb + nl, nr, j);
        finish(start, end - j);
        j = end;
      }
    }
  }
}

template <class Lhs, class Rhs, detail::dot_plan P, class R, class A, class Pool, index_t Tasks>
template <class D, class LO, class RO, class Finish>
void dot_node<Lhs, Rhs, P, R, A, Pool, Tasks>::run_matrices(const LO& l, const RO& r, A* c, Finish& finish,
                                                      detail::arena& ws) const {
  using namespace detail;
  using LS = typename LO::shape_type;
  using RS = typename RO::shape_type;
  constexpr std::size_t nk = P.lhs_contracting.size();
  // The groups as the node read has them (reordered: batch, rows, cols).
  constexpr bool ld = lhs_plan::in_place;
  constexpr bool rd = rhs_plan::in_place;
  static constexpr idx lb = ld ? P.lhs_batch : iota_list(0, nb);
  static constexpr idx lm = ld ? P.lhs_free : iota_list(nb, nl);
  static constexpr idx lk = ld ? P.lhs_contracting : iota_list(nb + nl, nk);
  static constexpr idx rb = rd ? P.rhs_batch : iota_list(0, nb);
  static constexpr idx rk = rd ? P.rhs_contracting : iota_list(nb, nk);
  static constexpr idx rn = rd ? P.rhs_free : iota_list(nb + nk, nr);
  static constexpr idx ls = LS::spec.dimensions, lst = LS::map.strides;
  static constexpr idx rs = RS::spec.dimensions, rst = RS::map.strides;
  static constexpr idx ds = D::spec.dimensions, dst = D::map.strides;
  static constexpr index_t ldc = flatten_stride(result_rows, ds, dst).stride;
  static constexpr index_t a_rs = flatten_stride(lm, ls, lst).stride, a_cs = flatten_stride(lk, ls, lst).stride;
  static constexpr index_t b_rs = flatten_stride(rk, rs, rst).stride, b_cs = flatten_stride(rn, rs, rst).stride;
  using TL = typename LO::value_type;
  using TR = typename RO::value_type;
  static_assert(matvec_of<TL, TR, strides{a_rs, a_cs, b_rs, b_cs}>() == path,
                "sxla internal: dot's operands read other than planned");
  const TL* a = l.data();
  const TR* b = r.data();
  // Rows [r0, r1) of every batch, with packing buffer work.
  auto rows = [&](index_t r0, index_t r1, A* work) {
    for (index_t bt = 0; bt < P.batch; ++bt) {
      const TL* ab = a + group_offset(lb, ls, lst, bt);
      const TR* bb = b + group_offset(rb, rs, rst, bt);
      A* cb = c + group_offset(result_batch, ds, dst, bt);
      auto row_done = [&](index_t j0, index_t count) { finish_rows(finish, bt, 0, j0, count); };
      auto col_done = [&](index_t i0, index_t count) {
        for (index_t i = i0; i < i0 + count; ++i) finish_rows(finish, bt, i, 0, 1);
      };
      if constexpr (path == matvec::row_axpy) {
        kernels::gemv_axpy<A, true, P.n, P.k, a_cs, b_rs, 1>(ab, bb, cb, row_done);
      } else if constexpr (path == matvec::row_dot) {
        kernels::gemv_dot<A, true, P.n, P.k, a_cs, b_cs, 1>(ab, bb, cb, row_done);
      } else if constexpr (path == matvec::col_axpy) {
        kernels::gemv_axpy<A, false, P.m, P.k, b_rs, a_cs, ldc>(bb, ab, cb, col_done);
      } else if constexpr (path == matvec::col_dot) {
        kernels::gemv_dot<A, false, P.m, P.k, b_rs, a_rs, ldc>(bb, ab, cb, col_done);
      } else if constexpr (path == matvec::few_rows) {
        kernels::gemm_few_rows<A, P.m, P.n, P.k, a_rs, a_cs, b_rs, ldc>(
            ab, bb, cb, [&](index_t i, index_t j0, index_t count) { finish_rows(finish, bt, i, j0, count); });
      } else if constexpr (small) {
        kernels::small_gemm<A, P.m, P.n, P.k, a_rs, a_cs, b_rs, ldc>(ab, bb, cb);
        for (index_t i = 0; i < P.m; ++i) finish_rows(finish, bt, i, 0, P.n);
      } else {
        kernels::gemm<A>(r1 - r0, P.n, P.k, kernels::matrix_ref<TL>{ab + r0 * a_rs, a_rs, a_cs},
                      kernels::matrix_ref<TR>{bb, b_rs, b_cs}, cb + r0 * ldc, ldc, work,
                      [&](index_t i, index_t j0, index_t count) { finish_rows(finish, bt, r0 + i, j0, count); });
      }
    }
  };
  const arena_scope scope(ws);
  A* work = packing_bytes == 0 ? nullptr : ws.take<A>(static_cast<std::size_t>(Tasks) * packing_bytes / sizeof(A));
  if constexpr (Tasks > 1 && !small && path == matvec::none) {
    // Parts of whole micro-kernel strips, each with its own packing buffer.
    constexpr auto mr = static_cast<index_t>(kernels::gemm_params<A>::mr);
    (*pool)(Tasks, [&](index_t t) {
      const index_t r0 = part_bound(P.m, Tasks, mr, t), r1 = part_bound(P.m, Tasks, mr, t + 1);
      if (r0 < r1) rows(r0, r1, work + static_cast<std::size_t>(t) * (packing_bytes / sizeof(A)));
    });
  } else {
    rows(0, P.m, work);
  }
}

namespace detail {
template <class Dims, class Preferred, class Op = hlo::dot_general, class L, class R>
constexpr auto make_dot(const L& l, const R& r) {
  using T = typename L::value_type;
  using Out = std::conditional_t<std::is_void_v<Preferred>, T, Preferred>;
  constexpr bool types_ok = product_types_ok<L, R, Out>;
  constexpr dot_error err = check_dot(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch, Dims::rhs_batch,
                                      L::spec.dimensions, R::spec.dimensions);
  if constexpr (!types_ok || err != dot_error::none) {
    report_dot<Op, L, R, Dims, Out, err>();
    return 0;
  } else {
    constexpr dot_plan p = make_dot_plan(Dims::lhs_contracting, Dims::rhs_contracting, Dims::lhs_batch,
                                         Dims::rhs_batch, L::spec.dimensions, R::spec.dimensions);
    return dot_node<L, R, p, Out, dot_sum_t<T, Out>>{{}, l, r};
  }
}
}  // namespace detail

// DotGeneral(lhs, rhs, dims); Preferred: the result's element type (default: the
// operands').
template <class Dims, class Preferred = void, operand X, operand Y>
constexpr auto dot_general(X&& lhs, Y&& rhs) {
  return detail::make_dot<Dims, Preferred>(as_operand(static_cast<X&&>(lhs)), as_operand(static_cast<Y&&>(rhs)));
}

// Dot(lhs, rhs): vector.vector -> scalar, matrix.vector -> vector, matrix.matrix ->
// matrix, contracting lhs's last dimension with rhs's first.
template <class Preferred = void, operand X, operand Y>
constexpr auto dot(X&& lhs, Y&& rhs) {
  using L = operand_t<X>;
  using R = operand_t<Y>;
  constexpr bool ok = (L::rank == 1 || L::rank == 2) && (R::rank == 1 || R::rank == 2);
  if constexpr (!ok) {
    SXLA_DIAGNOSE(hlo::dot,
                  "{} and {}: dot takes operands of rank 1 or 2 (vector or matrix), here {} and {}; use "
                  "x::dot_general for others",
                  (L, R), (L::rank, R::rank));
    return 0;
  } else {
    return detail::make_dot<dot_dims<idx{static_cast<index_t>(L::rank - 1)}, idx{0}>, Preferred, hlo::dot>(
        as_operand(static_cast<X&&>(lhs)), as_operand(static_cast<Y&&>(rhs)));
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_DOT_GENERAL_HPP
