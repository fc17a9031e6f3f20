//===- UnitCache.h - What an analysis gathers once per unit -----*- C++ -*-===//
//
// Some questions (is this CUDA guarded? does any call take this default?)
// need facts gathered over the whole unit. They are gathered once, on the
// first question, over the context's traversal scope, and kept until the
// scope changes or the context is destroyed: the context frees its entry
// (ASTContext::AddDeallocation), so a later unit whose context reuses the
// address starts afresh and no host has to reset anything. A host that
// narrows the scope to the user's declarations gets the facts of those.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ANALYSIS_UNITCACHE_H
#define TORCHLINT_ANALYSIS_UNITCACHE_H

#include "clang/AST/ASTContext.h"

#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace torchlint {

/// One T per unit (ASTContext and traversal scope), built on demand.
template <typename T> class UnitCache {
public:
  /// The unit's T, built by Build(Ctx) (returning a T) when the unit has
  /// none for its current traversal scope. The reference stays valid until
  /// the scope changes or the context is destroyed.
  template <typename BuildFn> T &get(const clang::ASTContext &Ctx, BuildFn Build) {
    std::vector<clang::Decl *> Scope = Ctx.getTraversalScope();
    {
      std::lock_guard<std::mutex> Guard(Lock);
      auto It = ByUnit.find(&Ctx);
      if (It != ByUnit.end() && It->second.Scope == Scope)
        return *It->second.Value;
    }
    // Built outside the lock: building may ask other units' caches.
    auto Value = std::make_unique<T>(Build(Ctx));
    std::lock_guard<std::mutex> Guard(Lock);
    auto [It, New] = ByUnit.try_emplace(&Ctx);
    if (New)
      const_cast<clang::ASTContext &>(Ctx).AddDeallocation(
          forget, new Owner{this, &Ctx});
    It->second = Entry{std::move(Scope), std::move(Value)};
    return *It->second.Value;
  }

private:
  struct Entry {
    std::vector<clang::Decl *> Scope;
    std::unique_ptr<T> Value;
  };
  /// What the context's deallocation names: this cache and that context.
  struct Owner {
    UnitCache *Cache;
    const clang::ASTContext *Ctx;
  };
  static void forget(void *Data) {
    std::unique_ptr<Owner> O(static_cast<Owner *>(Data));
    std::lock_guard<std::mutex> Guard(O->Cache->Lock);
    O->Cache->ByUnit.erase(O->Ctx);
  }

  std::mutex Lock;
  std::map<const clang::ASTContext *, Entry> ByUnit;
};

} // namespace torchlint

#endif
