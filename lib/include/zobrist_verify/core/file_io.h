// The one way the suite opens a user's file, and the one way it writes an output file. Inputs:
// a size cap, a file-type check (a directory is an error, a FIFO or /dev/stdin is streamed
// within the cap) and errors naming the path. Outputs: never the same file as one of the run's
// inputs; a regular file is written beside itself and renamed into place when complete, so an
// interrupted or failed run leaves the previous one; devices, FIFOs and stdout are written
// directly; every write is checked and its error names the path.
#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

inline constexpr std::size_t MiB = std::size_t(1) << 20;

// Remembers `path` as an input of this run (a plugin, an engine's program, a key list...), named
// `what` in messages. Outputs that are the same file (device and inode, symlinks followed) are
// refused. A path that does not exist is ignored. read_input declares what it reads.
void declare_input(const std::string& path, std::string_view what);

// The refusal to write the output `what` ("the JUnit report") to `path` when `path` is the same
// file as a declared input (symlinks followed); nothing otherwise. OutputFile::open refuses with
// it; a command checks its outputs with it before it opens any.
[[nodiscard]] Expected<Done> check_not_an_input(const std::string& path, std::string_view what);

// The whole content of `path`, at most `limit` bytes. `what` names the kind of file in the size
// message ("a perft suite"). Errors: "cannot read PATH: Is a directory", "cannot read PATH: No
// such file or directory", "cannot read PATH: more than 16 MiB, the limit for a key list".
[[nodiscard]] Expected<std::string> read_input(const std::string& path, std::size_t limit,
                                               std::string_view what);

// A large binary input read in place: a regular file is memory-mapped (no size limit, pages
// come and go as the reader walks it); anything else (a FIFO, /dev/stdin) is read into memory
// up to `stream_limit` bytes. Errors as read_input's.
class MappedInput {
 public:
  [[nodiscard]] static Expected<MappedInput> open(const std::string& path, std::size_t stream_limit,
                                                  std::string_view what);
  MappedInput() = default;
  MappedInput(MappedInput&& other) noexcept;
  MappedInput& operator=(MappedInput&& other) noexcept;
  MappedInput(const MappedInput&) = delete;
  MappedInput& operator=(const MappedInput&) = delete;
  ~MappedInput();

  std::string_view bytes() const { return bytes_; }

 private:
  void release();
  void* mapping_ = nullptr;  // munmap'ed on destruction
  std::size_t mapped_size_ = 0;
  std::string owned_;  // the bytes of a streamed input
  std::string_view bytes_;
};

// Whether an output path names standard output ("-", /dev/stdout, /proc/self/fd/1, /dev/fd/1):
// OutputFile writes such an output to descriptor 1 directly.
bool names_standard_output(const std::string& path);

enum class OutputMode : unsigned char {
  Whole,   // a report: a regular file is replaced only once the whole report is written
  Stream,  // a log (an engine transcript): written and flushed as it goes, line by line
};

// An output file. `what` names it in errors: "cannot write the JUnit report to PATH: No space
// left on device". "-" and /dev/stdout name standard output.
class OutputFile {
 public:
  [[nodiscard]] static Expected<OutputFile> open(const std::string& path, std::string_view what,
                                                 OutputMode mode = OutputMode::Whole);
  OutputFile(OutputFile&&) noexcept;
  OutputFile& operator=(OutputFile&&) noexcept;
  ~OutputFile();  // a report never finished is discarded; the previous file stays

  std::ostream& stream();
  // Writes what is buffered (Stream mode calls it after each line); false after any error.
  bool flush();
  // Flushes, checks every write, and renames a report into place. The error names the path.
  [[nodiscard]] Expected<Done> finish();

  struct State;

 private:
  explicit OutputFile(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Unlinks the temporary file of every report opened and not yet finished, so that an interrupt
// leaves the previous report and no `.NAME.zv-PID-N.tmp` beside it. Async-signal-safe: the
// handler of SIGINT/SIGTERM/SIGHUP (kill_children_on_interrupt) calls it before ending the run.
void remove_unfinished_outputs() noexcept;

// Flushes standard output and checks it: "cannot write standard output: No space left on
// device" when any write to it failed (a full disk, a closed descriptor).
[[nodiscard]] Expected<Done> finish_standard_output();

// Keeps descriptors 0, 1 and 2 taken (by a descriptor that refuses writes) when the program was
// started with one closed, so that no file the program opens becomes its stdout.
void reserve_standard_descriptors();

}  // namespace zobrist_verify
