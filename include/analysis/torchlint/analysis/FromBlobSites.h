//===- FromBlobSites.h - What from_blob reads its memory as -----*- C++ -*-===//
//
// torch::from_blob views memory without copying it and reads it as the dtype
// its options give, Float when they give none. A buffer of doubles read as
// Float does not crash: every double becomes two floats made of its bytes.
// This query compares what the memory holds (the pointer's element type, or
// what OpenCV's calls made a cv::Mat's pixels) with the dtype the call names.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_FROMBLOBSITES_H
#define TORCHLINT_FROMBLOBSITES_H

#include "torchlint/analysis/FromBlob.h"
#include "torchlint/api/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace torchlint {

/// What the memory a from_blob call views holds.
struct FromBlobElements {
  /// The element kind.
  api::ScalarKind Holds = api::ScalarKind::Float;
  /// The element type as the user spells it (`int64_t`, not `long`), or
  /// OpenCV's depth (`CV_64F`) for a cv::Mat's pixels.
  std::string Name;
  /// The variable or field whose declaration spells that element type
  /// ('values' of `std::vector<double> values`), or null.
  const clang::ValueDecl *Owner = nullptr;
  /// True when Owner is a pointer (else an array or a container).
  bool OwnerIsPointer = false;
  /// For a cv::Mat's pixels, the Mat as the data argument names it, and the
  /// call or declaration that gave it its depth (or null).
  const clang::Expr *Mat = nullptr;
  const clang::Stmt *MatSetAt = nullptr;
};

/// A from_blob call that reads its memory as a dtype other than the one the
/// memory holds.
struct FromBlobDtypeMismatch {
  FromBlobCall Call;
  /// The data argument before its conversion to void*.
  const clang::Expr *Data = nullptr;
  FromBlobElements Elements;
  /// The dtype the tensor reads the memory as.
  api::ScalarKind Reads = api::ScalarKind::Float;
  /// How the options give it: Known (Where names it) or Default (no
  /// options, or options that name no dtype).
  OptionsDtype Given;
  /// The template instantiation the call is in, or null. A call whose
  /// arguments do not depend on the template is answered in the pattern
  /// only; one that does is answered in each instantiation that disagrees.
  const clang::FunctionDecl *Instance = nullptr;
};

/// The mismatch at Call, a from_blob call, or nothing: the dtypes agree, one
/// of them is unknown, or the memory is bytes that may be another type's (a
/// file read into a char buffer, cv::Mat's data) rather than byte values the
/// function writes into a local buffer of its own.
std::optional<FromBlobDtypeMismatch>
fromBlobDtypeMismatch(const clang::CallExpr *Call, clang::ASTContext &Ctx);

} // namespace torchlint

#endif
