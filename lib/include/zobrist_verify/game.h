// Moved to zobrist_verify/chess/game.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/chess/game.h"
