// sxla/core/workspace.hpp: scratch memory. Every evaluation that needs scratch (a
// temporary, a matrix-multiply packing buffer) knows how many bytes at compile time, and
// takes them from one arena over one block: the caller's x::workspace, a stack array, or
// (only where the build allows it) one heap block. Nothing here knows an op.
//
//   x::workspace<x::workspace_bytes<E, D>> ws;     // the caller's memory, 64-byte aligned
//   x::noalias(c).using_workspace(ws) = e;         // (expr/assign.hpp)
//
// Blocks are handed out in stack order (a nested evaluation releases what it took), each
// rounded up to whole 64-byte lines, so a byte count computed at compile time with
// scratch_round() is exactly what the arena hands out.
#ifndef SXLA_CORE_WORKSPACE_HPP
#define SXLA_CORE_WORKSPACE_HPP

#include <cstddef>
#include <cstdlib>

namespace sxla {

// The alignment of every block an arena hands out: a cache line, and an AVX-512 vector.
inline constexpr std::size_t scratch_alignment = 64;

// n bytes rounded up to whole blocks of scratch_alignment.
constexpr std::size_t scratch_round(std::size_t n) noexcept {
  return (n + scratch_alignment - 1) / scratch_alignment * scratch_alignment;
}

// Scratch memory the caller owns: Bytes bytes, aligned to scratch_alignment. Where it
// lives (static storage, the heap, a linker section) is the caller's choice. Construction
// writes one byte of every 4 KiB page, so that the operating system maps the pages then
// and not during the first evaluation that uses them (a workspace in static storage or
// fresh from the heap is otherwise mapped page by page on first use); the contents are
// otherwise unspecified.
template <std::size_t Bytes>
struct workspace {
  static constexpr std::size_t size = Bytes;
  alignas(scratch_alignment) std::byte bytes[Bytes == 0 ? 1 : Bytes];

  workspace() noexcept {
    for (std::size_t i = 0; i < sizeof(bytes); i += 4096) bytes[i] = std::byte{0};
  }
  workspace(const workspace&) = delete;
  workspace& operator=(const workspace&) = delete;

  std::byte* data() noexcept { return bytes; }
};

template <class W>
inline constexpr bool is_workspace_v = false;
template <std::size_t N>
inline constexpr bool is_workspace_v<workspace<N>> = true;

// An x::workspace of any size.
template <class W>
concept workspace_object = is_workspace_v<W>;

namespace detail {

// Hands out blocks of [first, first + size) in stack order. The byte counts that sxla
// computes at compile time for an evaluation are the arena's exact high-water mark, so a
// block never runs past the end; high_water() reports the mark (the tests check it
// against the compile-time count).
class arena {
 public:
  constexpr arena() noexcept = default;
  arena(std::byte* first, std::size_t size) noexcept : next_(first), end_(first + size), high_(first), first_(first) {}

  // count elements of T in a new block (its size rounded up to scratch_alignment).
  template <class T>
  T* take(std::size_t count) noexcept {
    std::byte* p = next_;
    const std::size_t bytes = scratch_round(count * sizeof(T));
    // Cannot happen: the compile-time counts cover every block (a guard, not a path).
    if (bytes > static_cast<std::size_t>(end_ - next_)) std::abort();
    next_ += bytes;
    if (next_ > high_) high_ = next_;
    return reinterpret_cast<T*>(p);
  }

  // Where the next block starts; release(m) gives back every block taken since mark().
  std::byte* mark() const noexcept { return next_; }
  void release(std::byte* m) noexcept { next_ = m; }

  std::size_t high_water() const noexcept { return static_cast<std::size_t>(high_ - first_); }
  std::size_t capacity() const noexcept { return static_cast<std::size_t>(end_ - first_); }

  // An arena over the next `bytes` of this one (a thread's share), taken from it.
  arena split(std::size_t bytes) noexcept {
    std::byte* p = take<std::byte>(bytes);
    return arena(p, scratch_round(bytes));
  }

 private:
  std::byte* next_ = nullptr;
  std::byte* end_ = nullptr;
  std::byte* high_ = nullptr;
  std::byte* first_ = nullptr;
};

// Blocks taken inside a scope are given back at its end.
class arena_scope {
 public:
  explicit arena_scope(arena& a) noexcept : arena_(a), mark_(a.mark()) {}
  arena_scope(const arena_scope&) = delete;
  arena_scope& operator=(const arena_scope&) = delete;
  ~arena_scope() { arena_.release(mark_); }

 private:
  arena& arena_;
  std::byte* mark_;
};

}  // namespace detail

}  // namespace sxla

#endif  // SXLA_CORE_WORKSPACE_HPP
