#include "output_paths.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <string_view>
#include <vector>

#include "inputs.h"
#include "zobrist_verify/core/file_io.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify::cli {

namespace {

// The options whose value is a file the run writes, and what to call it.
constexpr std::pair<std::string_view, std::string_view> OutputOptions[] = {
    {"--junit", "the JUnit report"},
    {"--svg", "the SVG plot"},
    {"--transcript", "the transcript"},
};

// Which file a path names: an existing file by device and inode (symlinks followed), one still
// to be made by its folder's device and inode and its name there.
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  std::string name;  // empty for an existing file
  bool operator==(const FileIdentity&) const = default;
};

std::optional<FileIdentity> existing(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return std::nullopt;
  return FileIdentity{info.st_dev, info.st_ino, {}};
}

// A dangling symlink's target, followed as open(O_CREAT) would create it (at most 40 links).
std::string followed(std::string path) {
  for (int links = 0; links < 40; ++links) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) break;
    std::string target(std::size_t(info.st_size > 0 ? info.st_size : 4096), '\0');
    const ssize_t n = ::readlink(path.c_str(), target.data(), target.size());
    if (n <= 0) break;
    target.resize(std::size_t(n));
    const auto slash = path.rfind('/');
    path = target.front() == '/' || slash == std::string::npos ? target
                                                               : path.substr(0, slash + 1) + target;
  }
  return path;
}

// The file `path` names, or nothing when its folder does not exist either (the output's own
// open says why then).
std::optional<FileIdentity> identity(const std::string& path) {
  if (names_standard_output(path)) return existing("/dev/stdout");
  if (auto file = existing(path)) return file;
  const std::string target = followed(path);
  const auto slash = target.rfind('/');
  const std::string folder = slash == std::string::npos ? "." : target.substr(0, slash + 1);
  auto in = existing(folder);
  if (!in) return std::nullopt;
  in->name = slash == std::string::npos ? target : target.substr(slash + 1);
  return in;
}

struct NamedOutput {
  std::string option, path, what;
  std::optional<FileIdentity> file;
};

std::string refusal(const NamedOutput& output, const std::string& why) {
  return "refusing to write " + output.what + " to " + visible_text(output.path) + " (" +
         output.option + "): " + why;
}

// Whether standard output is a regular file (written over by an output renamed onto it).
bool standard_output_is_a_file() {
  struct stat info {};
  return ::fstat(STDOUT_FILENO, &info) == 0 && S_ISREG(info.st_mode);
}

// The check of one output against the run's inputs, the outputs before it and standard output.
Expected<Done> check_one(const NamedOutput& output, std::span<const NamedOutput> earlier,
                         bool json) {
  if (auto checked = check_not_an_input(output.path, output.what); !checked) return checked;
  if (!output.file || output.file == existing("/dev/null")) return Done{};
  const bool to_standard_output = output.file == existing("/dev/stdout");
  for (const NamedOutput& other : earlier)
    if (other.file == output.file)
      return Error{
          refusal(output, "it is the same file as " + other.what + " " + visible_text(other.path) +
                              " (" + other.option + "), " +
                              (to_standard_output ? "standard output: two documents in one stream"
                                                  : "and one would replace the other"))};
  if (!to_standard_output) return Done{};
  if (json)
    return Error{refusal(output,
                         "it is standard output, where --json prints its document: "
                         "two documents in one stream; give it a file of its own")};
  if (!names_standard_output(output.path) && standard_output_is_a_file())
    return Error{refusal(output,
                         "it is the file standard output goes to, where the report is "
                         "printed, and one would replace the other; write it to - "
                         "(standard output) or to a file of its own")};
  return Done{};
}

}  // namespace

Expected<Done> check_output_paths(std::span<const std::string> words) {
  std::vector<NamedOutput> outputs;
  for (const auto& [option, what] : OutputOptions)
    for (const std::string& path : raw_option_values(words, option))
      outputs.push_back({std::string(option), path, std::string(what), identity(path)});
  bool json = false;
  for (const std::string& word : words) json = json || word == "--json";
  for (std::size_t i = 0; i < outputs.size(); ++i)
    if (auto checked = check_one(outputs[i], std::span(outputs).first(i), json); !checked)
      return checked;
  return Done{};
}

}  // namespace zobrist_verify::cli
