"""Macros that expand one line of a BUILD file into several targets."""

load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library", _swift_test = "swift_test")
load("@build_bazel_rules_apple//apple:resources.bzl", "apple_resource_bundle")
load("//build_defs/internal:naming.bzl", "SUPPORTED_PLATFORMS", "module_name_for", naming = "target_names")

_DEFAULT_COPTS = ["-strict-concurrency=complete"]

_PLATFORM_DEFINES = {
    "ios": ["PLATFORM_IOS"],
    "macos": ["PLATFORM_MACOS"],
}

def _defines(platforms):
    result = []
    for platform in platforms:
        result += _PLATFORM_DEFINES.get(platform, [])
    return sorted(result, reverse = True)

def feature_module(
        name,
        *,
        deps = [],
        platforms = SUPPORTED_PLATFORMS,
        resources = None,
        extra_copts = [],
        **kwargs):
    """A feature: its library, its resource bundle if any, and its tests."""
    names = naming(name)
    module = module_name_for(native.package_name())
    all_deps = list(deps)
    if resources:
        bundle = name + "_resources"
        apple_resource_bundle(
            name = bundle,
            bundle_name = module + "Resources",
            resources = resources,
        )
        all_deps.append(":" + bundle)
    swift_library(
        name = names["lib"],
        module_name = module,
        srcs = native.glob(["Sources/**/*.swift"]),
        copts = _DEFAULT_COPTS + extra_copts,
        defines = _defines(platforms),
        deps = all_deps,
        tags = ["feature", "platform:" + ",".join(platforms)],
        **kwargs
    )
    _swift_test(
        name = names["tests"],
        srcs = native.glob(["Tests/**/*.swift"], allow_empty = True),
        deps = [":" + names["lib"]] + [d for d in all_deps if d.startswith("//")],
        env = {"MODULE": module, "DEPTH": str(len(all_deps))},
    )

def library_modules(specs):
    """One swift_library per (name, dependency names) pair, in the order given."""
    for index, (name, dep_names) in enumerate(specs):
        swift_library(
            name = name,
            module_name = name,
            srcs = native.glob(["%s/**/*.swift" % name], allow_empty = True),
            deps = [":" + d for d in dep_names],
            tags = ["order=%d" % index],
        )
