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

#include "torchlint/analysis/Lattice.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
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

/// Edges of a CFG that the flow never takes, as (from, to).
using DeadEdges =
    llvm::DenseSet<std::pair<const clang::CFGBlock *, const clang::CFGBlock *>>;

/// The reachable blocks of G in reverse post-order, not following Dead.
/// Written by hand: the CFG keeps edges that can never be taken (a constant
/// condition, an exhaustive switch) as null successors, which LLVM's generic
/// traversal would follow.
std::vector<const clang::CFGBlock *> reversePostOrder(const clang::CFG &G,
                                                      const DeadEdges &Dead);

/// The branches of G that a condition Fixed knows always to have one value
/// never takes: `bool verbose = false; ... if (first && verbose)` never runs
/// its body, so what it does is not what the function does. Fixed answers
/// for a branch's condition (an if's, a loop's, a && or || operand's, a ?:
/// 's), or nothing.
template <class FixedFn>
DeadEdges deadEdges(const clang::CFG &G, FixedFn &&Fixed) {
  DeadEdges Dead;
  for (const clang::CFGBlock *B : G) {
    if (B->succ_size() != 2)
      continue;
    const clang::Stmt *T = B->getTerminatorStmt();
    if (!T || !llvm::isa<clang::IfStmt, clang::WhileStmt, clang::ForStmt,
                         clang::DoStmt, clang::BinaryOperator,
                         clang::AbstractConditionalOperator>(T))
      continue;
    const auto *Cond = llvm::dyn_cast_or_null<clang::Expr>(
        B->getTerminatorCondition(/*StripParens=*/true));
    if (!Cond)
      continue;
    std::optional<bool> Value = Fixed(Cond);
    if (!Value)
      continue;
    // The first successor is the branch taken when the condition holds.
    const clang::CFGBlock *Taken =
        (B->succ_begin() + (*Value ? 0 : 1))->getReachableBlock();
    const clang::CFGBlock *Never =
        (B->succ_begin() + (*Value ? 1 : 0))->getReachableBlock();
    if (Never && Never != Taken)
      Dead.insert({B, Never});
  }
  return Dead;
}

/// Runs Client over G to a fixpoint, then once more with Report set, and
/// returns false when the iteration budget ran out. Client provides
///   void transferElement(const CFGElement &, StateT &, bool Report);
///   static void join(StateT &In, const StateT &Pred);
///   static bool same(const StateT &A, const StateT &B);
/// On success ExitState holds the state at G's exit block, when reached.
template <class StateT, class Client>
bool solve(const clang::CFG &G, Client &C, const StateT &Initial,
           std::optional<StateT> &ExitState, const DeadEdges &Dead = {}) {
  using namespace clang;
  std::vector<const CFGBlock *> Order = reversePostOrder(G, Dead);
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
      if (!Pred || !Done.count(Pred) || Dead.count({Pred, B}))
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
