#include "decode.h"

std::vector<Box> decode_detections(const torch::jit::IValue& out,
                                   const Letterbox& lb, float threshold) {
  auto tuple = out.toTuple();
  const auto& elems = tuple->elements();
  auto boxes = elems[0].toTensor()[0];   // [N, 4] cx, cy, w, h in [0, 1]
  auto logits = elems[1].toTensor()[0];  // [N, C], class 0 = background

  auto probs = torch::softmax(logits, /*dim=*/1).narrow(1, 1, logits.size(1) - 1);
  auto best = probs.max(/*dim=*/1);
  auto scores = std::get<0>(best);
  auto labels = std::get<1>(best) + 1;  //@bug P05B torch-data-ptr-type|torch-dtype-mismatch
  auto keep = scores.gt(threshold);

  auto cxcywh = boxes.index({keep});
  auto xyxy = torch::cat({cxcywh.narrow(1, 0, 2) - cxcywh.narrow(1, 2, 2) / 2,
                          cxcywh.narrow(1, 0, 2) + cxcywh.narrow(1, 2, 2) / 2},
                         /*dim=*/1);
  auto pixels = (xyxy * lb.input_whwh - lb.pad_xyxy) / lb.scale;  //@bug P05A torch-device-mismatch

  auto px = pixels.contiguous().cpu();
  auto sc = scores.index({keep}).contiguous().cpu();
  auto lab = labels.index({keep}).contiguous().cpu();
  const float* p = px.data_ptr<float>();
  const float* s = sc.data_ptr<float>();
  const int32_t* l = lab.data_ptr<int32_t>();  //@bug P05B torch-data-ptr-type|torch-dtype-mismatch

  std::vector<Box> result;
  for (int64_t i = 0; i < px.size(0); ++i) {
    result.push_back({p[4 * i], p[4 * i + 1], p[4 * i + 2], p[4 * i + 3], s[i],
                      l[i]});
  }
  return result;
}
