//===- RuntimeError.cpp - PyTorch's device and dtype errors, read ---------===//
//
// Each message family is one regular expression and one function that says
// what its groups mean. The wordings are LibTorch's own (1.13 and 2.x, from
// c10/ATen's TORCH_CHECKs); the dtype ones were observed on the CPU
// (tests/cases of the dtype ground truth).
//
//===----------------------------------------------------------------------===//

#include "torchlint/explain/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <set>

namespace torchlint {

namespace {

using Groups = llvm::SmallVector<llvm::StringRef, 8>;

/// "cuda:0" stays, "CUDA" (the legacy device type) reads "cuda".
std::string deviceName(llvm::StringRef D) { return D.lower(); }

/// c10's dtype name ("Float") from the spellings messages use: "float",
/// "double", "torch.cuda.FloatTensor", "CUDAFloatType", "Long".
std::string dtypeName(llvm::StringRef T) {
  static const char *const Names[] = {"BFloat16", "Half",  "Float", "Double",
                                      "Long",     "Int",   "Short", "Char",
                                      "Byte",     "Bool",  "ComplexFloat",
                                      "ComplexDouble"};
  std::string Lower = T.lower();
  // Longest first among those that share a suffix: "BFloat16" before
  // "Float", "ComplexFloat" before "Float".
  for (const char *N : {"ComplexFloat", "ComplexDouble", "BFloat16"})
    if (llvm::StringRef(Lower).contains(llvm::StringRef(N).lower()))
      return N;
  for (const char *N : Names)
    if (llvm::StringRef(Lower).contains(llvm::StringRef(N).lower()))
      return N;
  if (Lower == "c10::half")
    return "Half";
  return T.str();
}

/// The device a legacy type name implies ("torch.cuda.FloatTensor",
/// "CUDAFloatType" -> "cuda"; "torch.FloatTensor", "float" -> "cpu"
/// when the other one says cuda).
bool namesCuda(llvm::StringRef T) { return T.contains_insensitive("cuda"); }

/// A device error is what each of these bugs crashes with on a GPU. Last, a
/// model loaded without a device: its parameters keep the devices its file
/// was saved on, and the first kernel of its forward (addmm of a Linear, a
/// convolution) meets inputs on another one; the load is never the call
/// that crashes, so the error's kernel does not lead to it.
const char *const DeviceRules[] = {
    "torch-device-mismatch", "torch-factory-missing-device",
    "torch-unregistered-member", "torch-discarded-move",
    "torch-load-without-device"};

void setDevice(RuntimeError &E) {
  E.Family = RuntimeError::Device;
  E.Rules.assign(std::begin(DeviceRules), std::end(DeviceRules));
}

void setDtype(RuntimeError &E, std::initializer_list<const char *> Rules) {
  E.Family = RuntimeError::Dtype;
  E.Rules.assign(Rules.begin(), Rules.end());
}

/// One message family: its pattern and what its groups say.
struct Family {
  const char *Pattern;
  void (*Read)(const Groups &G, RuntimeError &E);
};

const Family Families[] = {
    // 1.10+ and 2.x: "Expected all tensors to be on the same device, but
    // found at least two devices, cuda:0 and cpu! (when checking argument
    // for argument target in method wrapper_CUDA_nll_loss_forward)"; the
    // parenthetical is missing for TensorIterator operations.
    {"Expected all tensors to be on the same device, but found at least two "
     "devices, ([A-Za-z_]+(:[0-9]+)?) and ([A-Za-z_]+(:[0-9]+)?)!"
     "( *\\(when checking arugment for argument ([A-Za-z0-9_]+) in method "
     "([A-Za-z0-9_]+)\\)| *\\(when checking argument for argument "
     "([A-Za-z0-9_]+) in method ([A-Za-z0-9_]+)\\))?",
     [](const Groups &G, RuntimeError &E) {
       setDevice(E);
       E.Expected = deviceName(G[1]);
       E.Found = deviceName(G[3]);
       // 1.x spelled "arugment"; 2.x fixed it.
       E.Argument = !G[6].empty() ? G[6].str() : G[8].str();
       E.Kernel = !G[7].empty() ? G[7].str() : G[9].str();
     }},
    // Before 1.10: "Expected object of device type cuda but got device type
    // cpu for argument #2 'target' in call to _thnn_nll_loss_forward", and
    // the older "backend CUDA ... backend CPU".
    {"Expected object of (device type|backend) ([A-Za-z]+) but got (device "
     "type|backend) ([A-Za-z]+) for argument #[0-9]+ '([A-Za-z0-9_]+)' in "
     "call to ([A-Za-z0-9_]+)",
     [](const Groups &G, RuntimeError &E) {
       setDevice(E);
       E.Expected = deviceName(G[2]);
       E.Found = deviceName(G[4]);
       E.Argument = G[5].str();
       E.Kernel = G[6].str();
     }},
    // The dtype twin of the above: "Expected object of scalar type Long but
    // got scalar type Int for argument #2 'target' in call to
    // _thnn_nll_loss_forward".
    {"Expected object of scalar type ([A-Za-z0-9]+) but got scalar type "
     "([A-Za-z0-9]+) for argument #[0-9]+ '([A-Za-z0-9_]+)' in call to "
     "([A-Za-z0-9_]+)",
     [](const Groups &G, RuntimeError &E) {
       setDtype(E, {"torch-loss-target-dtype", "torch-dtype-mismatch"});
       E.Expected = dtypeName(G[1]);
       E.Found = dtypeName(G[2]);
       E.Argument = G[3].str();
       E.Kernel = G[4].str();
     }},
    // Convolutions: "Input type (torch.cuda.FloatTensor) and weight type
    // (torch.FloatTensor) should be the same" (1.x), "Input type
    // (CUDAFloatType) and weight type (CPUFloatType) ...", and 2.x's dtype
    // form "Input type (double) and bias type (float) should be the same".
    {"Input type \\(([^)]*)\\) and (weight|bias) type \\(([^)]*)\\) should "
     "be the same",
     [](const Groups &G, RuntimeError &E) {
       E.Kernel = "convolution";
       if (namesCuda(G[1]) != namesCuda(G[3])) {
         setDevice(E);
         E.Expected = namesCuda(G[3]) ? "cuda" : "cpu";
         E.Found = namesCuda(G[1]) ? "cuda" : "cpu";
         // The weight's device is the expected one, the input the odd one:
         // either may be the stray; the input is what the call passes.
         E.Argument = "input";
         return;
       }
       setDtype(E, {"torch-dtype-mismatch"});
       E.Expected = dtypeName(G[3]);
       E.Found = dtypeName(G[1]);
       E.Argument = "input";
     }},
    // A checkpoint saved on a GPU, loaded with no device on a machine
    // without CUDA: "Attempting to deserialize object on a CUDA device but
    // torch.cuda.is_available() is False" (torch.load's wording; a
    // TorchScript archive throws it too). A load without a device explains
    // it; no kernel is involved.
    {"Attempting to deserialize object on (a )?CUDA device( [0-9]+)? but "
     "torch\\.cuda\\.is_available\\(\\) is False",
     [](const Groups &G, RuntimeError &E) {
       E.Family = RuntimeError::Device;
       E.Rules = {"torch-load-without-device"};
       E.Expected = "cpu";
       E.Found = "cuda";
     }},
    // A kernel that read host memory as device memory: "CUDA error: an
    // illegal memory access was encountered" (also "misaligned address").
    // from_blob labelling host memory with a GPU device makes exactly
    // that; a host pointer handed to device code does too.
    {"CUDA error: (an illegal memory access was encountered|misaligned "
     "address)",
     [](const Groups &G, RuntimeError &E) {
       E.Family = RuntimeError::Device;
       E.Rules = {"torch-from-blob-device", "torch-host-read-device-tensor"};
       E.Expected = "cuda";
       E.Found = "cpu";
     }},
    // The host dereferencing a GPU tensor's data_ptr() gets no LibTorch
    // message, only the signal: "Segmentation fault (core dumped)", or a
    // sanitizer's "SEGV on unknown address".
    {"(Segmentation fault|SEGV on unknown address)",
     [](const Groups &G, RuntimeError &E) {
       E.Family = RuntimeError::Device;
       E.Rules = {"torch-host-read-device-tensor"};
       E.Expected = "cpu";
       E.Found = "cuda";
     }},
    // RNNs: "Input and hidden tensors are not at the same device, found
    // input tensor at cuda:0 and hidden tensor at cpu", and the parameter
    // form of the same check.
    {"Input and (hidden|parameter) tensors are not at the same device, "
     "found input tensor at ([A-Za-z_]+(:[0-9]+)?) and (hidden|parameter) "
     "tensor at ([A-Za-z_]+(:[0-9]+)?)",
     [](const Groups &G, RuntimeError &E) {
       setDevice(E);
       E.Kernel = "rnn";
       E.Expected = deviceName(G[2]);
       E.Found = deviceName(G[5]);
       E.Argument = G[1] == "hidden" ? "hx" : "input";
     }},
    // Advanced indexing: "indices should be either on cpu or on the same
    // device as the indexed tensor (cpu)".
    {"indices should be either on cpu or on the same device as the indexed "
     "tensor( \\(([A-Za-z_]+(:[0-9]+)?)\\))?",
     [](const Groups &G, RuntimeError &E) {
       setDevice(E);
       E.Kernel = "index";
       E.Argument = "indices";
       E.Expected = G[2].empty() ? "" : deviceName(G[2]);
     }},
    // 2.x linear/mm: "expected mat1 and mat2 to have the same dtype, but
    // got: float != double"; 1.13: "mat1 and mat2 must have the same dtype".
    {"expected (mat1|m1) and (mat2|m2) to have the same dtype, but got: "
     "([A-Za-z0-9:]+) != ([A-Za-z0-9:]+)",
     [](const Groups &G, RuntimeError &E) {
       setDtype(E, {"torch-dtype-mismatch"});
       E.Kernel = "addmm";
       E.Argument = "mat1";
       E.Found = dtypeName(G[3]);
       E.Expected = dtypeName(G[4]);
     }},
    {"(mat1|m1) and (mat2|m2) must have the same dtype",
     [](const Groups &G, RuntimeError &E) {
       setDtype(E, {"torch-dtype-mismatch"});
       E.Kernel = "addmm";
       E.Argument = "mat1";
     }},
    // nll_loss with Int targets on CUDA: "\"nll_loss_forward_reduce_cuda_
    // kernel_2d_index\" not implemented for 'Int'".
    {"\"?(nll_loss[A-Za-z0-9_]*)\"? not implemented for '([A-Za-z0-9]+)'",
     [](const Groups &G, RuntimeError &E) {
       setDtype(E, {"torch-loss-target-dtype"});
       E.Kernel = "nll_loss_forward";
       E.Argument = "target";
       E.Expected = "Long";
       E.Found = dtypeName(G[2]);
     }},
    // Binary losses (and mse_loss's backward): "Found dtype Long but
    // expected Float".
    {"Found dtype ([A-Za-z0-9]+) but expected ([A-Za-z0-9]+)",
     [](const Groups &G, RuntimeError &E) {
       setDtype(E, {"torch-loss-target-dtype", "torch-dtype-mismatch"});
       E.Found = dtypeName(G[1]);
       E.Expected = dtypeName(G[2]);
       E.Argument = "target";
     }},
    // MPS: "Cannot convert a MPS Tensor to float64 dtype as the MPS
    // framework doesn't support float64. Please use float32 instead."
    {"Cannot convert a MPS Tensor to float64 dtype",
     [](const Groups &G, RuntimeError &E) {
       setDtype(E, {"torch-mps-float64"});
       E.Expected = "Float";
       E.Found = "Double";
     }},
    // The common check of typed kernels, data_ptr<T>() and accessor<T,N>():
    // "expected scalar type Float but found Double" (also "Long but found
    // Int" from nll_loss's target on the CPU).
    {"expected scalar type ([A-Za-z0-9]+) but found ([A-Za-z0-9]+)",
     [](const Groups &G, RuntimeError &E) {
       E.Expected = dtypeName(G[1]);
       E.Found = dtypeName(G[2]);
       // Long expected is the class-index target check (nll_loss) as
       // often as a data_ptr<int64_t>(); both rules are candidates.
       if (E.Expected == "Long")
         setDtype(E, {"torch-loss-target-dtype", "torch-data-ptr-type",
                      "torch-dtype-mismatch"});
       else
         setDtype(E, {"torch-dtype-mismatch", "torch-data-ptr-type",
                      "torch-loss-target-dtype"});
     }},
};

/// Libraries whose frames are not the user's.
bool isLibraryFrame(llvm::StringRef Name, llvm::StringRef Object) {
  for (llvm::StringRef Lib :
       {"libtorch", "libc10", "libc.so", "libstdc++", "ld-linux", "libcuda",
        "libgomp", "/torch/lib/", "libpthread", "libpython", "libshm"})
    if (Object.contains(Lib))
      return true;
  for (llvm::StringRef NS : {"c10::", "at::", "torch::", "std::", "caffe2::",
                             "__libc", "__gnu", "_start", "<unknown"})
    if (Name.starts_with(NS))
      return true;
  return Name.empty();
}

/// The last name component of a demangled function ("Trainer::step(int)"
/// -> "step"), or "" for lambdas and unnamed frames.
std::string shortName(llvm::StringRef Demangled) {
  // Cut the parameter list at the first '(' outside template arguments.
  int Depth = 0;
  size_t End = Demangled.size();
  for (size_t I = 0; I < Demangled.size(); ++I) {
    char C = Demangled[I];
    if (C == '<')
      ++Depth;
    else if (C == '>')
      --Depth;
    else if (C == '(' && Depth == 0) {
      End = I;
      break;
    }
  }
  llvm::StringRef Name = Demangled.take_front(End).trim();
  // Template arguments of the function itself.
  if (Name.ends_with(">")) {
    size_t Open = Name.find('<');
    if (Open != llvm::StringRef::npos)
      Name = Name.take_front(Open);
  }
  size_t Colon = Name.rfind("::");
  if (Colon != llvm::StringRef::npos)
    Name = Name.drop_front(Colon + 2);
  // A return type before the name ("void train(...)" in gdb output).
  size_t Space = Name.rfind(' ');
  if (Space != llvm::StringRef::npos)
    Name = Name.drop_front(Space + 1);
  if (Name.empty() || !(llvm::isAlpha(Name[0]) || Name[0] == '_'))
    return "";
  return Name.str();
}

/// A user frame of a backtrace line: LibTorch's own ("frame #3: f(int) +
/// 0x1c (0x55d0 in ./train)") or gdb's ("#3  0x55d0 in f (x=...) at
/// train.cpp:12"). Empty for library frames and other lines; std::nullopt
/// semantics through Frame: false when the line is no frame at all.
bool readFrame(llvm::StringRef Line, std::string &Name) {
  static const llvm::Regex Torch(
      "^ *frame #[0-9]+: (.*) \\+ 0x[0-9a-f]+ \\((0x[0-9a-f]+ in )?(.*)\\)$");
  static const llvm::Regex Gdb("^ *#[0-9]+ +(0x[0-9a-f]+ in )?(.*)$");
  Groups G;
  Name.clear();
  if (Torch.match(Line, &G)) {
    if (!isLibraryFrame(G[1], G[3]))
      Name = shortName(G[1]);
    return true;
  }
  if (Gdb.match(Line, &G)) {
    llvm::StringRef Rest = G[2];
    llvm::StringRef Object;
    size_t From = Rest.rfind(" from ");
    if (From != llvm::StringRef::npos)
      Object = Rest.drop_front(From + 6);
    if (!isLibraryFrame(Rest, Object))
      Name = shortName(Rest);
    return true;
  }
  return false;
}

} // namespace

std::string operationOfKernel(llvm::StringRef Kernel) {
  llvm::StringRef K = Kernel;
  K.consume_front("wrapper_");
  for (llvm::StringRef Backend :
       {"CUDA_", "CPU_", "MPS_", "XPU_", "CompositeImplicitAutograd_",
        "CompositeExplicitAutograd_", "Meta_", "QuantizedCUDA_"})
    if (K.consume_front(Backend))
      break;
  while (K.consume_front("_"))
    ;
  K.consume_front("thnn_");
  // Structured kernels' out and functional variants are one operation.
  K.consume_back("_out");
  K.consume_back("_functional");
  return K.str();
}

std::vector<RuntimeError> parseRuntimeErrors(llvm::StringRef Log) {
  static const std::vector<llvm::Regex> Patterns = [] {
    std::vector<llvm::Regex> P;
    for (const Family &F : Families)
      P.emplace_back(F.Pattern);
    return P;
  }();
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Log.split(Lines, '\n');
  std::vector<RuntimeError> Out;
  std::set<std::string> Seen;
  // Where the lines of the error being read begin: after the previous one.
  size_t Since = 0;
  auto FromScript = [&](llvm::StringRef L) {
    return L.contains("TorchScript interpreter") ||
           L.contains("Traceback of TorchScript");
  };
  for (size_t I = 0; I < Lines.size(); ++I) {
    std::string Text = Lines[I].trim().str();
    // A log that wraps the parenthetical onto the next line.
    if (I + 1 < Lines.size() &&
        Lines[I + 1].trim().starts_with("(when checking"))
      Text += " " + Lines[I + 1].trim().str();
    for (size_t F = 0; F < std::size(Families); ++F) {
      Groups G;
      if (!Patterns[F].match(Text, &G))
        continue;
      RuntimeError E;
      E.Line = I + 1;
      Families[F].Read(G, E);
      if (E.Kernel.empty() && E.Argument == "target" &&
          E.Family == RuntimeError::Dtype)
        E.Op = "binary_cross_entropy";
      if (!E.Kernel.empty())
        E.Op = operationOfKernel(E.Kernel);
      // The message starts at its first word: no "RuntimeError: " or
      // "what():  " prefix, no timestamp.
      llvm::StringRef Msg(Text);
      size_t At = G[0].data() - Text.data();
      E.Message = Msg.drop_front(At).trim().str();
      // The backtrace that follows, until its first non-frame line
      // (LibTorch prints "Exception raised from ..." first).
      for (size_t J = I + 1; J < Lines.size(); ++J) {
        llvm::StringRef L = Lines[J].trim();
        std::string Name;
        if (L.empty() || L.starts_with("Exception raised from") ||
            L.starts_with("(when checking"))
          continue;
        if (!readFrame(Lines[J].rtrim(), Name))
          break;
        if (!Name.empty() && !llvm::is_contained(E.Frames, Name))
          E.Frames.push_back(Name);
      }
      // TorchScript prints its traceback before the message (2.x) or says
      // after it that the operation failed in the interpreter (1.x).
      for (size_t J = Since; J < std::min(Lines.size(), I + 4); ++J)
        E.InTorchScript |= FromScript(Lines[J]);
      Since = I + 1;
      if (Seen.insert(E.Message).second)
        Out.push_back(std::move(E));
      break;
    }
  }
  return Out;
}

} // namespace torchlint
