#include "zobrist_verify/core/file_io.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {
namespace {

// A path as messages show it: control bytes and invalid UTF-8 in a file name as \xNN.
std::string shown(const std::string& path) {
  return visible_text(path);
}

std::string errno_text(int error) {
  return std::strerror(error);
}

// "16 MiB", or the byte count when it is not a whole number of MiB.
std::string size_text(std::size_t bytes) {
  if (bytes % MiB == 0) return std::to_string(bytes / MiB) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// Closes a descriptor on every path out of a function.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

struct DeclaredInput {
  dev_t device;
  ino_t inode;
  std::string path;
  std::string what;
};

std::mutex inputs_mutex;
std::vector<DeclaredInput>& declared_inputs() {
  static std::vector<DeclaredInput> inputs;
  return inputs;
}

void remember_input(const struct stat& info, const std::string& path, std::string_view what) {
  std::lock_guard lock(inputs_mutex);
  for (const DeclaredInput& input : declared_inputs())
    if (input.device == info.st_dev && input.inode == info.st_ino) return;
  declared_inputs().push_back({info.st_dev, info.st_ino, path, std::string(what)});
}

// The input `info` is the same file as, if any.
std::optional<DeclaredInput> input_matching(const struct stat& info) {
  std::lock_guard lock(inputs_mutex);
  for (const DeclaredInput& input : declared_inputs())
    if (input.device == info.st_dev && input.inode == info.st_ino) return input;
  return std::nullopt;
}

// The refusal to write `what` to `path` (written to `file`, its target) when that is the same
// file as a declared input; nothing otherwise.
std::optional<std::string> input_refusal(const std::string& file, const std::string& path,
                                         std::string_view what) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return std::nullopt;
  auto input = input_matching(info);
  if (!input) return std::nullopt;
  return "refusing to write " + std::string(what) + " to " + shown(path) +
         ": it is the same file as the " + input->what + " " + shown(input->path) +
         ", an input of this run";
}

// Opens `path` for reading and checks that it is a file one can read: a directory is EISDIR.
Expected<int> open_for_reading(const std::string& path, struct stat& info) {
  if (path.empty()) return Error{"cannot read an empty path"};
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{"cannot read " + shown(path) + ": " + errno_text(errno)};
  if (::fstat(fd, &info) != 0 || S_ISDIR(info.st_mode)) {
    const int error = S_ISDIR(info.st_mode) ? EISDIR : errno;
    ::close(fd);
    return Error{"cannot read " + shown(path) + ": " + errno_text(error)};
  }
  return fd;
}

std::string too_large(const std::string& path, std::size_t limit, std::string_view what) {
  return "cannot read " + shown(path) + ": more than " + size_text(limit) + ", the limit for " +
         std::string(what);
}

// Reads `fd` to its end, at most `limit` bytes.
Expected<std::string> read_capped(int fd, const std::string& path, std::size_t limit,
                                  std::string_view what) {
  std::string text;
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n == 0) return text;
    if (n < 0) {
      if (errno == EINTR) continue;
      return Error{"cannot read " + shown(path) + ": " + errno_text(errno)};
    }
    if (text.size() + std::size_t(n) > limit) return Error{too_large(path, limit, what)};
    text.append(chunk, std::size_t(n));
  }
}

// A stream buffer over a descriptor that remembers the first write error.
class DescriptorBuffer : public std::streambuf {
 public:
  DescriptorBuffer() { setp(buffer_, buffer_ + sizeof buffer_); }
  void attach(int fd) { fd_ = fd; }
  int error() const { return error_; }
  bool write_out() {
    const char* at = pbase();
    std::size_t left = std::size_t(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      const ssize_t n = ::write(fd_, at, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        error_ = n < 0 ? errno : EIO;
        break;
      }
      at += n;
      left -= std::size_t(n);
    }
    setp(buffer_, buffer_ + sizeof buffer_);  // after an error the rest is dropped
    return error_ == 0;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!write_out()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return write_out() ? 0 : -1; }

 private:
  int fd_ = -1;
  int error_ = 0;
  char buffer_[65536];
};

// Where a report for `path` is written: the path itself, symlinks resolved, so that renaming
// the finished report replaces the file the link points to and keeps the link.
std::string resolved_target(const std::string& path) {
  if (char* real = ::realpath(path.c_str(), nullptr)) {
    std::string target = real;
    std::free(real);
    return target;
  }
  return path;  // does not exist yet: the temporary file goes beside it
}

// Removes the temporary files `.NAME.zv-PID-N.tmp` in `folder` that a run killed by SIGKILL
// (which no handler sees) left beside the report NAME: those whose PID is no live process.
void remove_stale_temporaries(const std::string& folder, const std::string& name) {
  DIR* dir = ::opendir(folder.empty() ? "." : folder.c_str());
  if (dir == nullptr) return;
  const std::string prefix = "." + name + ".zv-";
  while (const dirent* entry = ::readdir(dir)) {
    const std::string_view file = entry->d_name;
    if (!file.starts_with(prefix) || !file.ends_with(".tmp")) continue;
    const std::string_view rest = file.substr(prefix.size());
    const std::size_t dash = rest.find('-');
    if (dash == 0 || dash == std::string_view::npos ||
        rest.substr(0, dash).find_first_not_of("0123456789") != std::string_view::npos)
      continue;
    const long pid = std::atol(std::string(rest.substr(0, dash)).c_str());
    if (pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
      ::unlink((folder + std::string(file)).c_str());
  }
  ::closedir(dir);
}

// The temporary files of reports being written, for remove_unfinished_outputs in a signal
// handler: fixed-size char arrays, each claimed and released through an atomic state, so that
// the handler neither allocates nor locks. A report that finds no free slot (or whose path is
// longer than a slot) is simply not removed on an interrupt.
constexpr std::size_t MaxUnfinishedOutputs = 32;
constexpr std::size_t MaxTemporaryPath = 4096;
enum SlotState : int { Free, Claimed, Registered };
struct TemporarySlot {
  std::atomic<int> state{Free};
  pid_t owner = 0;  // a forked worker inherits the table, and must leave its parent's files
  char path[MaxTemporaryPath];
};
TemporarySlot temporary_slots[MaxUnfinishedOutputs];

// The slot now holding `path`, or -1.
int register_temporary(const std::string& path) {
  if (path.size() >= MaxTemporaryPath) return -1;
  for (std::size_t i = 0; i < MaxUnfinishedOutputs; ++i) {
    int expected = Free;
    if (!temporary_slots[i].state.compare_exchange_strong(expected, Claimed)) continue;
    std::memcpy(temporary_slots[i].path, path.c_str(), path.size() + 1);
    temporary_slots[i].owner = ::getpid();
    temporary_slots[i].state.store(Registered);
    return int(i);
  }
  return -1;
}

void release_temporary(int slot) {
  if (slot >= 0) temporary_slots[slot].state.store(Free);
}

}  // namespace

bool names_standard_output(const std::string& path) {
  return path == "-" || path == "/dev/stdout" || path == "/proc/self/fd/1" || path == "/dev/fd/1";
}

void remove_unfinished_outputs() noexcept {
  for (TemporarySlot& slot : temporary_slots)
    if (slot.state.load() == Registered && slot.owner == ::getpid()) ::unlink(slot.path);
}

Expected<Done> check_not_an_input(const std::string& path, std::string_view what) {
  if (auto refusal = input_refusal(path, path, what)) return Error{*refusal};
  return Done{};
}

void declare_input(const std::string& path, std::string_view what) {
  struct stat info {};
  if (!path.empty() && ::stat(path.c_str(), &info) == 0 && !S_ISCHR(info.st_mode))
    remember_input(info, path, what);
}

Expected<std::string> read_input(const std::string& path, std::size_t limit,
                                 std::string_view what) {
  struct stat info {};
  auto fd = open_for_reading(path, info);
  if (!fd) return Error{fd.error()};
  Descriptor closing(*fd);
  if (S_ISREG(info.st_mode)) {
    if (std::size_t(info.st_size) > limit) return Error{too_large(path, limit, what)};
    remember_input(info, path, what);
  }
  return read_capped(*fd, path, limit, what);
}

Expected<MappedInput> MappedInput::open(const std::string& path, std::size_t stream_limit,
                                        std::string_view what) {
  struct stat info {};
  auto fd = open_for_reading(path, info);
  if (!fd) return Error{fd.error()};
  Descriptor closing(*fd);
  MappedInput input;
  if (S_ISREG(info.st_mode)) remember_input(info, path, what);
  // A file whose size reads 0 may have content all the same (/proc/self/stat): it is read.
  if (!S_ISREG(info.st_mode) || info.st_size == 0) {
    auto bytes = read_capped(*fd, path, stream_limit, what);
    if (!bytes) return Error{bytes.error()};
    input.owned_ = std::move(*bytes);
    input.bytes_ = input.owned_;
    return input;
  }
  const auto size = std::size_t(info.st_size);
  void* mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, *fd, 0);
  if (mapping == MAP_FAILED) return Error{"cannot read " + shown(path) + ": " + errno_text(errno)};
  ::madvise(mapping, size, MADV_RANDOM);
  input.mapping_ = mapping;
  input.mapped_size_ = size;
  input.bytes_ = std::string_view(static_cast<const char*>(mapping), size);
  return input;
}

MappedInput::MappedInput(MappedInput&& other) noexcept {
  *this = std::move(other);
}

MappedInput& MappedInput::operator=(MappedInput&& other) noexcept {
  if (this == &other) return *this;
  release();
  mapping_ = std::exchange(other.mapping_, nullptr);
  mapped_size_ = std::exchange(other.mapped_size_, 0);
  const bool owns = other.bytes_.data() == other.owned_.data() && !other.owned_.empty();
  owned_ = std::move(other.owned_);
  bytes_ = owns ? std::string_view(owned_) : other.bytes_;
  other.bytes_ = {};
  return *this;
}

MappedInput::~MappedInput() {
  release();
}

void MappedInput::release() {
  if (mapping_ != nullptr) ::munmap(mapping_, mapped_size_);
  mapping_ = nullptr;
  mapped_size_ = 0;
  bytes_ = {};
}

struct OutputFile::State {
  std::string path;         // as the user gave it, for messages
  std::string what;         // "the JUnit report"
  std::string target;       // the file a finished report replaces (Whole mode, regular files)
  std::string temporary;    // the file written until then; empty when writing directly
  int temporary_slot = -1;  // its slot for remove_unfinished_outputs, -1 for none
  int fd = -1;
  bool owns_fd = true;  // false for standard output
  bool finished = false;
  DescriptorBuffer buffer;
  std::ostream out{&buffer};

  std::string failure(int error) const {
    return "cannot write " + what + " to " + shown(path) + ": " + errno_text(error);
  }
  // The refusal when the output, written to `file`, is one of the run's inputs.
  std::optional<std::string> same_as_input(const std::string& file) const {
    return input_refusal(file, path, what);
  }
};

Expected<OutputFile> OutputFile::open(const std::string& path, std::string_view what,
                                      OutputMode mode) {
  auto state = std::make_unique<State>();
  state->path = path;
  state->what = what;
  if (path.empty()) return Error{"cannot write " + state->what + ": the path is empty"};
  if (names_standard_output(path)) {
    std::cout.flush();
    state->fd = STDOUT_FILENO;
    state->owns_fd = false;
    state->buffer.attach(state->fd);
    return OutputFile(std::move(state));
  }
  if (auto refusal = state->same_as_input(path)) return Error{*refusal};

  struct stat info {};
  const bool exists = ::stat(path.c_str(), &info) == 0;
  if (exists && S_ISDIR(info.st_mode)) return Error{state->failure(EISDIR)};
  if (mode == OutputMode::Stream || (exists && !S_ISREG(info.st_mode))) {
    // A log is read while it grows; a device or FIFO is written as it is (renaming over it
    // would replace the device).
    const int flags =
        O_WRONLY | O_CLOEXEC | O_CREAT | (exists && !S_ISREG(info.st_mode) ? 0 : O_TRUNC);
    state->fd = ::open(path.c_str(), flags, 0666);
    if (state->fd < 0) return Error{state->failure(errno)};
  } else {
    state->target = resolved_target(path);
    static std::atomic<unsigned> serial{0};
    const auto slash = state->target.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : state->target.substr(0, slash + 1);
    const std::string name = state->target.substr(slash == std::string::npos ? 0 : slash + 1);
    remove_stale_temporaries(folder, name);
    for (int attempt = 0; attempt < 100 && state->fd < 0; ++attempt) {
      state->temporary = folder + "." + name + ".zv-" + std::to_string(::getpid()) + "-" +
                         std::to_string(serial++) + ".tmp";
      state->fd = ::open(state->temporary.c_str(), O_WRONLY | O_CLOEXEC | O_CREAT | O_EXCL, 0666);
      if (state->fd < 0 && errno != EEXIST) return Error{state->failure(errno)};
    }
    if (state->fd < 0) return Error{state->failure(EEXIST)};
    state->temporary_slot = register_temporary(state->temporary);
    // The report replaces the file with its permissions.
    if (exists) (void)::fchmod(state->fd, info.st_mode & 07777);
  }
  state->buffer.attach(state->fd);
  return OutputFile(std::move(state));
}

OutputFile::OutputFile(std::unique_ptr<State> state) : state_(std::move(state)) {}
OutputFile::OutputFile(OutputFile&&) noexcept = default;
OutputFile& OutputFile::operator=(OutputFile&&) noexcept = default;

OutputFile::~OutputFile() {
  if (!state_) return;
  if (!state_->finished) {
    if (state_->temporary.empty()) state_->out.flush();
    if (state_->owns_fd && state_->fd >= 0) ::close(state_->fd);
    if (!state_->temporary.empty()) ::unlink(state_->temporary.c_str());
    release_temporary(state_->temporary_slot);
  }
}

std::ostream& OutputFile::stream() {
  return state_->out;
}

bool OutputFile::flush() {
  state_->out.flush();
  return state_->buffer.error() == 0;
}

Expected<Done> OutputFile::finish() {
  State& s = *state_;
  if (s.finished)
    return Error{"cannot write " + s.what + " to " + shown(s.path) + ": already written"};
  s.finished = true;
  s.out.flush();
  int error = s.buffer.error();
  if (error == 0 && !s.temporary.empty() && ::fsync(s.fd) != 0) error = errno;
  if (s.owns_fd && ::close(s.fd) != 0 && error == 0) error = errno;
  s.fd = -1;
  if (error == 0 && !s.temporary.empty()) {
    // An input declared since the report was opened is still never replaced.
    if (auto refusal = s.same_as_input(s.target)) {
      ::unlink(s.temporary.c_str());
      release_temporary(std::exchange(s.temporary_slot, -1));
      return Error{*refusal};
    }
    if (::rename(s.temporary.c_str(), s.target.c_str()) != 0) error = errno;
  }
  if (error != 0 && !s.temporary.empty()) ::unlink(s.temporary.c_str());
  release_temporary(std::exchange(s.temporary_slot, -1));
  if (error != 0) return Error{s.failure(error)};
  return Done{};
}

Expected<Done> finish_standard_output() {
  errno = 0;
  std::cout.flush();
  int error = std::cout ? 0 : (errno != 0 ? errno : -1);
  errno = 0;
  if (std::fflush(stdout) != 0 && error == 0) error = errno != 0 ? errno : -1;
  if (std::ferror(stdout) && error == 0) error = -1;
  if (error == -1) {
    // A write that failed earlier, in the run, left no errno: an empty write asks the
    // descriptor again (ENOSPC from /dev/full, as at the last flush), else EIO.
    errno = 0;
    error = ::write(STDOUT_FILENO, "", 0) < 0 && errno != 0 ? errno : EIO;
  }
  if (error != 0) return Error{"cannot write standard output: " + errno_text(error)};
  return Done{};
}

void reserve_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    // Open for reading only: every write to it fails with EBADF, as on the closed descriptor.
    const int placeholder = ::open("/dev/null", O_RDONLY);
    if (placeholder >= 0 && placeholder != fd) {
      ::dup2(placeholder, fd);
      ::close(placeholder);
    }
  }
}

}  // namespace zobrist_verify
