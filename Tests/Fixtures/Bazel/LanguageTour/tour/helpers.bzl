"""Helpers whose results the BUILD file records, one `check` per construct."""

def pick(items, *, key = None, reverse = False):
    if key == None:
        return sorted(items, reverse = reverse)
    return sorted(items, key = key, reverse = reverse)

def describe(name, *args, **kwargs):
    return "%s(%s)" % (name, ", ".join([repr(a) for a in args] + ["%s=%r" % (k, v) for k, v in sorted(kwargs.items())]))

def flatten(nested):
    out = []
    for item in nested:
        if type(item) == "list":
            out.extend(item)
        else:
            out.append(item)
    return out

def counter():
    counts = {}
    for word in "b a c a b a".split(" "):
        counts[word] = counts.get(word, 0) + 1
    return counts

def first_even(numbers):
    for n in numbers:
        if n % 2 == 1:
            continue
        return n
    return None

def make_adder(n):
    return lambda x: x + n

def swap(pair):
    a, b = pair
    return b, a

MODES = {"debug": ["-Onone", "-g"], "release": ["-O"]}
