// The counting allocator of tests/alloc (see counting.hpp): every replaceable global
// operator new counts one allocation and takes its memory from the C library; the C
// allocation functions are wrapped by the linker (-Wl,--wrap=malloc,...) so that calls
// from this executable's own objects (sxla is header-only: all of its code is here) are
// counted too.
#include "alloc/counting.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> count{0};
}  // namespace

std::size_t sxla_test::allocation_count() noexcept { return count.load(std::memory_order_relaxed); }

extern "C" {
void* __real_malloc(std::size_t);
void* __real_calloc(std::size_t, std::size_t);
void* __real_realloc(void*, std::size_t);
void* __real_aligned_alloc(std::size_t, std::size_t);
int __real_posix_memalign(void**, std::size_t, std::size_t);

void* __wrap_malloc(std::size_t n) {
  count.fetch_add(1, std::memory_order_relaxed);
  return __real_malloc(n);
}
void* __wrap_calloc(std::size_t n, std::size_t size) {
  count.fetch_add(1, std::memory_order_relaxed);
  return __real_calloc(n, size);
}
void* __wrap_realloc(void* p, std::size_t n) {
  count.fetch_add(1, std::memory_order_relaxed);
  return __real_realloc(p, n);
}
void* __wrap_aligned_alloc(std::size_t align, std::size_t n) {
  count.fetch_add(1, std::memory_order_relaxed);
  return __real_aligned_alloc(align, n);
}
int __wrap_posix_memalign(void** p, std::size_t align, std::size_t n) {
  count.fetch_add(1, std::memory_order_relaxed);
  return __real_posix_memalign(p, align, n);
}
}

namespace {
// One counted allocation of n bytes aligned to align (0: the default), from the C library.
void* allocate(std::size_t n, std::size_t align) {
  count.fetch_add(1, std::memory_order_relaxed);
  void* p = nullptr;
  if (align <= alignof(std::max_align_t)) {
    p = __real_malloc(n == 0 ? 1 : n);
  } else if (__real_posix_memalign(&p, align, n == 0 ? 1 : n) != 0) {
    p = nullptr;
  }
  if (p == nullptr) std::abort();
  return p;
}
}  // namespace

void* operator new(std::size_t n) { return allocate(n, 0); }
void* operator new[](std::size_t n) { return allocate(n, 0); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return allocate(n, 0); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return allocate(n, 0); }
void* operator new(std::size_t n, std::align_val_t a) { return allocate(n, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return allocate(n, static_cast<std::size_t>(a)); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
