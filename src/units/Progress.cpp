//===- Progress.cpp - Audit progress on stderr ----------------------------===//

#include "torchlint/units/Progress.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

namespace torchlint {

using Clock = std::chrono::steady_clock;

std::string formatDuration(double Seconds) {
  unsigned S = unsigned(Seconds + 0.5);
  char Buffer[32];
  if (S >= 3600)
    snprintf(Buffer, sizeof(Buffer), "%u:%02u:%02u", S / 3600, S / 60 % 60,
             S % 60);
  else
    snprintf(Buffer, sizeof(Buffer), "%u:%02u", S / 60, S % 60);
  return Buffer;
}

Progress::Progress(llvm::raw_ostream &OS, bool Terminal, bool Enabled,
                   size_t Total)
    : OS(OS), Terminal(Terminal), Enabled(Enabled && Total > 1), Total(Total),
      Start(Clock::now()) {}

void Progress::started(llvm::StringRef File) {
  Current = File.str();
  tick();
}

void Progress::finished(llvm::StringRef File, bool Ok, double Seconds) {
  ++Done;
  if (!Enabled)
    return;
  if (Terminal) {
    draw();
    return;
  }
  OS << "torchlint: " << (Phase.empty() ? "" : Phase + " ") << "[" << Done
     << "/" << Total << "] " << File << (Ok ? "" : " (not analysed)") << " "
     << llvm::format("%.1f", Seconds) << " s\n";
  OS.flush();
}

void Progress::clear() {
  if (!Enabled || !Terminal || !Shown)
    return;
  OS << "\r\x1b[K";
  OS.flush();
  Shown = false;
}

void Progress::tick() {
  if (!Enabled || !Terminal)
    return;
  if (Shown && Clock::now() - LastDraw < std::chrono::milliseconds(100))
    return;
  draw();
}

void Progress::draw() {
  if (!Enabled || !Terminal)
    return;
  LastDraw = Clock::now();
  double Elapsed = std::chrono::duration<double>(LastDraw - Start).count();
  constexpr unsigned Width = 24;
  unsigned Filled = Total ? unsigned(Width * Done / Total) : 0;
  std::string Bar(Filled, '#');
  Bar.resize(Width, '.');
  OS << "\r\x1b[K" << (Phase.empty() ? "" : Phase + " ") << "[" << Bar << "] "
     << Done << "/" << Total << " " << formatDuration(Elapsed);
  if (Done > 0 && Done < Total)
    OS << " ETA " << formatDuration(Elapsed / Done * (Total - Done));
  if (!Current.empty())
    OS << " " << llvm::sys::path::filename(Current);
  OS.flush();
  Shown = true;
}

} // namespace torchlint
