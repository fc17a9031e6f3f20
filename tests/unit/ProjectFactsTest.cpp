//===- ProjectFactsTest.cpp - Project facts and needs, typed and spelled --===//
//
// Facts travel between processes (worker results, shards, the result cache,
// the project index) as their spellings; each must read back as itself, and
// a spelling no release wrote must not read as some fact.
//
//===----------------------------------------------------------------------===//

#include "torchlint/core/ProjectFacts.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace torchlint;

TEST(ProjectFacts, EachKindReadsBackAsItself) {
  const ProjectFact All[] = {
      FactKind::RuntimeDevice,
      FactKind::RunsWithoutCuda,
      FactKind::LeavesCpu,
      FactKind::RequiresCuda,
      FactKind::StaysOnCpu,
      facts::returnsCpu("c:@F@load_labels#"),
      facts::passesDevice("c:@S@Trainer@F@step#&$@at@Tensor#", 1),
      facts::passesCpu("c:@F@operator|#", 0),
      facts::registersState("Encoder"),
      facts::writesDevice("TrainConfig::device"),
  };
  for (const ProjectFact &F : All) {
    SCOPED_TRACE(F.str());
    EXPECT_FALSE(F.str().empty());
    EXPECT_EQ(ProjectFact::parse(F.str()), F);
  }
  // The spellings results of earlier releases hold.
  EXPECT_EQ(ProjectFact(FactKind::RuntimeDevice).str(), "runtime-device");
  EXPECT_EQ(facts::passesCpu("f(int)", 2).str(), "passes-cpu:f(int)#2");
  EXPECT_EQ(facts::returnsCpu("f#").str(), "returns-cpu:f#");
}

TEST(ProjectFacts, UnknownSpellingsAreNoFact) {
  EXPECT_TRUE(ProjectFact::parse("").empty());
  EXPECT_TRUE(ProjectFact::parse("runtime-device:x").empty());
  EXPECT_TRUE(ProjectFact::parse("gpu-only").empty());
  // An indexed kind without its index.
  EXPECT_TRUE(ProjectFact::parse("passes-cpu:f(int)").empty());
  EXPECT_FALSE(Need::parse("~leaves-cpu").has_value());
  EXPECT_FALSE(Need::parse("!gpu-only").has_value());
}

TEST(ProjectFacts, NeedsReadBackAsThemselves) {
  const Need All[] = {
      Need(FactKind::RuntimeDevice),
      Need::unless(FactKind::RequiresCuda, FactKind::RunsWithoutCuda),
      Need::unless(FactKind::RequiresCuda),
      Need::aloneUnless(FactKind::LeavesCpu, FactKind::StaysOnCpu),
      Need(facts::passesDevice("c:@F@operator|#", 0)),
      Need::unless(facts::passesCpu("c:@F@operator|#", 1), FactKind::LeavesCpu),
  };
  for (const Need &N : All) {
    SCOPED_TRACE(N.str());
    std::optional<Need> Back = Need::parse(N.str());
    ASSERT_TRUE(Back.has_value());
    EXPECT_EQ(*Back, N);
  }
  EXPECT_EQ(All[1].str(), "!requires-cuda|runs-without-cuda");
  EXPECT_EQ(All[3].str(), "~leaves-cpu|stays-on-cpu");
}

TEST(ProjectFacts, AnUnlessNeedIsWithdrawnOnlyWithoutWhatKeepsIt) {
  Need N = Need::unless(FactKind::RequiresCuda, FactKind::RunsWithoutCuda);
  auto Shows = [](std::initializer_list<FactKind> Kinds) {
    return [Kinds](const ProjectFact &F) {
      return std::find(Kinds.begin(), Kinds.end(), F.kind()) != Kinds.end();
    };
  };
  EXPECT_TRUE(N.withdrawnBy(Shows({FactKind::RequiresCuda})));
  EXPECT_FALSE(N.withdrawnBy(
      Shows({FactKind::RequiresCuda, FactKind::RunsWithoutCuda})));
  EXPECT_FALSE(N.withdrawnBy(Shows({})));
  // A need that only a shown fact meets is never withdrawn.
  EXPECT_FALSE(Need(FactKind::RequiresCuda)
                   .withdrawnBy(Shows({FactKind::RequiresCuda})));
}

TEST(ProjectFacts, OnlyCudaFactsHoldAcrossPrograms) {
  EXPECT_TRUE(ProjectFact(FactKind::RunsWithoutCuda).holdsAcrossPrograms());
  EXPECT_TRUE(ProjectFact(FactKind::RequiresCuda).holdsAcrossPrograms());
  EXPECT_FALSE(ProjectFact(FactKind::LeavesCpu).holdsAcrossPrograms());
  EXPECT_TRUE(facts::relatedPrograms(FactKind::LeavesCpu, "/p/a/", "/p/"));
  EXPECT_FALSE(facts::relatedPrograms(FactKind::LeavesCpu, "/p/", "/p/a/"));
  EXPECT_TRUE(facts::relatedPrograms(FactKind::RequiresCuda, "/p/", "/p/a/"));
}
