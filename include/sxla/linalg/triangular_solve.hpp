// sxla/linalg/triangular_solve.hpp: TriangularSolve(a, b, left_side, lower,
// unit_diagonal, transpose_a), x from a triangular system for each matrix of a batch:
//
//   x::triangular_solve<x::triangular_solve_options{.left_side = true, .lower = true,
//       .unit_diagonal = false, .transpose_a = x::transpose_kind::no_transpose}>(a, b)
//
//   left_side:  op(a) x = b, a [..., M, M], b and x [..., M, N]
//   else:       x op(a) = b, b and x [..., N, M]
//   op(a):      a (no_transpose), a^T (transpose) or a^H (adjoint, the conjugate
//               transpose; the same as transpose for real types)
//
// a is lower (else upper) triangular: only that triangle is read; unit_diagonal takes
// its diagonal as ones and does not read it. The batch dimensions of a and b are equal.
// Element types f16, bf16, f32, f64, c64, c128, the same for a and b; f16 and bf16 are
// solved in f32 and rounded once (XLA sums them in f32, as its dot does; its blocked
// expander rounds each block's product instead, so the last bit may differ). A zero
// pivot gives Inf and NaN (IEEE division), never UB.
//
// The node is a producer (expr/producer.hpp): b is copied into the result's memory (a
// temporary when the destination is not a dense row-major tensor of the element type;
// below 128 rows a dense row-major b is read directly by the batch kernels instead),
// a read in place when it is a dense row-major tensor (else evaluated into a temporary),
// and each system solved there: below 128 rows across vector lanes or a few systems in
// step (kernels::solve_across), from 128 rows one by one, blocked on the GEMM engine
// (kernels::triangular_solve); elementwise work on top
// fuses into the writing. Read element by element (under a transpose, a slice...), each
// element read solves its column (row, for the right side) on the stack, reading a
// element by element: columns of up to 32 KiB (detail::linalg_at_bytes); longer ones
// read NaN that way (evaluate the solution into a tensor first). Scratch: the
// temporaries above, a compile-time number (x::workspace_bytes). Threads: none. Misuse
// (ranks below 2 or different, a non-square a, a b of the wrong size for the side,
// batch dimensions that differ, other element types) is a compile error naming
// triangular_solve and both shapes.
#ifndef SXLA_LINALG_TRIANGULAR_SOLVE_HPP
#define SXLA_LINALG_TRIANGULAR_SOLVE_HPP

#include <cstddef>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"         // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"        // primitive_type_of, is_small_float_v
#include "sxla/core/index.hpp"               // index_t, multi_index
#include "sxla/core/minmax.hpp"              // detail::max_of, detail::min_of
#include "sxla/core/workspace.hpp"           // detail::arena, detail::arena_scope, scratch_round
#include "sxla/expr/executor.hpp"            // evaluate, detail::evaluate_scratch
#include "sxla/expr/expression.hpp"          // logical_spec
#include "sxla/expr/leaf.hpp"                // as_operand, operand
#include "sxla/expr/producer.hpp"            // binary_producer
#include "sxla/expr/scratch.hpp"             // detail::take_temporary, detail::temporary_bytes, detail::dense_row_major
#include "sxla/kernels/strided_matrix.hpp"   // kernels::strided_matrix
#include "sxla/kernels/triangular.hpp"       // kernels::triangular_solve, kernels::triangular_solve_workspace, kernels::solve_left, kernels::triangular_op
#include "sxla/kernels/triangular_batch.hpp" // kernels::solve_across
#include "sxla/linalg/matrix_batch.hpp"      // detail::linalg_element, detail::expression_matrix, detail::linalg_nan
#include "sxla/ops/convert.hpp"              // convert (f16 and bf16 through f32)
#include "sxla/ops/dot_general.hpp"          // detail::reads_dense_row_major
#include "sxla/ops/reduction.hpp"            // detail::finish_every_row
#include "sxla/shape/print.hpp"              // diagnostic_display of shapes
#include "sxla/tensor/view.hpp"              // tensor_view

namespace sxla {

// What TriangularSolve applies to a.
enum class transpose_kind { no_transpose, transpose, adjoint };

// TriangularSolve's attributes (XLA's TriangularSolveOptions).
struct triangular_solve_options {
  bool left_side = true;
  bool lower = true;
  bool unit_diagonal = false;
  transpose_kind transpose_a = transpose_kind::no_transpose;
};

// The op's name in compile errors, and where its scratch memory does not fit.
namespace hlo {
struct triangular_solve;
}  // namespace hlo
struct triangular_solve_op {
  using name = hlo::triangular_solve;
};

namespace detail {

enum class triangular_solve_error { none, type, rank, square, batch, side };

template <triangular_solve_options O, class A, class B>
constexpr triangular_solve_error triangular_solve_check() noexcept {
  using T = typename A::value_type;
  if (!std::is_same_v<T, typename B::value_type> || !(linalg_element<T> || is_small_float_v<T>))
    return triangular_solve_error::type;
  if (A::rank < 2 || A::rank != B::rank) return triangular_solve_error::rank;
  const std::size_t r = A::rank;
  const index_t m = A::spec.dimensions[r - 1];
  if (A::spec.dimensions[r - 2] != m) return triangular_solve_error::square;
  for (std::size_t d = 0; d + 2 < r; ++d)
    if (A::spec.dimensions[d] != B::spec.dimensions[d]) return triangular_solve_error::batch;
  if (B::spec.dimensions[O.left_side ? r - 2 : r - 1] != m) return triangular_solve_error::side;
  return triangular_solve_error::none;
}

template <triangular_solve_options O, class A, class B>
void report_triangular_solve() {
  constexpr triangular_solve_error e = triangular_solve_check<O, A, B>();
  if constexpr (e == triangular_solve_error::type) {
    SXLA_DIAGNOSE(hlo::triangular_solve, "{} and {}: a and b must have one element type, f16, bf16, f32, f64, c64 or c128",
                  (A, B), ());
  } else if constexpr (e == triangular_solve_error::rank) {
    SXLA_DIAGNOSE(hlo::triangular_solve, "{} and {}: a and b must be batches of matrices of one rank (2 or more)",
                  (A, B), ());
  } else if constexpr (e == triangular_solve_error::square) {
    SXLA_DIAGNOSE(hlo::triangular_solve, "{} and {}: the matrices of a must be square", (A, B), ());
  } else if constexpr (e == triangular_solve_error::batch) {
    SXLA_DIAGNOSE(hlo::triangular_solve, "{} and {}: a and b must have the same batch dimensions", (A, B), ());
  } else if constexpr (e == triangular_solve_error::side && O.left_side) {
    SXLA_DIAGNOSE(hlo::triangular_solve,
                  "{} and {}: with left_side, the second-to-last dimension of b must be the size of a (op(a) x = b)", (A, B),
                  ());
  } else if constexpr (e == triangular_solve_error::side) {
    SXLA_DIAGNOSE(hlo::triangular_solve,
                  "{} and {}: without left_side, the last dimension of b must be the size of a (x op(a) = b)", (A, B), ());
  }
}

constexpr kernels::triangular_op kernel_op(transpose_kind t) noexcept {
  return t == transpose_kind::no_transpose ? kernels::triangular_op::none
         : t == transpose_kind::transpose  ? kernels::triangular_op::transpose
                                           : kernels::triangular_op::adjoint;
}

}  // namespace detail

template <triangular_solve_options O, class A, class B>
struct triangular_solve_node
    : binary_producer<triangular_solve_node<O, A, B>, A, B, typename B::value_type, B::rank> {
  static constexpr bool is_expression = true;
  static constexpr bool produces = true;
  using value_type = typename B::value_type;
  static constexpr shape_spec spec = logical_spec(primitive_type_of<value_type>, B::spec.dimensions);
  using lane_type = std::conditional_t<simd::has_vec<value_type>, value_type, void>;
  static constexpr std::size_t rank = B::rank;
  using scratch_op = triangular_solve_op;

  A lhs;  // a
  B rhs;  // b

 private:
  static constexpr index_t m = A::spec.dimensions[rank - 1];
  // The other dimension of b: its columns (left side) or rows.
  static constexpr index_t n = B::spec.dimensions[O.left_side ? rank - 1 : rank - 2];
  static constexpr index_t count = spec.element_count();
  static constexpr index_t batch = count == 0 ? 0 : count / (m * n);
  static constexpr shape_spec a_spec = logical_spec(primitive_type_of<value_type>, A::spec.dimensions);
  static constexpr bool a_in_place = detail::reads_dense_row_major<A, value_type>();
  static constexpr std::size_t a_bytes =
      count == 0 || a_in_place ? 0 : detail::temporary_bytes<a_spec> + detail::evaluate_scratch<tensor_view<a_spec>, A>;
  template <class D>
  static constexpr bool direct = std::is_same_v<typename D::value_type, value_type> && detail::dense_row_major<D>();
  static constexpr std::size_t copy_bytes = detail::evaluate_scratch<tensor_view<spec>, B>;
  static constexpr std::size_t work_elements = kernels::triangular_solve_workspace<value_type>(m, n, O.left_side);
  static constexpr std::size_t work_bytes = scratch_round(work_elements * sizeof(value_type));

  // b read from b_in (a dense row-major operand) when the batch kernels can write the
  // result elsewhere: no copy of b into the result first.
  static constexpr bool b_in_place = detail::reads_dense_row_major<B, value_type>() && work_elements == 0;

  // The solutions of b into x (x may be b): small systems across vector lanes or in step
  // (kernels/triangular_batch.hpp), large ones one by one (blocked on the GEMM engine).
  static void solve_all(const value_type* a, const value_type* b, value_type* x, detail::arena& ws) noexcept {
    constexpr kernels::triangular_op op = detail::kernel_op(O.transpose_a);
    if constexpr (work_elements == 0) {
      kernels::solve_across<m, n, O.left_side, O.lower, O.unit_diagonal, op>(a, b, x, batch);
    } else {
      value_type* work = ws.take<value_type>(work_elements);
      for (index_t k = 0; k < batch; ++k, a += m * m, x += m * n)
        kernels::triangular_solve(a, x, m, n, O.left_side, O.lower, O.unit_diagonal, op, work);
    }
  }

 public:
  // Scratch bytes produce() takes for a destination of shape type D (expr/scratch.hpp).
  template <class D>
  static constexpr std::size_t scratch = [] {
    if constexpr (count == 0) {
      return std::size_t{0};
    } else if constexpr (direct<D>) {
      return a_bytes + detail::max_of(copy_bytes, work_bytes);
    } else {
      using back = decltype(as_operand(std::declval<const tensor_view<spec>&>()));
      return a_bytes + detail::temporary_bytes<spec> +
             detail::max_of(copy_bytes, work_bytes, detail::evaluate_scratch<tensor_view<D::spec>, back>);
    }
  }();

  // One element: its column of x (row, for the right side) solved on the stack.
  value_type at(const multi_index<rank>& i) const noexcept {
    if constexpr (static_cast<std::size_t>(m) * sizeof(value_type) > detail::linalg_at_bytes) {
      return detail::linalg_nan<value_type>();
    } else {
      constexpr index_t along = O.left_side ? rank - 2 : rank - 1;  // b's dimension of size m
      value_type v[m == 0 ? 1 : m];
      multi_index<rank> j = i;
      for (index_t q = 0; q < m; ++q) {
        j[along] = q;
        v[q] = rhs.at(j);
      }
      const kernels::strided_matrix<value_type> x{v, 1, 1};
      // Left: op(a) x = b column by column. Right: x op(a) = b is op(a)^T x^T = b^T.
      constexpr bool t = O.transpose_a != transpose_kind::no_transpose;
      constexpr bool c = O.transpose_a == transpose_kind::adjoint;
      constexpr bool transposed = O.left_side == t;  // the view of a that the kernel solves with
      const detail::expression_matrix<A, rank, transposed, c> a{&lhs, i};
      kernels::solve_left(a, x, m, 1, transposed ? !O.lower : O.lower, O.unit_diagonal);
      return v[i[along]];
    }
  }

  template <class Dst, class Finish>
  void produce(Dst& dst, Finish&& finish, detail::arena& ws) const {
    using D = typename Dst::shape_type;
    if constexpr (count > 0) {
      const detail::arena_scope scope(ws);
      const value_type* a = nullptr;
      if constexpr (a_in_place) {
        a = lhs.data();
      } else {
        auto tmp = detail::take_temporary<a_spec>(ws);
        evaluate(tmp, lhs, ws);
        a = tmp.data();
      }
      if constexpr (direct<D> && b_in_place) {
        solve_all(a, rhs.data(), dst.data(), ws);
      } else if constexpr (direct<D>) {
        evaluate(dst, rhs, ws);
        solve_all(a, dst.data(), dst.data(), ws);
      } else {
        auto tmp = detail::take_temporary<spec>(ws);
        evaluate(tmp, rhs, ws);
        solve_all(a, tmp.data(), tmp.data(), ws);
        evaluate(dst, as_operand(tmp), ws);
      }
      detail::finish_every_row<rank>(spec.dimensions, finish);
    }
  }
};

// TriangularSolve(a, b, ...): see the top.
template <triangular_solve_options O, operand XA, operand XB>
constexpr auto triangular_solve(XA&& a, XB&& b) {
  auto ea = as_operand(static_cast<XA&&>(a));
  auto eb = as_operand(static_cast<XB&&>(b));
  using A = decltype(ea);
  using B = decltype(eb);
  if constexpr (detail::triangular_solve_check<O, A, B>() != detail::triangular_solve_error::none) {
    detail::report_triangular_solve<O, A, B>();
    return eb;
  } else if constexpr (is_small_float_v<typename B::value_type>) {
    // f16 and bf16: solved in f32 and rounded once, as XLA's dot sums these types in f32
    // (the operands' conversions are evaluated into the f32 node's temporaries).
    return convert<typename B::value_type>(triangular_solve<O>(convert<float>(ea), convert<float>(eb)));
  } else {
    return triangular_solve_node<O, A, B>{{}, ea, eb};
  }
}

}  // namespace sxla

#endif  // SXLA_LINALG_TRIANGULAR_SOLVE_HPP
