//===- FlowSolver.h - One fixpoint for every flow property ------*- C++ -*-===//
//
// Internal to the analysis layer: the forward fixpoint over a clang::CFG
// that every property of the flow engine shares. A client supplies its
// state type and three operations (transfer one CFG element, join a
// predecessor's state into a block's entry, compare two states); the solver
// owns the block order, the worklist, the iteration budget and the reporting
// pass. The device and dtype properties run in one walk by giving it a
// state that holds both.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ANALYSIS_FLOWSOLVER_H
#define TORCHLINT_ANALYSIS_FLOWSOLVER_H

#include "torchlint/Lattice.h"

#include "clang/AST/Decl.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace torchlint {
namespace flow {

/// What one property knows about the variables and fields of a function at
/// one program point.
template <class V>
using PropertyMap = llvm::DenseMap<const clang::ValueDecl *, FactSet<V>>;

/// Joins Pred, a predecessor's exit state, into In. A variable absent on
/// one side is not yet declared there: the side that has it decides. A
/// field absent on one side is unknown there, and so unknown after the
/// merge.
template <class V>
void joinMaps(PropertyMap<V> &In, const PropertyMap<V> &Pred) {
  for (const auto &[VD, Set] : Pred) {
    auto It = In.find(VD);
    if (It == In.end())
      In[VD] = llvm::isa<clang::FieldDecl>(VD) ? FactSet<V>() : Set;
    else
      It->second.join(Set);
  }
  for (auto &[VD, Set] : In)
    if (llvm::isa<clang::FieldDecl>(VD) && !Pred.count(VD))
      Set = FactSet<V>();
}

/// True when A and B hold the same values for the same variables.
template <class V>
bool sameMaps(const PropertyMap<V> &A, const PropertyMap<V> &B) {
  return A.size() == B.size() && llvm::all_of(A, [&](const auto &KV) {
           auto J = B.find(KV.first);
           return J != B.end() && J->second.sameValues(KV.second);
         });
}

/// The reachable blocks of G in reverse post-order. Written by hand: the
/// CFG keeps edges that can never be taken (a constant condition, an
/// exhaustive switch) as null successors, which LLVM's generic traversal
/// would follow.
std::vector<const clang::CFGBlock *> reversePostOrder(const clang::CFG &G);

/// Runs Client over G to a fixpoint, then once more with Report set, and
/// returns false when the iteration budget ran out. Client provides
///   void transferElement(const CFGElement &, StateT &, bool Report);
///   static void join(StateT &In, const StateT &Pred);
///   static bool same(const StateT &A, const StateT &B);
/// On success ExitState holds the state at G's exit block, when reached.
template <class StateT, class Client>
bool solve(const clang::CFG &G, Client &C, const StateT &Initial,
           std::optional<StateT> &ExitState) {
  using namespace clang;
  std::vector<const CFGBlock *> Order = reversePostOrder(G);
  llvm::DenseMap<const CFGBlock *, unsigned> Rank;
  for (unsigned I = 0; I < Order.size(); ++I)
    Rank[Order[I]] = I;

  llvm::DenseMap<const CFGBlock *, StateT> Exit;
  llvm::DenseSet<const CFGBlock *> Done;
  auto ReachableSuccs = [](const CFGBlock *B) {
    unsigned N = 0;
    for (const CFGBlock::AdjacentBlock &S : B->succs())
      N += S.getReachableBlock() != nullptr;
    return N;
  };
  const CFGBlock *EntryBlock = &G.getEntry();
  // Steal: in the last pass, a predecessor whose only successor is B hands
  // its state over instead of copying it, which keeps straight-line code
  // linear in its length.
  auto Entry = [&](const CFGBlock *B, bool Steal) {
    StateT In;
    if (B == EntryBlock)
      In = Initial;
    bool First = true;
    for (const CFGBlock::AdjacentBlock &P : B->preds()) {
      const CFGBlock *Pred = P.getReachableBlock();
      if (!Pred || !Done.count(Pred))
        continue;
      StateT &PS = Exit[Pred];
      if (First) {
        if (Steal && ReachableSuccs(Pred) == 1)
          In = std::move(PS);
        else
          In = PS;
        First = false;
        continue;
      }
      Client::join(In, PS);
    }
    return In;
  };

  // Without back edges one pass in reverse post-order is the fixpoint; with
  // loops, iterate until no exit state changes first.
  bool Cyclic = false;
  for (const CFGBlock *B : Order)
    for (const CFGBlock::AdjacentBlock &S : B->succs())
      if (const CFGBlock *Succ = S.getReachableBlock())
        Cyclic |= Rank.lookup(Succ) <= Rank.lookup(B);
  unsigned Budget = 20 * (Order.size() + 1);
  bool Changed = Cyclic;
  while (Changed) {
    Changed = false;
    for (const CFGBlock *B : Order) {
      if (Budget-- == 0)
        return false;
      StateT St = Entry(B, /*Steal=*/false);
      for (const CFGElement &El : *B)
        C.transferElement(El, St, /*Report=*/false);
      auto It = Exit.find(B);
      if (It == Exit.end() || !Client::same(It->second, St)) {
        Exit[B] = std::move(St);
        Changed = true;
      }
      Done.insert(B);
    }
  }

  // The reporting pass, over the fixpoint's states (or, without loops, the
  // only pass, computing them as it goes).
  for (const CFGBlock *B : Order) {
    StateT St = Entry(B, /*Steal=*/!Cyclic);
    for (const CFGElement &El : *B)
      C.transferElement(El, St, /*Report=*/true);
    if (!Cyclic) {
      Exit[B] = std::move(St);
      Done.insert(B);
      // A state every successor has read is dead: free it, so memory stays
      // proportional to the live frontier, not to the whole function.
      for (const CFGBlock::AdjacentBlock &P : B->preds())
        if (const CFGBlock *Pred = P.getReachableBlock())
          if (Pred != &G.getExit() &&
              llvm::all_of(Pred->succs(),
                           [&](const CFGBlock::AdjacentBlock &S) {
                             return !S.getReachableBlock() ||
                                    Done.count(S.getReachableBlock());
                           }))
            Exit.erase(Pred);
    }
  }
  auto It = Exit.find(&G.getExit());
  if (It != Exit.end())
    ExitState = std::move(It->second);
  return true;
}

} // namespace flow
} // namespace torchlint

#endif
