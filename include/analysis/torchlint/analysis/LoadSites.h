//===- LoadSites.h - Checkpoint loads and where they land -------*- C++ -*-===//
//
// torch::load and torch::jit::load put each tensor back on the device it was
// saved from unless given one (the C++ spelling of map_location). These
// queries say what the analysis knows of one such call: whether it names a
// device, what it reads, and whether the code around it already decides where
// the checkpoint lands; and of a move, which device and object it names.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_LOADSITES_H
#define TORCHLINT_LOADSITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>

namespace torchlint {

/// `torch::load` or `torch::jit::load`, as Load names it, resolved or still
/// a lookup in a template.
std::string loadCalleeName(const clang::CallExpr *Load);

/// True when Load leaves the device to the file: it loads something and no
/// device argument is written (a written c10::nullopt is a decision), nor in
/// a template any argument after the model and the path that may be one.
bool loadLeavesDeviceToFile(const clang::CallExpr *Load);

/// True when Load reads tensors (a tensor or a container of them, a data
/// set's prepared images) rather than a model the project trained.
bool loadsData(const clang::CallExpr *Load);

/// True when the function around Load saved to the same path, as written,
/// before it: `torch::save(model, p); ... torch::load(model, p);`.
bool isSavedEarlier(const clang::CallExpr *Load, clang::ASTContext &Ctx);

/// True when Load is a torch::jit::load whose module is moved to a device
/// before anything else uses it (`auto m = torch::jit::load(p);
/// m.to(device);`), also past the end of a try block that ends with the load
/// and past statements that do not touch the module.
bool isMovedRightAfter(const clang::CallExpr *Load, clang::ASTContext &Ctx);

/// True when the code around Load decides where the checkpoint lands: a CUDA
/// guard dominates it (isCudaGuarded), the function saved it itself
/// (isSavedEarlier), or its module is moved at once (isMovedRightAfter).
bool isLoadPlaced(const clang::CallExpr *Load, clang::ASTContext &Ctx);

/// The named variable or field, of a device or device kind type, that
/// Device (the argument of a `to` call) reads, or null.
const clang::ValueDecl *movedToDevice(const clang::Expr *Device);

/// The object Move (`x.to(d)`, `model->to(d)`, or one in a template) moves:
/// a module holder rather than its operator->; null when implicit.
const clang::Expr *movedObject(const clang::CallExpr *Move);

} // namespace torchlint

#endif
