//===- DeviceGuards.h - Is an accelerator safe to name here? ----*- C++ -*-===//

#ifndef TORCHLINT_DEVICEGUARDS_H
#define TORCHLINT_DEVICEGUARDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace torchlint {

// What the guards learn about a unit (which values are set only where CUDA
// was found, which functions only guarded code calls) is computed on first
// use and belongs to that unit's ASTContext: it is freed with the context,
// so no caller resets anything and a later unit never sees it.

/// What a condition says about CUDA when it is true.
enum class GuardSense {
  None,        ///< Nothing known.
  Available,   ///< True only where CUDA is usable (is_available(), is_cuda()).
  Unavailable, ///< False only where CUDA is usable (!is_available(),
               ///< device_count() < 2, is_cpu()).
};

/// Classifies a condition: torch::cuda::is_available(), device_count() > 0
/// (or >= N, != 0), cudnn_is_available(), d.is_cuda(), !d.is_cpu(),
/// d.type() == kCUDA, bool variables initialised from one of those, and their
/// negations and conjunctions.
GuardSense classifyGuard(const clang::Expr *Cond, const clang::ASTContext &Ctx);

/// True when a CUDA availability guard dominates Use: an if or loop whose
/// condition holds only with CUDA, a ternary choosing between devices, the
/// right side of `guard && ...`, or an earlier `if (!guard) return/throw/
/// continue/break;`, TORCH_CHECK(guard) or assert(guard) in an enclosing block.
bool isCudaGuarded(const clang::Stmt *Use, clang::ASTContext &Ctx);

/// True when Query, a call that asks whether CUDA is there
/// (torch::cuda::is_available(), device_count()), is asked only to stop a
/// machine without CUDA: `if (!is_available()) throw ...;`,
/// TORCH_CHECK(is_available(), ...), assert(is_available()), or an
/// `exit`, `abort` or `return` from main() in the branch without CUDA.
/// Such a check is the author saying CUDA is required, not a fallback.
bool rejectsMissingCuda(const clang::Expr *Query, clang::ASTContext &Ctx);

/// True when the build of the project File belongs to declares CUDA: a
/// CMakeLists.txt in File's folder or a folder above it, up to the
/// repository's root, enables the CUDA language (`LANGUAGES ... CUDA`,
/// `enable_language(CUDA)`), requires the toolkit (`find_package(CUDA
/// REQUIRED)`, `find_package(CUDAToolkit REQUIRED)`) or names a .cu source;
/// or File's folder holds .cu sources. Evidence that the project needs
/// CUDA by design. Answers are kept per folder for the process.
bool buildDeclaresCuda(llvm::StringRef File);

} // namespace torchlint

#endif
