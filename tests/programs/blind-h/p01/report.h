#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

#include "service.h"

constexpr int64_t kNumPatterns = 9;

// WM-811K pattern names, in the classifier's output order.
const std::vector<std::string>& pattern_names();

// Cost table exported by yield engineering: one line per pattern with the
// cost of shipping, reworking and scrapping a wafer that shows it.
torch::Tensor load_disposition_costs(const std::string& path, int64_t num_patterns);

void print_result(const PatternResult& r);

// Renders the activation map as 16 lines of ' .:-=+*#%@'.
std::string cam_ascii(const torch::Tensor& cam);
