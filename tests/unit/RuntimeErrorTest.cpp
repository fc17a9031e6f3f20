//===- RuntimeErrorTest.cpp - Reading PyTorch's runtime errors ------------===//
//
// Real messages: the lesson's (LibTorch 1.13/2.x), the dtype crashes observed
// on the CPU (the dtype ground truth of the cases), and LibTorch's other
// wordings of the same checks.
//
//===----------------------------------------------------------------------===//

#include "torchlint/explain/RuntimeError.h"

#include <gtest/gtest.h>

using namespace torchlint;

namespace {

RuntimeError only(llvm::StringRef Log) {
  std::vector<RuntimeError> All = parseRuntimeErrors(Log);
  EXPECT_EQ(All.size(), 1u) << Log.str();
  return All.empty() ? RuntimeError() : All.front();
}

TEST(RuntimeErrorTest, LessonMessage) {
  RuntimeError E = only(
      "RuntimeError: Expected all tensors to be on the same device, but found "
      "at least two devices, cuda:0 and cpu! (when checking argument for "
      "argument target in method wrapper_CUDA_nll_loss_forward)");
  EXPECT_EQ(E.Family, RuntimeError::Device);
  EXPECT_EQ(E.Kernel, "wrapper_CUDA_nll_loss_forward");
  EXPECT_EQ(E.Op, "nll_loss_forward");
  EXPECT_EQ(E.Argument, "target");
  EXPECT_EQ(E.Expected, "cuda:0");
  EXPECT_EQ(E.Found, "cpu");
  EXPECT_EQ(E.Line, 1u);
  EXPECT_EQ(E.Rules.front(), "torch-device-mismatch");
  EXPECT_TRUE(llvm::StringRef(E.Message).starts_with("Expected all tensors"));
}

TEST(RuntimeErrorTest, OneXSpellingAndStructuredKernels) {
  // 1.x wrote "arugment"; 2.x kernels carry a double underscore.
  RuntimeError E = only(
      "  what():  Expected all tensors to be on the same device, but found at "
      "least two devices, cuda:1 and cuda:0! (when checking arugment for "
      "argument tensors in method wrapper__cat)");
  EXPECT_EQ(E.Op, "cat");
  EXPECT_EQ(E.Argument, "tensors");
  EXPECT_EQ(E.Expected, "cuda:1");
  EXPECT_EQ(E.Found, "cuda:0");
  EXPECT_EQ(operationOfKernel("wrapper_CUDA__cat"), "cat");
  EXPECT_EQ(operationOfKernel("wrapper_CUDA_addmm"), "addmm");
  EXPECT_EQ(operationOfKernel("_thnn_nll_loss_forward"), "nll_loss_forward");
}

TEST(RuntimeErrorTest, TensorIteratorHasNoParenthetical) {
  RuntimeError E = only(
      "Expected all tensors to be on the same device, but found at least two "
      "devices, mps:0 and cpu!");
  EXPECT_EQ(E.Kernel, "");
  EXPECT_EQ(E.Op, "");
  EXPECT_EQ(E.Argument, "");
  EXPECT_EQ(E.Expected, "mps:0");
  EXPECT_EQ(E.Found, "cpu");
}

TEST(RuntimeErrorTest, WrappedParenthetical) {
  RuntimeError E = only(
      "RuntimeError: Expected all tensors to be on the same device, but found "
      "at least two devices, cuda:0 and cpu!\n"
      "(when checking argument for argument mat1 in method wrapper_CUDA_addmm)");
  EXPECT_EQ(E.Op, "addmm");
  EXPECT_EQ(E.Argument, "mat1");
}

TEST(RuntimeErrorTest, LegacyDeviceType) {
  RuntimeError E = only(
      "Expected object of device type cuda but got device type cpu for "
      "argument #2 'target' in call to _thnn_nll_loss_forward");
  EXPECT_EQ(E.Family, RuntimeError::Device);
  EXPECT_EQ(E.Op, "nll_loss_forward");
  EXPECT_EQ(E.Argument, "target");
  EXPECT_EQ(E.Expected, "cuda");
  EXPECT_EQ(E.Found, "cpu");
  RuntimeError B = only("Expected object of backend CUDA but got backend CPU "
                        "for argument #2 'mat2' in call to _th_mm");
  EXPECT_EQ(B.Expected, "cuda");
  EXPECT_EQ(B.Op, "th_mm");
  RuntimeError D = only("Expected object of scalar type Long but got scalar "
                        "type Int for argument #2 'target' in call to "
                        "_thnn_nll_loss_forward");
  EXPECT_EQ(D.Family, RuntimeError::Dtype);
  EXPECT_EQ(D.Expected, "Long");
  EXPECT_EQ(D.Found, "Int");
  EXPECT_EQ(D.Rules.front(), "torch-loss-target-dtype");
}

TEST(RuntimeErrorTest, ConvolutionInputType) {
  RuntimeError Dev = only("Input type (torch.cuda.FloatTensor) and weight type "
                          "(torch.FloatTensor) should be the same");
  EXPECT_EQ(Dev.Family, RuntimeError::Device);
  EXPECT_EQ(Dev.Op, "convolution");
  EXPECT_EQ(Dev.Expected, "cpu");
  EXPECT_EQ(Dev.Found, "cuda");
  // Observed on the CPU (LibTorch 1.13), d02 of the dtype cases.
  RuntimeError Ty =
      only("Input type (double) and bias type (float) should be the same");
  EXPECT_EQ(Ty.Family, RuntimeError::Dtype);
  EXPECT_EQ(Ty.Expected, "Float");
  EXPECT_EQ(Ty.Found, "Double");
  EXPECT_EQ(Ty.Op, "convolution");
}

TEST(RuntimeErrorTest, RnnAndIndexing) {
  RuntimeError R = only("Input and hidden tensors are not at the same device, "
                        "found input tensor at cuda:0 and hidden tensor at cpu");
  EXPECT_EQ(R.Op, "rnn");
  EXPECT_EQ(R.Argument, "hx");
  EXPECT_EQ(R.Found, "cpu");
  RuntimeError I = only("indices should be either on cpu or on the same "
                        "device as the indexed tensor (cpu)");
  EXPECT_EQ(I.Op, "index");
  EXPECT_EQ(I.Argument, "indices");
}

TEST(RuntimeErrorTest, DtypeCrashesObservedOnTheCpu) {
  // The first line of what() of each crash of the dtype ground truth.
  RuntimeError Mat = only("mat1 and mat2 must have the same dtype");
  EXPECT_EQ(Mat.Family, RuntimeError::Dtype);
  EXPECT_EQ(Mat.Op, "addmm");
  EXPECT_EQ(Mat.Argument, "mat1");
  RuntimeError Scalar = only("expected scalar type Float but found Double");
  EXPECT_EQ(Scalar.Op, "");
  EXPECT_EQ(Scalar.Expected, "Float");
  EXPECT_EQ(Scalar.Found, "Double");
  EXPECT_EQ(Scalar.Rules.front(), "torch-dtype-mismatch");
  RuntimeError Target = only("expected scalar type Long but found Int");
  EXPECT_EQ(Target.Rules.front(), "torch-loss-target-dtype");
  RuntimeError Bce = only("Found dtype Long but expected Float");
  EXPECT_EQ(Bce.Found, "Long");
  EXPECT_EQ(Bce.Expected, "Float");
  EXPECT_EQ(Bce.Op, "binary_cross_entropy");
}

TEST(RuntimeErrorTest, TwoXDtypeWordings) {
  RuntimeError Mat = only("RuntimeError: expected mat1 and mat2 to have the "
                          "same dtype, but got: float != double");
  EXPECT_EQ(Mat.Op, "addmm");
  EXPECT_EQ(Mat.Found, "Float");
  EXPECT_EQ(Mat.Expected, "Double");
  RuntimeError Nll = only("RuntimeError: \"nll_loss_forward_reduce_cuda_kernel_"
                          "2d_index\" not implemented for 'Int'");
  EXPECT_EQ(Nll.Op, "nll_loss_forward");
  EXPECT_EQ(Nll.Found, "Int");
  EXPECT_EQ(Nll.Rules.front(), "torch-loss-target-dtype");
  RuntimeError Half = only("expected scalar type BFloat16 but found Half");
  EXPECT_EQ(Half.Expected, "BFloat16");
  EXPECT_EQ(Half.Found, "Half");
  RuntimeError Mps = only("Cannot convert a MPS Tensor to float64 dtype as the "
                          "MPS framework doesn't support float64. Please use "
                          "float32 instead.");
  EXPECT_EQ(Mps.Rules.front(), "torch-mps-float64");
}

TEST(RuntimeErrorTest, HostMemoryOnTheDevice) {
  // Host memory read by a kernel as device memory (from_blob with a GPU
  // device), and the host reading a GPU tensor's data_ptr().
  RuntimeError Illegal = only(
      "terminate called after throwing an instance of 'c10::Error'\n"
      "  what():  CUDA error: an illegal memory access was encountered\n"
      "CUDA kernel errors might be asynchronously reported at some other API "
      "call, so the stacktrace below might be incorrect.");
  EXPECT_EQ(Illegal.Family, RuntimeError::Device);
  EXPECT_EQ(Illegal.Rules,
            (std::vector<std::string>{"torch-from-blob-device",
                                      "torch-host-read-device-tensor"}));
  RuntimeError Segv = only("Segmentation fault (core dumped)");
  EXPECT_EQ(Segv.Rules,
            std::vector<std::string>{"torch-host-read-device-tensor"});
}

TEST(RuntimeErrorTest, BacktraceNamesUserFrames) {
  RuntimeError E = only(
      "terminate called after throwing an instance of 'c10::Error'\n"
      "  what():  Expected all tensors to be on the same device, but found at "
      "least two devices, cuda:0 and cpu! (when checking argument for argument "
      "target in method wrapper_CUDA_nll_loss_forward)\n"
      "Exception raised from compute_types at ../aten/src/ATen/native/"
      "TensorIterator.cpp:484 (most recent call first):\n"
      "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x3e "
      "(0x7f1c in /usr/lib/x86_64-linux-gnu/libc10.so)\n"
      "frame #1: at::native::nll_loss_forward(at::Tensor const&) + 0x1a "
      "(0x7f2c in /usr/lib/libtorch_cpu.so)\n"
      "frame #2: Trainer::train_step(torch::data::Example<at::Tensor, "
      "at::Tensor> const&) + 0x120 (0x55d0 in ./trainer)\n"
      "frame #3: main + 0x2e (0x55e0 in ./trainer)\n"
      "frame #4: __libc_start_main + 0xea (0x7f00 in /lib/libc.so.6)\n"
      "\n"
      "Aborted (core dumped)\n");
  ASSERT_EQ(E.Frames.size(), 2u);
  EXPECT_EQ(E.Frames[0], "train_step");
  EXPECT_EQ(E.Frames[1], "main");
  EXPECT_EQ(E.Line, 2u);
}

TEST(RuntimeErrorTest, WholeLogWithSeveralErrors) {
  std::vector<RuntimeError> All = parseRuntimeErrors(
      "epoch 1 loss 0.93\n"
      "RuntimeError: mat1 and mat2 must have the same dtype\n"
      "some unrelated line: expected nothing\n"
      "RuntimeError: Expected all tensors to be on the same device, but found "
      "at least two devices, cuda:0 and cpu!\n"
      "RuntimeError: mat1 and mat2 must have the same dtype\n");
  ASSERT_EQ(All.size(), 2u);
  EXPECT_EQ(All[0].Line, 2u);
  EXPECT_EQ(All[1].Line, 4u);
  EXPECT_TRUE(parseRuntimeErrors("all good\n").empty());
}

} // namespace

TEST(RuntimeErrorTest, KnowsAnErrorRaisedInsideTorchScript) {
  // 2.x prints the TorchScript traceback before the message; 1.x says after
  // it that the operation failed in the interpreter.
  auto Two = parseRuntimeErrors(
      "  what():  The following operation failed in the TorchScript "
      "interpreter.\n"
      "Traceback of TorchScript, serialized code (most recent call last):\n"
      "  File \"code/__torch__/m.py\", line 12, in forward\n"
      "RuntimeError: Expected all tensors to be on the same device, but "
      "found at least two devices, cuda:0 and cpu! (when checking argument "
      "for argument mat1 in method wrapper_CUDA_addmm)\n"
      "RuntimeError: expected scalar type Long but found Int\n");
  ASSERT_EQ(Two.size(), 2u);
  EXPECT_TRUE(Two[0].InTorchScript);
  EXPECT_EQ(Two[0].Op, "addmm");
  // The next error of the log stands alone.
  EXPECT_FALSE(Two[1].InTorchScript);
  auto One = parseRuntimeErrors(
      "RuntimeError: Expected all tensors to be on the same device, but "
      "found at least two devices, cuda:0 and cpu!\n"
      "The above operation failed in the TorchScript interpreter.\n");
  ASSERT_EQ(One.size(), 1u);
  EXPECT_TRUE(One[0].InTorchScript);
  auto Plain = parseRuntimeErrors(
      "RuntimeError: Expected all tensors to be on the same device, but "
      "found at least two devices, cuda:0 and cpu!\n");
  ASSERT_EQ(Plain.size(), 1u);
  EXPECT_FALSE(Plain[0].InTorchScript);
}

TEST(RuntimeErrorTest, ASameDeviceErrorIsAnsweredByALoadWithoutDeviceLast) {
  auto E = parseRuntimeErrors(
      "RuntimeError: Expected all tensors to be on the same device, but "
      "found at least two devices, cuda:0 and cpu! (when checking argument "
      "for argument mat1 in method wrapper_CUDA_addmm)");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Rules.back(), "torch-load-without-device");
}
