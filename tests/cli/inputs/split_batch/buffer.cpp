// The minibatch is built here, field by field, on the CPU.
#include "buffer.h"

void ReplayBuffer::push(std::vector<float> Obs, int64_t Action) {
  Observations.push_back(std::move(Obs));
  Actions.push_back(Action);
}

Batch ReplayBuffer::sample(int64_t N) {
  std::vector<torch::Tensor> Rows;
  for (int64_t I = 0; I < N; ++I)
    Rows.push_back(torch::tensor(Observations[I]));
  Batch B;
  B.Obs = torch::stack(Rows);
  B.Actions = torch::tensor(
      std::vector<int64_t>(Actions.begin(), Actions.begin() + N));
  return B;
}
