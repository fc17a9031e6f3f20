# What a virtual call returns across files: a detector interface whose
# overriders, in another file, run a TorchScript model on the CPU or on a
# GPU, and a non-virtual method returns crops on its object's device. The
# index carries what each overrider returns (the CPU one's own
# CPU, the CUDA one's device) and, for a struct of tensors, each field;
# the call's result is then on the detector's device, chosen at run time,
# and a host tensor meeting it fails whenever the CUDA detector runs.
# Linted alone, the caller knows no overrider: silent.
. "$(dirname "$0")/lib.sh"
cp -r "$TL_INPUTS/backend_output_project" .
strip() { sed "s|$WORK/||g" <<<"$1"; }

EXPECTED=$(cat <<'REPORT'
backend_output_project/matcher.cpp:19:46: warning: 'operator*' receives tensors on different devices: 'gallery' is on the CPU but 'out.embeddings' is on the device of 'detector' [torch-device-mismatch]
  torch::Tensor similarity = (out.embeddings * gallery).sum(1);
                                             ^
backend_output_project/matcher.cpp:12:27: note: 'gallery' is created on the CPU here ('torch::rand' with no device)
  torch::Tensor gallery = torch::rand({8, 128});
                          ^
backend_output_project/matcher.cpp:16:20: note: 'out.embeddings' is returned by 'detect' here, on the device of 'detector': a CUDA device when it is a 'CudaDetector' (detectors.cpp), the CPU when it is a 'HostDetector' (detectors.cpp)
  Detections out = detector->detect(crops);
                   ^
backend_output_project/matcher.cpp:24:49: warning: 'operator-' receives tensors on different devices: 'centre' is on the CPU but 'detector->embed(crops)' is on the device of 'detector' [torch-device-mismatch]
  torch::Tensor direct = detector->embed(crops) - centre;
                                                ^
backend_output_project/matcher.cpp:14:26: note: 'centre' is created on the CPU here ('torch::zeros' with no device)
  torch::Tensor centre = torch::zeros({8, 128});
                         ^
backend_output_project/matcher.cpp:24:26: note: 'detector->embed(crops)' is returned by 'embed' here, on the device of 'detector': a CUDA device when it is a 'CudaDetector' (detectors.cpp), the CPU when it is a 'HostDetector' (detectors.cpp)
  torch::Tensor direct = detector->embed(crops) - centre;
                         ^
backend_output_project/matcher.cpp:32:49: warning: 'operator*' receives tensors on different devices: 'mask' is on the CPU but 'uploader.upload(crops)' is on 'Uploader::device_' [torch-device-mismatch]
  torch::Tensor masked = uploader.upload(crops) * mask;
                                                ^
backend_output_project/matcher.cpp:31:24: note: 'mask' is created on the CPU here ('torch::ones' with no device)
  torch::Tensor mask = torch::ones({8, 3, 64, 64});
                       ^
backend_output_project/matcher.cpp:32:26: note: 'uploader.upload(crops)' is returned by 'upload' here, defined in detectors.cpp, where it is moved to 'device_' at line 57
  torch::Tensor masked = uploader.upload(crops) * mask;
                         ^
REPORT
)

tl --result-cache rc backend_output_project
expect_rc 1
expect_eq "$(strip "$OUT")" "$EXPECTED" "a virtual call's result is on the detector's device"
expect_contains "$ERR" "3 findings in 1 of 2 analysed files" "summary"
expect_eq "$(jq -c '[.functions[] | select(.name == "embed") | [.class, .device.form, .device.text // ""]] | sort' rc/project-index.json)" '[["CudaDetector","on-device","a CUDA device"],["HostDetector","known",""]]' "each overrider's result is in the index"
expect_eq "$(jq -c '.functions[] | select(.class == "CudaDetector" and .name == "detect") | .fields.embeddings.device | [.form, .line]' rc/project-index.json)" '["on-device",31]' "a field of the returned struct, with where the module was moved"
expect_eq "$(jq -c '.functions[] | select(.name == "upload") | .device | [.form, .text]' rc/project-index.json)" '["on-device","'"'"'Uploader::device_'"'"'"]' "a method's result on its object's device field"

# Alone, the caller sees no overrider: silent.
tl backend_output_project/matcher.cpp
expect_rc 0
expect_eq "$OUT" "" "a unit without the overriders"

# The caller moves the gallery and the centre to the results' device and
# brings the uploaded crops back to the host: nothing left to report.
sed -i 's/(out.embeddings \* gallery)/(out.embeddings * gallery.to(out.embeddings.device()))/; s/detector->embed(crops) - centre/detector->embed(crops) - centre.to(detector->device())/; s/upload(crops) \* mask/upload(crops).cpu() * mask/' backend_output_project/matcher.cpp
tl --result-cache rc backend_output_project
expect_rc 0
expect_contains "$ERR" "0 findings in 0 of 2 analysed files" "the caller moves its host tensors"
echo "project_backend_outputs: ok"
