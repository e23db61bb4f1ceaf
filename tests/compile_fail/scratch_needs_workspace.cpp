// Compile-fail: a product whose scratch memory (532,480 bytes of packing) exceeds
// SXLA_STACK_TEMPORARY_BYTES, in a build without SXLA_ALLOW_HEAP and without a workspace.
// expect-error: more than SXLA_STACK_TEMPORARY_BYTES
// expect-error: pass a workspace
// (The bytes depend on the target's vectors: 532480 with AVX-512.)
// expect-error-gcc: sxla: dot_general: this evaluation needs
// expect-error-gcc: bytes of scratch memory, more than SXLA_STACK_TEMPORARY_BYTES (65536)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot_general>::values<
// expect-error-clang: sxla: {}: this evaluation needs {} bytes of scratch memory
#include <sxla/sxla.hpp>

sxla::tensor<"f32[256,256]"> a, b, c;
#ifdef SXLA_CONTROL
sxla::workspace_for<decltype(sxla::dot(a, b)), decltype(sxla::noalias(c))> ws;
void f() { sxla::noalias(c).using_workspace(ws) = sxla::dot(a, b); }
#else
void f() { sxla::noalias(c) = sxla::dot(a, b); }
#endif
