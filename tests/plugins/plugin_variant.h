// The variant a test plugin was linked as. A plugin source with variants is compiled once and
// linked into one module per variant, each with one generated line of C that names its variant
// (`zv_variant_plugin` in CMakeLists.txt): the variant travels inside the module, so a copy of it
// under another file name behaves the same.
#pragma once

#include <dlfcn.h>

#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

// The variant's name, defined in the module's generated `variants/<module>.c`.
extern "C" __attribute__((visibility("hidden"))) const char zv_plugin_variant[];

namespace zv_test_plugins {

template <typename T>
struct Variant {
  std::string_view name;
  T value;
};

// Says on stderr that this module was linked as a variant its source does not know (`known`
// lists those it does), naming the module's file: its zv_plugin_entry then returns NULL.
inline void report_unknown_variant(const std::string& known) {
  Dl_info module{};
  const char* file =
      dladdr(zv_plugin_variant, &module) && module.dli_fname ? module.dli_fname : "a test plugin";
  std::fprintf(stderr,
               "%s: linked as the variant '%s', which its source does not know (it knows %s); "
               "zv_plugin_entry returns NULL\n",
               file, zv_plugin_variant, known.c_str());
}

// The value of the variant this module was linked as, among `variants`; none (after
// report_unknown_variant) when it is not there.
template <typename T, std::size_t N>
std::optional<T> linked_variant(const Variant<T> (&variants)[N]) {
  std::string known;
  for (const Variant<T>& variant : variants) {
    if (variant.name == zv_plugin_variant) return variant.value;
    known += (known.empty() ? "" : ", ") + std::string(variant.name);
  }
  report_unknown_variant(known);
  return std::nullopt;
}

}  // namespace zv_test_plugins
