//===- PreambleTest.cpp - Which includes form the shared preamble ---------===//

#include "Preamble.h"

#include <gtest/gtest.h>

using namespace torchlint;
using Lines = std::vector<std::string>;

TEST(LeadingTorchIncludes, CollectsLibTorchIncludesAtTheHead) {
  EXPECT_EQ(leadingTorchIncludes("// header comment\n"
                                 "/* block\n comment */\n"
                                 "#pragma once\n"
                                 "#include <iostream>\n"
                                 "#include <torch/torch.h>\n"
                                 "#  include \"ATen/ATen.h\"\n"
                                 "\n"
                                 "#include <c10/core/Device.h>\n"
                                 "int main() {}\n"
                                 "#include <torch/script.h>\n"),
            (Lines{"#include <torch/torch.h>", "#include <ATen/ATen.h>",
                   "#include <c10/core/Device.h>"}));
}

TEST(LeadingTorchIncludes, StopsAtCodeOrMacros) {
  // A macro defined first could change what the headers mean.
  EXPECT_EQ(leadingTorchIncludes("#define X 1\n#include <torch/torch.h>\n"),
            Lines{});
  EXPECT_EQ(leadingTorchIncludes("int x;\n#include <torch/torch.h>\n"),
            Lines{});
  EXPECT_EQ(leadingTorchIncludes(""), Lines{});
  EXPECT_EQ(leadingTorchIncludes("#include \"model.h\"\n"), Lines{});
}

TEST(LeadingTorchIncludes, LooksThroughQtKeywordUndefs) {
  // LibTorch with Qt: the keyword macros are taken back before LibTorch.
  EXPECT_EQ(leadingTorchIncludes("#include \"mainwindow.h\"\n"
                                 "#include <QApplication>\n"
                                 "#undef slots\n"
                                 "#include <torch/script.h>\n"
                                 "#include <torch/torch.h>\n"
                                 "#define slots Q_SLOTS\n"
                                 "#include <vector>\n"),
            (Lines{"#include <torch/script.h>", "#include <torch/torch.h>"}));
  // Any other #undef may change what LibTorch's headers mean.
  EXPECT_EQ(leadingTorchIncludes("#undef NDEBUG\n#include <torch/torch.h>\n"),
            Lines{});
}

TEST(LeadingTorchIncludes, LooksThroughAnIncludeGuard) {
  // A header given as an input: the guard means nothing to LibTorch.
  EXPECT_EQ(leadingTorchIncludes("// data.hpp\n"
                                 "#ifndef DATA_HPP\n"
                                 "#define DATA_HPP\n"
                                 "\n"
                                 "#include <vector>\n"
                                 "#include <torch/torch.h>\n"
                                 "struct Data {};\n"
                                 "#endif\n"),
            Lines{"#include <torch/torch.h>"});
  // Anything else after #ifndef is a real condition: nothing is preloaded.
  EXPECT_EQ(leadingTorchIncludes("#ifndef USE_TORCH\n"
                                 "#include <torch/torch.h>\n"
                                 "#endif\n"),
            Lines{});
  EXPECT_EQ(
      leadingTorchIncludes("#ifndef G\n#define H\n#include <torch/torch.h>\n"),
      Lines{});
  // A guard after an include is no guard.
  EXPECT_EQ(leadingTorchIncludes("#include <torch/torch.h>\n"
                                 "#ifndef X\n#define X\n"
                                 "#include <torch/script.h>\n"),
            Lines{"#include <torch/torch.h>"});
}

TEST(LeadingTorchIncludes, LooksThroughAGuardClosedAtOnce) {
  // Qt Creator leaves `#ifndef G / #define G / #endif` at a header's head.
  EXPECT_EQ(leadingTorchIncludes("#ifndef DATASET_H\n"
                                 "#define DATASET_H\n"
                                 "#endif // DATASET_H\n"
                                 "#undef slots\n"
                                 "#include<torch/script.h>\n"
                                 "#include<torch/torch.h>\n"
                                 "#define slots Q_SLOTS\n"),
            (Lines{"#include <torch/script.h>", "#include <torch/torch.h>"}));
  // After it, another #ifndef is a real condition.
  EXPECT_EQ(leadingTorchIncludes("#ifndef G\n#define G\n#endif\n"
                                 "#ifndef USE_TORCH\n"
                                 "#include <torch/torch.h>\n#endif\n"),
            Lines{});
}

TEST(LeadingTorchIncludes, LooksThroughWindowsOnlyMacros) {
  // _USE_MATH_DEFINES and friends are read by Windows' headers only.
  EXPECT_EQ(leadingTorchIncludes("#define _USE_MATH_DEFINES\n"
                                 "#include <math.h>\n"
                                 "#define NOMINMAX\n"
                                 "#include <torch/torch.h>\n"),
            Lines{"#include <torch/torch.h>"});
  // Any other macro, or one with a value, may change what LibTorch means.
  EXPECT_EQ(leadingTorchIncludes("#define _USE_MATH_DEFINES 1\n"
                                 "#include <torch/torch.h>\n"),
            Lines{});
  EXPECT_EQ(leadingTorchIncludes("#define _GLIBCXX_DEBUG\n"
                                 "#include <torch/torch.h>\n"),
            Lines{});
}
