#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "ais.h"
#include "detection.h"
#include "detector_backend.h"
#include "sar_scene.h"

//   sar_ships <detector.pt> <db_stats.bin> <ais.csv> [--cpu] <scene.sars>...
int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: " << argv[0] << " <detector.pt> <stats.bin> <ais.csv> [--cpu] <scenes>...\n";
    return 2;
  }
  bool prefer_gpu = true;
  std::vector<std::string> scenes;
  for (int i = 4; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") prefer_gpu = false;
    else scenes.push_back(a);
  }

  ShipDetector detector(open_detector(argv[1], prefer_gpu), read_db_stats(argv[2]));
  const auto reports = read_ais(argv[3]);
  std::cerr << "detector on " << detector.backend().device() << "\n";

  for (const auto& path : scenes) {
    const SarScene scene = read_scene(path);
    const auto ships = detector.detect(scene);
    const auto matches = match_ais(ships, reports, /*max_distance_m=*/500.0);
    std::printf("%s: %zu ships\n", scene.id.c_str(), ships.size());
    for (size_t i = 0; i < ships.size(); ++i)
      std::printf("  %9.5f %10.5f  score %.2f  %5.0f x %3.0f m  %s %lld\n", ships[i].lat,
                  ships[i].lon, ships[i].score, ships[i].length_m, ships[i].width_m,
                  matches[i].mmsi < 0 ? "DARK" : "AIS", static_cast<long long>(matches[i].mmsi));
  }
  return 0;
}
