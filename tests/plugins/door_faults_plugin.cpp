// The reference as a plugin with one fault of the kind that once took the tool down, hung it, or
// spoiled its report (issue 21), to test that the plugin door stays whole. Its variant names it:
//   NoisyStdout         prints to its stdout on every set_fen
//   ExitMidRun          calls exit(3) in set_fen from move 3 of a game on
//   Leaks               leaks 16 MiB (touched) on every set_fen, up to 320 MiB
//   LongError           refuses Black to move; its last_error is 1 MiB with no NUL before a
//                       page that cannot be read
//   ThreadCrash         starts a thread when loaded that crashes 300 ms later
//   HelperHoldsPipe     create() forks a helper that keeps every descriptor and sleeps; its
//                       pid is appended to the file $ZV_HELPER_PID_FILE
//   LegalMovesOverflow  legal_moves writes 64 bytes past the capacity it is given
//   SetsidHelper        as HelperHoldsPipe, and the helper calls setsid(): it leaves the
//                       worker's process group and session, out of reach of a group kill
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <thread>

#include "plugin_variant.h"
#include "zobrist_verify/doors/plugin_export.h"

// The leaked blocks, where the compiler cannot see them unused (it would drop the allocations).
extern char* zv_leaked_blocks[20];
char* zv_leaked_blocks[20];

namespace {

enum class DoorFault {
  NoisyStdout,
  ExitMidRun,
  Leaks,
  LongError,
  ThreadCrash,
  HelperHoldsPipe,
  LegalMovesOverflow,
  SetsidHelper
};

constexpr zv_test_plugins::Variant<DoorFault> DoorFaults[] = {
    {"NoisyStdout", DoorFault::NoisyStdout},
    {"ExitMidRun", DoorFault::ExitMidRun},
    {"Leaks", DoorFault::Leaks},
    {"LongError", DoorFault::LongError},
    {"ThreadCrash", DoorFault::ThreadCrash},
    {"HelperHoldsPipe", DoorFault::HelperHoldsPipe},
    {"LegalMovesOverflow", DoorFault::LegalMovesOverflow},
    {"SetsidHelper", DoorFault::SetsidHelper}};

// This module's fault, read once (at load time: the constructor below asks first).
std::optional<DoorFault> linked_fault() {
  static const std::optional<DoorFault> fault = zv_test_plugins::linked_variant(DoorFaults);
  return fault;
}

zv_plugin exported{};

// The FEN's fullmove number (its last field).
int fullmove_number(const char* fen) {
  const char* last = std::strrchr(fen, ' ');
  return last ? std::atoi(last + 1) : 1;
}

// Leaks 16 MiB (touched), up to 20 times.
void leak_a_block() {
  static int count = 0;
  if (count < 20) {
    constexpr std::size_t Size = std::size_t(16) << 20;
    char* block = static_cast<char*>(std::malloc(Size));
    if (block) std::memset(block, count + 1, Size);
    zv_leaked_blocks[count++] = block;
  }
}

int set_fen_with_fault(zv_state* s, const char* fen) {
  switch (*linked_fault()) {
    case DoorFault::NoisyStdout:
      std::printf("noise from the plugin's stdout\n");
      std::fflush(stdout);
      break;
    case DoorFault::ExitMidRun:
      if (fullmove_number(fen) >= 3) std::exit(3);
      break;
    case DoorFault::Leaks:
      leak_a_block();
      break;
    case DoorFault::LongError:
      if (std::strstr(fen, " b ")) return 1;
      break;
    default:
      break;
  }
  return exported.set_fen(s, fen);
}

// 1 MiB of 'x' with no NUL, then a page that faults when read.
const char* long_error(const zv_state*) {
  static const char* text = [] {
    const long page = ::sysconf(_SC_PAGESIZE);
    const std::size_t size = std::size_t(1) << 20;
    void* area = ::mmap(nullptr, size + std::size_t(page), PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char* bytes = static_cast<char*>(area);
    std::memset(bytes, 'x', size);
    ::mprotect(bytes + size, std::size_t(page), PROT_NONE);
    return bytes;
  }();
  return text;
}

__attribute__((constructor)) void start_crashing_thread() {
  if (linked_fault() != DoorFault::ThreadCrash) return;
  std::thread([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    std::raise(SIGSEGV);
  }).detach();
}

zv_state* create_with_helper() {
  const pid_t helper = ::fork();
  if (helper == 0) {
    if (linked_fault() == DoorFault::SetsidHelper) ::setsid();
    for (;;) ::pause();
  }
  if (const char* path = std::getenv("ZV_HELPER_PID_FILE")) {
    const int fd = ::open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
    const std::string line = std::to_string(helper) + "\n";
    if (fd >= 0 && ::write(fd, line.data(), line.size()) < 0) std::perror("write");
    if (fd >= 0) ::close(fd);
  }
  return exported.create();
}

int legal_moves_overflowing(const zv_state* s, char* buffer, std::size_t capacity) {
  const int count = exported.legal_moves(s, buffer, capacity);
  std::memset(buffer + capacity, ' ', 64);
  return count;
}

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = []() -> const zv_plugin* {
    const std::optional<DoorFault> fault = linked_fault();
    if (!fault) return nullptr;
    exported = *zobrist_verify::export_plugin(
        {"reference with a door fault",
         [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
         true});
    static zv_plugin t = exported;
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    t.set_fen = set_fen_with_fault;
    if (fault == DoorFault::LongError) t.last_error = long_error;
    if (fault == DoorFault::HelperHoldsPipe || fault == DoorFault::SetsidHelper)
      t.create = create_with_helper;
    if (fault == DoorFault::LegalMovesOverflow) t.legal_moves = legal_moves_overflowing;
    return &t;
  }();
  return table;
}
