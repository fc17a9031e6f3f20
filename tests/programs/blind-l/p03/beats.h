#pragma once

#include <torch/torch.h>

#include <string>
#include <vector>

namespace ecg {

constexpr int64_t kBeatWindow = 256;   // samples around each R peak at 360 Hz
constexpr int64_t kBaselineWidth = 31; // moving-average width for wander removal

const std::vector<std::string>& class_names();  // AAMI classes N, S, V, F, Q

std::vector<double> read_lead(const std::string& path);
std::vector<int64_t> detect_r_peaks(const std::vector<double>& lead, double fs);
torch::Tensor segment_beats(const std::vector<double>& lead, const std::vector<int64_t>& peaks);

torch::Tensor baseline_kernel(int64_t width, torch::Device device);
torch::Tensor remove_baseline(const torch::Tensor& beats, const torch::Tensor& kernel);
torch::Tensor alarm_thresholds();

}  // namespace ecg
