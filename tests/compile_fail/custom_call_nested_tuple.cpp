// Compile-fail: custom_call with a nested tuple shape.
// expect-error: sxla: malformed tuple shape string: tuples do not nest here
#include <sxla/sxla.hpp>

extern "C" void nested_tuple_target(void*, void**) {}
#ifdef SXLA_CONTROL
auto r = sxla::custom_call<"(f32[2], s32[])">(&nested_tuple_target);
#else
auto r = sxla::custom_call<"((f32[2]), s32[])">(&nested_tuple_target);
#endif
