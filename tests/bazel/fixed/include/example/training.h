// training.h - settings and helpers shared by the example's targets.
//
// Found only through the `includes = ["include"]` of //fixed:training, which
// Bazel turns into -isystem flags, and needing the EXAMPLE_EPOCHS define of
// that target: torchlint can only parse the sources that include it when the
// aspect hands it the target's own flags.
#ifndef EXAMPLE_TRAINING_H
#define EXAMPLE_TRAINING_H

#include <torch/torch.h>

#ifndef EXAMPLE_EPOCHS
#error "EXAMPLE_EPOCHS comes from the defines of //fixed:training"
#endif

namespace example {

constexpr int kEpochs = EXAMPLE_EPOCHS;

// The class of each of the 12 training points, on the given device.
torch::Tensor make_labels(const torch::Device &device);

} // namespace example

#endif
