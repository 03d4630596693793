// Moved to zobrist_verify/doors/hash_under_test.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/doors/hash_under_test.h"
