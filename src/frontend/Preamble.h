//===- Preamble.h - Shared precompiled LibTorch preambles -------*- C++ -*-===//

#ifndef TORCHLINT_SRC_FRONTEND_PREAMBLE_H
#define TORCHLINT_SRC_FRONTEND_PREAMBLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Chrono.h"

#include <chrono>
#include <cstdint>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

/// The LibTorch #include lines at the head of a source file, in order; the
/// scan stops at the first line that is neither an include, a pragma, a
/// comment nor blank.
std::vector<std::string> leadingTorchIncludes(llvm::StringRef Source);

/// True when Source (the text of File) includes a LibTorch header through
/// the project's own headers: those found beside the including file or in
/// the -I and -iquote folders of Args, followed recursively. Such a file can
/// use the project's preamble though its own head names no LibTorch header.
/// False when File itself names a LibTorch header (after other code, or its
/// head would have named it): its order stands.
bool includesLibTorchIndirectly(llvm::StringRef File, llvm::StringRef Source,
                                const std::vector<std::string> &Args);

/// Prints one line the user must see while a unit runs (a wait, a slow
/// build, a unit going without its preamble) to the status descriptor.
void statusLine(const llvm::Twine &Message);

/// Returns a precompiled header holding at least Includes, compiled with
/// Args (a syntax-only command line whose last element is the source file),
/// from the cache in CacheDir, building it first when none holds them.
///
/// One preamble serves every unit whose flags agree on what LibTorch's
/// headers mean (preambleFlagLines): the key leaves out the working folder
/// and the project's own include folders (those without a torch/, ATen/,
/// c10/ or caffe2/ folder), unless building the preamble read a file from
/// one of them. Any preamble of those flags that holds every line of
/// Includes serves; a new one also holds torch/torch.h and torch/script.h
/// (where the flags reach them) and the includes of the older ones of its
/// flags, which it supersedes. Builds write a temporary file and rename it,
/// so concurrent torchlint processes never see a partial preamble; a process
/// that finds another building for the same flags waits for it, and says so
/// with the live holder's pid. A build that fails is remembered for a few
/// minutes so the run's other units do not retry it. Each build trims the
/// folder (trimPreambleCache) to CacheBytes. None when no preamble can be
/// had (Why then says why); the caller parses without it. Verbose says why
/// a new preamble is built.
std::optional<std::string>
obtainPreamble(const std::vector<std::string> &Args,
               const std::vector<std::string> &Includes,
               llvm::StringRef CacheDir, bool SkipBodies, bool Verbose,
               uint64_t CacheBytes, std::string *Why = nullptr,
               const std::vector<std::string> &ReadableRoots = {});

/// The lines a preamble's key hashes for KeyArgs (the flags of Args, a
/// unit's command with the source last, that count): Clang's version,
/// whether library bodies are skipped, every flag but -working-directory
/// with the paths of path-valued options made absolute against it, and the
/// path, size and time of the torch/torch.h (else ATen/ATen.h) Args reach.
std::vector<std::string>
preambleFlagLines(const std::vector<std::string> &Args,
                  const std::vector<std::string> &KeyArgs, bool SkipBodies);

/// The key of a preamble's flags: 16 hex digits of their hash.
std::string preambleFlagKey(const std::vector<std::string> &FlagLines);

/// Include lines in the order a preamble holds them: torch/torch.h and
/// torch/script.h first, then the rest sorted.
std::vector<std::string> orderedIncludes(std::set<std::string> All);

/// One preamble in the cache folder.
struct CachedPreamble {
  std::string Pch;                   ///< Its path.
  std::string FlagKey;               ///< "" for a name an older torchlint gave.
  std::vector<std::string> Includes; ///< The include lines it holds.
  uint64_t Size = 0;
  llvm::sys::TimePoint<> Built, Used;
};

/// The preambles in CacheDir, newest first.
std::vector<CachedPreamble> scanPreambles(llvm::StringRef CacheDir);

/// The newest of Cached built with the flags FlagKey that holds every line
/// of Includes, or null.
const CachedPreamble *
coveringPreamble(const std::vector<CachedPreamble> &Cached,
                 llvm::StringRef FlagKey,
                 const std::vector<std::string> &Includes);

/// How long a superseded preamble stays after its last use, for the units
/// that obtained it just before the newer one was built.
constexpr std::chrono::minutes SupersededGrace{10};
/// How long an unused preamble stays at most.
constexpr std::chrono::hours PreambleMaxAge{24 * 30};

/// trimPreambleCache (Frontend.h) as of Now, never removing Keep.
unsigned trimPreambleCache(llvm::StringRef CacheDir, uint64_t MaxBytes,
                           llvm::StringRef Keep, llvm::sys::TimePoint<> Now);

} // namespace torchlint

#endif
