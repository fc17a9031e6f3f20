#include "mask_writer.h"

#include <fstream>
#include <vector>

LungReport write_mask(const torch::Tensor& probs, double threshold,
                      double voxel_ml, const std::string& out_path) {
  auto mask = probs.gt(threshold).contiguous().cpu();  //@bug P03B torch-data-ptr-type|torch-dtype-mismatch
  const uint8_t* m = mask.data_ptr<uint8_t>();  //@bug P03B torch-data-ptr-type|torch-dtype-mismatch
  const int64_t n = mask.numel();

  std::vector<uint8_t> bytes(static_cast<size_t>(n));
  LungReport r;
  for (int64_t i = 0; i < n; ++i) {
    bytes[static_cast<size_t>(i)] = m[i] ? 255 : 0;
    r.voxels += m[i] ? 1 : 0;
  }
  r.volume_ml = static_cast<double>(r.voxels) * voxel_ml;

  std::ofstream out(out_path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  return r;
}
