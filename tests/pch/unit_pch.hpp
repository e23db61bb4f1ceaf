// The precompiled header of the unit test executables (tests/meson.build):
// the whole library and doctest, parsed once per executable instead of once per file.
// Files that set an SXLA_* configuration macro before their includes are built without
// it (unit_<layer>_own), except SXLA_ALLOW_HEAP, with which the ops layer's executable
// (and so its header) is built.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>
