#include "backbone.h"

// No device is in scope here; the project's segmentor moves its models to a
// device chosen at run time, so a checkpoint saved there may be a GPU one.
void BackboneImpl::loadPretrained(const std::string &Path) {
  Backbone Pretrained;
  torch::load(Pretrained, Path);
  fc->weight.set_data(Pretrained->fc->weight.detach().clone());
}
