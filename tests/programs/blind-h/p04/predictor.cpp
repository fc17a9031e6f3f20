#include "predictor.h"

#include <stdexcept>

StructurePredictor::StructurePredictor(std::unique_ptr<StructureBackend> backend,
                                       int64_t max_length)
    : backend_(std::move(backend)), max_length_(max_length) {}

Prediction StructurePredictor::predict(const Protein& protein) {
  if (protein.seq.empty()) throw std::runtime_error(protein.id + ": empty sequence");
  Prediction p;
  p.id = protein.id;
  auto ids = encode_residues(protein.seq);
  if (ids.size(1) > max_length_) ids = ids.narrow(1, 0, max_length_);  // model's context
  p.length = ids.size(1);
  auto mask = torch::ones({1, p.length});

  StructureOutput out = backend_->predict(ids, mask);
  p.residues = ids.squeeze(0);
  // The 8-state probabilities stay where the backend put them: the Q3
  // reduction in postprocess.cpp is a small matmul and runs there too.
  p.ss8_probs = torch::softmax(out.ss8_logits.squeeze(0), -1);  //@bug P04A torch-host-read-device-tensor
  p.asa = out.asa.squeeze(0).clamp_min(0.0).cpu();
  return p;
}
