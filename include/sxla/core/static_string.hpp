// sxla/core/static_string.hpp: static_string<N>, a fixed-capacity string for constexpr
// text (shape strings, messages) with no heap. Appends past the capacity are dropped
// and remembered in truncated().
#ifndef SXLA_CORE_STATIC_STRING_HPP
#define SXLA_CORE_STATIC_STRING_HPP

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sxla {

template <std::size_t Capacity>
class static_string {
 public:
  constexpr static_string() noexcept = default;
  constexpr static_string(std::string_view s) noexcept { append(s); }  // NOLINT: implicit

  static constexpr std::size_t capacity() noexcept { return Capacity; }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr bool truncated() const noexcept { return truncated_; }
  constexpr const char* data() const noexcept { return buf_; }
  constexpr const char* c_str() const noexcept { return buf_; }
  constexpr std::string_view view() const noexcept { return {buf_, size_}; }
  constexpr operator std::string_view() const noexcept { return view(); }  // NOLINT: implicit
  constexpr char operator[](std::size_t i) const noexcept { return buf_[i]; }
  constexpr const char* begin() const noexcept { return buf_; }
  constexpr const char* end() const noexcept { return buf_ + size_; }

  constexpr static_string& append(char c) noexcept {
    if (size_ < Capacity) {
      buf_[size_++] = c;
      buf_[size_] = '\0';
    } else {
      truncated_ = true;
    }
    return *this;
  }
  constexpr static_string& append(std::string_view s) noexcept {
    for (char c : s) append(c);
    return *this;
  }
  // Appends the decimal digits of v.
  constexpr static_string& append_integer(std::int64_t v) noexcept {
    char digits[20] = {};
    int n = 0;
    // Work with the negative value so that INT64_MIN needs no special case.
    std::int64_t x = v < 0 ? v : -v;
    do {
      digits[n++] = static_cast<char>('0' - x % 10);
      x /= 10;
    } while (x != 0);
    if (v < 0) append('-');
    while (n > 0) append(digits[--n]);
    return *this;
  }

  // Writes to any stream that takes a string_view (std::ostream among them), without
  // making this header include <ostream>.
  template <class Stream>
    requires requires(Stream& os, std::string_view v) { os << v; }
  friend Stream& operator<<(Stream& os, const static_string& s) {
    os << s.view();
    return os;
  }

  friend constexpr bool operator==(const static_string& a, std::string_view b) noexcept {
    return a.view() == b;
  }
  template <std::size_t M>
  friend constexpr bool operator==(const static_string& a, const static_string<M>& b) noexcept {
    return a.view() == b.view();
  }

 private:
  char buf_[Capacity + 1] = {};
  std::size_t size_ = 0;
  bool truncated_ = false;
};

}  // namespace sxla

#endif  // SXLA_CORE_STATIC_STRING_HPP
