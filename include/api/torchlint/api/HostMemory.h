//===- HostMemory.h - Memory the host reads and owns ------------*- C++ -*-===//
//
// What a program does with raw memory beside its tensors: the pointers and
// accessors a tensor hands the host (data_ptr<T>, data<T>, accessor<T, N>)
// and whether the host then reads or writes through them, and the buffers
// the code owns on the host (a std::vector's data(), an array, a cv::Mat's
// pixels, new[]) that torch::from_blob may wrap. The flow engine asks these
// questions where a tensor that may be on a GPU meets host memory; the names
// of the C and C++ libraries and of OpenCV they answer with live here.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_HOSTMEMORY_H
#define TORCHLINT_HOSTMEMORY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

namespace torchlint {
namespace api {

/// How a Tensor method hands the host the tensor's elements.
enum class HostAccess {
  None,
  Pointer,  ///< data_ptr<T>(), data<T>(), const_data_ptr, mutable_data_ptr.
  Accessor, ///< accessor<T, N>(): for host code (packed accessors are not).
};

/// What MC, a member call, is as host access to its tensor.
HostAccess hostAccessOf(const clang::CXXMemberCallExpr *MC);

/// How the host uses the pointer or accessor Access (a hostAccessOf call)
/// gives it.
struct HostUse {
  /// The host reads or writes the elements through it: indexes or
  /// dereferences it, copies from or into it (memcpy, std::copy, a
  /// std::vector built from it, assign, insert, a stream's read or write),
  /// or builds a cv::Mat over it; through a local variable that holds it,
  /// too. A pointer handed to any other function (a CUDA kernel's launcher,
  /// cudaMemcpy) is no host use.
  bool Reads = false;
  /// Every such use ends with the full expression that makes the pointer:
  /// nothing keeps it (no variable, no cv::Mat over it), so a host copy of
  /// the tensor made in that expression lives long enough.
  bool WithinExpression = false;
};
HostUse hostUseOf(const clang::CXXMemberCallExpr *Access,
                  clang::ASTContext &Ctx);

/// True when S is in a branch of a test of where a tensor lives (`if
/// (out.is_cuda())`, `t.device().is_cpu() ? ... : ...`, `device.type() ==
/// torch::kCUDA`): code that chose its path by the device, which the flow
/// engine does not follow.
bool underDeviceTest(const clang::Stmt *S, clang::ASTContext &Ctx);

/// True when every use of Tensor, a local tensor variable, in the function
/// around it reads it on the host or asks its shape or type (data_ptr,
/// accessor, item, sizes, dim, dtype, printing it): a copy on the CPU from
/// its initialiser on means the same to every one of them.
bool onlyReadOnHost(const clang::VarDecl *Tensor, clang::ASTContext &Ctx);

/// True when Data, a pointer (its conversion to void* looked through),
/// addresses host memory the code owns: the data() of a std::vector,
/// std::array or std::string, an array, a cv::Mat's data or ptr<T>(),
/// new[] or malloc, an element's address, or a local pointer initialised
/// with one of these and never assigned.
bool isHostBuffer(const clang::Expr *Data, clang::ASTContext &Ctx);

/// True for the types whose objects own contiguous host memory and free it
/// when they are destroyed, so that a pointer into a local one dies with
/// the function: arrays and scalars, std::vector, std::array,
/// std::basic_string, std::unique_ptr, cv::Mat.
bool ownsHostMemory(clang::QualType T);

/// How the tensor a Tensor method returns shares the receiver's memory.
enum class MemoryShare {
  Own,  ///< Its own memory: a new tensor, or a method not known to share.
  View, ///< A view in the receiver's layout: view, unsqueeze, detach...
  /// A view in another layout, no longer contiguous: permute, transpose,
  /// narrow, select, expand...
  StridedView,
  /// A view of a contiguous receiver, else a copy: contiguous, reshape,
  /// flatten.
  ViewIfContiguous,
  Receiver, ///< The receiver itself: an in-place method (add_, mul_...).
  /// The receiver itself with other strides: t_, transpose_, as_strided_.
  StridedReceiver,
  /// The receiver itself when the device and dtype asked for are its own
  /// and no copy is asked for, else a copy: to(), cpu().
  Converted,
};

/// How MD, a Tensor method, shares its receiver's memory.
MemoryShare memoryShare(const clang::CXXMethodDecl *MD);

/// True when To, a call of a method whose memoryShare is Converted, asks
/// for a copy whatever it converts to (`copy=true`).
bool asksForCopy(const clang::CXXMemberCallExpr *To);

} // namespace api
} // namespace torchlint

#endif
