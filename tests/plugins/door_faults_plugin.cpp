// The reference as a plugin with one fault of the kind that once took the tool down, hung it, or
// spoiled its report (issue 21), to test that the plugin door stays whole. ZV_DOOR_FAULT names it:
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
#include <string>
#include <thread>

#include "zobrist_verify/doors/plugin_export.h"

#define NoisyStdout 1
#define ExitMidRun 2
#define Leaks 3
#define LongError 4
#define ThreadCrash 5
#define HelperHoldsPipe 6
#define LegalMovesOverflow 7
#define SetsidHelper 8

// The leaked blocks, where the compiler cannot see them unused (it would drop the allocations).
extern char* zv_leaked_blocks[20];
char* zv_leaked_blocks[20];

namespace {

zv_plugin exported{};

// The FEN's fullmove number (its last field).
int fullmove_number(const char* fen) {
  const char* last = std::strrchr(fen, ' ');
  return last ? std::atoi(last + 1) : 1;
}

int set_fen_with_fault(zv_state* s, const char* fen) {
#if ZV_DOOR_FAULT == NoisyStdout
  std::printf("noise from the plugin's stdout\n");
  std::fflush(stdout);
#elif ZV_DOOR_FAULT == ExitMidRun
  if (fullmove_number(fen) >= 3) std::exit(3);
#elif ZV_DOOR_FAULT == Leaks
  static int count = 0;
  if (count < 20) {
    constexpr std::size_t Size = std::size_t(16) << 20;
    char* block = static_cast<char*>(std::malloc(Size));
    if (block) std::memset(block, count + 1, Size);
    zv_leaked_blocks[count++] = block;
  }
#elif ZV_DOOR_FAULT == LongError
  if (std::strstr(fen, " b ")) return 1;
#endif
  (void)fullmove_number;
  return exported.set_fen(s, fen);
}

#if ZV_DOOR_FAULT == LongError
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
#endif

#if ZV_DOOR_FAULT == ThreadCrash
__attribute__((constructor)) void start_crashing_thread() {
  std::thread([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    std::raise(SIGSEGV);
  }).detach();
}
#endif

#if ZV_DOOR_FAULT == HelperHoldsPipe || ZV_DOOR_FAULT == SetsidHelper
zv_state* create_with_helper() {
  const pid_t helper = ::fork();
  if (helper == 0) {
    if (ZV_DOOR_FAULT == SetsidHelper) ::setsid();
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
#endif

#if ZV_DOOR_FAULT == LegalMovesOverflow
int legal_moves_overflowing(const zv_state* s, char* buffer, std::size_t capacity) {
  const int count = exported.legal_moves(s, buffer, capacity);
  std::memset(buffer + capacity, ' ', 64);
  return count;
}
#endif

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static zv_plugin table = [] {
    exported = *zobrist_verify::export_plugin(
        {"reference with a door fault",
         [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
         true});
    zv_plugin t = exported;
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    t.set_fen = set_fen_with_fault;
#if ZV_DOOR_FAULT == LongError
    t.last_error = long_error;
#elif ZV_DOOR_FAULT == HelperHoldsPipe || ZV_DOOR_FAULT == SetsidHelper
    t.create = create_with_helper;
#elif ZV_DOOR_FAULT == LegalMovesOverflow
    t.legal_moves = legal_moves_overflowing;
#endif
    return t;
  }();
  return &table;
}
