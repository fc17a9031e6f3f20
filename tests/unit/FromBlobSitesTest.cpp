//===- FromBlobSitesTest.cpp - What from_blob reads its memory as ---------===//
//
// The from_blob analysis (torchlint/analysis/FromBlob.h and
// torchlint/analysis/FromBlobSites.h) on a real LibTorch program: a call's arguments by role, the dtype its options
// give, and which calls read their memory as a dtype other than the one it
// holds, in plain functions and in templates.
//
//===----------------------------------------------------------------------===//

#include "torchlint/analysis/FromBlobSites.h"
#include "TorchProgram.h"
#include "torchlint/analysis/FromBlob.h"
#include "torchlint/analysis/Writes.h"
#include "torchlint/api/Syntax.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace torchlint;

namespace {

const char *const Program = R"cpp(
#include <torch/torch.h>

#include <cstdint>
#include <cstring>
#include <vector>

void plain(int64_t *ids, const float *src, torch::TensorOptions opts) {
  std::vector<double> values(4);
  auto a = torch::from_blob(values.data(), {4}); // double-default
  auto b = torch::from_blob(ids, {4}, torch::kInt); // long-as-int
  float buf[4] = {};
  auto c = torch::from_blob(buf, {4}); // float-default
  auto d = torch::from_blob(values.data(), {4}, torch::kDouble); // double-double
  auto e = torch::from_blob(values.data(), {4}, opts); // unknown-options
  std::vector<char> bytes(16);
  std::memcpy(bytes.data(), src, 16);
  auto f = torch::from_blob(bytes.data(), {4}, torch::kFloat); // raw-bytes
  std::vector<uint8_t> pixels(4);
  for (int i = 0; i < 4; ++i)
    pixels[i] = static_cast<uint8_t>(i);
  auto g = torch::from_blob(pixels.data(), {4}, torch::kFloat); // byte-values
  auto o = torch::TensorOptions().dtype(torch::kLong); // options-init
  auto h = at::from_blob(&buf[0], {4}, o); // options-var
  auto k = torch::from_blob((void *)buf, {2, 2}, {2, 1}, [](void *) {}); // deleter
  auto m = torch::from_blob(buf, {4}, torch::device(torch::kCPU)); // no-dtype
}

template <class T> torch::Tensor column(std::vector<T> &v) {
  return torch::from_blob(v.data(), {4}); // dependent
}

template <class T> torch::Tensor fixed(T) {
  std::vector<double> d(4);
  return torch::from_blob(d.data(), {4}); // non-dependent
}

void instantiate(std::vector<double> &dv, std::vector<float> &fv) {
  column(dv); // column-double
  column(fv);
  fixed(1);
}
)cpp";

TorchProgram &program() {
  static TorchProgram P(Program);
  return P;
}

/// Every resolved from_blob call on the line marked Marker: in a template,
/// the pattern's (when it resolves) and each instantiation's.
std::vector<const CallExpr *> callsOn(llvm::StringRef Marker) {
  using namespace ast_matchers;
  ASTContext &Ctx = program().context();
  unsigned Line = program().line(Marker);
  std::vector<const CallExpr *> Calls;
  for (const BoundNodes &N : match(
           functionDecl(forEachDescendant(fromBlobCallMatcher())), Ctx)) {
    const auto *CE = N.getNodeAs<CallExpr>("call");
    const SourceManager &SM = Ctx.getSourceManager();
    if (SM.isInMainFile(CE->getBeginLoc()) &&
        SM.getExpansionLineNumber(CE->getBeginLoc()) == Line &&
        !llvm::is_contained(Calls, CE))
      Calls.push_back(CE);
  }
  return Calls;
}

/// The one from_blob call on the line marked Marker.
const CallExpr *callOn(llvm::StringRef Marker) {
  std::vector<const CallExpr *> Calls = callsOn(Marker);
  EXPECT_EQ(Calls.size(), 1u) << Marker.str();
  return Calls.empty() ? nullptr : Calls.front();
}

unsigned lineOf(SourceLocation Loc) {
  return program().context().getSourceManager().getExpansionLineNumber(Loc);
}

/// The written arguments by role, and the dtype the options give.
void callsByRoleAndTheirDtype() {
  ASTContext &Ctx = program().context();
  std::optional<FromBlobCall> Bare = matchFromBlob(callOn("// double-default"));
  ASSERT_TRUE(Bare);
  EXPECT_FALSE(Bare->Options);
  EXPECT_FALSE(Bare->Deleter);
  EXPECT_FALSE(Bare->Strides);
  EXPECT_EQ(fromBlobDtype(*Bare, Ctx), api::ScalarKind::Float);
  EXPECT_EQ(calleeText(*Bare, Ctx), "torch::from_blob");
  EXPECT_EQ(writtenText(dataBeforeVoidCast(Bare->Data), Ctx), "values.data()");
  EXPECT_EQ(pointeeElementType(dataBeforeVoidCast(Bare->Data)->getType())
                .getAsString(),
            "double");

  std::optional<FromBlobCall> WithDeleter = matchFromBlob(callOn("// deleter"));
  ASSERT_TRUE(WithDeleter);
  EXPECT_TRUE(WithDeleter->Deleter);
  EXPECT_TRUE(WithDeleter->Strides);
  EXPECT_FALSE(WithDeleter->Options);
  // An explicit cast to void* is looked through to the array.
  EXPECT_EQ(writtenText(dataBeforeVoidCast(WithDeleter->Data), Ctx), "buf");

  std::optional<FromBlobCall> Long = matchFromBlob(callOn("// long-as-int"));
  ASSERT_TRUE(Long && Long->Options);
  OptionsDtype Int = optionsDtype(Long->Options, Ctx);
  EXPECT_EQ(Int.State, OptionsDtype::Known);
  EXPECT_EQ(Int.Kind, api::ScalarKind::Int);

  // A local initialised once is read through; options naming only a device
  // give the default; a parameter is unknown.
  std::optional<FromBlobCall> Var = matchFromBlob(callOn("// options-var"));
  ASSERT_TRUE(Var && Var->Options);
  OptionsDtype FromVar = optionsDtype(Var->Options, Ctx);
  EXPECT_EQ(FromVar.State, OptionsDtype::Known);
  EXPECT_EQ(FromVar.Kind, api::ScalarKind::Long);
  ASSERT_TRUE(FromVar.Where);
  EXPECT_EQ(lineOf(FromVar.Where->getBeginLoc()),
            program().line("// options-init"));
  EXPECT_EQ(calleeText(*Var, Ctx), "at::from_blob");
  std::optional<FromBlobCall> Device = matchFromBlob(callOn("// no-dtype"));
  ASSERT_TRUE(Device && Device->Options);
  EXPECT_EQ(optionsDtype(Device->Options, Ctx).State, OptionsDtype::Default);
  EXPECT_EQ(fromBlobDtype(*Device, Ctx), api::ScalarKind::Float);
  std::optional<FromBlobCall> Opaque =
      matchFromBlob(callOn("// unknown-options"));
  ASSERT_TRUE(Opaque && Opaque->Options);
  EXPECT_EQ(optionsDtype(Opaque->Options, Ctx).State, OptionsDtype::Unknown);
  EXPECT_EQ(fromBlobDtype(*Opaque, Ctx), std::nullopt);

  // `o` is written once; `pixels` has its elements assigned through
  // operator[], which may write it.
  const auto *Fn = dyn_cast<FunctionDecl>(api::enclosingFunction(
      callOn("// options-var"), Ctx));
  ASSERT_TRUE(Fn && Fn->getBody());
  const auto *O = cast<DeclRefExpr>(api::ignoreWrappers(Var->Options));
  EXPECT_FALSE(mayBeWritten(cast<VarDecl>(O->getDecl()), Fn->getBody()));
  const auto *Pixels = cast<CXXMemberCallExpr>(
      dataBeforeVoidCast(matchFromBlob(callOn("// byte-values"))->Data));
  const auto *PixelsRef =
      cast<DeclRefExpr>(Pixels->getImplicitObjectArgument()->IgnoreImpCasts());
  EXPECT_TRUE(
      mayBeWritten(cast<VarDecl>(PixelsRef->getDecl()), Fn->getBody()));
}

/// Which calls read their memory as another dtype, and what each side is.
void mismatchesInPlainCode() {
  ASTContext &Ctx = program().context();
  std::optional<FromBlobDtypeMismatch> Double =
      fromBlobDtypeMismatch(callOn("// double-default"), Ctx);
  ASSERT_TRUE(Double);
  EXPECT_EQ(Double->Elements.Holds, api::ScalarKind::Double);
  EXPECT_EQ(Double->Elements.Name, "double");
  ASSERT_TRUE(Double->Elements.Owner);
  EXPECT_EQ(Double->Elements.Owner->getName(), "values");
  EXPECT_FALSE(Double->Elements.OwnerIsPointer);
  EXPECT_FALSE(Double->Elements.Mat);
  EXPECT_EQ(Double->Reads, api::ScalarKind::Float);
  EXPECT_EQ(Double->Given.State, OptionsDtype::Default);
  EXPECT_FALSE(Double->Call.Options);
  EXPECT_FALSE(Double->Instance);

  // The element type as the declaration spells it: int64_t, not long.
  std::optional<FromBlobDtypeMismatch> Long =
      fromBlobDtypeMismatch(callOn("// long-as-int"), Ctx);
  ASSERT_TRUE(Long);
  EXPECT_EQ(Long->Elements.Holds, api::ScalarKind::Long);
  EXPECT_EQ(Long->Elements.Name, "int64_t");
  ASSERT_TRUE(Long->Elements.Owner);
  EXPECT_EQ(Long->Elements.Owner->getName(), "ids");
  EXPECT_TRUE(Long->Elements.OwnerIsPointer);
  EXPECT_EQ(Long->Reads, api::ScalarKind::Int);
  EXPECT_EQ(Long->Given.State, OptionsDtype::Known);

  // Byte values written element by element are bytes, not another type's.
  std::optional<FromBlobDtypeMismatch> Bytes =
      fromBlobDtypeMismatch(callOn("// byte-values"), Ctx);
  ASSERT_TRUE(Bytes);
  EXPECT_EQ(Bytes->Elements.Holds, api::ScalarKind::Byte);
  EXPECT_EQ(Bytes->Elements.Name, "uint8_t");
  EXPECT_EQ(Bytes->Reads, api::ScalarKind::Float);

  std::optional<FromBlobDtypeMismatch> Var =
      fromBlobDtypeMismatch(callOn("// options-var"), Ctx);
  ASSERT_TRUE(Var);
  EXPECT_EQ(Var->Elements.Holds, api::ScalarKind::Float);
  EXPECT_EQ(Var->Elements.Name, "float");
  ASSERT_TRUE(Var->Elements.Owner);
  EXPECT_EQ(Var->Elements.Owner->getName(), "buf");
  EXPECT_EQ(Var->Reads, api::ScalarKind::Long);
  ASSERT_TRUE(Var->Given.Where);
  EXPECT_EQ(lineOf(Var->Given.Where->getBeginLoc()),
            program().line("// options-init"));

  // Agreeing dtypes, unknown options, and raw bytes copied in: nothing.
  EXPECT_FALSE(fromBlobDtypeMismatch(callOn("// float-default"), Ctx));
  EXPECT_FALSE(fromBlobDtypeMismatch(callOn("// double-double"), Ctx));
  EXPECT_FALSE(fromBlobDtypeMismatch(callOn("// unknown-options"), Ctx));
  EXPECT_FALSE(fromBlobDtypeMismatch(callOn("// raw-bytes"), Ctx));
  EXPECT_FALSE(fromBlobDtypeMismatch(callOn("// no-dtype"), Ctx));
}

/// A dependent call is answered in each instantiation that disagrees; one
/// that does not depend on the template, in the pattern only.
void mismatchesInTemplates() {
  ASTContext &Ctx = program().context();
  std::vector<const CallExpr *> Dependent = callsOn("// dependent");
  // column<double> and column<float>; the pattern's call is unresolved.
  ASSERT_EQ(Dependent.size(), 2u);
  std::vector<std::string> Disagree;
  for (const CallExpr *CE : Dependent)
    if (std::optional<FromBlobDtypeMismatch> M =
            fromBlobDtypeMismatch(CE, Ctx)) {
      ASSERT_TRUE(M->Instance);
      EXPECT_EQ(lineOf(M->Instance->getPointOfInstantiation()),
                program().line("// column-double"));
      EXPECT_EQ(M->Elements.Holds, api::ScalarKind::Double);
      EXPECT_EQ(M->Elements.Name, "double");
      Disagree.push_back(M->Instance->getNameAsString());
    }
  EXPECT_EQ(Disagree, std::vector<std::string>{"column"});

  std::vector<const CallExpr *> Fixed = callsOn("// non-dependent");
  ASSERT_EQ(Fixed.size(), 2u); // the pattern's and fixed<int>'s
  unsigned InPattern = 0;
  for (const CallExpr *CE : Fixed) {
    std::optional<FromBlobDtypeMismatch> M = fromBlobDtypeMismatch(CE, Ctx);
    if (!M)
      continue;
    ++InPattern;
    EXPECT_FALSE(M->Instance);
    EXPECT_EQ(M->Elements.Name, "double");
    ASSERT_TRUE(M->Elements.Owner);
    EXPECT_EQ(M->Elements.Owner->getName(), "d");
  }
  EXPECT_EQ(InPattern, 1u);
}

/// LibTorch's headers take most of a minute to parse, and ctest runs each test
/// in a process of its own: one test asks every question of one parse.
TEST(FromBlobSites, EachCallOnTheProgram) {
  ASSERT_TRUE(program().ok());
  {
    SCOPED_TRACE("CallsByRoleAndTheirDtype");
    callsByRoleAndTheirDtype();
  }
  {
    SCOPED_TRACE("MismatchesInPlainCode");
    mismatchesInPlainCode();
  }
  {
    SCOPED_TRACE("MismatchesInTemplates");
    mismatchesInTemplates();
  }
}

} // namespace
