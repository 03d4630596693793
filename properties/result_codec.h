// PropertyResult to bytes and back: how a worker process hands its result to the parent.
#pragma once

#include <optional>
#include <string>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

std::string encode_result(const PropertyResult& result);
// Nothing when the bytes are not a whole encoded result (a worker that died while writing).
std::optional<PropertyResult> decode_result(const std::string& bytes);

}  // namespace zobrist_verify::properties
