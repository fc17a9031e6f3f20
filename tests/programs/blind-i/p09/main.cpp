#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "trainer.h"

//   train_trajectories [--cpu] [--epochs N] [train_scene.txt... val_scene.txt]
int main(int argc, char** argv) {
  Config cfg;
  std::vector<std::string> scenes;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cpu") cfg.allow_gpu = false;
    else if (a == "--epochs" && i + 1 < argc) cfg.epochs = std::stoll(argv[++i]);
    else scenes.push_back(a);
  }
  if (scenes.size() >= 2) {
    cfg.val_scene = scenes.back();
    cfg.train_scenes.assign(scenes.begin(), scenes.end() - 1);
  }

  std::vector<TrajWindow> train;
  for (const auto& s : cfg.train_scenes)
    for (auto& w : read_scene(s, cfg.obs_len, cfg.pred_len)) train.push_back(std::move(w));
  const auto val = read_scene(cfg.val_scene, cfg.obs_len, cfg.pred_len);
  std::cerr << train.size() << " training windows, " << val.size() << " validation windows\n";

  Trainer trainer(cfg, train);
  double best_ade = 1e9;
  for (int64_t epoch = 1; epoch <= cfg.epochs; ++epoch) {
    const double nll = trainer.train_epoch(train);
    const EvalResult ev = trainer.evaluate(val);
    std::printf("epoch %2lld  train NLL %.3f  val ADE %.3f m  FDE %.3f m\n",
                static_cast<long long>(epoch), nll, ev.ade, ev.fde);
    if (ev.ade < best_ade) {
      best_ade = ev.ade;
      trainer.save();
    }
  }
  trainer.export_forecasts(val, 16, "forecasts.csv");
  return 0;
}
