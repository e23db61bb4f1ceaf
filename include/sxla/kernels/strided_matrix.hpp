// sxla/kernels/strided_matrix.hpp: the kernels' view of one matrix in memory, element
// (i, j) at p[i * rs + j * cs] for any strides (row-major, column-major, a transpose, a
// batch's slice). A Conj view of a complex matrix reads and writes the conjugate of what
// is stored, so that an adjoint is a view too (swapped strides, Conj). S may be const
// (read-only views: set() is then not available).
#ifndef SXLA_KERNELS_STRIDED_MATRIX_HPP
#define SXLA_KERNELS_STRIDED_MATRIX_HPP

#include <complex>
#include <type_traits>

#include "sxla/core/element_type.hpp"  // is_complex_v
#include "sxla/core/index.hpp"         // index_t

namespace sxla::kernels {

template <class S, bool Conj = false>
struct strided_matrix {
  using value_type = std::remove_const_t<S>;
  static constexpr bool conjugated = Conj && is_complex_v<value_type>;
  S* p;
  index_t rs;
  index_t cs;

  constexpr value_type get(index_t i, index_t j) const noexcept {
    const value_type v = p[i * rs + j * cs];
    if constexpr (conjugated) {
      return std::conj(v);
    } else {
      return v;
    }
  }
  constexpr void set(index_t i, index_t j, value_type v) const noexcept
    requires(!std::is_const_v<S>)
  {
    if constexpr (conjugated) {
      p[i * rs + j * cs] = std::conj(v);
    } else {
      p[i * rs + j * cs] = v;
    }
  }
  // The transpose and the adjoint (conjugate transpose), as views.
  constexpr strided_matrix<S, Conj> transposed() const noexcept { return {p, cs, rs}; }
  constexpr strided_matrix<S, !Conj> adjoint() const noexcept { return {p, cs, rs}; }
};

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_STRIDED_MATRIX_HPP
