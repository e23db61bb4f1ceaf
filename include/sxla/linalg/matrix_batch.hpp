// sxla/linalg/matrix_batch.hpp: what the linear-algebra ops share: their element types
// (f32, f64, c64, c128), reading an expression's matrix element by element as a kernel's
// matrix accessor, and the bound on that reading.
#ifndef SXLA_LINALG_MATRIX_BATCH_HPP
#define SXLA_LINALG_MATRIX_BATCH_HPP

#include <complex>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "sxla/core/index.hpp"       // index_t, multi_index

namespace sxla::detail {

template <class T>
inline constexpr bool linalg_element =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, std::complex<float>> ||
    std::is_same_v<T, std::complex<double>>;

// The most stack (in bytes) a node's at() takes when the node is read element by element
// (under a transpose, a slice...): the factor or solution of one matrix is computed per
// element read. Beyond it at() reads NaN (linalg_nan): evaluate into a tensor first.
inline constexpr std::size_t linalg_at_bytes = 32 * 1024;

template <class T>
T linalg_nan() noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return std::numeric_limits<T>::quiet_NaN();
  } else {
    const auto q = std::numeric_limits<typename T::value_type>::quiet_NaN();
    return T(q, q);
  }
}

// Matrix (r, c) of e's batch at index i (its last two indices replaced), conjugated
// and/or transposed: a matrix accessor for the kernels (kernels/triangular.hpp).
template <class E, std::size_t Rank, bool Transposed, bool Conj>
struct expression_matrix {
  using value_type = typename E::value_type;
  const E* e;
  multi_index<Rank> i;
  value_type get(index_t r, index_t c) const noexcept {
    multi_index<Rank> j = i;
    j[Rank - 2] = Transposed ? c : r;
    j[Rank - 1] = Transposed ? r : c;
    const value_type v = e->at(j);
    if constexpr (Conj && !std::is_floating_point_v<value_type>) {
      return std::conj(v);
    } else {
      return v;
    }
  }
};

}  // namespace sxla::detail

#endif  // SXLA_LINALG_MATRIX_BATCH_HPP
