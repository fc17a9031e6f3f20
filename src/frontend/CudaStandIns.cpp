//===- CudaStandIns.cpp - Headers a CPU-only machine lacks ----------------===//
//
// CI machines have a CPU build of LibTorch and no CUDA toolkit, yet projects
// include <c10/cuda/CUDAGuard.h>, <c10/cuda/CUDAStream.h> and
// <ATen/cuda/CUDAContext.h>. Those headers need LibTorch's generated
// cuda_cmake_macros.h (absent from a CPU build) and a few declarations of the
// CUDA runtime and its libraries. The texts below are torchlint's own minimal
// declarations, written for parsing only: they are not NVIDIA's headers, no
// code built against them could run, and their values (enumerators, sizes)
// matter only as far as LibTorch's inline code names them. They sit in a
// virtual folder searched after every real one (-idirafter), so a real toolkit
// or a CUDA build of LibTorch that the flags reach always wins.
//
//===----------------------------------------------------------------------===//

#include "CudaStandIns.h"

#include "torchlint/frontend/Frontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace torchlint {

namespace {

struct StandIn {
  const char *Path;
  const char *Text;
};

// Each text was grown from the errors of parsing the three headers above
// with LibTorch 1.13 (Debian) and 2.x (pip): nothing more is declared.
// CUDA_VERSION stays undefined on purpose: LibTorch then leaves out
// cuda_bf16.h and cuda_fp16.h, which would need far more.
const StandIn StandIns[] = {
    {"c10/cuda/impl/cuda_cmake_macros.h", R"cuda(#pragma once
#define C10_CUDA_BUILD_SHARED_LIBS
)cuda"},
    {"cuda_runtime_api.h", R"cuda(#pragma once
#include <stddef.h>
typedef enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2, cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4, cudaErrorInvalidDevice = 101, cudaErrorNoDevice = 100, cudaErrorNotReady = 600, cudaErrorPeerAccessAlreadyEnabled = 704, cudaErrorUnknown = 999 } cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef unsigned long long cudaStreamCaptureId_t;
enum cudaStreamCaptureStatus { cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1, cudaStreamCaptureStatusInvalidated = 2 };
enum cudaStreamCaptureMode { cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1, cudaStreamCaptureModeRelaxed = 2 };
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define CUDART_VERSION 12000
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem; size_t sharedMemPerBlock; int regsPerBlock; int warpSize; int maxThreadsPerBlock; int maxThreadsDim[3]; int maxGridSize[3]; int major; int minor; int multiProcessorCount; int l2CacheSize; int maxThreadsPerMultiProcessor; int integrated; };
extern "C" {
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t);
const char *cudaGetErrorName(cudaError_t);
cudaError_t cudaGetDevice(int *);
cudaError_t cudaSetDevice(int);
cudaError_t cudaGetDeviceCount(int *);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *, int);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceGetStreamPriorityRange(int *, int *);
cudaError_t cudaMemGetInfo(size_t *, size_t *);
cudaError_t cudaMemcpyAsync(void *, const void *, size_t, cudaMemcpyKind, cudaStream_t);
cudaError_t cudaStreamSynchronize(cudaStream_t);
cudaError_t cudaStreamQuery(cudaStream_t);
cudaError_t cudaStreamGetPriority(cudaStream_t, int *);
cudaError_t cudaStreamIsCapturing(cudaStream_t, cudaStreamCaptureStatus *);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t, cudaStreamCaptureStatus *, unsigned long long *);
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int);
cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode *);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *, unsigned int);
cudaError_t cudaEventDestroy(cudaEvent_t);
cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t);
cudaError_t cudaEventQuery(cudaEvent_t);
cudaError_t cudaEventSynchronize(cudaEvent_t);
cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
cudaError_t cudaDeviceCanAccessPeer(int *, int, int);
cudaError_t cudaDriverGetVersion(int *);
cudaError_t cudaRuntimeGetVersion(int *);
}
)cuda"},
    {"cuda_runtime.h", R"cuda(#pragma once
#include <cuda_runtime_api.h>
)cuda"},
    {"cuda.h", R"cuda(#pragma once
#include <cuda_runtime_api.h>
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef enum cudaError_enum { CUDA_SUCCESS = 0 } CUresult;
)cuda"},
    {"cublas_v2.h", R"cuda(#pragma once
#include <cuda_runtime_api.h>
typedef struct cublasContext *cublasHandle_t;
typedef enum { CUBLAS_STATUS_SUCCESS = 0 } cublasStatus_t;
)cuda"},
    {"cublasLt.h", R"cuda(#pragma once
#include <cublas_v2.h>
typedef struct cublasLtContext *cublasLtHandle_t;
)cuda"},
    {"cusparse.h", R"cuda(#pragma once
#include <cuda_runtime_api.h>
typedef struct cusparseContext *cusparseHandle_t;
typedef enum { CUSPARSE_STATUS_SUCCESS = 0 } cusparseStatus_t;
)cuda"},
    {"cusolver_common.h", R"cuda(#pragma once
#include <cuda_runtime_api.h>
typedef enum { CUSOLVER_STATUS_SUCCESS = 0 } cusolverStatus_t;
)cuda"},
    {"cusolverDn.h", R"cuda(#pragma once
#include <cusolver_common.h>
typedef struct cusolverDnContext *cusolverDnHandle_t;
)cuda"},
};

/// Records which stand-ins a parse found, so that -v can say so.
class RecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      std::set<std::string> *Used)
      : ProxyFileSystem(std::move(FS)), Used(Used) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    auto S = ProxyFileSystem::status(Path);
    if (S && S->isRegularFile())
      record(Path);
    return S;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (F)
      record(Path);
    return F;
  }

private:
  // Header search stops at the first folder holding a name, so a stand-in
  // that exists for a lookup is one the parse uses. Folders (c10, c10/cuda)
  // are looked up on the way and are not headers.
  void record(const llvm::Twine &Path) {
    if (!Used)
      return;
    std::string P = Path.str();
    llvm::StringRef Rel(P);
    if (Rel.consume_front(cudaStandInDir()) && Rel.consume_front("/") &&
        !Rel.empty())
      Used->insert(Rel.str());
  }

  std::set<std::string> *Used;
};

} // namespace

llvm::Error writeCudaStandIns(llvm::StringRef Dir) {
  // Check every file before writing any, so that a refusal leaves the
  // folder as it was.
  std::vector<std::pair<std::string, const char *>> ToWrite;
  for (const StandIn &S : StandIns) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, S.Path);
    auto Old = llvm::MemoryBuffer::getFile(Path);
    if (Old && (*Old)->getBuffer() == S.Text)
      continue;
    if (Old || llvm::sys::fs::exists(Path))
      return llvm::createStringError(
          std::errc::file_exists,
          "'%s' exists and is not torchlint's stand-in; nothing was written",
          Path.c_str());
    ToWrite.emplace_back(std::string(Path), S.Text);
  }
  for (const auto &[Path, Text] : ToWrite) {
    if (std::error_code EC = llvm::sys::fs::create_directories(
            llvm::sys::path::parent_path(Path)))
      return llvm::createStringError(EC, "cannot create the folder of '%s'",
                                     Path.c_str());
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
    if (!EC) {
      OS << Text;
      OS.close();
      EC = OS.error();
    }
    if (EC)
      return llvm::createStringError(EC, "cannot write '%s'", Path.c_str());
  }
  return llvm::Error::success();
}

llvm::StringRef cudaStandInDir() {
  // The version is part of the preamble's flags, so a changed text never
  // meets a preamble built from an older one.
  return "/torchlint-virtual/cuda-stand-ins-v1";
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withCudaStandIns(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                 std::set<std::string> *Used) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const StandIn &S : StandIns) {
    llvm::SmallString<128> Path(cudaStandInDir());
    llvm::sys::path::append(Path, llvm::sys::path::Style::posix, S.Path);
    Memory->addFile(Path, /*ModificationTime=*/0,
                    llvm::MemoryBuffer::getMemBuffer(S.Text, Path));
  }
  // The memory layer answers only for its own folder, which exists nowhere
  // on disk; every other path falls through to Base.
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      std::move(Base));
  FS->pushOverlay(
      llvm::makeIntrusiveRefCnt<RecordingFileSystem>(std::move(Memory), Used));
  return FS;
}

} // namespace torchlint
