//===- TorchMatchers.h - AST matchers for LibTorch's API --------*- C++ -*-===//
//
// The LibTorch calls, constructions and references that rules and analyses
// register AST matchers for, written once beside the API model so that no
// layer above names a LibTorch declaration itself.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_TORCHMATCHERS_H
#define TORCHLINT_TORCHMATCHERS_H

#include "torchlint/api/TorchApi.h"

#include "clang/ASTMatchers/ASTMatchers.h"

namespace torchlint {
namespace api {
namespace match {

/// What each function returns: a statement matcher that can be bound.
using StmtMatcher = clang::ast_matchers::internal::BindableMatcher<clang::Stmt>;

/// A reference to the device kind Kind: `torch::kCUDA` (c10::kCUDA) or
/// `c10::DeviceType::CUDA` for "CUDA".
StmtMatcher deviceKindRef(llvm::StringRef Kind);

/// A call that asks whether CUDA is there or how many GPUs it has
/// (cudaQuery).
StmtMatcher cudaQueryCall();

/// A call of a function of a `cuda` namespace of LibTorch's
/// (torch::cuda::synchronize): what isCudaOnlyFunction then sorts.
StmtMatcher torchCudaNamespaceCall();

/// A construction of a torch::Device or a TensorOptions.
StmtMatcher deviceOrOptionsConstruction();

/// A member call of a Tensor method that copies its tensor to a device
/// (copiesToDevice), or of exactly M when M is given.
StmtMatcher tensorCopyCall(std::optional<TensorMethod> M = std::nullopt);

/// A call of torch::from_blob or at::from_blob.
StmtMatcher fromBlobCall();

/// A call of torch::load or torch::jit::load, also unresolved in a template.
StmtMatcher checkpointLoadCall();

/// A member call of a method named `to` (isToMethod), also dependent in a
/// template, whose first argument is Device.
StmtMatcher
toMethodCall(const clang::ast_matchers::internal::Matcher<clang::Expr> &Device);

} // namespace match
} // namespace api
} // namespace torchlint

#endif
