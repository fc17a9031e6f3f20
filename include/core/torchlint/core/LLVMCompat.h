//===- LLVMCompat.h - The Clang/LLVM API across major versions --*- C++ -*-===//
//
// torchlint builds against LLVM 16, 19 and 22 (-DTORCHLINT_LLVM_VERSION=N,
// issue 40). Where the Clang or LLVM API a layer uses changed between those
// versions, the difference lives here, once, as a small function or alias
// spelled for the newest version; callers use it and stay free of version
// tests. Each entry names the release that changed the API, so that an entry
// can go once the oldest supported version has the new spelling.
//
// Spellings that LLVM 16 already offers (StringRef::starts_with and
// ends_with, std::optional results) are used directly, not wrapped.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_LLVMCOMPAT_H
#define TORCHLINT_LLVMCOMPAT_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileEntry.h"
#include "clang/Basic/Linkage.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <memory>

/// The parameters of PPCallbacks::InclusionDirective after RelativePath and
/// before FileType, unnamed: LLVM 19 added `bool ModuleImported` after the
/// module. A macro, because an override's parameter list cannot be aliased.
#if LLVM_VERSION_MAJOR >= 19
#define TORCHLINT_INCLUSION_MODULE_PARAMS const clang::Module *, bool
#else
#define TORCHLINT_INCLUSION_MODULE_PARAMS const clang::Module *
#endif

namespace torchlint {
namespace compat {

/// Whether D's formal linkage is external. LLVM 18 made clang::Linkage an
/// enum class (Linkage::External for ExternalLinkage).
inline bool hasExternalFormalLinkage(const clang::NamedDecl *D) {
#if LLVM_VERSION_MAJOR >= 18
  return D->getFormalLinkage() == clang::Linkage::External;
#else
  return D->getFormalLinkage() == clang::ExternalLinkage;
#endif
}

/// The type of the object a member function is called on, with the
/// function's cv-qualifiers. LLVM 18 renamed CXXMethodDecl's
/// getThisObjectType to getFunctionObjectParameterType (deducing this).
inline clang::QualType objectType(const clang::CXXMethodDecl *MD) {
#if LLVM_VERSION_MAJOR >= 18
  return MD->getFunctionObjectParameterType();
#else
  return MD->getThisObjectType();
#endif
}

/// Whether FD is pure virtual ('= 0'). LLVM 18 renamed FunctionDecl's
/// isPure to isPureVirtual.
inline bool isPureVirtual(const clang::FunctionDecl *FD) {
#if LLVM_VERSION_MAJOR >= 18
  return FD->isPureVirtual();
#else
  return FD->isPure();
#endif
}

/// The name a file was looked up by and the name on disk, of a key of
/// SourceManager::fileinfo_begin(): LLVM 18 keyed them by FileEntryRef and
/// took FileEntry::getName away.
#if LLVM_VERSION_MAJOR >= 18
inline llvm::StringRef fileName(clang::FileEntryRef File) {
  return File.getName();
}
inline llvm::StringRef realPathName(clang::FileEntryRef File) {
  return File.getFileEntry().tryGetRealPathName();
}
#else
inline llvm::StringRef fileName(const clang::FileEntry *File) {
  return File->getName();
}
inline llvm::StringRef realPathName(const clang::FileEntry *File) {
  return File->tryGetRealPathName();
}
#endif

/// Path made absolute against Dir (not this process's folder). LLVM 22
/// moved the two-argument make_absolute from sys::fs to sys::path.
inline void makeAbsolute(const llvm::Twine &Dir,
                         llvm::SmallVectorImpl<char> &Path) {
#if LLVM_VERSION_MAJOR >= 22
  llvm::sys::path::make_absolute(Dir, Path);
#else
  llvm::sys::fs::make_absolute(Dir, Path);
#endif
}

/// DiagnosticOptions as DiagnosticsEngine, TextDiagnosticPrinter and
/// TextDiagnostic take them. Up to LLVM 20 they are reference counted and
/// passed by pointer; LLVM 21 made them a plain value passed by reference,
/// which the caller keeps alive. makeDiagOpts() gives an owner either way,
/// diagOpts() the argument.
#if LLVM_VERSION_MAJOR >= 21
using DiagOptsOwner = std::shared_ptr<clang::DiagnosticOptions>;
inline DiagOptsOwner makeDiagOpts() {
  return std::make_shared<clang::DiagnosticOptions>();
}
inline clang::DiagnosticOptions &diagOpts(const DiagOptsOwner &Opts) {
  return *Opts;
}
inline clang::DiagnosticOptions &diagOpts(clang::DiagnosticOptions &Opts) {
  return Opts;
}
#else
using DiagOptsOwner = llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions>;
inline DiagOptsOwner makeDiagOpts() {
  return llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
}
inline clang::DiagnosticOptions *diagOpts(const DiagOptsOwner &Opts) {
  return Opts.get();
}
inline clang::DiagnosticOptions *diagOpts(clang::DiagnosticOptions &Opts) {
  return &Opts;
}
#endif

/// The FileID of File in SM, made when no include brought File in. LLVM 19
/// made SourceManager::getOrCreateFileID take a FileEntryRef.
inline clang::FileID fileIDFor(clang::SourceManager &SM,
                               clang::FileEntryRef File) {
#if LLVM_VERSION_MAJOR >= 19
  return SM.getOrCreateFileID(File, clang::SrcMgr::C_User);
#else
  return SM.getOrCreateFileID(&File.getFileEntry(), clang::SrcMgr::C_User);
#endif
}

} // namespace compat
} // namespace torchlint

#endif // TORCHLINT_LLVMCOMPAT_H
