#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

// Skill ids are stored as 32-bit integers: the full log has 30 million rows.
using SkillId = int32_t;

// One student's attempts in time order (a window of at most max_len).
struct StudentSequence {
  int64_t student = 0;
  std::vector<SkillId> skills;
  std::vector<uint8_t> correct;
};

// A padded batch. At step t the model has seen attempts 0..t and predicts
// whether attempt t+1 (skill next_skill[t]) is answered correctly.
struct KtBatch {
  torch::Tensor inputs;        // [B, T] int64: 1 + skill + S * correct, 0 = padding
  torch::Tensor next_skill;    // [B, T] int64
  torch::Tensor next_correct;  // [B, T] float32
  torch::Tensor mask;          // [B, T] bool, true where there is a next attempt
};

// CSV rows "student,skill,correct" sorted by student and time.
std::vector<StudentSequence> read_sequences(const std::string& path, int64_t max_len);

class KtDataset {
 public:
  KtDataset(std::vector<StudentSequence> sequences, int64_t num_skills, int64_t max_len);
  int64_t size() const { return static_cast<int64_t>(seqs_.size()); }
  void shuffle(std::mt19937_64& rng);
  KtBatch batch(int64_t begin, int64_t end) const;

 private:
  std::vector<StudentSequence> seqs_;
  int64_t num_skills_;
  int64_t max_len_;
};

// Split by student, never inside one student's history.
void split_students(std::vector<StudentSequence> all, double val_fraction, uint64_t seed,
                    std::vector<StudentSequence>& train, std::vector<StudentSequence>& val);
