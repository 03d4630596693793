#include "chess/caught_exceptions.h"

#include <cxxabi.h>

#include <cstdlib>
#include <exception>
#include <typeinfo>

#include <rapidcheck.h>

#include "core/case_log.h"

namespace zobrist_verify::properties {

namespace {

std::string demangled(const char* name) {
  int status = 0;
  char* readable = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string out = status == 0 && readable ? readable : name;
  std::free(readable);
  return out;
}

class CatchingHash final : public HashUnderTest {
 public:
  explicit CatchingHash(std::unique_ptr<HashUnderTest> inner) : inner_(std::move(inner)) {}

  std::string name() const override { return inner_->name(); }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    return set(fen, chess960, [&] { return inner_->set_position(fen, chess960); });
  }
  Expected<Done> set_written_position(const std::string& fen, bool chess960) override {
    return set(fen, chess960, [&] { return inner_->set_written_position(fen, chess960); });
  }
  Expected<Done> make_move(std::string_view uci) override {
    route_.moves.emplace_back(uci);
    Expected<Done> done =
        guarded("make_move " + std::string(uci), [&] { return inner_->make_move(uci); });
    if (!done) route_.moves.pop_back();
    return done;
  }
  Expected<Done> unmake_move() override {
    Expected<Done> done = guarded("unmake_move", [&] { return inner_->unmake_move(); });
    if (done && !route_.moves.empty()) route_.moves.pop_back();
    return done;
  }
  Expected<Key> key() override {
    return guarded("key", [&] { return inner_->key(); });
  }
  Expected<KeyTicket> request_key() override {
    return guarded("key", [&] { return inner_->request_key(); });
  }
  Expected<Key> collect_key(KeyTicket ticket) override {
    return guarded("key", [&] { return inner_->collect_key(ticket); });
  }
  Expected<KeyTicket> request_key_of(std::string_view fen, bool chess960) override {
    route_ = Route{std::string(fen), chess960, {}};
    return guarded("set_position", [&] { return inner_->request_key_of(fen, chess960); });
  }
  Expected<Key> pawn_key() override {
    return guarded("pawn_key", [&] { return inner_->pawn_key(); });
  }
  Expected<Key> material_key() override {
    return guarded("material_key", [&] { return inner_->material_key(); });
  }
  Expected<Key> aux_key(std::size_t index) override {
    return guarded("aux_key", [&] { return inner_->aux_key(index); });
  }

 private:
  template <class Set>
  Expected<Done> set(std::string_view fen, bool chess960, Set set_by) {
    route_ = Route{std::string(fen), chess960, {}};
    return guarded("set_position", set_by);
  }
  template <class Call>
  auto guarded(const std::string& call, Call&& inner) -> decltype(inner()) {
    try {
      return inner();
    } catch (const rc::detail::CaseResult&) {
      throw;  // a property's own verdict, not the target's exception
    } catch (...) {
      const std::string words = current_exception_words();
      if (!recording_failures())
        return Error{"the target threw " + words + " from " + call, ErrorKind::Crashed};
      Counterexample c;
      c.route = route_;
      c.ply = int(route_.moves.size()) - 1;
      c.what = "the target threw " + words + " from " + call +
               (call == "set_position" ? " of " + route_.fen : std::string());
      c.comparison = Comparison::TargetError;
      c.target_error = "threw " + words;
      fail(std::move(c));
    }
  }

  std::unique_ptr<HashUnderTest> inner_;
  Route route_;  // this instance's start FEN and the moves it has taken
};

}  // namespace

std::string current_exception_words() {
  const std::type_info* type = abi::__cxa_current_exception_type();
  const std::string name = type ? demangled(type->name()) : "an exception of unknown type";
  try {
    throw;
  } catch (const std::exception& e) {
    return name + " (\"" + e.what() + "\")";
  } catch (...) {
    return name;
  }
}

std::unique_ptr<HashUnderTest> catching_exceptions(std::unique_ptr<HashUnderTest> hash) {
  if (!hash) return hash;
  return std::make_unique<CatchingHash>(std::move(hash));
}

}  // namespace zobrist_verify::properties
