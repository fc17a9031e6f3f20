#include <string>
#include <tuple>
#include <set>

#include "conll_dataset.h"

namespace {

using Span = std::tuple<int64_t, int64_t, int64_t, std::string>;  // row, start, end, type

std::set<Span> spans_of(const torch::TensorAccessor<int64_t, 2>& tags, int64_t row,
                        int64_t len, const std::vector<std::string>& names) {
  std::set<Span> out;
  int64_t start = -1;
  std::string type;
  auto close = [&](int64_t end) {
    if (start >= 0) out.emplace(row, start, end, type);
    start = -1;
  };
  for (int64_t t = 0; t < len; ++t) {
    const std::string& name = names.at(static_cast<size_t>(tags[row][t]));
    if (name.rfind("B-", 0) == 0 || (name.rfind("I-", 0) == 0 && name.substr(2) != type)) {
      close(t);
      start = t;
      type = name.substr(2);
    } else if (name == "O") {
      close(t);
    }
  }
  close(len);
  return out;
}

}  // namespace

SpanCounts count_spans(const torch::Tensor& pred, const torch::Tensor& gold,
                       const torch::Tensor& lengths,
                       const std::vector<std::string>& tag_names) {
  auto p = pred.accessor<int64_t, 2>();
  auto g = gold.accessor<int64_t, 2>();
  auto len = lengths.accessor<int32_t, 1>();
  SpanCounts c;
  for (int64_t r = 0; r < pred.size(0); ++r) {
    auto ps = spans_of(p, r, len[r], tag_names);
    auto gs = spans_of(g, r, len[r], tag_names);
    for (const auto& s : ps) (gs.count(s) ? c.tp : c.fp) += 1;
    for (const auto& s : gs) c.fn += ps.count(s) ? 0 : 1;
  }
  return c;
}

double span_f1(const SpanCounts& c) {
  const double denom = 2.0 * c.tp + c.fp + c.fn;
  return denom > 0 ? 2.0 * c.tp / denom : 0.0;
}
