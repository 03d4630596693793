// Moved to zobrist_verify/doors/polyglot_book.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/doors/polyglot_book.h"
