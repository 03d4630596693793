#include "zobrist_verify/doors/xboard_protocol.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>

#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/reply_checks.h"

namespace zobrist_verify {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

// Splits off the first word; `text` keeps the rest.
std::string_view take_word(std::string_view& text) {
  text = trimmed(text);
  std::size_t end = 0;
  while (end < text.size() && !is_blank(text[end])) ++end;
  const std::string_view word = text.substr(0, end);
  text.remove_prefix(end);
  return word;
}

// The features of CECP version 2 (engine-intf.html, "feature"): a GUI must answer each one it
// understands with "accepted" and any other with "rejected".
constexpr std::array<std::string_view, 26> KnownFeatures = {
    "ping",   "setboard", "playother", "san",      "usermove", "time",     "draw",
    "sigint", "sigterm",  "reuse",     "analyze",  "myname",   "variants", "colors",
    "ics",    "name",     "pause",     "nps",      "debug",    "memory",   "smp",
    "egt",    "option",   "exclude",   "setscore", "done"};

}  // namespace

Expected<std::vector<XboardFeature>> parse_feature_list(std::string_view text) {
  std::vector<XboardFeature> features;
  const std::string_view whole = text;
  auto at = [&](std::string_view rest) {
    return "at character " + std::to_string(whole.size() - rest.size() + 1);
  };
  for (text = trimmed(text); !text.empty(); text = trimmed(text)) {
    const std::size_t equals = text.find('=');
    const std::size_t blank = std::find_if(text.begin(), text.end(), is_blank) - text.begin();
    if (equals == std::string_view::npos || equals > blank || equals == 0)
      return Error{"'" + visible_text(text.substr(0, std::min<std::size_t>(blank, 40))) + "' " +
                   at(text) + " is not NAME=VALUE"};
    XboardFeature feature{std::string(text.substr(0, equals)), {}};
    text.remove_prefix(equals + 1);
    if (!text.empty() && text.front() == '"') {
      const std::size_t close = text.find('"', 1);
      if (close == std::string_view::npos)
        return Error{"the value of " + visible_text(feature.name) + " " + at(text) +
                     " has no closing quote"};
      feature.value = std::string(text.substr(1, close - 1));
      text.remove_prefix(close + 1);
      if (!text.empty() && !is_blank(text.front()))
        return Error{"the quoted value of " + visible_text(feature.name) + " is followed by '" +
                     visible_text(text.substr(0, 1)) + "' " + at(text) + ", not a blank"};
    } else {  // up to the next blank ("name= next=1" gives name an empty value)
      const std::size_t end = std::find_if(text.begin(), text.end(), is_blank) - text.begin();
      feature.value = std::string(text.substr(0, end));
      text.remove_prefix(end);
    }
    features.push_back(std::move(feature));
  }
  return features;
}

Expected<Done> XboardHandshake::take_line(std::string_view line) {
  std::string_view rest = line;
  if (take_word(rest) != "feature") return Done{};
  auto features = parse_feature_list(rest);
  if (!features)
    return Error{"a malformed feature line '" + visible_text(trimmed(line).substr(0, 120)) +
                 "': " + features.error()};
  for (const XboardFeature& f : *features) {
    const bool known =
        std::find(KnownFeatures.begin(), KnownFeatures.end(), f.name) != KnownFeatures.end();
    // The door sends coordinate moves: san=1 is rejected, and the engine keeps its default, 0.
    const bool accepted = known && !(f.name == "san" && f.value != "0");
    replies_.push_back((accepted ? "accepted " : "rejected ") + f.name);
    if (!accepted) continue;
    const bool on = f.value == "1";
    if (f.name == "ping") {
      ping_ = on;
    } else if (f.name == "setboard") {
      setboard_ = on;
    } else if (f.name == "usermove") {
      usermove_ = on;
    } else if (f.name == "memory") {
      memory_ = on;
    } else if (f.name == "myname") {
      myname_ = f.value;
    } else if (f.name == "variants") {
      variants_.clear();
      std::string_view list = f.value;
      while (!list.empty()) {
        const std::size_t comma = list.find(',');
        if (const std::string_view name = trimmed(list.substr(0, comma)); !name.empty())
          variants_.emplace_back(name);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
      }
    } else if (f.name == "done") {
      done_ = on;
      waits_longer_ = f.value == "0";
    }
  }
  return Done{};
}

std::vector<std::string> XboardHandshake::take_replies() {
  return std::exchange(replies_, {});
}

bool XboardHandshake::plays_variant(std::string_view variant) const {
  return std::find(variants_.begin(), variants_.end(), variant) != variants_.end();
}

std::optional<std::string> XboardHandshake::missing_features() const {
  std::vector<std::string> missing;
  if (!ping_) missing.push_back("ping=1 (the 'ping N' / 'pong N' that fences each reply)");
  if (!setboard_) missing.push_back("setboard=1 (a position set from a FEN)");
  if (missing.empty()) return std::nullopt;
  std::string text = "it does not announce feature " + missing[0];
  for (std::size_t i = 1; i < missing.size(); ++i) text += " nor " + missing[i];
  return text;
}

std::optional<std::string> XboardHandshake::no_normal_chess() const {
  if (plays_variant("normal")) return std::nullopt;
  std::string list;
  for (const std::string& variant : variants_) list += (list.empty() ? "" : ",") + variant;
  return "it does not play normal chess: its variants are \"" + visible_text(list) +
         "\" (feature variants), without normal";
}

std::optional<std::uint64_t> pong_number(std::string_view line) {
  std::string_view rest = line;
  if (take_word(rest) != "pong") return std::nullopt;
  const std::string_view number = trimmed(rest);
  std::uint64_t n = 0;
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), n);
  if (number.empty() || error != std::errc() || end != number.data() + number.size())
    return std::numeric_limits<std::uint64_t>::max();
  return n;
}

bool xboard_reports_error(std::string_view line) {
  std::string_view rest = line;
  const std::string_view word = take_word(rest);
  return word == "tellusererror" || reports_error(line);
}

std::vector<std::string> xboard_position_lines(std::string_view fen, std::string_view uci_moves,
                                               bool usermove) {
  std::vector<std::string> lines{"setboard " + std::string(trimmed(fen))};
  for (std::string_view move = take_word(uci_moves); !move.empty(); move = take_word(uci_moves))
    lines.push_back((usermove ? "usermove " : "") + std::string(move));
  return lines;
}

}  // namespace zobrist_verify
