#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "board_image.h"
#include "inspection.h"
#include "joint_classifier.h"
#include "placement.h"
#include "verdict.h"

// Automated optical inspection of solder joints after reflow: every joint of
// the placement file is cropped from the board image, classified, and
// compared with the same joint on the product's golden board.
//
//   aoi_joints <joints.pt> <placement.csv> <golden.f32> [--cpu] <board images.pgm...>
int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: " << argv[0]
              << " <joints.pt> <placement.csv> <golden.f32> [--cpu] <boards.pgm...>\n";
    return 2;
  }
  bool use_cuda = true;
  std::vector<std::string> boards;
  for (int i = 4; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") use_cuda = false;
    else boards.push_back(a);
  }

  const std::vector<Joint> joints = read_joints(argv[2]);
  BoardGeometry geometry;
  geometry.mm_per_px = 0.02;  // 20 um per pixel telecentric lens
  JointInspector inspector(open_classifier(argv[1], use_cuda), argv[3], geometry);

  int failed = 0;
  for (const auto& path : boards) {
    BoardImage board = read_board(path);
    InspectionResult r = inspector.inspect(board, joints);
    auto verdicts = judge(r, VerdictPolicy{});
    print_board_summary(r, joints, verdicts);
    failed += std::any_of(verdicts.begin(), verdicts.end(),
                          [](const JointVerdict& v) { return v.defect != kGood; });
  }
  std::cout << boards.size() << " boards inspected, " << failed << " to the repair station\n";
  return 0;
}
