// Moved to zobrist_verify/doors/uci_engine.h; this path forwards there for one release (docs/package.md).
#pragma once

#include "zobrist_verify/doors/uci_engine.h"
