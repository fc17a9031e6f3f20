//===- TorchProgram.h - A user program parsed with LibTorch -----*- C++ -*-===//
//
// Unit tests of the analysis parse a small real LibTorch program with the
// real headers (TORCHLINT_TEST_TORCH_FLAGS: Debian's 1.13 by default), narrow
// the traversal scope to the program's own declarations as the engine does,
// and ask the analysis about the expressions on a marked line.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_TESTS_UNIT_TORCHPROGRAM_H
#define TORCHLINT_TESTS_UNIT_TORCHPROGRAM_H

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Process.h"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

/// The LibTorch flags the tests parse with: TORCHLINT_TEST_TORCH_FLAGS, or
/// Debian's 1.13 headers.
inline std::string torchTestFlags() {
  if (std::optional<std::string> Env =
          llvm::sys::Process::GetEnv("TORCHLINT_TEST_TORCH_FLAGS"))
    return *Env;
  return "-isystem /usr/include/torch/csrc/api/include";
}

/// The compiler arguments a test parses a LibTorch program with.
inline std::vector<std::string> torchTestArgs() {
  std::vector<std::string> Args = {"-std=c++17", "-w"};
  std::istringstream In(torchTestFlags());
  for (std::string Word; In >> Word;)
    Args.push_back(Word);
  if (llvm::StringRef(TORCHLINT_CLANG_RESOURCE_DIR).size())
    Args.push_back("-resource-dir=" TORCHLINT_CLANG_RESOURCE_DIR);
  return Args;
}

/// A program parsed with LibTorch's headers.
class TorchProgram {
public:
  explicit TorchProgram(llvm::StringRef Code) : Code(Code.str()) {
    AST = clang::tooling::buildASTFromCodeWithArgs(
        this->Code, torchTestArgs(), "program.cpp");
    if (!AST || AST->getDiagnostics().hasErrorOccurred())
      return;
    // The engine analyses the user's declarations only.
    clang::ASTContext &Ctx = AST->getASTContext();
    std::vector<clang::Decl *> Scope;
    for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (Ctx.getSourceManager().isInMainFile(D->getLocation()))
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
  }

  /// True when the program compiled.
  bool ok() const { return AST && !AST->getDiagnostics().hasErrorOccurred(); }

  clang::ASTContext &context() { return AST->getASTContext(); }

  /// The line of the program (1-based) whose text contains Marker, a comment
  /// such as `// load-a`.
  unsigned line(llvm::StringRef Marker) const {
    std::istringstream In(Code);
    unsigned N = 0;
    for (std::string L; std::getline(In, L);) {
      ++N;
      if (llvm::StringRef(L).contains(Marker))
        return N;
    }
    ADD_FAILURE() << "no line holds " << Marker.str();
    return 0;
  }

  /// The first node of type T (in traversal order) that begins on the line
  /// marked Marker and satisfies Pred.
  template <typename T, typename Pred>
  const T *find(llvm::StringRef Marker, Pred P) {
    struct Finder : clang::RecursiveASTVisitor<Finder> {
      const clang::SourceManager &SM;
      unsigned Line;
      Pred &P;
      const T *Found = nullptr;
      Finder(const clang::SourceManager &SM, unsigned Line, Pred &P)
          : SM(SM), Line(Line), P(P) {}
      bool VisitStmt(clang::Stmt *S) {
        if (const auto *N = llvm::dyn_cast<T>(S);
            N && !Found && SM.isInMainFile(N->getBeginLoc()) &&
            SM.getExpansionLineNumber(N->getBeginLoc()) == Line && P(N))
          Found = N;
        return !Found;
      }
    } F(AST->getSourceManager(), line(Marker), P);
    for (clang::Decl *D : context().getTraversalScope())
      F.TraverseDecl(D);
    EXPECT_TRUE(F.Found) << "nothing found on the line of " << Marker.str();
    return F.Found;
  }

private:
  std::string Code;
  std::unique_ptr<clang::ASTUnit> AST;
};

#endif
