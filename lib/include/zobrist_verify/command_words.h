// Moved to zobrist_verify/doors/command_words.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/doors/command_words.h"
