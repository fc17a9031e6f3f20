#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

// AASM stages in the order of the stager's logits.
enum Stage : int { kWake = 0, kN1 = 1, kN2 = 2, kN3 = 3, kRem = 4, kNumStages = 5 };
const char* stage_name(int stage);

// Technologist-scored hypnograms, one night per line over W 1 2 3 R.
std::vector<std::vector<int>> read_scored_nights(const std::string& path);

// Transition probabilities [5, 5] (row: from), with a pseudo-count per cell.
torch::Tensor estimate_transitions(const std::vector<std::vector<int>>& nights,
                                   double pseudo_count = 1.0);
