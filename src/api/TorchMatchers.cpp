//===- TorchMatchers.cpp - AST matchers for LibTorch's API ----------------===//

#include "torchlint/api/TorchMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace api {
namespace match {
namespace {

AST_MATCHER(FunctionDecl, asksAboutCuda) {
  return cudaQuery(&Node) != CudaQuery::None;
}

AST_MATCHER_P(CXXMethodDecl, copiesTensor, std::optional<TensorMethod>, M) {
  TensorMethod Is = tensorMethod(&Node);
  return M ? Is == *M : copiesToDevice(Is);
}

AST_MATCHER(FunctionDecl, isFromBlobFunction) { return isFromBlob(&Node); }

AST_MATCHER(CXXMethodDecl, isNamedTo) { return isToMethod(&Node); }

/// torch::load and torch::jit::load by name: a declaration matcher that
/// also fits the function templates an unresolved call in a template names.
clang::ast_matchers::internal::Matcher<NamedDecl> checkpointLoadName() {
  return hasAnyName("::torch::jit::load", "::torch::load");
}

} // namespace

StmtMatcher deviceKindRef(llvm::StringRef Kind) {
  return declRefExpr(to(decl(
      anyOf(varDecl(hasName(("::c10::k" + Kind).str())),
            enumConstantDecl(hasName(("::c10::DeviceType::" + Kind).str()))))));
}

StmtMatcher cudaQueryCall() {
  return callExpr(callee(functionDecl(asksAboutCuda())));
}

StmtMatcher torchCudaNamespaceCall() {
  return callExpr(
      callee(functionDecl(matchesName("^::(torch|at|c10)::cuda::"))));
}

StmtMatcher deviceOrOptionsConstruction() {
  return cxxConstructExpr(hasDeclaration(cxxConstructorDecl(
      ofClass(hasAnyName("::c10::Device", "::c10::TensorOptions")))));
}

StmtMatcher tensorCopyCall(std::optional<TensorMethod> M) {
  return cxxMemberCallExpr(callee(cxxMethodDecl(copiesTensor(M))));
}

StmtMatcher fromBlobCall() {
  return callExpr(callee(functionDecl(isFromBlobFunction())));
}

StmtMatcher checkpointLoadCall() {
  return callExpr(anyOf(callee(functionDecl(checkpointLoadName())),
                        callee(unresolvedLookupExpr(hasAnyDeclaration(namedDecl(
                            anyOf(functionTemplateDecl(checkpointLoadName()),
                                  functionDecl(checkpointLoadName()))))))));
}

StmtMatcher
toMethodCall(const clang::ast_matchers::internal::Matcher<Expr> &Device) {
  return callExpr(
      anyOf(cxxMemberCallExpr(callee(cxxMethodDecl(isNamedTo()))),
            callee(cxxDependentScopeMemberExpr(hasMemberName("to")))),
      hasArgument(0, Device));
}

} // namespace match
} // namespace api
} // namespace torchlint
