/* The plugin C ABI of lib's doors area, kept at its permanent path zobrist_verify/plugin.h (which
 * plugins include); this path includes it, so that plugins that name it build unchanged. */
#ifndef ZOBRIST_VERIFY_DOORS_PLUGIN_H
#define ZOBRIST_VERIFY_DOORS_PLUGIN_H
#include "zobrist_verify/plugin.h"
#endif
