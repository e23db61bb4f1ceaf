// sxla/sxla.hpp: the whole library. Includes every public header and nothing else.
#ifndef SXLA_SXLA_HPP
#define SXLA_SXLA_HPP

#include "sxla/config.hpp"
#include "sxla/version.hpp"

#include "sxla/core/diagnostics.hpp"
#include "sxla/core/element_type.hpp"
#include "sxla/core/float16.hpp"
#include "sxla/core/index.hpp"
#include "sxla/core/small_vector.hpp"
#include "sxla/core/static_string.hpp"

#include "sxla/shape/broadcast_rules.hpp"
#include "sxla/shape/grammar.hpp"
#include "sxla/shape/layout.hpp"
#include "sxla/shape/layout_map.hpp"
#include "sxla/shape/parse.hpp"
#include "sxla/shape/print.hpp"
#include "sxla/shape/shape.hpp"
#include "sxla/shape/shape_error.hpp"
#include "sxla/shape/shape_spec.hpp"
#include "sxla/shape/static_layout_map.hpp"
#include "sxla/shape/tile.hpp"
#include "sxla/shape/validate.hpp"

#include "sxla/tensor/literal_io.hpp"
#include "sxla/tensor/storage_array.hpp"
#include "sxla/tensor/tensor.hpp"
#include "sxla/tensor/view.hpp"

#include "sxla/expr/assign.hpp"
#include "sxla/expr/broadcast_node.hpp"
#include "sxla/expr/elementwise_node.hpp"
#include "sxla/expr/executor.hpp"
#include "sxla/expr/expression.hpp"
#include "sxla/expr/leaf.hpp"
#include "sxla/expr/line.hpp"
#include "sxla/expr/make_elementwise.hpp"

#include "sxla/ops/arithmetic.hpp"
#include "sxla/ops/bitwise.hpp"
#include "sxla/ops/broadcast.hpp"
#include "sxla/ops/compare.hpp"
#include "sxla/ops/complex.hpp"
#include "sxla/ops/iota.hpp"
#include "sxla/ops/map.hpp"
#include "sxla/ops/math.hpp"
#include "sxla/ops/operators.hpp"
#include "sxla/ops/select.hpp"
#include "sxla/ops/transpose.hpp"
#include "sxla/ops/unary.hpp"

#include "sxla/simd/backend.hpp"
#include "sxla/simd/highway.hpp"
#include "sxla/simd/math.hpp"
#include "sxla/simd/scalar.hpp"
#include "sxla/simd/vec.hpp"
#include "sxla/simd/xsimd.hpp"

#endif  // SXLA_SXLA_HPP
