//===- FromBlob.h - Reading torch::from_blob calls --------------*- C++ -*-===//
//
// torch::from_blob and at::from_blob wrap memory the caller owns. Two
// analyses read the same call: what the memory holds against the dtype the
// options name (FromBlobSites.h), and whether the tensor outlives the local
// buffer it views (BufferLifetime.h). Both need the written arguments by
// role and the dtype the options give.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_FROMBLOB_H
#define TORCHLINT_FROMBLOB_H

#include "torchlint/api/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <optional>
#include <string>

namespace torchlint {

/// The written arguments of a from_blob call, by the parameter they bind to.
struct FromBlobCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  /// The data pointer as written (with its conversion to void*).
  const clang::Expr *Data = nullptr;
  /// The TensorOptions argument, or null when the default is used.
  const clang::Expr *Options = nullptr;
  /// The deleter argument, or null: with one the tensor owns the memory.
  const clang::Expr *Deleter = nullptr;
  /// The strides argument, or null: without one the tensor is contiguous.
  const clang::Expr *Strides = nullptr;
};

/// Matches every call of torch::from_blob or at::from_blob, bound as "call".
clang::ast_matchers::StatementMatcher fromBlobCallMatcher();

/// The parts of CE when it calls torch::from_blob or at::from_blob.
std::optional<FromBlobCall> matchFromBlob(const clang::CallExpr *CE);

/// What a TensorOptions (or ScalarType) expression says about the dtype.
struct OptionsDtype {
  enum StateKind {
    /// The options name this dtype.
    Known,
    /// The options name no dtype: the tensor gets the default, Float.
    Default,
    /// The options come from somewhere this reading cannot see.
    Unknown,
  } State = Unknown;
  api::ScalarKind Kind = api::ScalarKind::Float;
  /// Where the dtype is named (the constant, the dtype<T>() call).
  const clang::Expr *Where = nullptr;
};

/// The dtype E gives a tensor: a ScalarType constant, TensorOptions built
/// by its constructors, torch::dtype(...), .dtype(...) and the other
/// setters, or a local variable initialised once with one of these.
OptionsDtype optionsDtype(const clang::Expr *E, clang::ASTContext &Ctx);

/// The dtype of the tensor the call creates, or nothing when unknown.
std::optional<api::ScalarKind> fromBlobDtype(const FromBlobCall &FB,
                                             clang::ASTContext &Ctx);

/// The source text of E when the user wrote all of it at the call (a macro
/// argument included), or an empty string when part of it comes from a
/// macro body, where the text would name the macro's parameters.
std::string writtenText(const clang::Expr *E, const clang::ASTContext &Ctx);

/// How the message names the callee: as written ('at::from_blob',
/// 'torch::from_blob'), else its qualified name.
std::string calleeText(const FromBlobCall &FB, const clang::ASTContext &Ctx);

/// The data argument before its conversion to void*: implicit conversions,
/// and explicit casts to a void pointer, are looked through.
const clang::Expr *dataBeforeVoidCast(const clang::Expr *Data);

/// The element type a pointer or array expression of type T addresses
/// (double for double*, float for float[2][3]), or a null type.
clang::QualType pointeeElementType(clang::QualType T);

} // namespace torchlint

#endif
