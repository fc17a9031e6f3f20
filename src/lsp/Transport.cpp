//===- Transport.cpp - JSON-RPC over a byte stream, LSP framing -----------===//

#include "Transport.h"

#include "llvm/ADT/StringExtras.h"

#include <cerrno>
#include <unistd.h>

namespace torchlint {
namespace lsp {

std::optional<Frame> FrameReader::next() {
  size_t HeaderEnd = Buffer.find("\r\n\r\n");
  if (HeaderEnd == std::string::npos)
    return std::nullopt;
  llvm::StringRef Headers(Buffer.data(), HeaderEnd);
  std::optional<size_t> Length;
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Headers.split(Lines, "\r\n");
  for (llvm::StringRef Line : Lines) {
    auto [Name, Value] = Line.split(':');
    // Header names are case-insensitive (LSP follows HTTP here).
    if (!Name.trim().equals_insensitive("Content-Length"))
      continue;
    unsigned long long N;
    if (!llvm::getAsUnsignedInteger(Value.trim(), 10, N))
      Length = N;
  }
  size_t BodyStart = HeaderEnd + 4;
  if (!Length) {
    Buffer.erase(0, BodyStart);
    return Frame{std::nullopt, "missing or invalid Content-Length header"};
  }
  if (Buffer.size() - BodyStart < *Length)
    return std::nullopt;
  std::string Body = Buffer.substr(BodyStart, *Length);
  Buffer.erase(0, BodyStart + *Length);
  Frame F;
  auto J = nlohmann::json::parse(Body, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded())
    F.Error = "the message is not valid JSON";
  else
    F.Message = std::move(J);
  return F;
}

bool FrameWriter::write(const nlohmann::json &Message) {
  // Invalid UTF-8 from a source file must not throw: replace it.
  std::string Body =
      Message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string Out =
      "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
  const char *P = Out.data();
  size_t Left = Out.size();
  while (Left > 0) {
    ssize_t N = ::write(Fd, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    P += N;
    Left -= size_t(N);
  }
  return true;
}

} // namespace lsp
} // namespace torchlint
