// Moved to zobrist_verify/doors/divide_comparison.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/doors/divide_comparison.h"
