"""Settings every module of the workspace shares."""

MINIMUM_IOS_VERSION = "15.0"

BUNDLE_PREFIX = "com.example"

SWIFT_COPTS = [
    "-enable-testing",
] + select({
    "//:debug": ["-Onone"],
    "//conditions:default": ["-O"],
})

def module_label(name, target = None):
    """//Modules/<name>:<target>, the target defaulting to the module's own."""
    return "//Modules/{}:{}".format(name, target or name)
