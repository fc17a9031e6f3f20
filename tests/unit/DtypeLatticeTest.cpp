//===- DtypeLatticeTest.cpp - The dtype lattice and scalar kinds ----------===//

#include "torchlint/analysis/DtypeLattice.h"

#include <gtest/gtest.h>

using namespace torchlint;
using api::ScalarKind;

TEST(DtypesConflict, OnlyTwoKnownDifferentTypes) {
  EXPECT_TRUE(dtypesConflict(Dtype::known(ScalarKind::Float),
                             Dtype::known(ScalarKind::Double)));
  EXPECT_TRUE(dtypesConflict(Dtype::known(ScalarKind::Long),
                             Dtype::known(ScalarKind::Float)));
  EXPECT_FALSE(dtypesConflict(Dtype::known(ScalarKind::Float),
                              Dtype::known(ScalarKind::Float)));
  // An input's dtype may be anything; scalars are promoted, never checked.
  EXPECT_FALSE(dtypesConflict(Dtype::symbolic("input 'x'"),
                              Dtype::known(ScalarKind::Double)));
  EXPECT_FALSE(
      dtypesConflict(Dtype::scalar(), Dtype::known(ScalarKind::Float)));
}

TEST(Dtype, EqualityIgnoresTheTypeOfNonKnownKinds) {
  EXPECT_EQ(Dtype::scalar(), Dtype::scalar());
  EXPECT_EQ(Dtype::symbolic("input 'x'"), Dtype::symbolic("input 'x'"));
  EXPECT_NE(Dtype::symbolic("input 'x'"), Dtype::symbolic("input 'y'"));
  EXPECT_NE(Dtype::known(ScalarKind::Int), Dtype::known(ScalarKind::Long));
}

TEST(Dtype, SpellsLikeLibTorchMessages) {
  EXPECT_EQ(Dtype::known(ScalarKind::Float).spelling(), "Float");
  EXPECT_EQ(Dtype::known(ScalarKind::Long).spelling(), "Long");
  EXPECT_EQ(Dtype::known(ScalarKind::Byte).spelling(), "Byte");
  EXPECT_EQ(Dtype::symbolic("input 'x'").spelling(), "the dtype of input 'x'");
  EXPECT_EQ(api::scalarFixText(ScalarKind::Double), "torch::kDouble");
}

TEST(ScalarKinds, Categories) {
  EXPECT_TRUE(api::isFloatingKind(ScalarKind::Half));
  EXPECT_TRUE(api::isFloatingKind(ScalarKind::BFloat16));
  EXPECT_FALSE(api::isFloatingKind(ScalarKind::Long));
  EXPECT_TRUE(api::isIntegralKind(ScalarKind::Bool));
  EXPECT_TRUE(api::isIntegralKind(ScalarKind::Byte));
  EXPECT_FALSE(api::isIntegralKind(ScalarKind::ComplexFloat));
}

TEST(DtypeSet, JoinKeepsOneFactPerTypeAndUnknownAbsorbs) {
  DtypeSet A = DtypeSet::of(Dtype::known(ScalarKind::Float));
  A.join(DtypeSet::of(Dtype::known(ScalarKind::Double)));
  EXPECT_EQ(A.facts().size(), 2u);
  A.join(DtypeSet::of(Dtype::known(ScalarKind::Float)));
  EXPECT_EQ(A.facts().size(), 2u);
  EXPECT_FALSE(A.single());
  A.join(DtypeSet());
  EXPECT_TRUE(A.isUnknown());
}

TEST(DtypeSet, AgreeOnlyWhenEveryElementHasOneEqualType) {
  DtypeSet F = DtypeSet::of(Dtype::known(ScalarKind::Float));
  DtypeSet D = DtypeSet::of(Dtype::known(ScalarKind::Double));
  DtypeSet Both = agree<Dtype>({F, F});
  ASSERT_TRUE(Both.single());
  EXPECT_EQ(Both.single()->Value, Dtype::known(ScalarKind::Float));
  EXPECT_TRUE(agree<Dtype>({F, D}).isUnknown());
  EXPECT_TRUE(agree<Dtype>({F, DtypeSet()}).isUnknown());
  EXPECT_TRUE(agree<Dtype>({}).isUnknown());
}

TEST(Dtype, PromotedInputInstantiatesWithItsArgument) {
  // x + a Float matrix: Double stays Double, Half and Long become Float.
  Dtype Raised = Dtype::symbolic("input 'x'");
  Raised.Promoted = true;
  Raised.Type = ScalarKind::Float;
  EXPECT_EQ(Raised.instantiate(Dtype::known(ScalarKind::Double)),
            Dtype::known(ScalarKind::Double));
  EXPECT_EQ(Raised.instantiate(Dtype::known(ScalarKind::Half)),
            Dtype::known(ScalarKind::Float));
  EXPECT_EQ(Raised.instantiate(Dtype::known(ScalarKind::Long)),
            Dtype::known(ScalarKind::Float));
  // A 0-dim Double argument would not have counted beside the matrix.
  EXPECT_EQ(Raised.instantiate(Dtype::known(ScalarKind::Double, true)),
            std::nullopt);
  EXPECT_EQ(Raised.instantiate(Dtype::symbolic("input 'y'")), std::nullopt);
  // Not promoted: the argument as it is.
  EXPECT_EQ(Dtype::symbolic("input 'x'").instantiate(
                Dtype::known(ScalarKind::Int)),
            Dtype::known(ScalarKind::Int));
  // A promoted input is another value than the input itself.
  EXPECT_NE(Raised, Dtype::symbolic("input 'x'"));
}

TEST(PromoteKinds, CategoryThenWidth) {
  EXPECT_EQ(promoteKinds(ScalarKind::Float, ScalarKind::Double),
            ScalarKind::Double);
  EXPECT_EQ(promoteKinds(ScalarKind::Long, ScalarKind::Half),
            ScalarKind::Half);
  EXPECT_EQ(promoteKinds(ScalarKind::Bool, ScalarKind::Int), ScalarKind::Int);
  EXPECT_EQ(promoteKinds(ScalarKind::Half, ScalarKind::BFloat16),
            ScalarKind::Float);
}
