"""torchlint_aspect: torchlint on the C++ sources of every cc_* target.

    bazel build //... --aspects=@torchlint//bazel:torchlint.bzl%torchlint_aspect \
        --output_groups=torchlint

writes, next to each target's outputs, one SARIF report and one clang-tidy
fixes YAML per C++ source:

    bazel-bin/<package>/<target>.torchlint/<source>.sarif
    bazel-bin/<package>/<target>.torchlint/<source>.fixes.yaml

Design (see README.md beside this file for usage):

- One action per source, not per target. Each report then depends on one
  source, the headers it may include and the flags, so editing a .cc file
  re-runs torchlint on that file alone and Bazel (or a remote executor) runs
  the sources of a large target in parallel. torchlint's own parallelism
  (-j) would only help a per-target action; the price of per-source actions
  is torchlint's start-up (well under a second) and one sandbox per file.
- The flags are the target's own: the C++ toolchain's compile command for the
  C++ compile action (cc_common with the target's features), the target's
  CcInfo compilation context (-I, -iquote, -isystem, -D of the target and of
  everything it depends on), --copt/--cxxopt and the rule's copts. Flags that
  only GCC knows are dropped (torchlint parses with Clang 16, which rejects
  them); see _GCC_ONLY_FLAGS.
- Inputs are declared: the source, every header of the compilation context
  (transitive), the rule's private headers, the toolchain's files, the
  torchlint binary and the configuration file. The action is a plain
  sandboxable command, so Bazel's disk/remote cache and remote execution
  (Buildbarn, BuildBuddy, EngFlow, ...) treat it like a compile action. The
  environment is empty (no --action_env, no PATH): nothing outside the
  declared inputs, the command line and the executing machine's LLVM 16
  install changes a report.
- torchlint exits 0 (no findings), 1 (findings) or 2 (could not analyse).
  0 and 1 succeed, since a report with findings is an output worth caching;
  2 fails the build with torchlint's reason. --@torchlint//bazel:fail_on_findings
  makes 1 fail too (the reports are then not cached: a failed action's
  outputs never are).
- torchlint's preamble cache (a precompiled torch/torch.h kept in
  $XDG_CACHE_HOME/torchlint) lives outside the action's declared outputs.
  By default the action runs with --no-cache: hermetic, sandboxed, remotely
  executable, and every source pays the full LibTorch parse (5-7 s here).
  --@torchlint//bazel:cache_dir=DIR passes --cache-dir DIR instead, and runs
  the action unsandboxed and locally (no-sandbox, no-remote-exec; remote
  caching still applies): a preamble records the absolute paths of the
  headers it was built from, which in a sandbox are gone by the next action,
  so a sandboxed action would find every preamble stale and rebuild it
  (measured: slower than --no-cache). In the shared execution root the paths
  stay put, and an edited source is re-analysed in well under a second
  instead of 7 s. DIR must be absolute and writable. The report does not
  depend on the cache (Clang validates a preamble before using it, torchlint
  rebuilds a stale one; tests/bazel/run.sh compares), but DIR is on the
  command line, so machines sharing a remote cache must use the same setting
  to share reports.
- The report names the execution root as /proc/self/cwd (see _RUN), so it is
  the same wherever the action ran: in any sandbox, unsandboxed, remotely.
- .clang-tidy files are not looked up from the sandbox: a run inside a
  sandbox and one outside would see different files. The action always
  passes --config-file, the file given by --@torchlint//bazel:config
  (default: an empty file, torchlint's defaults).
- Headers are not analysed on their own: a header is analysed as part of
  every source that includes it (torchlint reports findings in user headers
  by default), which is how its code is really compiled.
"""

load("@bazel_tools//tools/build_defs/cc:action_names.bzl", "ACTION_NAMES")
load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")

TorchlintSettingInfo = provider(
    doc = "The value of a torchlint build setting.",
    fields = {"value": "the setting's value"},
)

def _setting_impl(ctx):
    return [TorchlintSettingInfo(value = ctx.build_setting_value)]

# Build settings without bazel_skylib (which would have to be downloaded).
torchlint_bool_flag = rule(
    implementation = _setting_impl,
    build_setting = config.bool(flag = True),
)

torchlint_string_flag = rule(
    implementation = _setting_impl,
    build_setting = config.string(flag = True),
)

_CXX_EXTENSIONS = ["cc", "cpp", "cxx", "c++", "C"]

# Headers in srcs (private headers) are inputs too.
_HEADER_EXTENSIONS = ["h", "hh", "hpp", "hxx", "h++", "H", "inc", "inl", "ipp", "tcc"]

# GCC options that Clang 16's driver rejects as unknown arguments (an error,
# not a warning). Bazel's auto-configured toolchain adds the first when the
# compiler is GCC. Dropping them changes nothing torchlint sees: they are
# about code generation and GCC's own diagnostics.
_GCC_ONLY_FLAGS = [
    "-fno-canonical-system-headers",
    "-fno-var-tracking-assignments",
    "-fconserve-stack",
    "-fno-lifetime-dse",
]

_GCC_ONLY_PREFIXES = [
    "-ftree-",
    "-fno-tree-",
    "-fipa-",
    "-fno-ipa-",
]

def _clang_accepts(flag):
    if flag in _GCC_ONLY_FLAGS:
        return False
    for prefix in _GCC_ONLY_PREFIXES:
        if flag.startswith(prefix):
            return False
    return True

def _report_stem(ctx, src):
    """<target>.torchlint/<source path below the package>."""
    path = src.short_path
    if path.startswith("../"):
        path = "external/" + path[3:]
    package = ctx.label.package
    if package and path.startswith(package + "/"):
        path = path[len(package) + 1:]
    return "%s.torchlint/%s" % (ctx.label.name, path)

def _compile_flags(ctx, cc_toolchain, compilation_context):
    features = ctx.features + [
        f
        for f in getattr(ctx.rule.attr, "features", [])
        if not f.startswith("-")
    ]
    disabled = ctx.disabled_features + [
        f[1:]
        for f in getattr(ctx.rule.attr, "features", [])
        if f.startswith("-")
    ]
    feature_configuration = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = features,
        unsupported_features = disabled,
    )

    user_flags = []
    cpp = ctx.fragments.cpp
    user_flags.extend(getattr(cpp, "copts", []))
    user_flags.extend(getattr(cpp, "cxxopts", []))
    for copt in getattr(ctx.rule.attr, "copts", []):
        # cc rules split copts like a Bourne shell; $(...) Make variables and
        # $(location) are not expanded here.
        user_flags.extend(ctx.tokenize(copt))

    defines = [compilation_context.defines]
    if hasattr(compilation_context, "local_defines"):
        defines.append(compilation_context.local_defines)
    else:
        defines.append(depset(getattr(ctx.rule.attr, "local_defines", [])))

    variables = cc_common.create_compile_variables(
        feature_configuration = feature_configuration,
        cc_toolchain = cc_toolchain,
        user_compile_flags = user_flags,
        include_directories = compilation_context.includes,
        quote_include_directories = compilation_context.quote_includes,
        system_include_directories = compilation_context.system_includes,
        framework_include_directories = compilation_context.framework_includes,
        preprocessor_defines = depset(transitive = defines),
    )
    flags = cc_common.get_memory_inefficient_command_line(
        feature_configuration = feature_configuration,
        action_name = ACTION_NAMES.cpp_compile,
        variables = variables,
    )
    return [f for f in flags if _clang_accepts(f)]

# Runs torchlint, makes its reports independent of the folder the action ran
# in, and maps its exit status. $1 is 1 when findings fail the build, $2 the
# SARIF report, $3 the fixes YAML, $4 the source; the rest is torchlint's
# command line. Shell builtins only: the action's environment is empty.
#
# torchlint writes the execution root's absolute path (inside a sandbox: a
# folder that is gone once the action ends) into the SARIF's %SRCROOT% base
# and into the fixes' FilePath/BuildDirectory. It is replaced with
# /proc/self/cwd, as Bazel's -fdebug-prefix-map convention does, so that
# reports are byte-identical wherever they were made, and
# clang-apply-replacements run from the workspace root finds the files.
_RUN = """\
strict="$1"; sarif="$2"; fixes="$3"; src="$4"; shift 4
logical="$PWD"
physical="$(pwd -P)"
status=0
findings="$("$@")" || status=$?
# The findings as text, with paths relative to the workspace.
if [ -n "$findings" ]; then
  findings="${findings//"$physical/"/}"
  printf '%s\\n' "${findings//"$logical/"/}"
fi
if [ "$status" = 0 ] || [ "$status" = 1 ]; then
  for report in "$sarif" "$fixes"; do
    text="$(<"$report")"
    text="${text//"$physical"//proc/self/cwd}"
    text="${text//"$logical"//proc/self/cwd}"
    printf '%s\\n' "$text" > "$report"
  done
fi
case "$status" in
  0) exit 0 ;;
  1)
    if [ "$strict" = 1 ]; then
      echo "torchlint: findings in $src (see above, and $sarif); failing because of --@torchlint//bazel:fail_on_findings" >&2
      exit 1
    fi
    exit 0 ;;
  *)
    echo "torchlint: could not analyse $src (exit status $status; see its messages above)" >&2
    exit "$status" ;;
esac
"""

def _torchlint_aspect_impl(target, ctx):
    if CcInfo not in target or not hasattr(ctx.rule.attr, "srcs"):
        return []
    if ctx.label.workspace_root:
        # Another repository's code (LibTorch's headers, third-party
        # libraries) is not ours to lint.
        return []
    sources = [
        f
        for f in ctx.rule.files.srcs
        if f.extension in _CXX_EXTENSIONS
    ]
    if not sources:
        return []
    private_headers = [
        f
        for f in ctx.rule.files.srcs
        if f.extension in _HEADER_EXTENSIONS
    ]

    cc_toolchain = find_cpp_toolchain(ctx)
    compilation_context = target[CcInfo].compilation_context
    flags = _compile_flags(ctx, cc_toolchain, compilation_context)

    torchlint = ctx.executable._torchlint
    config = ctx.file._config
    fail_on_findings = ctx.attr._fail_on_findings[TorchlintSettingInfo].value
    cache_dir = ctx.attr._cache_dir[TorchlintSettingInfo].value
    if cache_dir:
        cache_flags = ["--cache-dir", cache_dir]

        # A preamble records the absolute paths of the headers it was built
        # from; in a sandbox (or on a remote worker) those are gone by the
        # next action, so torchlint would find every preamble stale and build
        # it again, slower than --no-cache. Unsandboxed, every action runs in
        # the same execution root and the preambles are reused. Remote
        # caching still applies.
        execution_requirements = {"no-sandbox": "1", "no-remote-exec": "1"}
    else:
        cache_flags = ["--no-cache"]
        execution_requirements = {}

    shared_inputs = depset(
        [config] + private_headers,
        transitive = [compilation_context.headers, cc_toolchain.all_files],
    )
    outputs = []
    for src in sources:
        stem = _report_stem(ctx, src)
        sarif = ctx.actions.declare_file(stem + ".sarif")
        fixes = ctx.actions.declare_file(stem + ".fixes.yaml")
        outputs.extend([sarif, fixes])
        ctx.actions.run_shell(
            mnemonic = "Torchlint",
            progress_message = "torchlint %s" % src.short_path,
            command = _RUN,
            arguments = [
                "1" if fail_on_findings else "0",
                sarif.path,
                fixes.path,
                src.path,
                torchlint.path,
                "--format=sarif",
                "-o",
                sarif.path,
                "--export-fixes",
                fixes.path,
                "--quiet",
                # Paths in the report relative to the execution root, i.e.
                # to the workspace; never the sandbox's absolute path.
                "--srcroot",
                ".",
                "--config-file",
                config.path,
                "--jobs",
                "1",
            ] + cache_flags + [src.path, "--"] + flags,
            inputs = depset([src], transitive = [shared_inputs]),
            outputs = [sarif, fixes],
            # With its runfiles, if the binary is a target such as sh_binary.
            tools = [ctx.attr._torchlint[DefaultInfo].files_to_run],
            env = {},
            use_default_shell_env = False,
            execution_requirements = execution_requirements,
        )

    return [OutputGroupInfo(torchlint = depset(outputs))]

_ATTRS = {
    "_torchlint": attr.label(
        default = Label("//bazel:torchlint"),
        executable = True,
        cfg = "exec",
    ),
    "_config": attr.label(
        default = Label("//bazel:config"),
        allow_single_file = True,
    ),
    "_fail_on_findings": attr.label(
        default = Label("//bazel:fail_on_findings"),
        providers = [TorchlintSettingInfo],
    ),
    "_cache_dir": attr.label(
        default = Label("//bazel:cache_dir"),
        providers = [TorchlintSettingInfo],
    ),
    "_cc_toolchain": attr.label(
        default = Label("@bazel_tools//tools/cpp:current_cc_toolchain"),
    ),
}

torchlint_aspect = aspect(
    implementation = _torchlint_aspect_impl,
    attrs = _ATTRS,
    # Along deps, so that `bazel build //app:server` also checks the
    # libraries it is built from (targets of other repositories are skipped).
    attr_aspects = ["deps"],
    fragments = ["cpp"],
    doc = "Runs torchlint on each C++ source of cc_library/cc_binary/cc_test targets; output group `torchlint`.",
)
