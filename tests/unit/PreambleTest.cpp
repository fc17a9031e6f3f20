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
