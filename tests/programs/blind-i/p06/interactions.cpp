#include "interactions.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

std::vector<StudentSequence> read_sequences(const std::string& path, int64_t max_len) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open interaction log " + path);
  std::vector<StudentSequence> out;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::replace(line.begin(), line.end(), ',', ' ');
    std::istringstream ss(line);
    int64_t student = 0, skill = 0, correct = 0;
    if (!(ss >> student >> skill >> correct)) continue;
    if (out.empty() || out.back().student != student ||
        static_cast<int64_t>(out.back().skills.size()) == max_len)
      out.push_back(StudentSequence{student, {}, {}});
    out.back().skills.push_back(static_cast<SkillId>(skill));
    out.back().correct.push_back(correct ? 1 : 0);
  }
  // A single attempt has nothing to predict.
  out.erase(std::remove_if(out.begin(), out.end(),
                           [](const StudentSequence& s) { return s.skills.size() < 2; }),
            out.end());
  return out;
}

KtDataset::KtDataset(std::vector<StudentSequence> sequences, int64_t num_skills, int64_t max_len)
    : seqs_(std::move(sequences)), num_skills_(num_skills), max_len_(max_len) {}

void KtDataset::shuffle(std::mt19937_64& rng) { std::shuffle(seqs_.begin(), seqs_.end(), rng); }

KtBatch KtDataset::batch(int64_t begin, int64_t end) const {
  const int64_t b = end - begin, t = max_len_ - 1;
  std::vector<SkillId> tokens(static_cast<size_t>(b * t), 0);
  std::vector<int64_t> next_skill(static_cast<size_t>(b * t), 0);
  std::vector<float> next_correct(static_cast<size_t>(b * t), 0.f);
  std::vector<uint8_t> mask(static_cast<size_t>(b * t), 0);
  for (int64_t i = 0; i < b; ++i) {
    const auto& s = seqs_[static_cast<size_t>(begin + i)];
    const auto steps = std::min<int64_t>(static_cast<int64_t>(s.skills.size()) - 1, t);
    for (int64_t j = 0; j < steps; ++j) {
      const auto k = static_cast<size_t>(i * t + j);
      const auto u = static_cast<size_t>(j);
      tokens[k] = static_cast<SkillId>(1 + s.skills[u] + num_skills_ * s.correct[u]);
      next_skill[k] = s.skills[u + 1];
      next_correct[k] = static_cast<float>(s.correct[u + 1]);
      mask[k] = 1;
    }
  }
  KtBatch out;
  out.inputs = torch::from_blob(tokens.data(), {b, t}, torch::kInt64).clone();  //@bug P06B torch-from-blob-dtype
  out.next_skill = torch::from_blob(next_skill.data(), {b, t}, torch::kInt64).clone();
  out.next_correct = torch::from_blob(next_correct.data(), {b, t}, torch::kFloat32).clone();
  out.mask = torch::from_blob(mask.data(), {b, t}, torch::kUInt8).to(torch::kBool);
  return out;
}

void split_students(std::vector<StudentSequence> all, double val_fraction, uint64_t seed,
                    std::vector<StudentSequence>& train, std::vector<StudentSequence>& val) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<std::pair<int64_t, bool>> assigned;  // student -> validation?
  for (auto& s : all) {
    if (assigned.empty() || assigned.back().first != s.student)
      assigned.emplace_back(s.student, u(rng) < val_fraction);
    (assigned.back().second ? val : train).push_back(std::move(s));
  }
}
