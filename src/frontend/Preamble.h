//===- Preamble.h - Shared precompiled LibTorch preambles -------*- C++ -*-===//

#ifndef TORCHLINT_SRC_FRONTEND_PREAMBLE_H
#define TORCHLINT_SRC_FRONTEND_PREAMBLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>

#include <optional>
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

/// Returns a precompiled header holding Includes, compiled with Args (a
/// syntax-only command line whose last element is the source file), from the
/// cache in CacheDir, building it first when it is missing or stale.
///
/// One preamble serves every unit whose flags agree on what LibTorch's
/// headers mean: the key leaves out the project's own include folders (those
/// without a torch/, ATen/, c10/ or caffe2/ folder), unless building the
/// preamble read a file from one of them. Builds write a temporary file and
/// rename it, so concurrent torchlint processes never see a partial preamble;
/// a process that finds another building the same preamble waits for it
/// instead of building it twice. A build that fails is remembered for a few
/// minutes so the run's other units do not retry it. The folder is bounded
/// by CacheBytes: least recently used preambles go first. None when no
/// preamble can be had (Why then says why); the caller parses without it.
/// Prints one line the user must see while a unit runs (a wait, a slow
/// build, a unit going without its preamble) to the status descriptor.
void statusLine(const llvm::Twine &Message);

std::optional<std::string>
obtainPreamble(const std::vector<std::string> &Args,
               const std::vector<std::string> &Includes,
               llvm::StringRef CacheDir, bool SkipBodies, bool Verbose,
               uint64_t CacheBytes, std::string *Why = nullptr,
               const std::vector<std::string> &ReadableRoots = {});

} // namespace torchlint

#endif
