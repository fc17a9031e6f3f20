//===- RuntimeError.h - PyTorch's device and dtype errors, read -*- C++ -*-===//
//
// The runtime errors LibTorch throws when tensors meet on different devices
// or with the wrong element types, read from a log as 1.x and 2.x word them:
// which kernel failed, which of its parameters was the odd one, the two
// devices or dtypes, and the user functions a C++ backtrace names. Plain
// text in, plain data out: no Clang, no host.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_RUNTIMEERROR_H
#define TORCHLINT_RUNTIMEERROR_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace torchlint {

/// One device or dtype error found in a log.
struct RuntimeError {
  enum FamilyTy { Device, Dtype };
  FamilyTy Family = Device;
  /// The message as it appears in the log (one line, trimmed).
  std::string Message;
  /// The 1-based line of the log where the message starts.
  unsigned Line = 0;
  /// The kernel as written ("wrapper_CUDA_nll_loss_forward",
  /// "_thnn_nll_loss_forward"); "" when the message names none
  /// (TensorIterator operations).
  std::string Kernel;
  /// The operation the kernel implements, as LibTorch's API model keys it
  /// ("nll_loss_forward", "addmm", "cat", "convolution"); "" when unknown.
  std::string Op;
  /// The kernel's parameter that was checked ("target", "mat1"); "" when
  /// the message names none.
  std::string Argument;
  /// Device errors: the devices as the message names them ("cuda:0",
  /// "cpu"), the expected one first. Dtype errors: the dtypes as c10 names
  /// them ("Float", "Double"), the expected one first.
  std::string Expected, Found;
  /// The user functions (not LibTorch, not the C++ runtime) that a C++
  /// backtrace after the message names, innermost first, each as its last
  /// name component ("train_step").
  std::vector<std::string> Frames;
  /// The rule ids whose findings explain an error of this kind, the most
  /// specific first.
  std::vector<std::string> Rules;
  /// Raised inside a TorchScript module ("The following operation failed
  /// in the TorchScript interpreter", a "Traceback of TorchScript"): the
  /// kernel ran in the scripted code, which the C++ calls of the program
  /// reach only through the module's forward.
  bool InTorchScript = false;
};

/// Every device and dtype error in Log (a whole job log, or one message),
/// in the order they appear. Other lines are ignored.
std::vector<RuntimeError> parseRuntimeErrors(llvm::StringRef Log);

/// The operation a kernel name implements: strips the dispatcher's
/// "wrapper_", backend ("CUDA_", "CPU_", "MPS_") and structured-kernel
/// prefixes and the legacy "thnn_" prefix ("wrapper_CUDA__cat" -> "cat",
/// "_thnn_nll_loss_forward" -> "nll_loss_forward").
std::string operationOfKernel(llvm::StringRef Kernel);

} // namespace torchlint

#endif
