//===- OpenCV.h - What OpenCV's images hold ---------------------*- C++ -*-===//
//
// Most LibTorch deployments read their images with OpenCV and hand a
// cv::Mat's pixels to torch::from_blob, whose dtype must be the Mat's
// element type. A cv::Mat's element type is a run-time value, set by the
// calls that fill it: cv::imread gives 8-bit pixels, convertTo the type it
// is given, cvtColor and resize keep their source's. This model reads those
// calls in a function, in order, for the from_blob rules. It matches
// OpenCV's declarations, so it is active only in units that include them.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_OPENCV_H
#define TORCHLINT_OPENCV_H

#include "torchlint/api/TorchApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace torchlint {
namespace api {

/// A cv::Mat's elements at one point of a function.
struct MatElements {
  /// The depth, as LibTorch names it; nothing when the call that last set
  /// the Mat is known but its depth is not (cvtColor of a parameter).
  std::optional<ScalarKind> Kind;
  std::string Depth; ///< OpenCV's name: "CV_32F".
  /// The call or declaration that gave the Mat this depth.
  const clang::Stmt *Where = nullptr;
  /// The pixels are the Mat's own, allocated by that call (imread, a
  /// constructor with a type, convertTo or cvtColor into it, clone), not
  /// shared with another Mat or an outside buffer: they die with it.
  bool Owns = false;
};

/// True for OpenCV's host image, cv::Mat or cv::Mat_<T> (not
/// cv::cuda::GpuMat nor cv::UMat, whose pixels may be on a device).
bool isMatClass(const clang::CXXRecordDecl *RD);

/// When Data is a cv::Mat's pixels (`img.data`, `img.ptr<T>(...)`), the
/// Mat, else null.
const clang::Expr *matOfPixels(const clang::Expr *Data);

/// The elements of Mat, a local cv::Mat variable, where At reads it: the
/// last call before At in the function that set its depth (a declaration
/// with a type, cv::imread, convertTo, or cvtColor, resize and the other
/// calls that keep their source's depth, a copy of another Mat), when that
/// call is on every path to At. Nothing when unknown: a parameter, a write
/// in a branch At is not in, a call this model does not know.
std::optional<MatElements> matElementsAt(const clang::Expr *Mat,
                                         const clang::Stmt *At,
                                         clang::ASTContext &Ctx);

} // namespace api
} // namespace torchlint

#endif
