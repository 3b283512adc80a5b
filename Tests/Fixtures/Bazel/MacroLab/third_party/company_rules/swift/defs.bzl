"""The company's Swift rules: what the workspace's BUILD files load."""

load("//swift/private:library.bzl", _company_swift_library = "company_swift_library")

company_swift_library = _company_swift_library
