//===- TorchApi.h - The LibTorch API model ----------------------*- C++ -*-===//
//
// The lowest layer of torchlint above Clang: what LibTorch's types, functions
// and modules are, and what each function does to the device of its tensors.
// The analysis and the rules ask this layer; it asks nothing of them. The
// per-function facts are rows in src/api/TorchApi.def; the predicates here
// match declarations (their identifiers and enclosing namespaces), never
// substrings of printed names.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_TORCHAPI_H
#define TORCHLINT_TORCHAPI_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <optional>
#include <string>

namespace torchlint {
namespace api {

//===----------------------------------------------------------------------===//
// Names.
//===----------------------------------------------------------------------===//

/// True when D's fully qualified name is Qualified ("at::Tensor",
/// "torch::cuda::is_available"), comparing identifiers from the innermost
/// outwards without building the printed name. Inline namespaces are
/// transparent, as they are to users.
bool hasQualifiedName(const clang::NamedDecl *D, llvm::StringRef Qualified);

/// True for declarations in LibTorch's namespaces (torch::, at::, c10::,
/// and any namespace nested in them).
bool isInTorchNamespace(const clang::Decl *D);

/// True for functions of LibTorch's namespaces.
bool isTorchNamespaceFunction(const clang::FunctionDecl *FD);

//===----------------------------------------------------------------------===//
// Types.
//===----------------------------------------------------------------------===//

/// True for at::Tensor (torch::Tensor) by value, reference or const.
bool isTensorType(clang::QualType T);

/// The type an optional holds (std::optional<T>, c10::optional<T> in 1.13,
/// whatever alias a release spells it with: canonical types), else T. Each
/// LibTorch release spells "maybe a device" its own way; what a parameter
/// takes is the same underneath.
clang::QualType withoutOptional(clang::QualType T);

/// True for T, optional<T> in any spelling, or a reference to either, where
/// T is a device (c10::Device) or a device kind (c10::DeviceType).
bool isDeviceOrOptionalDeviceType(clang::QualType T);

/// True for a standard container, c10::ArrayRef or c10::List whose element
/// (or mapped value) type is a Tensor.
bool isTensorContainerType(clang::QualType T);

/// True for c10::Device (torch::Device).
bool isDeviceType(clang::QualType T);

/// True for c10::DeviceType (torch::kCUDA's type).
bool isDeviceKindType(clang::QualType T);

/// True for c10::ScalarType (torch::kFloat's type).
bool isScalarTypeType(clang::QualType T);

/// True for a dtype: c10::ScalarType, or the caffe2::TypeMeta that
/// Tensor::dtype() returns (`x.to(y.dtype())`).
bool isDtypeType(clang::QualType T);

/// True for c10::TensorOptions.
bool isTensorOptionsType(clang::QualType T);

/// True for torch::data::Example (a data loader's batch).
bool isDataExampleType(clang::QualType T);

/// True for classes deriving from torch::nn::Module.
bool isModuleClass(const clang::CXXRecordDecl *RD);

/// The tensor a call of torch::nn::Module's register_buffer or
/// register_parameter makes the module's state (and returns), or null: it
/// moves with the module from then on.
const clang::Expr *registeredStateTensor(const clang::CallExpr *Call);

/// True for the forward() of a class deriving from torch::nn::Module: what a
/// module call (`model->forward(x)`, `model(x)`) runs.
bool isModuleForward(const clang::FunctionDecl *F);

/// True for to() on a class deriving from torch::nn::Module (Module::to or
/// an override): it moves or converts the module's state in place.
bool isModuleTo(const clang::FunctionDecl *F);

/// True for `m.to(...)` on a torch::jit::Module: it moves the loaded
/// module's parameters in place.
bool isScriptModuleTo(const clang::CXXMemberCallExpr *MC);

/// True for a call of torch::nn::Module's register_module,
/// register_parameter or register_buffer (the module holds state), including
/// one on `this` that a class template leaves unresolved until instantiation.
bool isStateRegistration(const clang::CallExpr *Call);

/// True for module holders (torch::nn::Linear, Sequential, ...).
bool isModuleHolderType(clang::QualType T);

/// True for std::shared_ptr<M> where M is a module class.
bool isModulePointerType(clang::QualType T);

/// The module class behind a holder (torch::nn::Linear -> LinearImpl), a
/// std::shared_ptr<M> or a module object, or null.
const clang::CXXRecordDecl *moduleClassOf(clang::QualType T);

/// True for a TorchScript module (torch::jit::Module, which
/// torch::jit::script::Module names), by value, reference, pointer or
/// std::shared_ptr / std::unique_ptr: a module whose parameters are on the
/// device it was loaded onto or last moved to.
bool isScriptModuleType(clang::QualType T);

/// The checkpoint loader Call is (torch::jit::load, or torch::load into a
/// module, an optimizer or tensors), with the device it loads onto: the
/// written argument of a device type (C++'s map_location), or null when
/// the tensors come back where they were saved.
struct CheckpointLoad {
  bool Scripted = false;
  const clang::Expr *Device = nullptr;
};
std::optional<CheckpointLoad> checkpointLoad(const clang::CallExpr *Call);

/// True for the LibTorch functions and tensor methods that return a
/// (values, indices) tuple when given a dimension (max, min, sort, topk,
/// kthvalue, mode, median, cummax, cummin): the indices are Long whatever
/// the input, the values keep its dtype.
bool returnsValuesAndIndices(const clang::FunctionDecl *FD);

/// True for c10::IValue, the boxed value TorchScript modules take and
/// return: it may hold a tensor.
bool isIValueType(clang::QualType T);

/// A call of a TorchScript module: `m.forward(inputs)`, `m(inputs)`,
/// `m.run_method("name", a, b)`, `m.get_method("name")(inputs)`.
struct ScriptModuleCall {
  /// The module the call runs (`m`).
  const clang::Expr *Module = nullptr;
  /// What it is given: a container of IValues, a braced list, or the
  /// values run_method forwards.
  llvm::SmallVector<const clang::Expr *, 4> Args;
};

/// The TorchScript module call E is, if it is one.
std::optional<ScriptModuleCall> scriptModuleCall(const clang::Expr *E);

/// The tensors one argument of a TorchScript module call hands it: the
/// tensor items of a braced list (`forward({x, y})`,
/// `std::vector<IValue>{x}`), or the argument itself when it is a tensor
/// or a container of them (`forward(inputs)`).
llvm::SmallVector<const clang::Expr *, 2>
scriptInputItems(const clang::Expr *Arg);

/// True when E (a `to` call) converts a TorchScript module's dtype:
/// `module.to(torch::kDouble)`, `module.to(device, torch::kHalf)`.
bool convertsScriptModuleDtype(const clang::CXXMemberCallExpr *E);

/// True for a method that hands on what a TorchScript value holds:
/// IValue::toTensor, toTuple, toList, toTensorList, toTensorVector,
/// toGenericDict, ivalue::Tuple::elements, and an element of a c10::List or
/// c10::Dict. What it gives is what its object holds.
bool carriesScriptValue(const clang::CXXMethodDecl *MD);

/// True for a type whose values carry TorchScript results (IValue, a
/// pointer to an ivalue::Tuple, c10::List, c10::Dict, a container of
/// IValues).
bool isScriptValueType(clang::QualType T);

/// True for LibTorch's own modules (torch::nn::LinearImpl, ...).
bool isTorchModuleClass(const clang::CXXRecordDecl *RD);

/// True for LibTorch's modules without parameters or buffers (activations,
/// pooling, dropout, flatten; losses unless given a weight).
bool isStatelessModuleClass(const clang::CXXRecordDecl *RD);
bool isStatelessModuleType(clang::QualType T);

//===----------------------------------------------------------------------===//
// Scalar types.
//===----------------------------------------------------------------------===//

/// A LibTorch element type (c10::ScalarType), named as LibTorch's own
/// messages name it ("expected scalar type Float but found Double").
enum class ScalarKind {
  Byte,
  Char,
  Short,
  Int,
  Long,
  Half,
  Float,
  Double,
  ComplexHalf,
  ComplexFloat,
  ComplexDouble,
  Bool,
  BFloat16,
};

/// c10's name of K: "Float", "Long".
llvm::StringRef scalarName(ScalarKind K);

/// The ScalarKind scalarName calls Name, if any.
std::optional<ScalarKind> scalarKindNamed(llvm::StringRef Name);

/// scalarFixText(K) spelled in the namespace of Callee (at::kFloat beside
/// at::from_blob), which is in scope wherever a call of Callee compiles.
std::string scalarFixTextFor(ScalarKind K, const clang::FunctionDecl *Callee);

/// How a fix-it spells K: "torch::kFloat", "torch::kLong".
llvm::StringRef scalarFixText(ScalarKind K);

/// True for Half, Float, Double and BFloat16.
bool isFloatingKind(ScalarKind K);

/// True for the integer types and Bool.
bool isIntegralKind(ScalarKind K);

/// The scalar type E names when it is a constant of type c10::ScalarType
/// (torch::kFloat32, at::kDouble, c10::ScalarType::Long, a constexpr user
/// variable), evaluated by Clang's constant evaluator.
std::optional<ScalarKind> scalarKindOf(const clang::Expr *E,
                                       const clang::ASTContext &Ctx);

/// The scalar type that stores C++ values of type T (float -> Float,
/// int64_t -> Long, uint8_t -> Byte, c10::Half -> Half), or nothing for
/// types LibTorch has no element type for (char, pointers, classes).
std::optional<ScalarKind> elementKindOf(clang::QualType T);

//===----------------------------------------------------------------------===//
// What functions do to devices (rows of TorchApi.def).
//===----------------------------------------------------------------------===//

/// How a LibTorch function or Tensor method treats devices.
enum class DeviceBehaviour {
  /// An operation: the result lives with the tensor inputs, which must share
  /// one device. The default for every function without a row.
  Compute,
  /// Creates a tensor on the CPU unless its TensorOptions name a device.
  Factory,
  /// A Factory when given no tensor argument, else Compute (torch::normal).
  FactoryWithoutTensorInput,
  /// Creates a tensor where its first argument lives unless its options
  /// name a device (zeros_like).
  Like,
  /// A Tensor method whose result is on the device its argument names
  /// (to, cuda, cpu, type_as); no operation among its arguments.
  Move,
  /// A Tensor method whose tensor arguments may live on any device (a copy
  /// source, a shape, indices); the result is where the receiver is.
  ArgumentsAnyDevice,
  /// Not a device operation at all (save, load, print).
  NoDeviceOperation,
};

/// How a LibTorch function or Tensor method treats element types. Each
/// enumerator is decided by running the operation on LibTorch 1.13
/// (tests/groundtruth, docs/dtype-facts.md).
enum class DtypeBehaviour {
  /// Not modelled: the result's dtype is unknown and nothing is checked.
  /// The default for every function without a dtype in its row, because
  /// reductions, comparisons and index functions change the dtype in ways
  /// a wrong guess would turn into false findings.
  Unknown,
  /// The result has the dtype of the receiver or first tensor input (unary
  /// functions, views, shape functions, activations).
  Keep,
  /// Elementwise with type promotion: mixed inputs are legal and the result
  /// has the promoted dtype (add, mul, where, cat, stack).
  Promote,
  /// The tensor inputs must share one dtype, which the result has (mm,
  /// matmul, bmm, addmm, linear, conv): "expected scalar type Float but
  /// found Double".
  Same,
  /// A classification loss: the input is floating and the target holds
  /// class indices, which must be Long, or class probabilities, which are
  /// floating (cross_entropy).
  ClassTarget,
  /// A classification loss whose target holds class indices only: Long
  /// or Byte, and a floating target throws too (nll_loss).
  IndexTarget,
  /// A binary loss: the target must be floating (binary_cross_entropy).
  FloatTarget,
  /// Keeps the input's dtype but not its shape: a 0-dim input gives a
  /// dimensioned result (view, reshape, unsqueeze, expand).
  Reshape,
  /// A reduction with the input's dtype: over every element (no dimension
  /// argument) it gives a 0-dim tensor (mean, std, norm, amax).
  Reduce,
  /// A reduction that accumulates: integral and Bool inputs give Long,
  /// floating ones keep their dtype (sum, prod, cumsum).
  Accumulate,
  /// The result holds indices, Long whatever the input (argmax, argsort).
  ResultLong,
  /// The result is Bool whatever the inputs (comparisons, isnan).
  ResultBool,
};

/// How a LibTorch module treats the dtype of its input.
enum class ModuleDtype {
  /// Not modelled.
  Unknown,
  /// The input must have the parameters' dtype, which the output has
  /// (Linear, Conv2d, LSTM, BatchNorm).
  Checked,
  /// Runs its children in order: the first child with parameters decides
  /// (Sequential).
  Chain,
  /// A classification loss module: (input, target) with Long targets or
  /// floating class probabilities (CrossEntropyLoss).
  ClassTarget,
  /// A classification loss module whose targets are class indices only
  /// (NLLLoss).
  IndexTarget,
  /// A binary loss module: floating targets.
  FloatTarget,
  /// Like FloatTarget, and the target must have the input's exact floating
  /// dtype (BCELoss, binary_cross_entropy).
  ExactFloatTarget,
};

/// The dtype behaviour of a LibTorch module class (LinearImpl,
/// SequentialImpl, CrossEntropyLossImpl); Unknown for other classes.
ModuleDtype moduleDtypeBehaviour(const clang::CXXRecordDecl *RD);

/// The row of a LibTorch function or Tensor method.
struct ApiRow {
  DeviceBehaviour Device = DeviceBehaviour::Compute;
  /// Comma-separated parameter names that may be on any device.
  llvm::StringRef AnyDeviceParams;
  DtypeBehaviour Dtype = DtypeBehaviour::Unknown;
};

/// The row for FD: a free function of LibTorch's namespaces or a method of
/// at::Tensor; the default Compute row for other LibTorch functions, and
/// nothing for functions outside LibTorch.
std::optional<ApiRow> rowFor(const clang::FunctionDecl *FD);

/// The device behaviour of FD (Compute for functions without a row or
/// outside LibTorch).
DeviceBehaviour deviceBehaviour(const clang::FunctionDecl *FD);

/// True for functions that create a tensor (Factory, Like, or
/// FactoryWithoutTensorInput called without a tensor argument).
bool isFactoryCall(const clang::CallExpr *CE);

/// True when parameter Index of FD (a LibTorch function or Tensor method)
/// may hold a tensor on any device next to the others.
bool isAnyDeviceParam(const clang::FunctionDecl *FD, unsigned Index);

/// The dtype behaviour of FD (Unknown for functions without one).
DtypeBehaviour dtypeBehaviour(const clang::FunctionDecl *FD);

/// The scalar type a tensor factory gives when its options name none
/// (Float for zeros/ones/rand..., Long for randint/randperm), or nothing
/// when it depends on the arguments (tensor, arange, full, from_blob).
std::optional<ScalarKind> factoryDefaultKind(const clang::FunctionDecl *FD);

/// For a module value made by `m->clone()` (through a holder's constructor
/// and std::dynamic_pointer_cast), the clone call; else null. A clone's
/// parameters are where m's were when it was cloned, unless clone names a
/// device.
const clang::CXXMemberCallExpr *moduleCloneOf(const clang::Expr *E);

/// True when MD is a member function named Name of at::Tensor or its base.
bool isTensorMethod(const clang::CXXMethodDecl *MD, llvm::StringRef Name);

/// The Tensor methods the analysis reads one by one, by what they do; the
/// API rows give every other method its device and dtype behaviour.
enum class TensorMethod {
  Other,    ///< Not a Tensor method, or one read through its row.
  To,       ///< to(device | dtype | options | tensor): a copy, maybe moved.
  Cuda,     ///< cuda(): a copy on the current CUDA device.
  Cpu,      ///< cpu(): a copy on the CPU.
  TypeAs,   ///< type_as(other): other's dtype and device.
  Device,   ///< device(): where the tensor is.
  Options,  ///< options(): its dtype and device as TensorOptions.
  Item,     ///< item(): one element read to the host.
  HostData, ///< data_ptr<T>, accessor<T, N>, packed_accessor*: its memory.
  Size,     ///< size(dim): the length of one dimension.
};

/// What MD is among the Tensor methods the analysis reads.
TensorMethod tensorMethod(const clang::CXXMethodDecl *MD);

/// True for to(), cuda() and cpu(): the methods that copy a tensor onto a
/// device (its own, when it is there already).
bool copiesToDevice(TensorMethod M);

/// The argument that sets the batch size of the data loader E constructs,
/// or null when E sets none: torch::data::make_data_loader's size or
/// options, DataLoaderOptions(n) or its batch_size(n), and a project's
/// loader constructed with an integer parameter named for the batch
/// (`batch_size_`), which is how loaders written by hand take it.
const clang::Expr *batchSizeArg(const clang::Expr *E);

/// True for the Tensor reductions that give a 0-dim tensor when called
/// with no argument (sum, mean, max, norm...).
bool isFullReduction(const clang::CXXMethodDecl *MD);

/// True for the Tensor methods that keep their tensor's shape when their
/// arguments are numbers or dtypes (abs, clamp, add, to, cpu...).
bool keepsShape(const clang::CXXMethodDecl *MD);

/// True for a method named `to` of any class: a LibTorch module's or
/// tensor's move, or a user's wrapper that forwards one.
bool isToMethod(const clang::CXXMethodDecl *MD);

/// The module methods that convert a module's parameters and buffers to
/// another dtype or device in place: to(), double(), float(), half(),
/// bfloat16().
bool convertsModuleState(const clang::CXXMethodDecl *MD);

/// What a TensorOptions setter (`opts.device(d)`), or the torch:: function
/// that starts a chain (`torch::dtype(t)`), sets.
enum class OptionsSetter {
  None, ///< Not a setter.
  Device,
  DeviceIndex,
  Dtype,
  Layout,
  RequiresGrad,
  PinnedMemory,
  MemoryFormat,
};

/// What FD sets when it is a TensorOptions member function or a function of
/// LibTorch's namespaces returning TensorOptions; None otherwise.
OptionsSetter optionsSetter(const clang::FunctionDecl *FD);

/// The property of TensorOptions a reading asks about.
enum class OptionsField { Device, Dtype };

/// What a TensorOptions expression says of one of its properties, read
/// through its constructors, setters and the torch:: functions that start
/// a chain (`torch::dtype(d).device(x)`), down to the expression that sets
/// it. A device, a device type, a string, a ScalarType or a layout given
/// where options are taken is read as the options it converts to. The one
/// reader of options: each property evaluates only the leaf.
struct OptionsPart {
  enum KindTy {
    /// Not set: the options leave the property at its default.
    Default,
    /// Set by E: a device, device type or string (Device), a ScalarType
    /// or TypeMeta (Dtype).
    Value,
    /// dtype<T>(): set by the element type Type.
    ElementType,
    /// x.options(): what the tensor E has.
    OfTensor,
    /// The variable Var holds the options: its initialiser or its writes
    /// decide, as the property reads variables.
    Variable,
    /// The TensorOptions member that E (a MemberExpr) names holds them.
    Member,
    /// `c ? a : b`: E, a ConditionalOperator, whose arms each decide.
    Choice,
    /// Built where this reading cannot see.
    Unknown,
  } Kind = Unknown;
  const clang::Expr *E = nullptr;
  const clang::VarDecl *Var = nullptr;
  clang::QualType Type;
};

/// What Options says of Field.
OptionsPart optionsPart(const clang::Expr *Options, OptionsField Field);

/// True when FD's parameter Index is LibTorch's `dtype` parameter (the
/// optional ScalarType of sum, mean, softmax, cumsum...).
bool isDtypeParameter(const clang::FunctionDecl *FD, unsigned Index);

/// True for torch::from_blob and at::from_blob.
bool isFromBlob(const clang::FunctionDecl *FD);

/// True for torch::jit::load, which reads a TorchScript module (D may be a
/// function template that an unresolved call in a template names).
bool isScriptModuleLoad(const clang::NamedDecl *D);

/// True for torch::save.
bool isCheckpointSave(const clang::FunctionDecl *FD);

/// The kinds of state a module registers, and the call that registers each.
enum class ModuleState { Submodule, Parameter, Buffer };

/// The torch::nn::Module member function that registers state of kind K
/// ("register_module"), as a fix-it writes it.
llvm::StringRef registrationCall(ModuleState K);

/// The `.device(d)` call in a TensorOptions chain written at a call
/// (`TensorOptions().dtype(t).device(d)`), or null.
const clang::CXXMemberCallExpr *optionsDeviceSetter(const clang::Expr *Options);

/// True when MD is a Tensor method that changes its tensor in place
/// (add_, copy_, index_put_: LibTorch's trailing underscore).
bool isInPlaceTensorMethod(const clang::CXXMethodDecl *MD);

/// For an element of a tensor written with indices (`t[i]`, `t[i][j]`,
/// `t.index({i, j})`, `t.select(0, i)`), the tensor indexed, with the
/// index expressions in Indices; null for anything else.
const clang::Expr *indexedTensor(const clang::Expr *Element,
                                 llvm::SmallVectorImpl<const clang::Expr *> &Indices);

//===----------------------------------------------------------------------===//
// Devices written in code.
//===----------------------------------------------------------------------===//

/// True for a reference to c10::kCUDA or c10::DeviceType::CUDA.
bool isCudaKindRef(const clang::Expr *E);

/// True for a reference to c10::kCPU or c10::DeviceType::CPU.
bool isCpuKindRef(const clang::Expr *E);

/// True for a reference to c10::kMPS or c10::DeviceType::MPS.
bool isMpsKindRef(const clang::Expr *E);

/// What a device string names, as torch::Device's constructor reads it
/// ("cpu", "cuda", "cuda:1", "mps").
struct DeviceString {
  enum KindTy { Cpu, Cuda, Mps, Other, Malformed };
  KindTy Kind = Malformed;
  /// The ordinal after ':' ("cuda:1"), or -1 where none is written.
  int Index = -1;
};

/// Reads Text as a device string.
DeviceString parseDeviceString(llvm::StringRef Text);

/// The device an ordinary string literal E names, if E is one.
std::optional<DeviceString> deviceStringOf(const clang::Expr *E);

/// True for "cuda:", the start of a CUDA device whose ordinal the program
/// appends at run time (`"cuda:" + std::to_string(rank)`).
bool isCudaOrdinalPrefix(llvm::StringRef Text);

/// True when Text, code that Clang could not type, mentions a GPU, CUDA or a
/// device: what a device flag or guard would be called.
bool mentionsDevice(llvm::StringRef Text);

/// What a call asks LibTorch about CUDA at run time.
enum class CudaQuery {
  None,
  Available,   ///< torch::cuda::is_available, cudnn_is_available, at::hasCUDA.
  DeviceCount, ///< torch::cuda::device_count, c10::cuda::device_count,
               ///< at::getNumGPUs.
};

/// What FD, a free function, asks about CUDA.
CudaQuery cudaQuery(const clang::FunctionDecl *FD);

/// What a member function tests about a device: true for CUDA (is_cuda of a
/// device or a tensor, at::Context::hasCUDA), false for the CPU (is_cpu);
/// nothing for the rest.
std::optional<bool> deviceTest(const clang::CXXMethodDecl *MD);

/// True when E names a device other than the CPU: a device kind constant
/// (kCUDA, DeviceType::MPS, ...), a torch::Device built from a string that
/// is not "cpu" or from one given at run time, or a `.cuda()` call.
bool namesDeviceOtherThanCpu(const clang::Expr *E);

/// The text of a "cuda" or "cuda:N" string literal, if E is one.
std::optional<std::string> cudaStringLiteral(const clang::Expr *E);

/// True for a string literal a user types to ask for a GPU ("cuda",
/// "cuda:1", "gpu", "GPU"): what a device flag is compared with.
bool namesGpuRequest(const clang::Expr *E);

/// True for CUDA-only runtime calls that fail on a CPU-only machine
/// (torch::cuda::synchronize and the at::cuda / c10::cuda APIs).
bool isCudaOnlyFunction(const clang::FunctionDecl *FD);

//===----------------------------------------------------------------------===//
// From kernels back to the API (TORCH_KERNEL rows of TorchApi.def).
//===----------------------------------------------------------------------===//

/// One LibTorch API that reaches a kernel a runtime error names.
struct KernelCaller {
  enum KindTy { Function, Method, Module };
  KindTy Kind = Function;
  /// A function's or method's identifier ("cross_entropy"), or a module
  /// family's holder name ("CrossEntropyLoss", its class CrossEntropyLossImpl).
  llvm::StringRef Name;
  /// The API's parameter that the kernel's parameter comes from ("target");
  /// "" when it is the receiver or not known.
  llvm::StringRef Param;
};

/// The APIs that reach operation Op (a kernel's name without dispatcher
/// prefixes: "nll_loss_forward", "addmm") with its parameter KernelParam
/// ("target"; "" for any). Rows for any parameter also answer a named one.
std::vector<KernelCaller> kernelCallers(llvm::StringRef Op,
                                        llvm::StringRef KernelParam);

/// True when some row names Op.
bool isKnownKernel(llvm::StringRef Op);

/// When Call is a call of Caller (a LibTorch function, a Tensor method, a
/// call or forward() of a LibTorch module of that family, or of a Sequential,
/// which may hold any module), the argument that
/// Caller.Param names (null when Param is "" or has no argument here) in
/// Arg, and true.
bool callReaches(const clang::CallExpr *Call, const KernelCaller &Caller,
                 const clang::Expr *&Arg);

} // namespace api
} // namespace torchlint

#endif
