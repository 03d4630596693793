#include "zobrist_verify/plugin_door.h"

#include <memory>

#include "isolation/forked_run.h"
#include "isolation/isolation.h"

namespace zobrist_verify::properties {

HashFactory plugin_factory(const std::string& path, PluginOptions options) {
  auto loaded = std::make_shared<std::shared_ptr<const PluginLibrary>>();
  return [path, options, loaded]() -> std::unique_ptr<HashUnderTest> {
    if (!*loaded) {
      auto library = PluginLibrary::load(path);
      if (!library) return nullptr;
      *loaded = *library;
    }
    return make_plugin_hash(*loaded, options);
  };
}

Expected<std::string> ask_plugin_in_worker(
    const std::string& path, PluginOptions options,
    const std::function<Expected<std::string>(HashUnderTest&)>& question, int timeout_ms) {
  const ChildRun run = run_in_child(
      [&](CallWatch& watch) -> std::string {
        std::shared_ptr<const PluginLibrary> library;
        {
          WatchedCallScope scope(&watch, "loading it", Route{});
          auto loaded = PluginLibrary::load(path);
          if (!loaded) return "error\n" + loaded.error();
          library = *loaded;
        }
        Target target;
        target.make = [&] { return make_plugin_hash(library, options); };
        std::unique_ptr<HashUnderTest> instance = watched_target(target, &watch).make();
        if (!instance) return "error\nit gave no instance";
        Expected<std::string> answer = question(*instance);
        return answer ? "ok\n" + *answer : "error\n" + answer.error();
      },
      std::chrono::milliseconds(timeout_ms));
  if (run.end != ChildRun::End::Finished)
    return Error{"plugin '" + path + "' " + fault_words(run, "", std::nullopt, "its worker")};
  if (run.output.rfind("ok\n", 0) == 0) return run.output.substr(3);
  if (run.output.rfind("error\n", 0) == 0) return Error{run.output.substr(6)};
  return Error{"plugin '" + path +
               "' ended its worker without an answer (it called exit() while loading or in its "
               "first calls)"};
}

}  // namespace zobrist_verify::properties
