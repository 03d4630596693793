// Findings counted over a property's whole run, reported as warnings when the property passes.
#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

namespace {

thread_local Findings* current_findings = nullptr;

}  // namespace

void Findings::count(const FindingKind& kind, bool found, const std::string& fen, int pieces) {
  Tally* tally = nullptr;
  for (Tally& t : tallies_)
    if (t.kind == &kind) tally = &t;
  if (!tally) {
    tally = &tallies_.emplace_back();
    tally->kind = &kind;
  }
  ++tally->checked;
  if (!found) return;
  // The example is the simplest position found: the fewest pieces, then the first.
  if (tally->found++ == 0 || pieces < tally->example_pieces) {
    tally->example = fen;
    tally->example_pieces = pieces;
  }
}

std::vector<std::string> Findings::warnings() const {
  std::vector<std::string> out;
  for (const Tally& t : tallies_) {
    if (t.found == 0) continue;
    const std::string checked = std::to_string(t.checked);
    const std::string where =
        t.found == t.checked ? std::string(" in every ") + t.kind->positions +
                                   " position checked (" + checked + " of " + checked + ", e.g. "
                             : " in " + std::to_string(t.found) + " of " + checked + " " +
                                   t.kind->positions + " positions checked (e.g. ";
    out.push_back(t.kind->subject + where + t.example + "); " + t.kind->harm);
  }
  return out;
}

FindingsScope::FindingsScope(Findings& findings) : previous_(current_findings) {
  current_findings = &findings;
}

FindingsScope::~FindingsScope() {
  current_findings = previous_;
}

void count_finding(const FindingKind& kind, bool found, const std::string& fen, int pieces) {
  if (current_findings) current_findings->count(kind, found, fen, pieces);
}

}  // namespace zobrist_verify::properties
