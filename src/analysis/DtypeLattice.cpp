//===- DtypeLattice.cpp - What element type a tensor holds ----------------===//

#include "torchlint/analysis/DtypeLattice.h"

namespace torchlint {

using api::ScalarKind;

std::optional<ScalarKind> promoteKinds(ScalarKind A, ScalarKind B) {
  if (A == B)
    return A;
  auto Category = [](ScalarKind K) {
    if (K == ScalarKind::Bool)
      return 0;
    if (api::isIntegralKind(K))
      return 1;
    if (api::isFloatingKind(K))
      return 2;
    return 3;
  };
  auto Width = [](ScalarKind K) {
    switch (K) {
    case ScalarKind::Byte:
    case ScalarKind::Char:
      return 1;
    case ScalarKind::Short:
    case ScalarKind::Half:
    case ScalarKind::BFloat16:
      return 2;
    case ScalarKind::Int:
    case ScalarKind::Float:
      return 4;
    default:
      return 8;
    }
  };
  int CA = Category(A), CB = Category(B);
  if (CA == 3 || CB == 3)
    return std::nullopt;
  if (CA != CB)
    return CA > CB ? A : B;
  // Byte with Char, and Half with BFloat16, promote past both.
  if (Width(A) == Width(B))
    return CA == 2 ? ScalarKind::Float : ScalarKind::Short;
  return Width(A) > Width(B) ? A : B;
}

std::string Dtype::spelling() const {
  switch (Kind) {
  case Known:
    return api::scalarName(Type).str();
  case Scalar:
    return "a scalar";
  case Symbolic:
    return "the dtype of " + Key;
  }
  return "";
}

std::optional<Dtype> Dtype::instantiate(const Dtype &Arg) const {
  if (Kind != Symbolic)
    return *this;
  if (Arg.Kind != Known)
    return std::nullopt;
  if (!Promoted)
    return Arg;
  // The promotion happened beside a dimensioned tensor, where a 0-dim
  // input counts only when of a higher category: not modelled.
  std::optional<ScalarKind> K = promoteKinds(Arg.Type, Type);
  if (!K || Arg.ZeroDim)
    return std::nullopt;
  return known(*K);
}

bool dtypesConflict(const Dtype &A, const Dtype &B) {
  return A.Kind == Dtype::Known && B.Kind == Dtype::Known && A.Type != B.Type;
}

} // namespace torchlint
