// When a book holds no known start under the scheme asked for: the readings of its keys tried to
// name what its writer did (another built-in scheme, the turn key on the other side), and the
// honest answer when none fits (the walk cannot judge the keys).
#include <cctype>
#include <string>
#include <utility>

#include "book_walk.h"

namespace zobrist_verify {

namespace {

// One way a writer may have computed its keys.
struct Reading {
  KeyScheme scheme;
  std::string words;  // "Polyglot's with the turn key XORed for Black instead of White"
};

std::string owner_words(const KeyScheme& scheme) {
  if (scheme.name.empty()) return "the scheme's";
  std::string name = scheme.name;
  name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
  return name + "'s";
}

std::string turn_words(const KeyScheme& scheme) {
  if (scheme.side_white != 0 && scheme.side_black == 0)
    return " with the turn key XORed for Black instead of White";
  if (scheme.side_black != 0 && scheme.side_white == 0)
    return " with the turn key XORed for White instead of Black";
  return " with the two side-to-move keys swapped";
}

// The scheme asked for with its turn keys swapped, then each other built-in scheme as it is and
// with its turn keys swapped.
std::vector<Reading> other_readings(const KeyScheme& asked) {
  std::vector<Reading> readings;
  auto add_swapped = [&](const KeyScheme& scheme, const std::string& owner) {
    Reading swapped{scheme, owner + turn_words(scheme)};
    std::swap(swapped.scheme.side_white, swapped.scheme.side_black);
    readings.push_back(std::move(swapped));
  };
  add_swapped(asked, owner_words(asked));
  for (const BuiltinScheme& builtin : builtin_schemes()) {
    const KeyScheme& scheme = builtin.scheme();
    if (scheme.name == asked.name) continue;
    readings.push_back({scheme, owner_words(scheme)});
    add_swapped(scheme, owner_words(scheme));
  }
  return readings;
}

// The words for the en-passant rule a reading's walk found, when it differs from the reading's own.
std::string rule_words(const EnPassantEvidence& evidence, EnPassantRule own) {
  const std::vector<EnPassantRule> rules = evidence.fitting_rules();
  if (evidence.deciding_positions == 0 || evidence.fits(own) || rules.empty()) return "";
  return std::string(", en passant keyed under the ") + to_string(rules.front()) + " rule";
}

// Walks the book under the reading that explains its keys, to say how much of it that reading
// reaches; the findings of that walk are not the book's under the scheme asked for.
std::string explain(const BookIndex& index, const Reading& reading, std::vector<WalkNode> roots,
                    const BookWalkOptions& options, BookReport& report) {
  BookReport trial;
  Findings no_findings{trial, 0};
  BookWalkOptions quiet = options;
  quiet.progress = nullptr;
  walk_book(index, reading.scheme, std::move(roots), quiet, trial, no_findings);
  return "the keys are " + reading.words +
         rule_words(trial.en_passant, reading.scheme.en_passant_rule) +
         ": read so, the walk reaches " + std::to_string(trial.reached_keys) + " of " +
         std::to_string(report.distinct_keys) + " keys";
}

}  // namespace

std::vector<bool> diagnose_and_walk(const BookIndex& index, const KeyScheme& scheme,
                                    const BookWalkOptions& options, BookReport& report,
                                    Findings& findings) {
  const std::vector<Reading> readings = other_readings(scheme);
  for (bool two_plies : {false, true}) {
    if (two_plies) {
      std::vector<WalkNode> roots = find_roots(index, scheme, true, &report.en_passant);
      if (!roots.empty()) {
        report.start = BookStart::TwoPlies;
        report.start_roots = roots.size();
        return walk_book(index, scheme, std::move(roots), options, report, findings);
      }
    }
    for (const Reading& reading : readings) {
      std::vector<WalkNode> roots = find_roots(index, reading.scheme, two_plies, nullptr);
      if (roots.empty()) continue;
      report.start = BookStart::WrongKeys;
      report.diagnosis = explain(index, reading, std::move(roots), options, report);
      return std::vector<bool>(index.size(), false);
    }
  }
  report.start = BookStart::OutOfReach;
  return std::vector<bool>(index.size(), false);
}

}  // namespace zobrist_verify
