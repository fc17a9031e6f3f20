//===- TorchApi.h - The one model of the LibTorch API -----------*- C++ -*-===//
//
// Everything torchlint knows about LibTorch's types and functions lives here,
// so that a new LibTorch release, or a fact that turns out wrong, is fixed in
// one place. Names are matched on canonical declarations (c10::Device, not the
// torch::Device alias) so that every spelling a user writes is recognised.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_RULES_TORCHAPI_H
#define TORCHLINT_RULES_TORCHAPI_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <optional>
#include <string>

namespace torchlint {
namespace api {

/// True for at::Tensor (torch::Tensor) by value, reference or const.
bool isTensorType(clang::QualType T);

/// True for a standard container, c10::ArrayRef or c10::List whose element
/// (or mapped value) type is a Tensor.
bool isTensorContainerType(clang::QualType T);

/// True for c10::Device (torch::Device).
bool isDeviceType(clang::QualType T);

/// True for c10::DeviceType (torch::kCUDA's type).
bool isDeviceKindType(clang::QualType T);

/// True for classes deriving from torch::nn::Module.
bool isModuleClass(const clang::CXXRecordDecl *RD);

/// True for module holders (torch::nn::Linear, Sequential, ...).
bool isModuleHolderType(clang::QualType T);

/// True for std::shared_ptr<M> where M is a module class.
bool isModulePointerType(clang::QualType T);

/// The module class behind a holder (torch::nn::Linear -> LinearImpl), a
/// std::shared_ptr<M> or a module object, or null.
const clang::CXXRecordDecl *moduleClassOf(clang::QualType T);

/// True for LibTorch's modules without parameters or buffers (activations,
/// pooling, dropout, flatten; losses unless given a weight).
bool isStatelessModuleClass(const clang::CXXRecordDecl *RD);
bool isStatelessModuleType(clang::QualType T);

/// Tensor factories (zeros, ones, tensor, from_blob, arange, *_like, ...):
/// on the CPU unless their options name a device.
bool isFactoryName(llvm::StringRef Name);

/// True for functions of LibTorch's namespaces (torch::, at::, c10::).
bool isTorchNamespaceFunction(const clang::FunctionDecl *FD);

/// Tensor methods whose tensor arguments need not share the receiver's
/// device: moves, copies, shape-only helpers and indexing (CPU indices may
/// index a device tensor).
bool isDeviceAgnosticMethod(llvm::StringRef Name);

/// Free functions that are no device operation, or that want an argument on
/// the CPU on purpose (pack_padded_sequence's lengths), by qualified name.
bool isDeviceAgnosticFunction(llvm::StringRef Qualified);

/// True when MD is a member function named Name of at::Tensor or its base.
bool isTensorMethod(const clang::CXXMethodDecl *MD, llvm::StringRef Name);

/// True when FD's fully qualified name is QualName
/// ("torch::cuda::is_available").
bool hasQualifiedName(const clang::FunctionDecl *FD, llvm::StringRef QualName);

/// True for a reference to c10::kCUDA or c10::DeviceType::CUDA.
bool isCudaKindRef(const clang::Expr *E);

/// True for a reference to c10::kCPU or c10::DeviceType::CPU.
bool isCpuKindRef(const clang::Expr *E);

/// The text of a "cuda" or "cuda:N" string literal, if E is one.
std::optional<std::string> cudaStringLiteral(const clang::Expr *E);

/// True for CUDA-only runtime calls that fail on a CPU-only machine
/// (torch::cuda::synchronize and the at::cuda / c10::cuda APIs).
bool isCudaOnlyFunction(const clang::FunctionDecl *FD);

/// The number of arguments the user wrote (default arguments excluded).
unsigned writtenArgCount(const clang::CallExpr *CE);
unsigned writtenArgCount(const clang::CXXConstructExpr *CE);

/// Strips parentheses, implicit conversions, temporaries and copies, leaving
/// the expression the user wrote.
const clang::Expr *ignoreWrappers(const clang::Expr *E);

/// The source text of E as written, or an empty string inside macros.
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace api
} // namespace torchlint

#endif
