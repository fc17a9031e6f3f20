//===- DeviceLatticeTest.cpp - The device lattice -------------------------===//

#include "torchlint/analysis/DeviceLattice.h"

#include <gtest/gtest.h>

using namespace torchlint;

static DeviceFact fact(Device D) {
  DeviceFact F;
  F.Value = std::move(D);
  return F;
}

TEST(DevicesConflict, CpuAgainstAnyAccelerator) {
  EXPECT_TRUE(devicesConflict(Device::cpu(), Device::cuda(0)));
  EXPECT_TRUE(devicesConflict(Device::cuda(-1), Device::cpu()));
  // A run-time choice may be a GPU: a CPU tensor meeting it crashes there.
  Device Chosen = Device::symbolic("var:1", "'device'", "device");
  EXPECT_TRUE(devicesConflict(Device::cpu(), Chosen));
  EXPECT_FALSE(devicesConflict(Device::cpu(), Device::cpu()));
}

TEST(DevicesConflict, OnlyKnownDifferentOrdinals) {
  EXPECT_TRUE(devicesConflict(Device::cuda(0), Device::cuda(1)));
  EXPECT_FALSE(devicesConflict(Device::cuda(1), Device::cuda(1)));
  // The current device may be either.
  EXPECT_FALSE(devicesConflict(Device::cuda(-1), Device::cuda(1)));
}

TEST(DevicesConflict, CurrentDeviceNeverSetIsTheFirstGpu) {
  Device Current = Device::cuda(Device::CurrentOrdinal);
  Current.CurrentIsFirst = true;
  Device Rank = Device::cudaAtRunTime("expr:r", "'device'", "device");
  EXPECT_TRUE(devicesConflict(Current, Device::cuda(1)));
  EXPECT_TRUE(devicesConflict(Rank, Current));
  EXPECT_FALSE(devicesConflict(Current, Device::cuda(0)));
  EXPECT_FALSE(devicesConflict(Current, Current));
  // Where the program may set the current device, it may be the rank's.
  EXPECT_FALSE(devicesConflict(Device::cuda(Device::CurrentOrdinal), Rank));
  // A rank's GPU is some GPU: it meets no known ordinal for certain, and
  // one choice agrees with itself.
  EXPECT_FALSE(devicesConflict(Rank, Device::cuda(1)));
  EXPECT_FALSE(devicesConflict(Rank, Rank));
  EXPECT_TRUE(devicesConflict(Rank, Device::cpu()));
}

TEST(DevicesConflict, UnknownRelationsAreNotConflicts) {
  Device A = Device::symbolic("var:1", "'a'", "a");
  Device B = Device::symbolic("var:2", "'b'", "b");
  EXPECT_FALSE(devicesConflict(A, B)); // may be the same device
  EXPECT_FALSE(devicesConflict(A, Device::cuda(0)));
  EXPECT_FALSE(devicesConflict(A, A));
  // CPU scalars join anything.
  EXPECT_FALSE(devicesConflict(Device::scalar(), Device::cuda(0)));
  EXPECT_FALSE(devicesConflict(Device::cpu(), Device::scalar()));
}

TEST(DeviceSet, JoinKeepsOneFactPerPathAndUnknownAbsorbs) {
  DeviceSet S(fact(Device::cpu()));
  S.join(DeviceSet(fact(Device::cuda(0))));
  ASSERT_EQ(S.facts().size(), 2u);
  EXPECT_EQ(S.single(), nullptr);
  S.join(DeviceSet(fact(Device::cpu()))); // Already there.
  EXPECT_EQ(S.facts().size(), 2u);
  S.join(DeviceSet());
  EXPECT_TRUE(S.isUnknown());
}

TEST(DeviceSet, TooManyFactsSayNothing) {
  DeviceSet S(fact(Device::cuda(0)));
  for (int I = 1; I <= int(DeviceSet::MaxFacts); ++I)
    S.join(DeviceSet(fact(Device::cuda(I))));
  EXPECT_TRUE(S.isUnknown());
}

TEST(DeviceSet, CopiesShareFactsUntilWritten) {
  DeviceSet A(fact(Device::cpu()));
  DeviceSet B = A;
  B.addStep(clang::SourceLocation(), "is moved here");
  EXPECT_EQ(A.facts()[0].Steps.size(), 0u);
  EXPECT_EQ(B.facts()[0].Steps.size(), 1u);
  EXPECT_TRUE(A.sameValues(B)); // Provenance is not compared.
  B.nameSubject("labels");
  EXPECT_EQ(B.facts()[0].Steps[0].Subject, "labels");
  B.markDiscardedMove();
  EXPECT_TRUE(B.facts()[0].AfterDiscardedMove);
  EXPECT_FALSE(A.facts()[0].AfterDiscardedMove);
}
