#!/usr/bin/env bash
# Checks an engine's hashing plugin with zobrist-verify in CI, from a plain shell:
#   examples/ci/check-plugin.sh ZOBRIST_VERIFY_SOURCE PLUGIN_SOURCE PLUGIN_FILE [check options]
# ZOBRIST_VERIFY_SOURCE  a checkout of zobrist-verify (built and installed into ./zv-prefix)
# PLUGIN_SOURCE          the CMake project that builds the plugin (built into ./plugin-build)
# PLUGIN_FILE            the plugin's file name inside plugin-build, e.g. zv_example_plugin.so
# Further arguments go to `zobrist-verify check` (for example --expect polyglot). Writes
# report.xml (JUnit). Exits with check's status: 0 pass, 1 a property failed, 2 unusable plugin.
set -euo pipefail
if (($# < 3)); then
  echo "usage: $0 ZOBRIST_VERIFY_SOURCE PLUGIN_SOURCE PLUGIN_FILE [check options]" >&2
  exit 2
fi
zv_source=$(cd "$1" && pwd)
plugin_source=$(cd "$2" && pwd)
plugin_file=$3
shift 3

# The Debian packages the build needs; sudo only when not root.
as_root=()
[[ $(id -u) -eq 0 ]] || as_root=(sudo)
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends \
  cmake ninja-build g++ pkg-config librapidcheck-dev libre2-dev nlohmann-json3-dev libgtest-dev \
  libgmock-dev libbenchmark-dev

prefix=$PWD/zv-prefix
cmake -S "$zv_source" -B zv-build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DZV_BUILD_TESTS=OFF -DZV_BUILD_BENCH=OFF -DZV_BUILD_FUZZERS=OFF
cmake --build zv-build
cmake --install zv-build --prefix "$prefix"

cmake -S "$plugin_source" -B plugin-build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DZOBRIST_VERIFY_INCLUDE_DIR="$prefix/include"
cmake --build plugin-build

status=0
"$prefix/bin/zobrist-verify" check --plugin "plugin-build/$plugin_file" --junit report.xml "$@" ||
  status=$?
case $status in
  0) echo "check-plugin: every property holds" ;;
  1) echo "check-plugin: a property failed; the reproduction is above and in report.xml" >&2 ;;
  *) echo "check-plugin: the plugin could not be checked (exit $status)" >&2 ;;
esac
exit "$status"
