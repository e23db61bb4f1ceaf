// Compile-fail: get_tuple_element of an array (only tuples have elements).
// expect-error-gcc: sxla: get_tuple_element: f32[10] is not a tuple
// expect-error-clang: sxla::diagnostic<sxla::hlo::get_tuple_element, sxla::hlo::f32[10]>::values<>
// expect-error-clang: sxla: {}: {} is not a tuple
#include <sxla/sxla.hpp>

sxla::tensor<"f32[10]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::get_tuple_element<0>(sxla::tuple(v));
#else
auto e = sxla::get_tuple_element<0>(v);
#endif
