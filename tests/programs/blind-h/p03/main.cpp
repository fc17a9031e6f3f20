#include <iostream>
#include <string>
#include <vector>

#include "nowcast_engine.h"
#include "nowcaster.h"
#include "products.h"
#include "radar_io.h"

// Heavy-rain nowcast for the warning desk: extrapolates the last radar
// composites up to the horizon and lists the districts that need a warning.
//
//   rain_nowcast <nowcaster.pt> <districts.txt> [--cpu] [--horizon MIN] <composites...>
int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: " << argv[0]
              << " <nowcaster.pt> <districts.txt> [--cpu] [--horizon MIN] <composites...>\n";
    return 2;
  }
  bool use_gpu = true;
  int horizon = 60;
  std::vector<std::string> paths;
  for (int i = 3; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") use_gpu = false;
    else if (a == "--horizon" && i + 1 < argc) horizon = std::stoi(argv[++i]);
    else paths.push_back(a);
  }

  std::vector<RadarScan> history;
  const int step = read_history(paths, history);
  const auto districts = read_districts(argv[2]);

  Nowcaster nowcaster(make_engine(argv[1], use_gpu), step, horizon);
  std::cerr << "engine " << nowcaster.engine().name() << ", " << history.size()
            << " frames every " << step << " min\n";
  Nowcast nc = nowcaster.run(history);
  print_warnings(nc, issue_warnings(nc, districts));
  return 0;
}
