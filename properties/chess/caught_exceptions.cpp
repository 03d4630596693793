#include "chess/caught_exceptions.h"

#include <cxxabi.h>

#include <cstdlib>
#include <exception>
#include <typeinfo>

#include <rapidcheck.h>

#include "core/case_log.h"
#include "zobrist_verify/doors/forwarding_hash.h"

namespace zobrist_verify::properties {

namespace {

std::string demangled(const char* name) {
  int status = 0;
  char* readable = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string out = status == 0 && readable ? readable : name;
  std::free(readable);
  return out;
}

// What a call throws, caught at the call: the case fails on the instance's route, or the call
// returns the error.
class CatchingHash final : public ForwardingHash {
 public:
  using ForwardingHash::ForwardingHash;

 private:
  Error caught(const DoorCall& call) override {
    try {
      throw;
    } catch (const rc::detail::CaseResult&) {
      throw;  // a property's own verdict, not the target's exception
    } catch (...) {
      const std::string words = current_exception_words();
      const std::string name = call.words();
      if (!recording_failures())
        return Error{"the target threw " + words + " from " + name, ErrorKind::Crashed};
      Counterexample c;
      c.route = route();
      c.ply = int(route().moves.size()) - 1;
      c.what = "the target threw " + words + " from " + name +
               (call.kind == DoorCall::Kind::SetPosition ? " of " + route().fen : std::string());
      c.comparison = Comparison::TargetError;
      c.target_error = "threw " + words;
      fail(std::move(c));
    }
  }
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
