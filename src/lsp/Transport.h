//===- Transport.h - JSON-RPC over a byte stream, LSP framing ---*- C++ -*-===//
//
// The protocol layer of the language server: Content-Length framed JSON-RPC
// messages on a pair of file descriptors. Reading is incremental (a message
// may arrive in many reads, or many messages in one), and nothing a client
// sends can make it throw: broken frames and broken JSON come back as errors
// that the server answers.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_LSP_TRANSPORT_H
#define TORCHLINT_SRC_LSP_TRANSPORT_H

#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace torchlint {
namespace lsp {

/// JSON-RPC and LSP error codes the server answers with.
enum ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestFailed = -32803,
  RequestCancelled = -32800,
};

/// One frame taken from the input: a parsed message, or why it is not one.
struct Frame {
  std::optional<nlohmann::json> Message;
  std::string Error; ///< Set when the frame held no valid JSON.
};

/// Splits a byte stream into framed messages.
class FrameReader {
public:
  /// Appends bytes read from the stream.
  void feed(llvm::StringRef Bytes) {
    Buffer.append(Bytes.data(), Bytes.size());
  }

  /// The next complete frame, or none until more bytes arrive. A header
  /// without a usable Content-Length yields an error frame and is skipped,
  /// so one bad frame does not stall the stream.
  std::optional<Frame> next();

private:
  std::string Buffer;
};

/// Writes framed messages to a file descriptor.
class FrameWriter {
public:
  explicit FrameWriter(int Fd) : Fd(Fd) {}

  /// Writes one message; false when the stream is gone (the client died).
  bool write(const nlohmann::json &Message);

private:
  int Fd;
};

} // namespace lsp
} // namespace torchlint

#endif
