#include "service.h"

#include "report.h"

PatternService::PatternService(std::unique_ptr<PatternBackend> backend,
                               const std::string& cost_table)
    : backend_(std::move(backend)) {
  cost_ = load_disposition_costs(cost_table, kNumPatterns);  //@bug P01B torch-dtype-mismatch
}

PatternResult PatternService::classify(const WaferMap& map) {
  PatternResult r;
  r.lot_id = map.lot_id;
  r.wafer_no = map.wafer_no;
  r.fail_fraction = fail_fraction(map);

  auto planes = wafer_to_planes(map, input_size_).to(backend_->device());
  auto out = backend_->classify({planes});
  auto logits = out.at("logits").toTensor();
  auto cams = out.at("cam").toTensor();

  r.probs = torch::softmax(logits, 1).squeeze(0).cpu();
  r.top = r.probs.argmax().item<int64_t>();

  // Activation map of the winning pattern, rescaled to [0, 1] for display.
  auto cam = cams.select(0, 0).select(0, r.top);
  cam = cam - cam.min();
  r.cam = cam / cam.max().clamp_min(1e-6);  //@bug P01A torch-host-read-device-tensor

  // Expected cost of shipping, reworking or scrapping the wafer given the
  // pattern probabilities; the review takes the cheapest.
  r.expected_cost = torch::matmul(r.probs, cost_);  //@bug P01B torch-dtype-mismatch
  r.disposition = static_cast<Disposition>(r.expected_cost.argmin().item<int64_t>());
  if (r.fail_fraction > 0.5) r.disposition = Disposition::kScrap;
  return r;
}
