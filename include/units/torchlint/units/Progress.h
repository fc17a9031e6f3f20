//===- Progress.h - Audit progress on stderr --------------------*- C++ -*-===//

#ifndef TORCHLINT_PROGRESS_H
#define TORCHLINT_PROGRESS_H

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <string>

namespace torchlint {

/// Shows how far an audit is: on a terminal a bar redrawn in place (units
/// done/total, current file, elapsed time, ETA); elsewhere, as in CI logs, one
/// plain line per finished unit. Silent for a single unit or when disabled.
class Progress {
public:
  Progress(llvm::raw_ostream &OS, bool Terminal, bool Enabled, size_t Total);

  /// A unit started; on a terminal it becomes the "current file".
  void started(llvm::StringRef File);
  /// A unit ended after Seconds.
  void finished(llvm::StringRef File, bool Ok, double Seconds);
  /// Erases the bar so other output can be printed; the next update redraws.
  void clear();
  /// Redraws the bar if it is due (at most ten times a second).
  void tick();
  /// Names the phase the units are analysed in ("phase 2 (project
  /// index)"), at the head of the bar and of each plain line.
  void setPhase(llvm::StringRef Name) { Phase = Name.str(); }

private:
  void draw();

  llvm::raw_ostream &OS;
  bool Terminal, Enabled;
  size_t Total, Done = 0;
  std::string Current, Phase;
  bool Shown = false;
  std::chrono::steady_clock::time_point Start, LastDraw;
};

/// "1:05" for 65 seconds.
std::string formatDuration(double Seconds);

} // namespace torchlint

#endif
