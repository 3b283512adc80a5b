"""Names every module's targets share."""

MINIMUM_OS = "16.0"

def tests_name(name):
    """Cart -> CartTests."""
    return name + "Tests"
