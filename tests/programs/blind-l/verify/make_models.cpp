// Writes small Float TorchScript models with the signatures the five
// services (p01-p05) expect, so that they can be run on the CPU.
#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <string>

namespace {

torch::jit::Module make(const std::string& name,
                        const std::vector<std::pair<std::string, std::vector<int64_t>>>& params,
                        const std::string& src) {
  torch::jit::Module m(name);
  for (const auto& p : params) m.register_parameter(p.first, torch::randn(p.second) * 0.1, false);
  m.define(src);
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  torch::manual_seed(0);
  make("Fraud", {{"w1", {8, 16}}, {"b1", {16}}, {"w2", {16, 1}}, {"b2", {1}}}, R"(
def forward(self, x):
    h = torch.relu(torch.addmm(self.b1, x, self.w1))
    return torch.addmm(self.b2, h, self.w2)
)").save(dir + "/p01.pt");
  make("Ranker", {{"user_table", {5000, 16}}, {"item_table", {2000, 16}}, {"ctx_w", {4, 16}}, {"ctx_b", {16}}}, R"(
def forward(self, user_ids, item_ids, context):
    u = torch.embedding(self.user_table, user_ids % 5000)
    c = torch.relu(torch.addmm(self.ctx_b, context, self.ctx_w))
    q = u + c
    items = torch.embedding(self.item_table, item_ids)
    scores = torch.bmm(items, q.unsqueeze(2)).squeeze(2)
    return scores, q
)").save(dir + "/p02.pt");
  make("Ecg", {{"k1", {8, 1, 7}}, {"kb1", {8}}, {"w", {8, 5}}, {"b", {5}}}, R"(
def forward(self, x):
    h = torch.relu(torch.conv1d(x, self.k1, self.kb1, [2], [3]))
    return torch.addmm(self.b, h.mean(2), self.w)
)").save(dir + "/p03.pt");
  make("Nowcast", {{"mw", {3, 16}}, {"mb", {16}}, {"ow", {144, 16}}, {"ob", {16}},
                   {"w_mu", {16, 6}}, {"b_mu", {6}}, {"w_lv", {16, 6}}, {"b_lv", {6}}}, R"(
def forward(self, obs, meta):
    s = torch.tanh(torch.addmm(self.mb, meta, self.mw))
    o = obs.reshape([obs.size(0), -1])
    h = torch.relu(torch.addmm(self.ob, o, self.ow)) + s
    return torch.addmm(self.b_mu, h, self.w_mu), torch.addmm(self.b_lv, h, self.w_lv)
)").save(dir + "/p04.pt");
  make("FlowGuard", {{"w1", {10, 32}}, {"b1", {32}}, {"w2", {32, 5}}, {"b2", {5}}}, R"(
def forward(self, x):
    h = torch.relu(torch.addmm(self.b1, x, self.w1))
    return torch.addmm(self.b2, h, self.w2)
)").save(dir + "/p05.pt");
  std::cout << "models written to " << dir << "\n";
  return 0;
}
