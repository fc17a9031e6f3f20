#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

// A raw nanopore read: picoampere samples at 4 kHz, already calibrated.
struct RawRead {
  std::string read_id;
  std::vector<float> signal;
};

// Simple binary container: [u16 id length][id][u32 samples][float32 samples]...
inline bool next_read(std::ifstream& in, RawRead& r) {
  uint16_t id_len = 0;
  if (!in.read(reinterpret_cast<char*>(&id_len), sizeof(id_len))) return false;
  r.read_id.resize(id_len);
  in.read(&r.read_id[0], id_len);
  uint32_t n = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof(n));
  r.signal.resize(n);
  in.read(reinterpret_cast<char*>(r.signal.data()), static_cast<std::streamsize>(n * sizeof(float)));
  return static_cast<bool>(in);
}

// Median/MAD normalisation, in place.
void normalise_signal(std::vector<float>& s);
