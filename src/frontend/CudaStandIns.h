//===- CudaStandIns.h - Headers a CPU-only machine lacks --------*- C++ -*-===//

#ifndef TORCHLINT_SRC_FRONTEND_CUDASTANDINS_H
#define TORCHLINT_SRC_FRONTEND_CUDASTANDINS_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <set>
#include <string>

namespace torchlint {

/// The virtual folder holding the CUDA stand-ins, to be searched last.
llvm::StringRef cudaStandInDir();

/// Base with the CUDA stand-ins added under cudaStandInDir(), recording in
/// Used (when not null) the path of each stand-in the parse finds.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withCudaStandIns(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                 std::set<std::string> *Used = nullptr);

} // namespace torchlint

#endif // TORCHLINT_SRC_FRONTEND_CUDASTANDINS_H
