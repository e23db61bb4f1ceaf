// sxla/core/index.hpp: the integer type of dimension sizes, indices and storage offsets
// (XLA's int64), the static rank limit, the fixed-size multi-index type, and idx, the
// list of integers that ops take as template arguments.
#ifndef SXLA_CORE_INDEX_HPP
#define SXLA_CORE_INDEX_HPP

#include <array>
#include <cstddef>
#include <cstdint>

#include "sxla/config.hpp"             // SXLA_MAX_RANK
#include "sxla/core/small_vector.hpp"  // small_vector

namespace sxla {

// Dimension sizes, element indices and linear storage offsets (XLA uses int64).
using index_t = std::int64_t;

// The highest rank a shape may have (SXLA_MAX_RANK, default 8).
inline constexpr std::size_t max_rank = SXLA_MAX_RANK;

// A multi-index into an array of rank R, in logical dimension order.
template <std::size_t R>
using multi_index = std::array<index_t, R>;

// Up to max_rank integers as one template argument (a structural type):
// x::slice<x::idx{0, 1}, x::idx{2, 3}>(a).
using idx = small_vector<index_t, max_rank>;

}  // namespace sxla

#endif  // SXLA_CORE_INDEX_HPP
