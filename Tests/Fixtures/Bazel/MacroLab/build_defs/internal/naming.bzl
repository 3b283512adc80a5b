"""How targets and modules are named, from a package's path."""

def module_name_for(package):
    """Features/Profile -> Profile; lib-networking -> LibNetworking."""
    last = package.rsplit("/", 1)[-1]
    words = last.replace("-", "_").split("_")
    return "".join([w[:1].upper() + w[1:] for w in words if w])

def target_names(name, kinds = ("lib", "tests")):
    return {kind: "%s_%s" % (name, kind) for kind in kinds}

SUPPORTED_PLATFORMS = ["ios", "macos"]
