// Moved to zobrist_verify/keys/key_scheme.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/keys/key_scheme.h"
