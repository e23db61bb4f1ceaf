// sxla/version.hpp: the library's version numbers (kept in step with meson.build).
#ifndef SXLA_VERSION_HPP
#define SXLA_VERSION_HPP

namespace sxla {
inline constexpr int version_major = 0;
inline constexpr int version_minor = 1;
inline constexpr int version_patch = 0;
}  // namespace sxla

#endif  // SXLA_VERSION_HPP
