//===- Locations.cpp - Which code belongs to a library --------------------===//

#include "torchlint/api/Locations.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstring>
#include <mutex>

using namespace clang;

namespace torchlint {

/// True when Dir (an "include" folder) is LibTorch's: it holds ATen's
/// headers next to torch/. A user's project may have an include/torch/ of
/// its own; that one is the user's code.
static bool isLibTorchIncludeDir(llvm::StringRef Dir) {
  static std::mutex Lock;
  static llvm::StringMap<bool> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Known.find(Dir);
  if (It != Known.end())
    return It->second;
  llvm::SmallString<256> ATen(Dir);
  llvm::sys::path::append(ATen, "ATen", "Tensor.h");
  return Known[Dir] = llvm::sys::fs::exists(ATen);
}

bool isLibTorchHeaderPath(llvm::StringRef Path) {
  for (llvm::StringRef Marker :
       {"/torch/csrc/", "/include/ATen/", "/include/c10/", "/include/caffe2/",
        "/site-packages/torch/"})
    if (Path.contains(Marker))
      return true;
  // <prefix>/include/torch/script.h: LibTorch's only where <prefix>/include
  // is LibTorch's include folder.
  size_t At = Path.rfind("/include/torch/");
  return At != llvm::StringRef::npos &&
         isLibTorchIncludeDir(Path.substr(0, At + strlen("/include")));
}

bool isLibraryLocation(const SourceManager &SM, SourceLocation L) {
  SourceLocation File = SM.getFileLoc(L);
  if (File.isInvalid() || SM.isInSystemHeader(File))
    return true;
  return isLibTorchHeaderPath(SM.getFilename(File));
}

} // namespace torchlint
