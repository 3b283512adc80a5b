"""A plugin's library compiled from its packaged sources, as player-ui's `ios_pipeline`
(rules_player) writes it: a `pkg_files` target of the module's glob, shared with the release
zip, and a generated resource shim beside it."""

load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
load("@rules_pkg//:mappings.bzl", "pkg_files")

def _bundle_module_shim(name):
    native.genrule(
        name = name + "ResourceShim",
        srcs = ["//build_defs:resource_shim.swift.tpl"],
        outs = [name + "ResourceShim.swift"],
        cmd = "sed 's/PLACEHOLDER/" + name + "/g' < $< > $@",
    )

def plugin_pipeline(name, resources, deps, bundle_name = None):
    """The library `name` of the package's `Sources`, with a resource shim when it has resources."""
    resource_sources = []
    resolved_bundle_name = bundle_name if bundle_name != None else name
    if len(resources) > 0:
        _bundle_module_shim(resolved_bundle_name)
        resource_sources.append(":" + resolved_bundle_name + "ResourceShim")

    # Grouped once: the library compiles them, the release zip packages them.
    pkg_files(
        name = name + "_Sources",
        srcs = native.glob(["Sources/**/*.swift"]),
        prefix = "Sources/" + name,
        visibility = ["//visibility:public"],
    )
    swift_library(
        name = name,
        module_name = name,
        srcs = [":" + name + "_Sources"] + resource_sources,
        deps = deps,
        defines = ["BAZEL_TARGET", "SWIFT_PACKAGE"],
        visibility = ["//visibility:public"],
    )
