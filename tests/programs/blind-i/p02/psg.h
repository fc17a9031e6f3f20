#pragma once

#include <cstdint>
#include <string>
#include <vector>

// An overnight recording, "PSG1" export of the staging montage (microvolts).
struct Recording {
  std::string subject;                        // file name
  double sample_rate = 0.0;                   // Hz
  std::vector<std::string> channels;          // e.g. C4-M1, F4-M1, E1-M2, chin EMG
  std::vector<std::vector<float>> samples;    // [channel][sample]
  int64_t lights_off_s = 0;                   // seconds from the start of the file
  int64_t num_samples() const { return samples.empty() ? 0 : static_cast<int64_t>(samples[0].size()); }
};

Recording read_recording(const std::string& path);
