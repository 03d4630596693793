// Moved to zobrist_verify/uttt/uttt.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/uttt/uttt.h"
