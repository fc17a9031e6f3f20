#!/usr/bin/env python3
"""Measures torchlint --from-error on the annotated cases.

For every bug of the case folders (//@bug ID rules), writes the runtime
error the bug would raise on a GPU (device bugs) or raised on the CPU
(dtype bugs: the message recorded in dtype/TRUTH.md), in one of LibTorch's
wordings chosen from the crash line, runs `torchlint --from-error` on the
bug's file alone, and checks whether the first (and any of the first three)
diagnostics is on one of the bug's tagged lines with one of its rules.

    python3 bench/from_error_cases.py build/torchlint ../shared/cases [-v]

Bugs whose error is not a device or dtype error (hard-coded CUDA, loads
without a device, from_blob garbage that never raises) are not counted.
"""
import os
import re
import subprocess
import sys
import tempfile

BUG = re.compile(r"//@bug (\S+) (\S+)")
DIAG = re.compile(r"^(.*?):(\d+):\d+: (?:warning|error): .*\[([a-z0-9-]+)[,\]]")
DEVICE = {"torch-device-mismatch", "torch-factory-missing-device",
          "torch-unregistered-member", "torch-discarded-move"}
DTYPE = {"torch-dtype-mismatch", "torch-loss-target-dtype",
         "torch-data-ptr-type", "torch-mps-float64"}
SAME = ("Expected all tensors to be on the same device, but found at least "
        "two devices, {a} and {b}!")
MPS = ("Cannot convert a MPS Tensor to float64 dtype as the MPS framework "
       "doesn't support float64. Please use float32 instead.")


def device_message(line, n, multi_gpu):
    """The error a device bug raises at its crash line, in one wording."""
    a, b = ("cuda:1", "cuda:0") if multi_gpu else ("cuda:0", "cpu")
    same = SAME.format(a=a, b=b)
    low = line.lower()
    check = " (when checking {w} for argument {arg} in method {k})"
    word = "argument" if n % 2 == 0 else "arugment"  # 2.x and 1.x
    if re.search(r"loss|cross_entropy|nll|criterion", low):
        if n % 3 == 2 and not multi_gpu:
            return ("Expected object of device type cuda but got device type "
                    "cpu for argument #2 'target' in call to "
                    "_thnn_nll_loss_forward")
        return same + check.format(w=word, arg="target",
                                   k="wrapper_CUDA_nll_loss_forward")
    if "torch::cat(" in low or "torch::stack(" in low:
        return same + check.format(w=word, arg="tensors",
                                   k="wrapper_CUDA_cat")
    if "lstm" in low or "gru" in low or "rnn" in low:
        return ("Input and hidden tensors are not at the same device, found "
                "input tensor at cuda:0 and hidden tensor at cpu")
    if "conv" in low:
        return ("Input type (torch.cuda.FloatTensor) and weight type "
                "(torch.FloatTensor) should be the same")
    if ".index(" in low or "index_select" in low:
        return ("indices should be either on cpu or on the same device as "
                "the indexed tensor (cpu)")
    if re.search(r"forward\(|model\(|net\(|fc\w*\(|linear", low):
        return same + check.format(w=word, arg="mat1",
                                   k="wrapper_CUDA_addmm")
    return same  # a TensorIterator operation: no parenthetical


def truth_messages(dtype_dir):
    """file -> first line of what() from dtype/TRUTH.md."""
    out = {}
    path = os.path.join(dtype_dir, "TRUTH.md")
    if not os.path.exists(path):
        return out
    for row in open(path):
        cells = [c.strip() for c in row.split("|")]
        if len(cells) > 5 and cells[1].endswith(".cpp"):
            m = re.search(r"exit 134[^`]*`([^`]+)`", cells[5])
            if m:
                out[cells[1]] = m.group(1)
    return out


def main():
    tool, root = sys.argv[1], sys.argv[2]
    verbose = "-v" in sys.argv
    truth = truth_messages(os.path.join(root, "dtype"))
    total = first = top3 = 0
    misses = []
    for folder in sorted(os.listdir(root)):
        d = os.path.join(root, folder)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if not name.endswith(".cpp"):
                continue
            path = os.path.join(d, name)
            text = open(path).read().split("\n")
            bugs = {}
            for i, l in enumerate(text, 1):
                for m in BUG.finditer(l):
                    bugs.setdefault(m.group(1), []).append(
                        (i, set(m.group(2).split("|")), l))
            multi = "cuda:1" in "\n".join(text)
            for n, (bug, tags) in enumerate(sorted(bugs.items())):
                rules = set().union(*(r for _, r, _ in tags))
                crash = max(tags)[2]
                if rules & DTYPE and not rules & DEVICE:
                    if "torch-mps-float64" in rules:
                        msg = MPS
                    elif name in truth:
                        msg = truth[name]
                    else:
                        continue
                elif rules & DEVICE:
                    msg = device_message(crash, total, multi)
                else:
                    continue
                total += 1
                with tempfile.NamedTemporaryFile("w", suffix=".log",
                                                 delete=False) as f:
                    f.write("RuntimeError: " + msg + "\n")
                r = subprocess.run([tool, "--from-error", f.name, "-q",
                                    "--color", "never", path],
                                   capture_output=True, text=True)
                os.unlink(f.name)
                answers = []
                for l in r.stdout.split("\n"):
                    m = DIAG.match(l)
                    if m:
                        answers.append((int(m.group(2)), m.group(3)))
                good = [any(line == a and rule in rs for line, rs, _ in tags)
                        for a, rule in answers]
                if good[:1] == [True]:
                    first += 1
                if any(good[:3]):
                    top3 += 1
                else:
                    misses.append((folder + "/" + name, bug, msg, answers[:3]))
                if verbose:
                    print(f"{folder}/{name} {bug}: first={'ok' if good[:1]==[True] else 'no'} "
                          f"answers={answers[:3]} msg={msg[:70]}")
    for m in misses:
        print("miss:", *m)
    print(f"bugs {total}: first answer right {first}/{total} = "
          f"{first/max(total,1):.2f}, in the first three {top3}/{total} = "
          f"{top3/max(total,1):.2f}")


if __name__ == "__main__":
    main()
