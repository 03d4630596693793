// Moved to zobrist_verify/go/go_study.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/go/go_study.h"
