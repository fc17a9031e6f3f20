//===- ResultCache.h - Unit results reused across runs and machines -*- C++
//-*-===//
//
// Most units of a pull request did not change since the last run. The result
// cache keeps each unit's result (after NOLINT, before the run's baseline and
// report filters) under a key of everything that decides it apart from the
// files it read: torchlint's own binary, the rule configuration, the unit's
// command and the run's change filter. The entry lists the files the
// preprocessor read; a lookup re-hashes them, so a hit costs a few hashes and
// no parse. Entries are written to a temporary name and renamed, so writers
// on several machines sharing one folder never see half an entry; an entry
// that does not parse is a miss and is rewritten.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_RESULTCACHE_H
#define TORCHLINT_RESULTCACHE_H

#include "torchlint/units/UnitRunner.h"

#include <cstdint>
#include <optional>
#include <string>

namespace torchlint {

/// What identifies the analysing tool: a hash of the running executable, so
/// a rebuilt torchlint never reuses results of another build.
std::string toolIdentity();

/// A folder of unit results; see the file comment.
class ResultCache {
public:
  /// MaxBytes bounds the folder (least recently used entries go first).
  ResultCache(std::string Dir, uint64_t MaxBytes)
      : Dir(std::move(Dir)), MaxBytes(MaxBytes) {}

  /// The key of File's result under Job and Config; none when the unit must
  /// not be cached (verification, unsaved buffers).
  static std::optional<std::string>
  keyOf(llvm::StringRef File, const std::vector<std::string> &Command,
        const EffectiveConfig &Config, const UnitJob &Job);

  /// The stored result of Key, when every file it read is unchanged. A hit
  /// marks the entry as recently used.
  std::optional<UnitResult> lookup(llvm::StringRef Key) const;

  /// Stores R (an analysed unit with its Inputs) under Key; a failure to
  /// write is not an error of the run, the next run analyses again.
  void store(llvm::StringRef Key, const UnitResult &R) const;

  /// Removes the least recently used entries until the folder holds at most
  /// MaxBytes; returns how many were removed.
  unsigned trim() const;

private:
  std::string entryPath(llvm::StringRef Key) const;
  std::string Dir;
  uint64_t MaxBytes;
};

/// The stamp of a file the unit read: a content hash for the user's files, the
/// size and modification time for system headers and the preamble (which
/// compilers and package managers replace, never edit in place).
InputStamp stampOf(llvm::StringRef Path, bool ByContent);

/// True when Path still has the stamp S.
bool stampMatches(const InputStamp &S);

} // namespace torchlint

#endif
