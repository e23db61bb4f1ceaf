// sxla/core/small_vector.hpp: small_vector<T, N>, a fixed-capacity vector that is a
// structural type (usable inside class-type template arguments such as shape_spec) and
// fully constexpr. Unused slots are always value-initialised, so two vectors with the
// same elements compare equal member-wise and name the same template instance.
#ifndef SXLA_CORE_SMALL_VECTOR_HPP
#define SXLA_CORE_SMALL_VECTOR_HPP

#include <cstddef>
#include <initializer_list>
#include <type_traits>

namespace sxla {

namespace detail {
// Not constexpr: reaching it during constant evaluation is a compile error that names it.
inline void small_vector_capacity_exceeded() noexcept {}
}  // namespace detail

template <class T, std::size_t Capacity>
struct small_vector {
  static_assert(Capacity > 0, "small_vector: capacity must be positive");

  // Public so that the type is structural; use the member functions.
  T elems[Capacity]{};
  std::size_t count = 0;

  constexpr small_vector() noexcept = default;
  // Precondition: il.size() <= Capacity (in a constant expression, a larger list is a
  // compile error; at run time the surplus is dropped).
  constexpr small_vector(std::initializer_list<T> il) noexcept {
    for (const T& v : il) {
      if (!push_back(v) && std::is_constant_evaluated()) detail::small_vector_capacity_exceeded();
    }
  }

  static constexpr std::size_t capacity() noexcept { return Capacity; }
  constexpr std::size_t size() const noexcept { return count; }
  constexpr bool empty() const noexcept { return count == 0; }
  constexpr bool full() const noexcept { return count == Capacity; }

  constexpr T& operator[](std::size_t i) noexcept { return elems[i]; }
  constexpr const T& operator[](std::size_t i) const noexcept { return elems[i]; }
  constexpr T* data() noexcept { return elems; }
  constexpr const T* data() const noexcept { return elems; }
  constexpr T* begin() noexcept { return elems; }
  constexpr T* end() noexcept { return elems + count; }
  constexpr const T* begin() const noexcept { return elems; }
  constexpr const T* end() const noexcept { return elems + count; }
  constexpr T& front() noexcept { return elems[0]; }
  constexpr const T& front() const noexcept { return elems[0]; }
  constexpr T& back() noexcept { return elems[count - 1]; }
  constexpr const T& back() const noexcept { return elems[count - 1]; }

  // Appends v; returns false (and changes nothing) when full.
  constexpr bool push_back(const T& v) noexcept {
    if (count == Capacity) return false;
    elems[count++] = v;
    return true;
  }
  constexpr void pop_back() noexcept {
    if (count > 0) elems[--count] = T{};
  }
  // Removes the element at position i (< size()), shifting the rest down.
  constexpr void erase(std::size_t i) noexcept {
    for (std::size_t j = i; j + 1 < count; ++j) elems[j] = elems[j + 1];
    pop_back();
  }
  constexpr void clear() noexcept {
    while (count > 0) pop_back();
  }

  friend constexpr bool operator==(const small_vector&, const small_vector&) = default;
};

}  // namespace sxla

#endif  // SXLA_CORE_SMALL_VECTOR_HPP
