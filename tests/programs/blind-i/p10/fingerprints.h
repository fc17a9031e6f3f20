#pragma once

#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

// A survey of reference points: RSSI of every access point, where and on
// which floor of which building it was taken.
struct FingerprintSet {
  torch::Tensor rssi;      // [N, W] float32 in [0, 1] (0: not heard)
  torch::Tensor utm;       // [N, 2] float64 easting, northing in metres
  torch::Tensor floor;     // [N] int64
  torch::Tensor building;  // [N] int64
  int64_t size() const { return rssi.size(0); }
};

// UJIIndoorLoc CSV: WAP001..WAP520 (dBm, 100 = not detected), LONGITUDE,
// LATITUDE (UTM metres despite the names), FLOOR, BUILDINGID, ...
FingerprintSet read_fingerprints(const std::string& path, int64_t num_waps);

// Rows `index` ([B] int64) of every field.
FingerprintSet take(const FingerprintSet& set, const torch::Tensor& index);

// Per building, an additive mask over the floor logits: 0 for the floors the
// building has, -1e4 for the others (building 2 has five floors, 0 and 1 four).
std::map<int64_t, torch::Tensor> floor_logit_masks(const FingerprintSet& set, int64_t max_floors);
