//===- BufferLifetime.h - A from_blob tensor outliving its buffer -*- C++ -*-=//
//
// torch::from_blob does not copy: the tensor views the caller's memory and
// frees nothing. Over a local buffer (a std::vector, a C array, a
// std::string, a cv::Mat's own pixels) the tensor is valid only until the
// buffer is destroyed. This query follows the tensor forward over the
// function's CFG, from the call through views that share its memory and the
// local tensor variables that certainly hold one, to a return or a store
// that outlives the buffer.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_BUFFERLIFETIME_H
#define TORCHLINT_BUFFERLIFETIME_H

#include "torchlint/analysis/FromBlob.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <string>

namespace torchlint {

/// A from_blob tensor over a local buffer that leaves the buffer's scope.
struct BufferEscape {
  FromBlobCall Call;
  /// The local whose memory the tensor views, and the function (or lambda)
  /// that owns it.
  const clang::VarDecl *Buffer = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// Where the buffer is destroyed.
  enum class ScopeKind {
    Function, ///< When Function returns.
    Lambda,   ///< When the lambda that is Function returns.
    Block,    ///< At the end of a nested block (a loop body, a branch).
  } Scope = ScopeKind::Function;
  /// How the tensor leaves.
  enum class ExitKind {
    /// Returned from the function.
    Returned,
    /// Stored where it outlives the function: a member, a reference or
    /// pointer parameter, a static, or a local container returned.
    Stored,
  } Exit = ExitKind::Returned;
  /// Where it leaves: the return or the store (the variable, for a static
  /// initialised with it).
  clang::SourceLocation At;
  /// The place stored into ('image_', 'out') for Stored.
  std::string Place;
  /// The local tensor variable the tensor passes through, or null when the
  /// call's own value leaves.
  const clang::VarDecl *Through = nullptr;
  /// For a local container stored into, the statement returning it.
  const clang::ReturnStmt *ReturnedBy = nullptr;
  /// True when the buffer is named on a path after the call, outside the
  /// call itself: later writes to it may be meant to reach the tensor.
  bool BufferUsedAfter = false;
};

/// How the tensor Call (a from_blob call with no deleter) creates outlives
/// the local buffer it views, or nothing: the memory is not a local buffer
/// of the function, the buffer is handed over (moved, swapped, released),
/// or the tensor (or a view sharing its memory) does not leave. A copy
/// (clone, a `to` that converts, a reshape of a view that is not contiguous)
/// ends the search, and so does a variable that may hold another tensor on
/// some path (assigned again, passed by non-const reference).
std::optional<BufferEscape> fromBlobEscape(const clang::CallExpr *Call,
                                           clang::ASTContext &Ctx);

} // namespace torchlint

#endif
