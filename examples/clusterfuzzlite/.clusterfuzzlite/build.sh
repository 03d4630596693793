#!/bin/bash -eu
# ClusterFuzzLite's build of the engine's zobrist-verify fuzzers (examples/clusterfuzzlite/).
# The image sets CC, CXX, CFLAGS and CXXFLAGS (sanitizers, coverage hooks; -stdlib=libc++ for
# C++), LIB_FUZZING_ENGINE, SRC, WORK and OUT. The fuzzers it writes to OUT test the plugin
# linked into them, and need no environment variables.

# zobrist-verify's source: ZV_SRC, else $SRC/zobrist-verify (the Dockerfile clones it there),
# else $SRC itself when it holds zobrist-verify.
if [[ -z ${ZV_SRC:-} ]]; then
  ZV_SRC=$SRC/zobrist-verify
  [[ ! -d $ZV_SRC && -x $SRC/fuzz/build-plugin-fuzzers ]] && ZV_SRC=$SRC
fi
if [[ ! -x $ZV_SRC/fuzz/build-plugin-fuzzers ]]; then
  echo "build.sh: no zobrist-verify source in '$ZV_SRC' (set ZV_SRC)" >&2
  exit 1
fi

# --- The engine's plugin: replace this part with your engine's build. ---
# Compile the plugin and the engine code it calls with $CC $CFLAGS or $CXX $CXXFLAGS (so that it
# is instrumented as the harnesses are) into objects or a static archive, not a shared library:
# the fuzzers link it in. This builds zobrist-verify's example plugin (examples/plugin). A CMake
# engine would build a STATIC library target instead, e.g.
#   cmake -S "$SRC/engine" -B "$WORK/engine" -DCMAKE_BUILD_TYPE=Release
#   cmake --build "$WORK/engine" --target my_engine_zv_plugin   # -> libmy_engine_zv_plugin.a
mkdir -p "$WORK/plugin"
plugin=()
for source in "$ZV_SRC"/examples/plugin/*.c; do
  object="$WORK/plugin/$(basename "${source%.c}").o"
  $CC $CFLAGS -std=c11 -I"$ZV_SRC/lib/include" -c "$source" -o "$object"
  plugin+=("$object")
done
# The scheme the plugin's keys must equal (a --scheme name of zobrist-verify); empty: none, the
# keys are then held to a fresh set_fen of each position only.
export ZV_PLUGIN_SCHEME=polyglot
# The plugin's shared library, as the replay command printed with a finding names it.
export ZV_PLUGIN_NAME=zv_example_plugin.so
# --- End of the engine's part. ---

"$ZV_SRC/fuzz/build-plugin-fuzzers" "${plugin[@]}"
