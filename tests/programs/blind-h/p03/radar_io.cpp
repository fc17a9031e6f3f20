#include "radar_io.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

namespace {

template <typename T>
void read_pod(std::ifstream& in, T& v) {
  in.read(reinterpret_cast<char*>(&v), sizeof(T));
}

}  // namespace

RadarScan read_scan(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open radar composite " + path);
  char magic[4];
  in.read(magic, 4);
  if (std::memcmp(magic, "RCMP", 4) != 0) throw std::runtime_error(path + ": not a composite");
  RadarScan s;
  read_pod(in, s.time_utc);
  read_pod(in, s.height);
  read_pod(in, s.width);
  read_pod(in, s.gain);
  read_pod(in, s.offset);
  read_pod(in, s.nodata);
  if (!in || s.height <= 0 || s.width <= 0) throw std::runtime_error(path + ": bad header");
  s.counts.resize(static_cast<size_t>(s.height * s.width));
  in.read(reinterpret_cast<char*>(s.counts.data()),
          static_cast<std::streamsize>(s.counts.size() * sizeof(int16_t)));
  if (!in) throw std::runtime_error(path + ": truncated raster");
  return s;
}

int read_history(const std::vector<std::string>& paths, std::vector<RadarScan>& scans) {
  if (paths.size() < 2) throw std::runtime_error("need at least two history frames");
  scans.clear();
  for (const auto& p : paths) scans.push_back(read_scan(p));
  const int64_t step = scans[1].time_utc - scans[0].time_utc;
  for (size_t i = 1; i < scans.size(); ++i) {
    if (scans[i].height != scans[0].height || scans[i].width != scans[0].width)
      throw std::runtime_error("history frames have different grids");
    if (scans[i].time_utc - scans[i - 1].time_utc != step)
      throw std::runtime_error("history frames are not evenly spaced");
  }
  return static_cast<int>(step / 60);
}
