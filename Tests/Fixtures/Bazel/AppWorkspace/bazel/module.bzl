"""ios_module: a Swift library with its unit tests, the way every module is declared."""

load("@build_bazel_rules_apple//apple:ios.bzl", "ios_unit_test")
load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
load(":config.bzl", "MINIMUM_IOS_VERSION", "SWIFT_COPTS", "module_label")

def ios_module(
        name,
        deps = [],
        test_deps = [],
        visibility = ["//visibility:public"],
        **kwargs):
    """Declares <name> (a swift_library) and, when it has tests, <name>Tests."""
    swift_library(
        name = name,
        srcs = native.glob(
            ["Sources/**/*.swift"],
            exclude = ["Sources/**/*+Preview.swift"],
            allow_empty = True,
        ),
        module_name = name,
        copts = SWIFT_COPTS,
        deps = [module_label(dep) if not dep.startswith("//") and not dep.startswith(":") else dep for dep in deps],
        visibility = visibility,
        **kwargs
    )
    tests = native.glob(["Tests/**/*.swift"], allow_empty = True)
    if tests:
        _module_tests(name, tests, [":" + name] + test_deps)

def _module_tests(name, srcs, deps):
    swift_library(
        name = name + "TestsLib",
        testonly = True,
        srcs = srcs,
        module_name = name + "Tests",
        deps = deps,
    )
    ios_unit_test(
        name = name + "Tests",
        minimum_os_version = MINIMUM_IOS_VERSION,
        deps = [":%sTestsLib" % name],
    )
