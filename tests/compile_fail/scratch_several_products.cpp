// Compile-fail: two products under one elementwise expression (the first goes to a
// temporary of 262,144 bytes, then the second's packing), beyond
// SXLA_STACK_TEMPORARY_BYTES in a build without SXLA_ALLOW_HEAP and without a workspace:
// one error, naming the first product's op.
// expect-error: more than SXLA_STACK_TEMPORARY_BYTES
// expect-error: pass a workspace
// expect-error-gcc: sxla: dot_general: this evaluation needs
// expect-error-gcc: bytes of scratch memory, more than SXLA_STACK_TEMPORARY_BYTES (65536)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot_general>::values<
// expect-error-clang: sxla: {}: this evaluation needs {} bytes of scratch memory
#include <sxla/sxla.hpp>

sxla::tensor<"f32[256,256]"> a, b, c;
#ifdef SXLA_CONTROL
sxla::workspace_for<decltype(sxla::dot(a, b) + sxla::dot(b, a)), decltype(sxla::noalias(c))> ws;
void f() { sxla::noalias(c).using_workspace(ws) = sxla::dot(a, b) + sxla::dot(b, a); }
#else
void f() { sxla::noalias(c) = sxla::dot(a, b) + sxla::dot(b, a); }
#endif
