#include "psg.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

Recording read_recording(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open recording " + path);
  char magic[4];
  in.read(magic, 4);
  if (std::memcmp(magic, "PSG1", 4) != 0) throw std::runtime_error(path + ": not a PSG1 file");
  int32_t nch = 0;
  int64_t n = 0;
  Recording rec;
  in.read(reinterpret_cast<char*>(&nch), sizeof nch);
  in.read(reinterpret_cast<char*>(&rec.sample_rate), sizeof rec.sample_rate);
  in.read(reinterpret_cast<char*>(&n), sizeof n);
  in.read(reinterpret_cast<char*>(&rec.lights_off_s), sizeof rec.lights_off_s);
  if (!in || nch <= 0 || n <= 0 || rec.sample_rate <= 0) throw std::runtime_error(path + ": bad header");
  for (int32_t c = 0; c < nch; ++c) {
    char name[16] = {0};
    in.read(name, sizeof name);
    rec.channels.emplace_back(name, strnlen(name, sizeof name));
  }
  rec.samples.assign(static_cast<size_t>(nch), std::vector<float>(static_cast<size_t>(n)));
  for (auto& ch : rec.samples)
    in.read(reinterpret_cast<char*>(ch.data()), static_cast<std::streamsize>(n * sizeof(float)));
  if (!in) throw std::runtime_error(path + ": truncated signal data");
  rec.subject = path.substr(path.find_last_of('/') + 1);  // npos + 1 == 0
  return rec;
}
