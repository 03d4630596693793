// Moved to zobrist_verify/chess/route.h (namespace zobrist_verify); this path forwards there for
// one release (docs/package.md).
#pragma once

#include "zobrist_verify/chess/route.h"

namespace zobrist_verify::properties {

using zobrist_verify::moves_text;
using zobrist_verify::Route;

}  // namespace zobrist_verify::properties
