#include "integrator.h"

torch::Tensor Rk4Step::operator()(ODEFunc& f, const torch::Tensor& y,
                                  const torch::Tensor& h) const {
  auto k1 = f->forward(y);
  auto k2 = f->forward(y + 0.5 * h * k1);
  auto k3 = f->forward(y + 0.5 * h * k2);
  auto k4 = f->forward(y + h * k3);
  return y + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
}
