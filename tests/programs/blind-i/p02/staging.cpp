#include "staging.h"

#include <stdexcept>

#include "epoching.h"
#include "hypnogram.h"
#include "transitions.h"

SleepStager::SleepStager(std::unique_ptr<StagerBackend> backend,
                         const std::string& scored_nights_path)
    : backend_(std::move(backend)) {
  transitions_ = estimate_transitions(read_scored_nights(scored_nights_path));  //@bug P02B torch-dtype-mismatch
}

StagingResult SleepStager::stage(const Recording& rec) {
  if (rec.sample_rate != sample_rate_)
    throw std::runtime_error(rec.subject + ": export the montage at 100 Hz for the stager");
  auto epochs = cut_epochs(rec, epoch_seconds_);
  // The whole night is normalised on the stager's device: ~1000 epochs of
  // 4 x 3000 samples, too slow to push through the host twice.
  auto normalise = fit_channel_normaliser(epochs);  //@bug P02A torch-device-mismatch
  auto x = normalise(epochs.to(backend_->device()));  //@bug P02A torch-device-mismatch

  StagerOutput out = backend_->stage(x);
  StagingResult res;
  auto probs = torch::softmax(out.logits, 1).cpu();
  res.stages = smooth_hypnogram(probs, transitions_);  //@bug P02B torch-dtype-mismatch
  res.arousal_probs = torch::sigmoid(out.arousal_logits).cpu();
  return res;
}
