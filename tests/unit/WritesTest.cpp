//===- WritesTest.cpp - What may change a local variable ------------------===//
//
// torchlint/analysis/Writes.h on a real LibTorch program: which statements
// may change a variable, under the rules the from_blob analyses use (the
// defaults) and the ones LoopBounds uses (calls on the variable do not
// count, its declaration does).
//
//===----------------------------------------------------------------------===//

#include "torchlint/analysis/Writes.h"
#include "TorchProgram.h"
#include "torchlint/api/Syntax.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace torchlint;

namespace {

const char *const Program = R"cpp(
#include <torch/torch.h>


#include <utility>
#include <vector>

void reads(const torch::Tensor &t);
void replaces(torch::Tensor &t);
void consumes(torch::Tensor t);

void body(torch::Tensor t, std::tuple<int, int> pair, int n,
          std::vector<float> v) {
  t = torch::ones({2}); // assigned
  t.add_(1); // in-place
  v.push_back(1); // push
  t.sum(); // const-method
  reads(t); // const-ref
  replaces(t); // mutable-ref
  consumes(std::move(t)); // moved
  torch::Tensor &alias = t; // alias
  const torch::Tensor &view = t; // const-alias
  auto p = &t; // address
  auto paired = std::make_pair(t, n); // make-pair
  int first = std::get<0>(pair); // get
  ++n; // incremented
  auto capture = [&t] { return t; }; // ref-capture
  auto copy = [t] { return t; }; // copy-capture
  (void)paired, (void)alias, (void)view, (void)p, (void)first, (void)capture, (void)copy;
}
)cpp";

TorchProgram &program() {
  static TorchProgram P(Program);
  return P;
}

/// The outermost statement on the line marked Marker: the one whose
/// children the other statements of the line are.
const Stmt *statementOn(llvm::StringRef Marker) {
  return program().find<Stmt>(Marker, [](const Stmt *S) {
    return isa<DeclStmt, CallExpr, BinaryOperator, UnaryOperator,
               CXXConstructExpr, LambdaExpr>(S);
  });
}

/// The parameter of body() named Name.
const VarDecl *param(llvm::StringRef Name) {
  const Stmt *S = statementOn("// assigned");
  const auto *Fn =
      cast<FunctionDecl>(api::enclosingFunction(S, program().context()));
  for (const ParmVarDecl *P : Fn->parameters())
    if (P->getName() == Name)
      return P;
  ADD_FAILURE() << "no parameter " << Name.str();
  return nullptr;
}

TEST(Writes, EachStatementOfTheProgram) {
  ASSERT_TRUE(program().ok());
  const VarDecl *T = param("t");
  ASSERT_TRUE(T);
  // Whether anything in the outermost statement of a line writes t.
  auto Writes = [&](llvm::StringRef Marker, WriteRules Rules = {}) {
    const Stmt *S = statementOn(Marker);
    return S && mayBeWritten(T, S, Rules);
  };
  for (const char *Marker : {"// assigned", "// mutable-ref", "// alias",
                             "// address", "// ref-capture"}) {
    SCOPED_TRACE(Marker);
    EXPECT_TRUE(Writes(Marker));
  }
  // In-place methods are const: they change the data, not which tensor
  // the variable holds.
  for (const char *Marker :
       {"// in-place", "// const-method", "// const-ref", "// make-pair",
        "// moved", "// const-alias", "// copy-capture"}) {
    SCOPED_TRACE(Marker);
    EXPECT_FALSE(Writes(Marker));
  }

  // LoopBounds' rules: a call on the variable does not count, an
  // assignment still does.
  WriteRules Loop;
  Loop.MethodsWrite = false;
  Loop.DeclarationWrites = true;
  EXPECT_TRUE(mayBeWritten(param("v"), statementOn("// push")));
  EXPECT_FALSE(mayBeWritten(param("v"), statementOn("// push"), Loop));
  EXPECT_TRUE(Writes("// assigned", Loop));

  // std::get reads the tuple; ++ writes the counter.
  EXPECT_FALSE(mayBeWritten(param("pair"), statementOn("// get")));
  EXPECT_TRUE(mayBeWritten(param("n"), statementOn("// incremented")));

  // A declaration writes its own variable only where the rules say so.
  const auto *First =
      cast<VarDecl>(cast<DeclStmt>(statementOn("// get"))->getSingleDecl());
  EXPECT_FALSE(writesVar(statementOn("// get"), First));
  EXPECT_TRUE(writesVar(statementOn("// get"), First, Loop));
}

} // namespace
