//===- DeviceChoice.h - Where code names a device, and why ------*- C++ -*-===//
//
// A CUDA device named where nothing proves CUDA is there works on the
// author's GPU machine and throws on every CPU-only one. Whether a guard
// proves it is DeviceGuards.h's question; these queries say what else the
// code around a named device shows: whether it is a choice or a question,
// whether the CPU is chosen too (the project runs without CUDA), and whether
// a build declares CUDA (the project needs it). And of a device variable or
// field: whether what is written to it makes it a choice made at run time.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DEVICECHOICE_H
#define TORCHLINT_DEVICECHOICE_H

#include "torchlint/core/ProjectFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace torchlint {

/// Whether the project needs CUDA, as a check's option says (RequiresCuda).
enum class CudaRequirement {
  /// Decided from the project: a CUDA device named unguarded is reported
  /// unless the project is shown to need CUDA (FactKind::RequiresCuda) and
  /// nothing in it falls back to the CPU (FactKind::RunsWithoutCuda); a file
  /// linted alone says what it does on a machine without a GPU.
  Auto,
  Required,    ///< CUDA-only by design: naming a CUDA device is no bug.
  NotRequired, ///< Every unguarded CUDA device is reported.
};

/// The requirement an option's value names: "true", "false" (any case), or
/// anything else for Auto.
CudaRequirement cudaRequirement(llvm::StringRef Value);

/// The sites, besides device constructions, that may show whether the
/// project needs CUDA (cudaEvidence): calls that ask whether CUDA is there
/// and references to the CPU device kind.
clang::ast_matchers::internal::BindableMatcher<clang::Stmt> cudaEvidenceSite();

/// What Site shows of the project's need for CUDA, or nothing. Site is a
/// call that asks whether CUDA is there (FactKind::RequiresCuda where it is
/// asked only to stop a machine without CUDA, rejectsMissingCuda; otherwise
/// FactKind::RunsWithoutCuda), a reference to the CPU device kind that is
/// chosen as a device (choosesCpuDevice), or a device construction that chooses
/// a name that may be the CPU (choosesCpuByName): FactKind::RunsWithoutCuda.
std::optional<ProjectFact> cudaEvidence(const clang::Expr *Site,
                                        clang::ASTContext &Ctx);

/// True when Cpu, the CPU device kind or a device built from a string that
/// may name the CPU, is chosen as a device: an arm of a conditional
/// expression (`use_gpu ? kCUDA : kCPU`), or what a device variable, field
/// or function returning a device starts with or falls back to
/// (`torch::Device device(torch::kCPU)`, `device = torch::kCPU`). Copying
/// results to the CPU (`x.to(torch::kCPU)`) chooses nothing.
bool choosesCpuDevice(const clang::Expr *Cpu, clang::ASTContext &Ctx);

/// True when Device builds a torch::Device from a string that may name the
/// CPU (`"cpu"`, or the user's `argv[1]`; no "cuda" literal) and chooses it
/// (choosesCpuDevice).
bool choosesCpuByName(const clang::CXXConstructExpr *Device,
                      clang::ASTContext &Ctx);

/// True when E is compared with something or labels a case: it asks which
/// device there is rather than choosing one.
bool isDeviceInspection(const clang::Expr *E, clang::ASTContext &Ctx);

/// True when Kind is the kind of `torch::Device(torch::kCUDA, index)` whose
/// index is a run-time value (a --gpu option, a loop over the devices, or an
/// index Clang could not type): the user asked for that device by number.
bool hasRuntimeDeviceIndex(const clang::DeclRefExpr *Kind,
                           clang::ASTContext &Ctx);

/// The device or device kind variable whose whole initialiser is Use (looking
/// through casts, temporaries and the braces or parentheses written around
/// it), or null.
const clang::VarDecl *initialisedDeviceVariable(const clang::Expr *Use,
                                                clang::ASTContext &Ctx);

/// True when Use is the argument of Tensor::to (through casts, temporaries
/// and a construction from that one value).
bool isTensorToArgument(const clang::Expr *Use, clang::ASTContext &Ctx);

/// True when Use sits in a parameter's default argument that no call in the
/// unit takes: a CUDA default that every caller overrides is never used.
/// What each function's calls take is gathered once per unit.
bool isInUnusedDefaultArgument(const clang::Expr *Use, clang::ASTContext &Ctx);

/// True when Kind, a reference to the CUDA device kind, names CUDA where
/// nothing proves it is there: no guard dominates it (isCudaGuarded), it is
/// no inspection, no device by run-time index, and not in an unused default
/// argument.
bool isUnguardedCudaKind(const clang::DeclRefExpr *Kind,
                         clang::ASTContext &Ctx);

/// The "cuda" or "cuda:N" string literal that Device (a torch::Device or
/// TensorOptions construction) is built from where no guard dominates it and
/// it is not in an unused default argument, or null.
const clang::Expr *unguardedCudaName(const clang::CXXConstructExpr *Device,
                                     clang::ASTContext &Ctx);

/// True when Call calls a function that works only with CUDA
/// (api::isCudaOnlyFunction) where no guard dominates it.
bool isUnguardedCudaOnlyCall(const clang::CallExpr *Call,
                             clang::ASTContext &Ctx);

/// True when the build of the unit's main file declares CUDA
/// (buildDeclaresCuda on its real path).
bool unitBuildDeclaresCuda(const clang::ASTContext &Ctx);

/// True when the device variable, parameter or field D holds a choice made
/// at run time: a parameter; a variable whose written values (initialiser,
/// assignments, constructors' member initialisers) include a ternary, a
/// user's device, string or device() call, or both the CPU and an
/// accelerator. A variable only ever the CPU (`torch::Device cpu("cpu")`)
/// or only ever CUDA is no choice.
bool isRuntimeDevice(const clang::ValueDecl *D);

/// True when Value, written to the device field Field (`cfg.device = ...`),
/// makes it a choice made at run time: a ternary, a parameter or a string,
/// or an accelerator where the field's own initialiser is the CPU
/// (`if (torch::cuda::is_available()) cfg.device = torch::kCUDA;`).
bool writesRuntimeDevice(const clang::FieldDecl *Field,
                         const clang::Expr *Value);

} // namespace torchlint

#endif
