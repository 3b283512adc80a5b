#!/usr/bin/env python3
"""Checks Strata's discovery against SwiftPM itself, for real packages.

For each package folder given: runs `swift package dump-package` (which compiles and runs the
manifest, as Strata never does), takes every non-test target with sources on disk, and
compares it with the modules in Strata's JSON. Then finds the internal import edges
between those targets with an independent line-based reading of the Swift files and
compares them with Strata's edges. Prints the differences; exits 1 if there are any.

usage: Benchmarks/verify-discovery.py STRATA_BINARY PACKAGE_DIR...
"""
import json, os, re, subprocess, sys, tempfile

IMPORT = re.compile(r'^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func|actor)\s+)?([A-Za-z_][\w]*)')
BUNDLES = ('.docc', '.xcassets', '.bundle', '.playground', '.lproj')

def swift_files(directory, exclude):
    for base, dirs, files in os.walk(directory):
        rel_base = os.path.relpath(base, directory)
        dirs[:] = sorted(d for d in dirs if not d.endswith(BUNDLES) and os.path.normpath(os.path.join(rel_base, d)) not in exclude)
        for f in sorted(files):
            rel = os.path.normpath(os.path.join(rel_base, f))
            if f.endswith('.swift') and rel not in exclude:
                yield os.path.join(base, f)

def imports(path):
    found, in_block = set(), False
    with open(path, encoding='utf-8', errors='replace') as handle:
        for line in handle:
            if '/*' in line and '*/' not in line: in_block = True
            if in_block:
                if '*/' in line: in_block = False
                continue
            m = IMPORT.match(line)
            if m: found.add(m.group(1))
    return found

def main():
    strata, packages = sys.argv[1], sys.argv[2:]
    failures = 0
    for package in packages:
        dump = json.loads(subprocess.run(['swift', 'package', 'dump-package', '--package-path', package],
                                         capture_output=True, text=True, check=True).stdout)
        targets = {}
        for t in dump['targets']:
            if t['type'] in ('test', 'binary', 'plugin'): continue
            path = t.get('path') or next((f'{r}/{t["name"]}' for r in ('Sources', 'Source', 'src', 'srcs') if os.path.isdir(os.path.join(package, r, t['name']))), None)
            if path and os.path.isdir(os.path.join(package, path)):
                targets[t['name']] = (path, set(t.get('exclude') or []))
        with tempfile.TemporaryDirectory() as out:
            subprocess.run([strata, 'analyze', package, '-o', out, '--format', 'json', '--quiet'], check=True)
            result = json.load(open(os.path.join(out, 'strata.json')))
        root_modules = {m['name']: m for m in result['modules'] if m.get('manifest', '').startswith('Package.swift')}
        missing = sorted(set(targets) - set(root_modules))
        c99 = {re.sub(r'[^A-Za-z0-9_]', '_', n): n for n in targets}
        expected_edges = set()
        for name, (path, exclude) in targets.items():
            for f in swift_files(os.path.join(package, path), exclude):
                for module in imports(f):
                    if module in c99 and c99[module] != name:
                        expected_edges.add((name, c99[module]))
        strata_edges = {(e['from'], e['to']) for e in result['edges'] if e['imported'] and e['from'] in targets and e['to'] in targets}
        print(f'{package}: dump-package lists {len(targets)} non-test targets with sources; Strata found {len(set(targets) & set(root_modules))}; '
              f'{len(expected_edges)} internal import edges by line reading, {len(strata_edges)} by Strata')
        for name in missing: print(f'  MISSING module {name}')
        for edge in sorted(expected_edges - strata_edges): print(f'  MISSING edge {edge[0]} -> {edge[1]}')
        for edge in sorted(strata_edges - expected_edges): print(f'  EXTRA edge {edge[0]} -> {edge[1]}')
        failures += len(missing) + len(expected_edges ^ strata_edges)
    sys.exit(1 if failures else 0)

main()
