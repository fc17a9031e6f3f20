#include <iostream>
#include <string>
#include <vector>

#include "backend.h"
#include "report.h"
#include "service.h"
#include "wafer_io.h"

// End-of-lot wafer-map review: classifies the failure pattern of every wafer
// of a lot and proposes a disposition from yield engineering's cost table.
//
//   wafer_review <classifier.pt> <costs.txt> [--cpu] <wafer maps...>
int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: " << argv[0]
              << " <classifier.pt> <costs.txt> [--cpu] <wafer maps...>\n";
    return 2;
  }
  bool prefer_gpu = true;
  std::vector<std::string> maps;
  for (int i = 3; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") prefer_gpu = false;
    else maps.push_back(a);
  }

  PatternService service(make_backend(argv[1], prefer_gpu), argv[2]);
  std::cout << "backend: " << service.backend().name() << "\n";

  int scrapped = 0;
  for (const auto& path : maps) {
    WaferMap map = read_wafer_map(path);
    PatternResult r = service.classify(map);
    print_result(r);
    // The activation map goes into the review sheet next to the wafer.
    std::cout << cam_ascii(r.cam);  //@bug P01A torch-host-read-device-tensor
    if (r.disposition == Disposition::kScrap) ++scrapped;
  }
  std::cout << maps.size() << " wafers, " << scrapped << " proposed for scrap\n";
  return 0;
}
