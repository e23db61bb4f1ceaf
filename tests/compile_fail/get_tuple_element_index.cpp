// Compile-fail: get_tuple_element<2> of a tuple of two elements.
// expect-error-gcc: sxla: get_tuple_element: (f32[10], s32[]) has 2 elements: there is no element 2
// expect-error-clang: sxla::diagnostic<sxla::hlo::get_tuple_element, sxla::hlo::tuple_shape<sxla::hlo::f32[10], sxla::hlo::s32>>::values<2, 2>
// expect-error-clang: sxla: {}: {} has {} elements: there is no element {}
#include <sxla/sxla.hpp>

auto t = sxla::tuple(sxla::tensor<"f32[10]">{}, 5);
#ifdef SXLA_CONTROL
auto e = sxla::get_tuple_element<1>(t);
#else
auto e = sxla::get_tuple_element<2>(t);
#endif
