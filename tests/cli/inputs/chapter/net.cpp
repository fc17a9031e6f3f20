#include "net.h"

// Shared by both programs; the trainer runs on a run-time device, so the
// checkpoint may come from a GPU: reported, with the trainer's move.
void restore(Net &Model, const std::string &Path) { torch::load(Model, Path); }
