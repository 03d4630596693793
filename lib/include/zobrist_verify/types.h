// Moved to zobrist_verify/core/types.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/core/types.h"
