_PREFIX = "Acme"

def module_name_of(name):
    return _PREFIX + name[0].upper() + name[1:]
