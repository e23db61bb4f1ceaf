// sxla/core/diagnostics.hpp: types that exist only to be read in compiler messages.
// hlo<'f','3','2','[','2',']'> spells a shape string as a character pack, which g++ 12
// and clang++ 14 both print legibly (a string template argument prints as character
// codes in clang 14). Rules that reject a shape are function templates taking these
// types, so that both compilers name the shapes in the instantiation note.
#ifndef SXLA_CORE_DIAGNOSTICS_HPP
#define SXLA_CORE_DIAGNOSTICS_HPP

namespace sxla {

// A shape string, for diagnostics only (see shape_display_t in shape/print.hpp).
template <char... Text>
struct hlo {};

}  // namespace sxla

#endif  // SXLA_CORE_DIAGNOSTICS_HPP
