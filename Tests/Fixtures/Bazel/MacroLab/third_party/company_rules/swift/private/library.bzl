"""A library and its tests from a package's `Sources` and `Tests`, named as the company names
modules: `Acme` and the package's name."""

load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library", "swift_test")
load(":naming.bzl", "module_name_of")

def company_swift_library(name, deps = [], test_deps = [], **kwargs):
    module = module_name_of(name)
    swift_library(
        name = name,
        module_name = module,
        srcs = native.glob(["Sources/**/*.swift"]),
        deps = deps,
        **kwargs
    )
    swift_test(
        name = name + "Tests",
        module_name = module + "Tests",
        srcs = native.glob(["Tests/**/*.swift"], allow_empty = True),
        deps = [":" + name] + test_deps,
    )
