// Moved to zobrist_verify/analysis/collision_study.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/analysis/collision_study.h"
