# Virtual calls across files: a service calls its backend through the base
# class; the overriders live in another file (in an anonymous namespace, as
# factories often hide them). The index carries each overrider with what it
# overrides, so a virtual call checks their preconditions: a tensor created
# on the CPU for a model loaded onto the backend's device, a Double tensor
# for a Float basis. Linted alone, the service knows no overrider: silent.
. "$(dirname "$0")/lib.sh"
cp -r "$TL_INPUTS/virtual_backend_project" .
strip() { sed "s|$WORK/||g" <<<"$1"; }

EXPECTED=$(cat <<'REPORT'
virtual_backend_project/service.cpp:10:26: warning: 'module_' in 'CudaBackend::run' receives tensors on different devices: 'image' (argument 'x') is on the CPU but 'module_' is on 'device' [torch-device-mismatch]
  auto logits = backend->run(image);
                         ^
virtual_backend_project/service.cpp:9:16: note: 'image' is created on the CPU here ('torch::rand' with no device)
  auto image = torch::rand({1, 3, 32, 32});
               ^
virtual_backend_project/service.cpp:10:30: note: 'image' is passed to 'run' as 'x' here; when 'backend' is a 'CudaBackend', 'CudaBackend::run' meets it with 'module_' at backend.cpp:11
  auto logits = backend->run(image);
                             ^
virtual_backend_project/service.cpp:11:40: warning: 'torch::mm' in 'project' receives tensors of different dtypes: 'features.to(backend->device())' (argument 'features') is Double but 'basis_' is Float [torch-dtype-mismatch]
  auto features = torch::rand({1, 16}, torch::kFloat64);
                                       ^~~~~~~~~~~~~~~
                                       torch::kFloat
virtual_backend_project/service.cpp:11:19: note: 'features' is created as Double here ('torch::rand' with dtype Double)
  auto features = torch::rand({1, 16}, torch::kFloat64);
                  ^
virtual_backend_project/service.cpp:12:20: note: 'features.to(backend->device())' is passed to 'project' as 'features' here, where it meets 'basis_' in 'torch::mm' at backend.cpp:33, where 'basis_' is created as Float at line 27 ('torch::rand' with no dtype)
  auto embedding = backend->project(features.to(backend->device()));
                   ^
REPORT
)

tl --result-cache rc virtual_backend_project
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "virtual calls reach overriders in another file"
expect_contains "$ERR" "2 findings in 1 of 2 analysed files" "summary"
expect_eq "$(jq -r '[.functions[] | select(.name == "run") | .class] | sort | join(",")' rc/project-index.json)" "CpuBackend,CudaBackend" "both overriders are in the index"
expect_eq "$(jq -r '.functions[] | select(.class == "CudaBackend" and .name == "run") | .overrides | length' rc/project-index.json)" 1 "CudaBackend::run overrides Backend::run"
expect_eq "$(jq -c '.functions[] | select(.class == "CudaBackend" and .name == "run") | .requires[0] | [.kind, .arg, .text, .device]' rc/project-index.json)" '["own-device",0,"'"'"'module_'"'"'","'"'"'device'"'"'"]' "run's input meets the module's device"

# Alone, the service sees no overrider: silent.
tl virtual_backend_project/service.cpp
expect_rc 0
expect_eq "$OUT" "" "a unit without the overriders"

# The service moves the image to the backend's device and converts the
# features: nothing left to report.
sed -i 's/backend->run(image)/backend->run(image.to(backend->device()))/; s/features.to(backend->device())/features.to(backend->device(), torch::kFloat)/' virtual_backend_project/service.cpp
tl --result-cache rc virtual_backend_project
expect_rc 0
expect_contains "$ERR" "0 findings in 0 of 2 analysed files" "the service moves and converts"
echo "project_virtual_backend: ok"
