#pragma once

#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

#include "board_image.h"
#include "joint_classifier.h"
#include "placement.h"

struct InspectionResult {
  std::string serial;        // board serial (image file name)
  torch::Tensor probs;       // [N, 6] defect-class probabilities, host
  torch::Tensor similarity;  // [N] cosine similarity to the golden board's joint, host
};

class JointInspector {
 public:
  JointInspector(std::unique_ptr<JointClassifier> classifier, const std::string& golden_path,
                 BoardGeometry geometry);

  InspectionResult inspect(const BoardImage& board, const std::vector<Joint>& joints);

 private:
  std::unique_ptr<JointClassifier> classifier_;
  torch::Tensor golden_;  // [N, 128] embeddings of the golden board
  BoardGeometry geometry_;
  int64_t crop_px_ = 64;
  int64_t batch_ = 256;
};
