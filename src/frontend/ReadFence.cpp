//===- ReadFence.cpp - Which files a parse may read -----------------------===//

#include "ReadFence.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace torchlint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// Path made absolute, its links resolved when it exists, without dots.
static std::string realOf(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  fs::make_absolute(Abs);
  llvm::SmallString<256> Real;
  if (!fs::real_path(Abs, Real))
    Abs = Real;
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  while (Abs.size() > 1 && Abs.back() == '/')
    Abs.pop_back();
  return std::string(Abs);
}

/// Whether Dir holds LibTorch's headers (the include folder of an install,
/// or its csrc/api/include).
static bool holdsLibTorchHeaders(llvm::StringRef Dir) {
  for (const char *Marker :
       {"ATen/ATen.h", "torch/torch.h", "c10/macros/Macros.h"}) {
    llvm::SmallString<256> P(Dir);
    path::append(P, Marker);
    if (fs::exists(P))
      return true;
  }
  return false;
}

std::vector<std::string> readableRoots(const std::vector<std::string> &Project,
                                       const std::vector<std::string> &Args,
                                       llvm::StringRef ResourceDir) {
  if (Project.empty())
    return {};
  std::vector<std::string> Roots;
  for (const std::string &P : Project)
    Roots.push_back(realOf(P));
  // The compiler's and the system's headers; a CUDA toolkit's.
  for (const char *System :
       {"/usr/include", "/usr/local/include", "/usr/lib/gcc",
        "/usr/lib/llvm-16", "/usr/local/cuda", "/opt/cuda"})
    Roots.push_back(realOf(System));
  if (!ResourceDir.empty())
    Roots.push_back(realOf(ResourceDir));
  // LibTorch's folders, wherever the flags put them (a pip or conda
  // install, pytorch.org's zip): only those that hold its headers, so that
  // `-isystem /etc` opens nothing.
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    std::string Dir;
    for (llvm::StringRef Flag : {"-isystem", "-I", "-idirafter", "-iquote"}) {
      if (A == Flag && I + 1 < Args.size()) {
        Dir = Args[I + 1];
        break;
      }
      if (A.starts_with(Flag) && A.size() > Flag.size()) {
        Dir = A.drop_front(Flag.size()).str();
        break;
      }
    }
    if (!Dir.empty() && holdsLibTorchHeaders(Dir))
      Roots.push_back(realOf(Dir));
  }
  return Roots;
}

namespace {

/// Refuses to open files outside the roots.
class FencedFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  FencedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                   std::vector<std::string> Roots,
                   std::set<std::string> *Refused)
      : ProxyFileSystem(std::move(FS)), Roots(std::move(Roots)),
        Refused(Refused) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    // Header search opens candidates that do not exist, folder after
    // folder: those answer "no such file" as they would without the fence.
    if (!getUnderlyingFS().exists(Path))
      return ProxyFileSystem::openFileForRead(Path);
    llvm::SmallString<256> Abs;
    Path.toVector(Abs);
    getUnderlyingFS().makeAbsolute(Abs);
    // By real path: a link in the repository to /etc/shadow is /etc/shadow.
    std::string Real = realOf(Abs);
    // Clang's driver reads which distribution this is to find GCC; never
    // shown.
    static const llvm::StringRef DriverFiles[] = {
        "/etc/os-release",     "/usr/lib/os-release", "/etc/lsb-release",
        "/etc/debian_version", "/etc/redhat-release", "/etc/SuSE-release",
        "/etc/gentoo-release", "/etc/alpine-release"};
    if (llvm::is_contained(DriverFiles, llvm::StringRef(Abs)) ||
        llvm::is_contained(DriverFiles, llvm::StringRef(Real)))
      return ProxyFileSystem::openFileForRead(Path);
    if (!llvm::any_of(Roots, [&](const std::string &Root) {
          return Real == Root || (llvm::StringRef(Real).starts_with(Root) &&
                                  (Root == "/" || Real[Root.size()] == '/'));
        })) {
      if (Refused)
        Refused->insert(Real);
      return std::make_error_code(std::errc::permission_denied);
    }
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  std::vector<std::string> Roots;
  std::set<std::string> *Refused;
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
fencedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                 std::vector<std::string> Roots,
                 std::set<std::string> *Refused) {
  if (Roots.empty())
    return Base;
  for (std::string &Root : Roots)
    Root = realOf(Root);
  return llvm::makeIntrusiveRefCnt<FencedFileSystem>(std::move(Base),
                                                     std::move(Roots), Refused);
}

std::string refusedReadReason(llvm::StringRef File, llvm::StringRef Path) {
  return "'" + File.str() + "' reads '" + Path.str() +
         "', which is outside the repository, the build folder and the "
         "system and LibTorch include folders; it was not analysed, and "
         "nothing of that file is reported (docs/ci.md, untrusted pull "
         "requests)";
}

} // namespace torchlint
