//===- ProtocolTest.cpp - LSP positions, URIs and framing -----------------===//
//
// The pure pieces of the language server's protocol layer: what the pipe
// tests cannot reach with ASCII programs (UTF-16 columns, percent-encoded
// URIs) and frames cut at every byte.
//
//===----------------------------------------------------------------------===//

#include "Protocol.h"
#include "Transport.h"

#include <gtest/gtest.h>

using namespace torchlint::lsp;
using nlohmann::json;

namespace {

json pos(unsigned Line, unsigned Character) {
  return {{"line", Line}, {"character", Character}};
}

// "é" is two UTF-8 bytes and one UTF-16 unit; "🔥" is four bytes and a
// surrogate pair (two units).
const std::string Text = "// é 🔥 x\nauto t = torch::ones({2});\n";

TEST(Positions, Utf16CountsCodeUnits) {
  size_t X = Text.find('x');
  EXPECT_EQ(positionAt(Text, X, Encoding::Utf16), pos(0, 8));
  EXPECT_EQ(positionAt(Text, X, Encoding::Utf8), pos(0, 11));
  EXPECT_EQ(offsetAt(Text, pos(0, 8), Encoding::Utf16), X);
  EXPECT_EQ(offsetAt(Text, pos(0, 11), Encoding::Utf8), X);
}

TEST(Positions, RoundTripEveryCharacterStart) {
  for (size_t I = 0; I <= Text.size(); ++I) {
    if (I < Text.size() && (Text[I] & 0xC0) == 0x80)
      continue; // Inside a character: no position names it.
    for (Encoding E : {Encoding::Utf8, Encoding::Utf16})
      EXPECT_EQ(offsetAt(Text, positionAt(Text, I, E), E), I) << I;
  }
}

TEST(Positions, OutOfRangeIsClamped) {
  EXPECT_EQ(offsetAt(Text, pos(0, 99), Encoding::Utf16), Text.find('\n'));
  EXPECT_EQ(offsetAt(Text, pos(9, 0), Encoding::Utf16), Text.size());
  EXPECT_EQ(
      offsetAt(Text, json{{"line", -1}, {"character", 0}}, Encoding::Utf16),
      std::nullopt);
  EXPECT_EQ(offsetAt(Text, json("nope"), Encoding::Utf16), std::nullopt);
}

TEST(Positions, TokenRangeCoversAnIdentifier) {
  size_t T = Text.find("torch");
  EXPECT_EQ(tokenLength(Text, T), 5u);
  EXPECT_EQ(tokenLength(Text, Text.find('(')), 1u);
  EXPECT_EQ(tokenRange(Text, T, Encoding::Utf16),
            (json{{"start", pos(1, 9)}, {"end", pos(1, 14)}}));
}

TEST(Uris, PercentEncodingRoundTrips) {
  std::string Path = "/work/my project/a%b/train.cpp";
  std::string Uri = uriFromPath(Path);
  EXPECT_EQ(Uri, "file:///work/my%20project/a%25b/train.cpp");
  EXPECT_EQ(pathFromUri(Uri), Path);
  EXPECT_EQ(pathFromUri("file:///a/%7e%2Fb"), "/a/~/b");
  EXPECT_EQ(pathFromUri("untitled:Untitled-1"), std::nullopt);
  EXPECT_EQ(pathFromUri("file://host/share/x.cpp"), std::nullopt);
}

TEST(Frames, EveryCutYieldsTheSameMessages) {
  std::string A = R"({"jsonrpc":"2.0","id":1,"method":"initialize"})";
  std::string B = R"({"jsonrpc":"2.0","method":"exit"})";
  std::string Stream =
      "Content-Length: " + std::to_string(A.size()) + "\r\n\r\n" + A +
      "content-length:" + std::to_string(B.size()) + "\r\n\r\n" + B;
  for (size_t Cut = 0; Cut <= Stream.size(); ++Cut) {
    FrameReader R;
    std::vector<json> Got;
    for (llvm::StringRef Part : {llvm::StringRef(Stream).take_front(Cut),
                                 llvm::StringRef(Stream).drop_front(Cut)}) {
      R.feed(Part);
      while (std::optional<Frame> F = R.next()) {
        ASSERT_TRUE(F->Message) << F->Error;
        Got.push_back(*F->Message);
      }
    }
    ASSERT_EQ(Got.size(), 2u) << Cut;
    EXPECT_EQ(Got[0]["method"], "initialize");
    EXPECT_EQ(Got[1]["method"], "exit");
  }
}

TEST(Frames, BadFramesAreReportedAndSkipped) {
  FrameReader R;
  R.feed("Content-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{]"
         "Content-Length: 2\r\n\r\n{}");
  std::optional<Frame> F = R.next();
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Error, "missing or invalid Content-Length header");
  F = R.next();
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Error, "the message is not valid JSON");
  F = R.next();
  ASSERT_TRUE(F && F->Message);
  EXPECT_EQ(*F->Message, json::object());
  EXPECT_FALSE(R.next());
}

} // namespace
