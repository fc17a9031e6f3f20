#include "inspection.h"

#include <algorithm>
#include <stdexcept>

JointInspector::JointInspector(std::unique_ptr<JointClassifier> classifier,
                               const std::string& golden_path, BoardGeometry geometry)
    : classifier_(std::move(classifier)), geometry_(geometry) {
  golden_ = load_golden(golden_path, 128);  //@bug P05A torch-device-mismatch|torch-factory-missing-device
}

InspectionResult JointInspector::inspect(const BoardImage& board, const std::vector<Joint>& joints) {
  if (static_cast<int64_t>(joints.size()) != golden_.size(0))
    throw std::runtime_error("placement file and golden board disagree on the joint count");
  geometry_.height_px = board.height;
  geometry_.width_px = board.width;

  auto theta = joint_affines(joints, geometry_);
  auto crops = crop_joints(board, theta, crop_px_);  //@bug P05B torch-dtype-mismatch

  std::vector<torch::Tensor> probs, sims;
  for (int64_t s = 0; s < crops.size(0); s += batch_) {
    const int64_t n = std::min(batch_, crops.size(0) - s);
    JointScores out = classifier_->score(crops.narrow(0, s, n));
    probs.push_back(torch::softmax(out.logits, 1).cpu());
    // Cosine similarity with the same joint on the golden board (both unit norm).
    auto golden = golden_.narrow(0, s, n);
    sims.push_back((out.embeddings * golden).sum(1).cpu());  //@bug P05A torch-device-mismatch
  }
  return InspectionResult{board.serial, torch::cat(probs), torch::cat(sims)};
}
