"""shop_module: a feature's library and its unit tests, the way every module is declared."""

load("@build_bazel_rules_apple//apple:ios.bzl", "ios_unit_test")
load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
load(":naming.bzl", "MINIMUM_OS", "tests_name")

def shop_module(name, deps = [], test_deps = []):
    """Declares <name> (a swift_library) and <name>Tests (an ios_unit_test of its Tests folder)."""
    swift_library(
        name = name,
        module_name = name,
        srcs = native.glob(["Sources/**/*.swift"]),
        deps = deps,
        visibility = ["//visibility:public"],
    )
    tests = tests_name(name)
    swift_library(
        name = tests + "Lib",
        testonly = True,
        module_name = tests,
        srcs = native.glob(["Tests/**/*.swift"], allow_empty = True),
        deps = [":" + name] + test_deps,
    )
    ios_unit_test(
        name = tests,
        minimum_os_version = MINIMUM_OS,
        deps = [":%sLib" % tests],
    )
