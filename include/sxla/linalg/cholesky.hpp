// sxla/linalg/cholesky.hpp: Cholesky(a, lower), the Cholesky factor of each matrix of a
// batch of Hermitian positive definite matrices:
//
//   x::cholesky<x::lower>(a)    f32[..., M, M] -> l, lower triangular, l l^H = a
//   x::cholesky<x::upper>(a)    u, upper triangular, u^H u = a
//
// Only the named triangle of a is read (the diagonal's imaginary part is ignored); the
// other triangle of the result is zero (XLA leaves it implementation-defined). Element
// types f32, f64, c64, c128 (Hermitian for complex: a = l l^H). A matrix that is not
// positive definite gives NaN from its first non-positive pivot on (that pivot and every
// entry computed from it), as XLA does: never a crash, an exception or UB.
//
// The node is a producer (expr/producer.hpp): the operand is copied into the result's
// memory (a temporary when the destination is not a dense row-major tensor of the
// element type) and each matrix factored there in place: below 128 rows across vector
// lanes, one matrix per lane (kernels::cholesky_across), from 128 rows one by one,
// blocked on the GEMM engine (kernels::cholesky);
// elementwise work on top fuses into the writing. Read element by element (under a
// transpose, a slice...), each element read factors its matrix on the stack, O(M^3) per
// element: matrices of up to 32 KiB (detail::linalg_at_bytes); larger ones read NaN that
// way (evaluate the factor into a tensor first: x::transpose of a tensor is free). Scratch: the temporaries above, a compile-time number (
// x::workspace_bytes). Threads: none. Misuse (rank below 2, a non-square matrix, an
// element type other than the four) is a compile error naming cholesky and the shape.
#ifndef SXLA_LINALG_CHOLESKY_HPP
#define SXLA_LINALG_CHOLESKY_HPP

#include <cstddef>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"         // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"        // primitive_type_of
#include "sxla/core/index.hpp"               // index_t, multi_index
#include "sxla/core/minmax.hpp"              // detail::max_of, detail::min_of
#include "sxla/core/workspace.hpp"           // detail::arena, detail::arena_scope, scratch_round
#include "sxla/expr/executor.hpp"            // evaluate, detail::evaluate_scratch
#include "sxla/expr/expression.hpp"          // logical_spec
#include "sxla/expr/leaf.hpp"                // as_operand, operand
#include "sxla/expr/producer.hpp"            // unary_producer
#include "sxla/expr/scratch.hpp"             // detail::take_temporary, detail::temporary_bytes, detail::dense_row_major
#include "sxla/kernels/triangular.hpp"       // kernels::cholesky, kernels::cholesky_workspace
#include "sxla/kernels/triangular_batch.hpp" // kernels::cholesky_across
#include "sxla/linalg/matrix_batch.hpp"      // detail::linalg_element, detail::expression_matrix, detail::linalg_nan
#include "sxla/ops/reduction.hpp"            // detail::finish_every_row
#include "sxla/shape/print.hpp"              // diagnostic_display of shapes
#include "sxla/tensor/view.hpp"              // tensor_view

namespace sxla {

// Which triangle a factorisation reads and writes.
enum class triangle { lower, upper };
inline constexpr triangle lower = triangle::lower;
inline constexpr triangle upper = triangle::upper;

// The op's name in compile errors, and where its scratch memory does not fit.
namespace hlo {
struct cholesky;
}  // namespace hlo
struct cholesky_op {
  using name = hlo::cholesky;
};

namespace detail {

enum class cholesky_error { none, type, rank, square };

template <class E>
constexpr cholesky_error cholesky_check() noexcept {
  if (!linalg_element<typename E::value_type>) return cholesky_error::type;
  if (E::rank < 2) return cholesky_error::rank;
  if (E::spec.dimensions[E::rank - 1] != E::spec.dimensions[E::rank - 2]) return cholesky_error::square;
  return cholesky_error::none;
}

template <class E>
void report_cholesky() {
  constexpr cholesky_error e = cholesky_check<E>();
  if constexpr (e == cholesky_error::type) {
    SXLA_DIAGNOSE(hlo::cholesky, "{}: the element type must be f32, f64, c64 or c128", (E), ());
  } else if constexpr (e == cholesky_error::rank) {
    SXLA_DIAGNOSE(hlo::cholesky, "{}: the operand must be a batch of matrices [..., M, M] (rank 2 or more)", (E), ());
  } else if constexpr (e == cholesky_error::square) {
    SXLA_DIAGNOSE(hlo::cholesky, "{}: the matrices must be square (the last two dimensions equal)", (E), ());
  }
}

// Zero the triangle of the row-major n x n matrix at p that a factor does not hold.
template <bool Upper, class T>
void zero_other_triangle(T* p, index_t n) noexcept {
  for (index_t i = 0; i < n; ++i) {
    if constexpr (Upper) {
      for (index_t j = 0; j < i; ++j) p[i * n + j] = T{};
    } else {
      for (index_t j = i + 1; j < n; ++j) p[i * n + j] = T{};
    }
  }
}

}  // namespace detail

template <triangle Tri, class Op>
struct cholesky_node : unary_producer<cholesky_node<Tri, Op>, Op, typename Op::value_type, Op::rank> {
  static constexpr bool is_expression = true;
  static constexpr bool produces = true;
  using value_type = typename Op::value_type;
  static constexpr shape_spec spec = logical_spec(primitive_type_of<value_type>, Op::spec.dimensions);
  using lane_type = std::conditional_t<simd::has_vec<value_type>, value_type, void>;
  static constexpr std::size_t rank = Op::rank;
  using scratch_op = cholesky_op;

  Op operand;

 private:
  static constexpr bool upper = Tri == triangle::upper;
  static constexpr index_t n = Op::spec.dimensions[rank - 1];
  static constexpr index_t count = spec.element_count();
  static constexpr index_t batch = count == 0 ? 0 : count / (n * n);
  template <class D>
  static constexpr bool direct = std::is_same_v<typename D::value_type, value_type> && detail::dense_row_major<D>();
  static constexpr std::size_t copy_bytes = detail::evaluate_scratch<tensor_view<spec>, Op>;
  static constexpr std::size_t work_elements = kernels::cholesky_workspace<value_type>(n);
  static constexpr std::size_t work_bytes = scratch_round(work_elements * sizeof(value_type));

  // Small matrices across vector lanes (kernels/triangular_batch.hpp), large ones one by
  // one (blocked on the GEMM engine).
  static void factor_all(value_type* p, detail::arena& ws) noexcept {
    if constexpr (work_elements == 0) {
      kernels::cholesky_across<n, upper>(p, batch);
    } else {
      value_type* work = ws.take<value_type>(work_elements);
      for (index_t b = 0; b < batch; ++b) kernels::cholesky<upper>(p + b * n * n, n, work);
    }
    for (index_t b = 0; b < batch; ++b) detail::zero_other_triangle<upper>(p + b * n * n, n);
  }

 public:
  // Scratch bytes produce() takes for a destination of shape type D (expr/scratch.hpp).
  template <class D>
  static constexpr std::size_t scratch = [] {
    if constexpr (count == 0) {
      return std::size_t{0};
    } else if constexpr (direct<D>) {
      return detail::max_of(copy_bytes, work_bytes);
    } else {
      using back = decltype(as_operand(std::declval<const tensor_view<spec>&>()));
      return detail::temporary_bytes<spec> +
             detail::max_of(copy_bytes, work_bytes, detail::evaluate_scratch<tensor_view<D::spec>, back>);
    }
  }();

  // One element: its matrix factored on the stack (see the top).
  value_type at(const multi_index<rank>& i) const noexcept {
    if constexpr (static_cast<std::size_t>(n * n) * sizeof(value_type) > detail::linalg_at_bytes) {
      return detail::linalg_nan<value_type>();
    } else {
      const index_t r = i[rank - 2], c = i[rank - 1];
      if (upper ? r > c : c > r) return value_type{};
      value_type m[n == 0 ? 1 : n * n];
      const detail::expression_matrix<Op, rank, false, false> a{&operand, i};
      for (index_t p = 0; p < n; ++p)
        for (index_t q = upper ? p : 0; q < (upper ? n : p + 1); ++q) m[p * n + q] = a.get(p, q);
      kernels::cholesky<upper>(m, n);
      return m[r * n + c];
    }
  }

  template <class Dst, class Finish>
  void produce(Dst& dst, Finish&& finish, detail::arena& ws) const {
    using D = typename Dst::shape_type;
    if constexpr (count > 0) {
      const detail::arena_scope scope(ws);
      if constexpr (direct<D>) {
        evaluate(dst, operand, ws);
        factor_all(dst.data(), ws);
      } else {
        auto tmp = detail::take_temporary<spec>(ws);
        evaluate(tmp, operand, ws);
        factor_all(tmp.data(), ws);
        evaluate(dst, as_operand(tmp), ws);
      }
      detail::finish_every_row<rank>(spec.dimensions, finish);
    }
  }
};

// Cholesky(a, lower): the factor of each matrix of a [..., M, M] (see the top).
template <triangle Tri, operand X>
constexpr auto cholesky(X&& x) {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  if constexpr (detail::cholesky_check<E>() != detail::cholesky_error::none) {
    detail::report_cholesky<E>();
    return e;
  } else {
    return cholesky_node<Tri, E>{{}, e};
  }
}

}  // namespace sxla

#endif  // SXLA_LINALG_CHOLESKY_HPP
