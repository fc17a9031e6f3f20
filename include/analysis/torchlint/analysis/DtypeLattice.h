//===- DtypeLattice.h - What element type a tensor holds --------*- C++ -*-===//
//
// The dtype property of the flow engine. A Dtype is a known element type
// (c10::ScalarType), a symbolic one that follows a function's input, or a
// scalar (a 0-dim tensor or a C++ number), which LibTorch promotes next to
// any dtype. A DtypeSet is what one variable may hold at a program point
// (Lattice.h).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DTYPELATTICE_H
#define TORCHLINT_DTYPELATTICE_H

#include "torchlint/analysis/Lattice.h"
#include "torchlint/api/TorchApi.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace torchlint {

/// One element type a tensor can hold.
struct Dtype {
  /// The property's name, where reports and the project index name it.
  static constexpr llvm::StringLiteral PropertyName = "dtype";

  enum KindTy {
    Known,    ///< Type says which.
    Symbolic, ///< Follows an input: Key names it.
    Scalar,   ///< A 0-dim tensor or a number: promoted, never a conflict.
  };
  KindTy Kind = Known;
  api::ScalarKind Type = api::ScalarKind::Float;
  /// For Symbolic: "input:x".
  std::string Key;
  /// For Known: the tensor has no dimensions (torch::tensor(0.5),
  /// scalar_tensor, a full reduction). LibTorch's promotion lets a 0-dim
  /// tensor change a dimensioned tensor's dtype only when it is of a higher
  /// category (a Long matrix times a 0-dim Double), never within one (a
  /// Float matrix divided by a 0-dim Double stays Float).
  bool ZeroDim = false;
  /// For Symbolic: the input's dtype promoted with Type (the input plus a
  /// Float matrix: Double stays Double, Half becomes Float).
  bool Promoted = false;

  static Dtype known(api::ScalarKind K, bool ZeroDim = false) {
    return {Known, K, "", ZeroDim, false};
  }
  static Dtype scalar() { return {Scalar, api::ScalarKind::Float, "", false}; }
  static Dtype symbolic(std::string Key) {
    return {Symbolic, api::ScalarKind::Float, std::move(Key), false, false};
  }

  /// What a symbolic dtype is once its input is known to be Arg (a known
  /// dtype): Arg, or Arg promoted; nothing when the promotion is not
  /// modelled.
  std::optional<Dtype> instantiate(const Dtype &Arg) const;

  /// How the dtype reads in a message: "Float", "the dtype of input 'x'".
  std::string spelling() const;

  bool operator==(const Dtype &O) const {
    return Kind == O.Kind &&
           (Kind != Known || (Type == O.Type && ZeroDim == O.ZeroDim)) &&
           Promoted == O.Promoted && (!Promoted || Type == O.Type) &&
           Key == O.Key;
  }
  bool operator!=(const Dtype &O) const { return !(*this == O); }
};

/// True when two tensors of dtypes A and B cannot meet in an operation that
/// needs one dtype: two different known types. Symbolic and scalar dtypes
/// never conflict.
bool dtypesConflict(const Dtype &A, const Dtype &B);

/// LibTorch's promotion of two known element types of one priority group
/// (both dimensioned, or both 0-dim): the category decides (Bool <
/// integral < floating), within one the wider type; nothing for the mixes
/// the analysis does not model (complex).
std::optional<api::ScalarKind> promoteKinds(api::ScalarKind A,
                                            api::ScalarKind B);

using DtypeFact = Fact<Dtype>;
using DtypeSet = FactSet<Dtype>;

} // namespace torchlint

#endif
