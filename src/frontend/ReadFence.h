//===- ReadFence.h - Which files a parse may read --------------*- C++ -*-===//
//
// A compile database and the sources of a change under review decide what a
// parse opens: `-include /etc/shadow` in compile_commands.json, or
// `#include "/etc/shadow"` in a source, would put the file's lines in the
// compiler's errors (with the caret line), and a CI job publishes those. A
// parse therefore reads only files under the project's folders (the
// repository, the build folder, the inputs, the preamble cache), the system's
// include folders and LibTorch's; any other open is refused, recorded, and
// the unit is reported as not analysed, with the path and none of the text.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_FRONTEND_READFENCE_H
#define TORCHLINT_SRC_FRONTEND_READFENCE_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <set>
#include <string>
#include <vector>

namespace torchlint {

/// The folders a parse with Args may read: Project (empty: no fence, and
/// none is returned), the system's include folders, Clang's resource folder
/// and every include folder of Args that holds LibTorch's headers. Real
/// paths, without a trailing slash.
std::vector<std::string> readableRoots(const std::vector<std::string> &Project,
                                       const std::vector<std::string> &Args,
                                       llvm::StringRef ResourceDir);

/// Base, refusing (permission denied) to open any file whose real path is
/// not under one of Roots; each refused path goes into Refused. Roots empty:
/// Base itself.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
fencedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                 std::vector<std::string> Roots,
                 std::set<std::string> *Refused);

/// The one-line reason a unit that read Path is not analysed.
std::string refusedReadReason(llvm::StringRef File, llvm::StringRef Path);

} // namespace torchlint

#endif // TORCHLINT_SRC_FRONTEND_READFENCE_H
