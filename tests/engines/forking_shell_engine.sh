#!/bin/sh
# A UCI engine written in sh that hangs in a child process: on `d` it waits for a `sleep` that
# never ends. Killing the script alone would leave that child running, an orphan; the door must
# take the whole process group down. usage: forking_shell_engine.sh MARKER (a word that names the
# child processes, to find leftovers).
marker=${1:-forking-shell-engine}
while read -r line; do
  case "$line" in
    uci) echo "id name Forking Shell"; echo "uciok" ;;
    isready) echo "readyok" ;;
    d) sh -c 'sleep 3600; :' "$marker" ;;
    quit) exit 0 ;;
  esac
done
