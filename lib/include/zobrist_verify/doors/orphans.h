// Processes that escape a run: a plugin's create() may fork a helper that calls setsid(), out of
// its worker's process group, which the group kill at a worker's end does not reach. As a child
// subreaper this process becomes the parent of such an orphan, and ends it at the end of the run.
#pragma once

namespace zobrist_verify {

// Makes this process a child subreaper (Linux PR_SET_CHILD_SUBREAPER): a process that its
// descendants leave behind becomes its child rather than init's. Not inherited across fork.
void adopt_orphans();

// Kills (SIGKILL) and reaps every child this process still has, and those their deaths hand it,
// until none is left; for the end of a run, when what it started is done. Returns how many.
int end_leftover_children();

}  // namespace zobrist_verify
