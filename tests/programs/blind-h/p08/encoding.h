#pragma once

#include <torch/torch.h>

// ALiBi (Press et al. 2022): head h adds slope_h * -|i - j| to its attention
// scores instead of using position embeddings.
torch::Tensor alibi_slopes(int64_t heads);       // 2^(-8h/H), h = 1..H, [H, 1, 1]
torch::Tensor relative_distance(int64_t len);    // -|i - j|, [L, L]
