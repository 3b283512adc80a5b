load("@build_bazel_rules_swift//swift:swift.bzl", "SwiftInfo")
load("@bazel_skylib//lib:paths.bzl", "paths")

# Modules collected by an aspect, written out as the SwiftPM manifests Xcode previews read.
SPMModulesInfo = provider(
    fields = {
        "modules": "Dictionary of module information",
        "transitive_sources": "Depset of all transitive source files",
    }
)

_LIBRARY_CONFIGS = {
    "swift_library": {
        "handled_attrs": {"copts": [], "deps": [], "srcs": []},
        "required_attrs": ["module_name"],
    },
}

def get_rule_atts(rule):
    if rule.kind in _LIBRARY_CONFIGS:
        config = _LIBRARY_CONFIGS[rule.kind]
        result = dict()
        result["type"] = rule.kind
        for attr_name in config["handled_attrs"]:
            if hasattr(rule.attr, attr_name):
                result[attr_name] = getattr(rule.attr, attr_name)
        return result
    fail("Unknown rule kind: {}".format(rule.kind))

def _collect_spm_modules_impl(target, ctx):
    if not DefaultInfo in target:
        return []
    all_modules = {}
    for dep in getattr(ctx.rule.attr, "deps", []):
        if SPMModulesInfo in dep:
            all_modules.update(dep[SPMModulesInfo].modules)
    result_attrs = get_rule_atts(ctx.rule)
    module_path = str(ctx.label).split(":")[0].split("@@//")[1]
    all_modules[result_attrs.get("name", ctx.label.name)] = {"path": module_path}
    return [SPMModulesInfo(modules = all_modules, transitive_sources = depset())]

spm_modules_aspect = aspect(
    implementation = _collect_spm_modules_impl,
    attr_aspects = ["deps"],
)

def _generate_spm_impl(ctx):
    modules = ctx.attr.deps[0][SPMModulesInfo].modules
    out = ctx.actions.declare_file("%s_modules.json" % ctx.label.name)
    ctx.actions.write(output = out, content = json.encode_indent(modules, indent = "  "))
    return [DefaultInfo(files = depset([out]))]

generate_spm = rule(
    implementation = _generate_spm_impl,
    attrs = {
        'deps' : attr.label_list(aspects = [spm_modules_aspect]),
    },
)
