//===- FuzzAnalysis.cpp - Fuzzes the analysis on mutated LibTorch code ----===//
//
// The rules and the flow analysis walk whatever AST Clang builds, and users
// run them on code that is half-written (the language server) or that does
// not compile because a third-party header is missing (the CLI then
// analyses the file anyway). Each input is the body of a LibTorch program:
// it is parsed after a fixed prologue that includes torch/torch.h, from one
// precompiled preamble shared by every input, and a header that does not
// exist, so that the unit is analysed however broken the input is, as the
// CLI does for a missing header. The unit goes through everything the CLI
// does with it in a worker: NOLINT filtering, rendering, the worker's JSON
// and back, fingerprints, every report format and the fix-its.
//
// Mutations work on tokens (LLVMFuzzerCustomMutator): deleting, repeating,
// swapping and moving tokens of a real program, or inserting LibTorch words,
// keeps most inputs close to C++ that parses, where byte flips would mostly
// break the lexer.
//
//===----------------------------------------------------------------------===//

#include "torchlint/units/UnitRunner.h"

#include "torchlint/report/Fixes.h"
#include "torchlint/report/Formats.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>

using namespace torchlint;

// Byte-level mutation from libFuzzer; absent from the standalone replayer,
// which never mutates.
extern "C" __attribute__((weak)) size_t LLVMFuzzerMutate(uint8_t *Data,
                                                         size_t Size,
                                                         size_t MaxSize);

namespace {

/// Where the input lives for Clang: an unsaved buffer at a path that does not
/// exist, so no .clang-tidy or compile database of this machine applies.
constexpr const char *InputPath = "/torchlint-fuzz/input.cpp";
constexpr const char *SourceRoot = "/torchlint-fuzz";

/// torch/torch.h comes from the shared preamble. The missing header puts the
/// unit in the CLI's lenient mode (compile errors do not stop the analysis);
/// the declaration after it ends the preamble's include scan, so that no
/// input can ask for a preamble of its own.
constexpr llvm::StringLiteral Prologue =
    "#include <torch/torch.h>\n"
    "#include \"torchlint_fuzz_absent.h\"\n"
    "namespace torchlint_fuzz {}\n";

struct Harness {
  UnitJob Job;
  std::vector<std::string> Command;
  ConfigProvider Configs;
};

Harness *TheHarness = nullptr;

bool isLibTorchHeader(llvm::StringRef Name) {
  return Name.starts_with("torch/") || Name.starts_with("ATen/") ||
         Name.starts_with("c10/") || Name.starts_with("caffe2/");
}

/// The input with its LibTorch #include lines blanked (the prologue has
/// torch/torch.h; a header outside it would be parsed from source, seconds
/// per input), keeping every other line where it was.
std::string sourceOf(llvm::StringRef Input) {
  std::string Out = Prologue.str();
  while (!Input.empty()) {
    auto [Line, Rest] = Input.split('\n');
    llvm::StringRef Directive = Line.ltrim();
    bool Blank = false;
    if (Directive.consume_front("#")) {
      Directive = Directive.ltrim();
      if (Directive.consume_front("include") || Directive.consume_front("import")) {
        Directive = Directive.ltrim(" \t\"<");
        Blank = isLibTorchHeader(Directive);
      }
    }
    if (!Blank)
      Out += Line;
    if (Input.size() > Line.size())
      Out += '\n';
    Input = Rest;
  }
  return Out;
}

/// Aborts with a message: a property every input must have does not hold.
[[noreturn]] void fail(const llvm::Twine &Why) {
  llvm::errs() << "torchlint fuzz: " << Why << "\n";
  std::abort();
}

/// What the CLI does with a unit's result after the worker sent it.
void report(const UnitResult &R, llvm::StringRef Source) {
  // The worker's JSON, through a pipe to the parent.
  std::string Wire = unitResultToJson(R).dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);
  nlohmann::json Back = nlohmann::json::parse(Wire, nullptr, false);
  if (Back.is_discarded())
    fail("a worker's result is not JSON");
  llvm::Expected<UnitResult> Received = unitResultFromJson(Back);
  if (!Received)
    fail("a worker's result does not read back: " +
         llvm::toString(Received.takeError()));
  if (Received->Findings.size() != R.Findings.size())
    fail("a worker's result lost findings");

  std::vector<FindingRecord> Records;
  for (const RenderedFinding &F : Received->Findings)
    Records.push_back(F.Record);
  assignFingerprints(Records, SourceRoot);
  RunSummary Summary;
  Summary.FilesAnalysed = R.Analysed;
  (void)renderJson(Records, Summary);
  (void)renderSarif(Records, Summary, SourceRoot);
  (void)renderText(Records);
  (void)renderExportFixes(Records, SourceRoot);

  // --fix applies each finding's edits to the file.
  for (const FindingRecord &Record : Records) {
    std::vector<PlainEdit> Edits;
    for (const PlainEdit &E : Record.Edits) {
      if (E.File != InputPath)
        continue;
      if (E.Offset > Source.size() || E.Length > Source.size() - E.Offset)
        fail("a fix-it edits past the end of the file");
      Edits.push_back(E);
    }
    if (!Edits.empty())
      (void)applyEditsToText(Source, Edits);
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *Argc, char ***Argv) {
  TheHarness = new Harness();
  Harness &H = *TheHarness;
  // The preamble cache: the test suite's (TORCHLINT_FUZZ_CACHE, which ctest
  // sets), else a folder of its own in the temporary directory.
  std::string Cache;
  if (const char *Dir = std::getenv("TORCHLINT_FUZZ_CACHE"); Dir && *Dir) {
    Cache = Dir;
  } else {
    llvm::SmallString<256> Tmp;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Tmp);
    llvm::sys::path::append(Tmp, "torchlint-fuzz-cache");
    Cache = std::string(Tmp);
  }
  // The command the CLI gives a file with no compile database, so that the
  // preamble is the one the CLI builds for `#include <torch/torch.h>`.
  CommandResolver Resolver(std::nullopt, std::nullopt, locateTorch(processEnv));
  auto Command = Resolver.commandFor(InputPath);
  if (!Command)
    fail("no command: " + llvm::toString(Command.takeError()));
  H.Command = std::move(*Command);
  H.Job.Parse.ResourceDir = defaultResourceDir();
  H.Job.Parse.CacheDir = Cache;
  H.Job.SrcRoot = SourceRoot;

  // Builds (or finds) the preamble now, and checks that it is used: without
  // it every input would parse LibTorch from source.
  H.Job.Parse.UnsavedFiles[InputPath] = sourceOf("int main() {}\n");
  H.Job.Parse.Verbose = std::getenv("TORCHLINT_FUZZ_VERBOSE") != nullptr;
  UnitResult Warm = runUnit(InputPath, H.Command, H.Job, H.Configs);
  if (!Warm.Analysed)
    fail("the prologue alone does not analyse: " + Warm.Failure + "\n" +
         Warm.DiagText);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  Harness &H = *TheHarness;
  std::string Source =
      sourceOf(llvm::StringRef(reinterpret_cast<const char *>(Data), Size));
  H.Job.Parse.UnsavedFiles[InputPath] = Source;
  UnitResult R = runUnit(InputPath, H.Command, H.Job, H.Configs);
  if (H.Job.Parse.Verbose)
    llvm::errs() << "torchlint fuzz: " << R.Findings.size() << " findings, "
                 << R.Suppressed << " suppressed"
                 << (R.Failure.empty() ? "" : "; " + R.Failure) << "\n";
  report(R, Source);
  return 0;
}

//===----------------------------------------------------------------------===//
// Token-level mutation
//===----------------------------------------------------------------------===//

namespace {

/// The text split into tokens: identifiers and numbers, string and character
/// literals, comments, whitespace runs, and single punctuation characters.
/// Joining the tokens gives back the text.
std::vector<std::string> tokenize(llvm::StringRef S) {
  std::vector<std::string> Out;
  auto IsWord = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  size_t I = 0;
  while (I < S.size()) {
    size_t J = I + 1;
    char C = S[I];
    if (IsWord(C)) {
      while (J < S.size() && IsWord(S[J]))
        ++J;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      while (J < S.size() && (S[J] == ' ' || S[J] == '\t' || S[J] == '\n' ||
                              S[J] == '\r'))
        ++J;
    } else if (C == '"' || C == '\'') {
      while (J < S.size() && S[J] != C && S[J] != '\n')
        J += S[J] == '\\' ? 2 : 1;
      J = std::min(J + 1, S.size());
    } else if (S.substr(I).starts_with("//")) {
      J = std::min(S.find('\n', I), S.size());
    } else if (S.substr(I).starts_with("::") || S.substr(I).starts_with("->")) {
      J = I + 2;
    }
    Out.push_back(S.slice(I, J).str());
    I = J;
  }
  return Out;
}

/// Words of LibTorch programs that the rules care about.
const char *const Vocabulary[] = {
    "torch::kCUDA",  "torch::kCPU",   "torch::kMPS",    "torch::kFloat64",
    "torch::kFloat", "torch::kLong",  "torch::kInt",    "torch::kHalf",
    ".to(device)",   ".cuda()",       ".cpu()",         ".to(torch::kCPU)",
    "torch::ones",   "torch::zeros",  "torch::randn",   "torch::tensor",
    "torch::empty",  "torch::arange", "torch::from_blob",
    ".data_ptr<float>()",             "torch::Device",  "device",
    "register_module",                "std::move",      "torch::load",
    "torch::jit::load",               "torch::nn::functional::cross_entropy",
    "torch::nn::Linear",              ".options()",     ".dtype(torch::kDouble)",
    ".device(torch::kCUDA)",          "auto",           "return",
    "if",            "else",          "for",            "while",
    "{",             "}",             "(",              ")",
    ";",             ",",             "&",              "*",
    "=",             "template <typename T>",           "struct",
    "class",         "[&]",           "std::vector<torch::Tensor>",
    "torch::Tensor", "const",         "static",         "labels",
    "x",             "model",         "opts",           "0",
    "1",             "2.5",           "\"cuda:0\"",     "NOLINT",
};

class TokenMutator {
public:
  explicit TokenMutator(unsigned Seed) : Rng(Seed) {}

  /// One mutation of Tokens, in place.
  void mutate(std::vector<std::string> &Tokens) {
    if (Tokens.empty()) {
      Tokens.push_back(pickWord());
      return;
    }
    switch (below(7)) {
    case 0: // Delete a token.
      Tokens.erase(Tokens.begin() + below(Tokens.size()));
      break;
    case 1: { // Repeat a token.
      size_t At = below(Tokens.size());
      Tokens.insert(Tokens.begin() + At, Tokens[At]);
      break;
    }
    case 2: // Swap two tokens.
      std::swap(Tokens[below(Tokens.size())], Tokens[below(Tokens.size())]);
      break;
    case 3: // Replace a token with another of the input.
      Tokens[below(Tokens.size())] = Tokens[below(Tokens.size())];
      break;
    case 4: // Insert a LibTorch word.
      Tokens.insert(Tokens.begin() + below(Tokens.size() + 1),
                    " " + pickWord() + " ");
      break;
    case 5: { // Delete a run of tokens.
      size_t At = below(Tokens.size());
      size_t N = std::min<size_t>(1 + below(8), Tokens.size() - At);
      Tokens.erase(Tokens.begin() + At, Tokens.begin() + At + N);
      break;
    }
    case 6: { // Copy a run of tokens elsewhere (a statement, a call).
      size_t At = below(Tokens.size());
      size_t N = std::min<size_t>(1 + below(16), Tokens.size() - At);
      std::vector<std::string> Run(Tokens.begin() + At,
                                   Tokens.begin() + At + N);
      size_t To = below(Tokens.size() + 1);
      Tokens.insert(Tokens.begin() + To, Run.begin(), Run.end());
      break;
    }
    }
  }

  size_t below(size_t N) {
    return N == 0 ? 0 : std::uniform_int_distribution<size_t>(0, N - 1)(Rng);
  }

private:
  std::string pickWord() {
    return Vocabulary[below(std::size(Vocabulary))];
  }

  std::minstd_rand Rng;
};

std::string join(const std::vector<std::string> &Tokens) {
  std::string Out;
  for (const std::string &T : Tokens)
    Out += T;
  return Out;
}

/// Writes Text over Data when it fits; returns the new size, or 0.
size_t store(const std::string &Text, uint8_t *Data, size_t MaxSize) {
  if (Text.empty() || Text.size() > MaxSize)
    return 0;
  std::memcpy(Data, Text.data(), Text.size());
  return Text.size();
}

} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size,
                                          size_t MaxSize, unsigned Seed) {
  TokenMutator M(Seed);
  // Now and then a byte-level change, for what tokens cannot reach (an
  // unterminated literal, a stray byte).
  if (LLVMFuzzerMutate && M.below(8) == 0)
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  std::vector<std::string> Tokens =
      tokenize(llvm::StringRef(reinterpret_cast<char *>(Data), Size));
  for (size_t Steps = 1 + M.below(3); Steps > 0; --Steps)
    M.mutate(Tokens);
  if (size_t N = store(join(Tokens), Data, MaxSize))
    return N;
  return LLVMFuzzerMutate ? LLVMFuzzerMutate(Data, Size, MaxSize) : Size;
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t *Data1,
                                            size_t Size1, const uint8_t *Data2,
                                            size_t Size2, uint8_t *Out,
                                            size_t MaxOutSize, unsigned Seed) {
  // The head of one program and the tail of another, cut between tokens.
  TokenMutator M(Seed);
  std::vector<std::string> A =
      tokenize(llvm::StringRef(reinterpret_cast<const char *>(Data1), Size1));
  std::vector<std::string> B =
      tokenize(llvm::StringRef(reinterpret_cast<const char *>(Data2), Size2));
  A.resize(M.below(A.size() + 1));
  A.insert(A.end(), B.begin() + M.below(B.size() + 1), B.end());
  return store(join(A), Out, MaxOutSize);
}
