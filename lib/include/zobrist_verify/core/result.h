// Expected<T>: a value or an error message, for every fallible call on user input.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace zobrist_verify {

// How a call into another process failed, when it did not simply refuse: the process died, or it
// stopped answering. Reports show these as "crashed" and "timed out" rather than as a refusal.
// GaveUp: the call was never made, because the door gave up on a target that failed too often
// (a property then drops the case rather than blame it). Withheld: the call was never made,
// because no legal game reaches the position (position_gate.h); the case is dropped and counted.
// AnsweredBadly: the target answered, but not as its protocol says (a perft divide with a line
// that is not part of one, a plugin refusing a legal move): a fault, not a refusal.
enum class ErrorKind : std::uint8_t { Refused, Crashed, TimedOut, GaveUp, Withheld, AnsweredBadly };

struct Error {
  std::string message;
  ErrorKind kind = ErrorKind::Refused;
};

// The value of a call that succeeds with nothing to return: Expected<Done>.
struct Done {};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Expected(Error error) : data_(std::move(error)) {}  // NOLINT: implicit by design

  bool has_value() const { return data_.index() == 0; }
  explicit operator bool() const { return has_value(); }
  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  const std::string& error() const { return std::get<1>(data_).message; }
  ErrorKind error_kind() const { return std::get<1>(data_).kind; }
  const Error& failure() const { return std::get<1>(data_); }  // the whole error, kind included

 private:
  std::variant<T, Error> data_;
};

}  // namespace zobrist_verify
