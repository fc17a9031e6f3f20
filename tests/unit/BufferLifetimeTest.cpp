//===- BufferLifetimeTest.cpp - A from_blob tensor outliving its buffer ---===//
//
// The buffer lifetime analysis (torchlint/analysis/BufferLifetime.h) on a real
// LibTorch program: which from_blob tensors over a local buffer leave the
// buffer's scope, how (returned, stored, through a variable), where the
// buffer dies, and which tensors stay behind or own a copy.
//
//===----------------------------------------------------------------------===//

#include "torchlint/analysis/BufferLifetime.h"
#include "TorchProgram.h"

#include "clang/AST/ExprCXX.h"

#include <utility>

using namespace clang;
using namespace torchlint;

namespace {

const char *const Program = R"cpp(
#include <torch/torch.h>

#include <functional>
#include <vector>

void keep(std::vector<float> v);

torch::Tensor returned() {
  std::vector<float> buf(4); // buf-decl
  return torch::from_blob(buf.data(), {4}); // returned
}

torch::Tensor throughVariable() {
  float arr[4] = {}; // arr-decl
  auto t = torch::from_blob(arr, {4}).view({2, 2}); // via-var
  arr[0] = 1;
  return t; // var-returned
}

struct Holder {
  void set() {
    std::vector<float> px(4);
    image_ = torch::from_blob(px.data(), {4}); // member
  }
  torch::Tensor image_;
};

std::vector<torch::Tensor> batch() {
  std::vector<torch::Tensor> out;
  for (int i = 0; i < 2; ++i) {
    std::vector<float> row(4);
    out.push_back(torch::from_blob(row.data(), {4})); // container
  }
  return out; // out-returned
}

void inLambda() {
  auto make = [] {
    std::vector<double> scratch(4);
    return torch::from_blob(scratch.data(), {4}, torch::kDouble); // lambda
  };
  make();
}

torch::Tensor sameDtype() {
  std::vector<float> b(4);
  return torch::from_blob(b.data(), {4}).to(torch::kFloat); // same-dtype
}

torch::Tensor cloned() {
  std::vector<float> b(4);
  return torch::from_blob(b.data(), {4}).clone(); // cloned
}
torch::Tensor converted() {
  std::vector<float> b(4);
  return torch::from_blob(b.data(), {4}).to(torch::kDouble); // converted
}
torch::Tensor reshapedView() {
  std::vector<float> b(4);
  return torch::from_blob(b.data(), {2, 2}).t().reshape({4}); // reshaped
}
torch::Tensor withDeleter() {
  auto *p = new float[4];
  return torch::from_blob(p, {4}, [](void *q) { delete[] static_cast<float *>(q); }); // deleter
}
torch::Tensor parameter(std::vector<float> &v) {
  return torch::from_blob(v.data(), {4}); // parameter
}
torch::Tensor handedOver() {
  std::vector<float> b(4);
  auto t = torch::from_blob(b.data(), {4}); // handed-over
  keep(std::move(b));
  return t;
}
torch::Tensor chained() {
  std::vector<float> c(4);
  auto a = torch::from_blob(c.data(), {4}); // chained
  auto b = a.view({2, 2});
  return b.unsqueeze(0); // chain-returned
}
torch::Tensor clonedOnOnePath(bool copy) {
  std::vector<float> b(4);
  auto t = torch::from_blob(b.data(), {4}); // one-path
  if (copy)
    t = t.clone();
  return t;
}
void readAll(std::vector<torch::Tensor> &out) {
  std::vector<float> rows(8);
  for (int i = 0; i < 2; ++i)
    out.push_back(torch::from_blob(rows.data() + 4 * i, {4})); // next-view
}
void writtenNextRound(std::vector<torch::Tensor> &out) {
  std::vector<float> rows(4);
  for (int i = 0; i < 2; ++i) {
    rows[0] = static_cast<float>(i);
    out.push_back(torch::from_blob(rows.data(), {4})); // next-write
  }
}
std::function<void(float)> writtenByLambda(std::vector<torch::Tensor> &out) {
  std::vector<float> level(4);
  out.push_back(torch::from_blob(level.data(), {4})); // lambda-write
  return [&level](float v) { level[0] = v; };
}
float localUse() {
  std::vector<float> b(4);
  auto t = torch::from_blob(b.data(), {4}); // stays
  return t.sum().item<float>();
}
)cpp";

TorchProgram &program() {
  static TorchProgram P(Program);
  return P;
}

/// The from_blob call on the line marked Marker.
const CallExpr *callOn(llvm::StringRef Marker) {
  return program().find<CallExpr>(Marker, [](const CallExpr *CE) {
    return matchFromBlob(CE).has_value();
  });
}

unsigned lineOf(SourceLocation Loc) {
  return program().context().getSourceManager().getExpansionLineNumber(Loc);
}

/// Tensors that leave the buffer's scope, and how.
void tensorsThatOutliveTheirBuffer() {
  ASTContext &Ctx = program().context();
  using Exit = BufferEscape::ExitKind;
  using Scope = BufferEscape::ScopeKind;

  std::optional<BufferEscape> Returned = fromBlobEscape(callOn("// returned"), Ctx);
  ASSERT_TRUE(Returned);
  EXPECT_EQ(Returned->Buffer->getName(), "buf");
  EXPECT_EQ(lineOf(Returned->Buffer->getLocation()),
            program().line("// buf-decl"));
  EXPECT_EQ(Returned->Function->getName(), "returned");
  EXPECT_EQ(Returned->Scope, Scope::Function);
  EXPECT_EQ(Returned->Exit, Exit::Returned);
  EXPECT_EQ(lineOf(Returned->At), program().line("// returned"));
  EXPECT_FALSE(Returned->Through);
  EXPECT_FALSE(Returned->ReturnedBy);
  EXPECT_EQ(Returned->Place, "");
  EXPECT_FALSE(Returned->BufferUsedAfter);

  // Through a view and a local variable; the array is written afterwards.
  std::optional<BufferEscape> Through = fromBlobEscape(callOn("// via-var"), Ctx);
  ASSERT_TRUE(Through);
  EXPECT_EQ(Through->Buffer->getName(), "arr");
  EXPECT_EQ(Through->Exit, Exit::Returned);
  ASSERT_TRUE(Through->Through);
  EXPECT_EQ(Through->Through->getName(), "t");
  EXPECT_EQ(lineOf(Through->At), program().line("// var-returned"));
  EXPECT_TRUE(Through->BufferUsedAfter);

  std::optional<BufferEscape> Member = fromBlobEscape(callOn("// member"), Ctx);
  ASSERT_TRUE(Member);
  EXPECT_EQ(Member->Buffer->getName(), "px");
  EXPECT_EQ(Member->Function->getName(), "set");
  EXPECT_EQ(Member->Exit, Exit::Stored);
  EXPECT_EQ(Member->Place, "image_");
  EXPECT_EQ(lineOf(Member->At), program().line("// member"));
  EXPECT_FALSE(Member->ReturnedBy);

  // A local container filled in a loop and returned; the row dies with the
  // loop body.
  std::optional<BufferEscape> Container =
      fromBlobEscape(callOn("// container"), Ctx);
  ASSERT_TRUE(Container);
  EXPECT_EQ(Container->Buffer->getName(), "row");
  EXPECT_EQ(Container->Scope, Scope::Block);
  EXPECT_EQ(Container->Exit, Exit::Stored);
  EXPECT_EQ(Container->Place, "out");
  ASSERT_TRUE(Container->ReturnedBy);
  EXPECT_EQ(lineOf(Container->ReturnedBy->getBeginLoc()),
            program().line("// out-returned"));

  std::optional<BufferEscape> Lambda = fromBlobEscape(callOn("// lambda"), Ctx);
  ASSERT_TRUE(Lambda);
  EXPECT_EQ(Lambda->Buffer->getName(), "scratch");
  EXPECT_EQ(Lambda->Scope, Scope::Lambda);
  EXPECT_EQ(Lambda->Exit, Exit::Returned);

  // to() with the dtype the tensor has returns the tensor itself.
  std::optional<BufferEscape> Same = fromBlobEscape(callOn("// same-dtype"), Ctx);
  ASSERT_TRUE(Same);
  EXPECT_EQ(Same->Exit, Exit::Returned);

  // Through two variables and a view: the last variable is the one named.
  std::optional<BufferEscape> Chained = fromBlobEscape(callOn("// chained"), Ctx);
  ASSERT_TRUE(Chained);
  ASSERT_TRUE(Chained->Through);
  EXPECT_EQ(Chained->Through->getName(), "b");
  EXPECT_EQ(lineOf(Chained->At), program().line("// chain-returned"));
  EXPECT_FALSE(Chained->BufferUsedAfter);

  // The buffer is named again only in the next call's own argument: not a
  // use after the tensor is made.
  std::optional<BufferEscape> NextView = fromBlobEscape(callOn("// next-view"), Ctx);
  ASSERT_TRUE(NextView);
  EXPECT_EQ(NextView->Exit, Exit::Stored);
  EXPECT_EQ(NextView->Place, "out");
  EXPECT_FALSE(NextView->BufferUsedAfter);

  // Written above the call in source order, but on the loop's next round,
  // after it: the write reaches the stored tensor.
  std::optional<BufferEscape> NextWrite =
      fromBlobEscape(callOn("// next-write"), Ctx);
  ASSERT_TRUE(NextWrite);
  EXPECT_TRUE(NextWrite->BufferUsedAfter);

  // A lambda that captures the buffer after the call may write it later.
  std::optional<BufferEscape> ByLambda =
      fromBlobEscape(callOn("// lambda-write"), Ctx);
  ASSERT_TRUE(ByLambda);
  EXPECT_TRUE(ByLambda->BufferUsedAfter);
}

/// Copies, owned memory, the caller's memory, a buffer handed over, a
/// tensor that stays, and a variable cloned on one path of two: nothing
/// leaves for certain.
void tensorsThatDoNot() {
  ASTContext &Ctx = program().context();
  for (const char *Marker :
       {"// cloned", "// converted", "// reshaped", "// deleter",
        "// parameter", "// handed-over", "// stays", "// one-path"}) {
    SCOPED_TRACE(Marker);
    const CallExpr *Call = callOn(Marker);
    ASSERT_TRUE(Call);
    EXPECT_FALSE(fromBlobEscape(Call, Ctx));
  }
}

/// LibTorch's headers take most of a minute to parse, and ctest runs each test
/// in a process of its own: one test asks every question of one parse.
TEST(BufferLifetime, EachCallOnTheProgram) {
  ASSERT_TRUE(program().ok());
  {
    SCOPED_TRACE("TensorsThatOutliveTheirBuffer");
    tensorsThatOutliveTheirBuffer();
  }
  {
    SCOPED_TRACE("TensorsThatDoNot");
    tensorsThatDoNot();
  }
}

} // namespace
