def _plist_fragment(ctx):
    output = ctx.actions.declare_file(ctx.attr.name + "." + ctx.attr.extension)
    ctx.actions.write(output = output, content = ctx.attr.template)
    return [DefaultInfo(files = depset([output]))]

plist_fragment = rule(
    implementation = _plist_fragment,
    attrs = {
        "template": attr.string(mandatory = True),
        "extension": attr.string(mandatory = True),
    },
)
