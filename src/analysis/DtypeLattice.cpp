//===- DtypeLattice.cpp - What element type a tensor holds ----------------===//

#include "torchlint/DtypeLattice.h"

namespace torchlint {

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

bool dtypesConflict(const Dtype &A, const Dtype &B) {
  return A.Kind == Dtype::Known && B.Kind == Dtype::Known && A.Type != B.Type;
}

} // namespace torchlint
