#include "zobrist_verify/mutants/mutants.h"

namespace zobrist_verify::properties {

namespace {

std::vector<MutantInfo> build_catalogue() {
  std::vector<MutantInfo> catalogue;
  for (const BugRow& row : bug_rows::Rows)
    catalogue.push_back({row.name, row.bug, row.scheme, row.en_passant_rule, row.description,
                         row.mirrors, row.witness_fen, row.witness_chess960, row.witness_moves,
                         row.expects_scheme});
  return catalogue;
}

}  // namespace

const std::vector<MutantInfo>& mutants() {
  static const std::vector<MutantInfo> catalogue = build_catalogue();
  return catalogue;
}

std::unique_ptr<HashUnderTest> make_mutant(const MutantInfo& mutant) {
  auto scheme = builtin_scheme(mutant.scheme);
  // The catalogue names only built-in schemes; mutants_test checks every entry.
  const KeyScheme& tables = scheme ? **scheme : polyglot_scheme();
  return std::make_unique<MutantHasher>("mutant:" + mutant.name, tables, mutant.en_passant_rule,
                                        mutant.bug);
}

std::unique_ptr<HashUnderTest> make_mutants(const std::vector<const MutantInfo*>& planted) {
  if (planted.empty()) return nullptr;
  std::string name;
  std::vector<Bug> bugs;
  for (const MutantInfo* m : planted) {
    name += (name.empty() ? "" : "+") + m->name;
    bugs.push_back(m->bug);
  }
  auto scheme = builtin_scheme(planted.front()->scheme);
  const KeyScheme& tables = scheme ? **scheme : polyglot_scheme();
  return std::make_unique<MutantHasher>("mutant:" + name, tables, planted.front()->en_passant_rule,
                                        bugs);
}

KeyScheme mutant_reference_scheme(const MutantInfo& mutant) {
  auto scheme = builtin_scheme(mutant.scheme);
  KeyScheme copy = scheme ? **scheme : polyglot_scheme();
  copy.en_passant_rule = mutant.en_passant_rule;
  return copy;
}

}  // namespace zobrist_verify::properties
