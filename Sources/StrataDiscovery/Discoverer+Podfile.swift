import StrataModel

/// What a Podfile does to other manifests' targets: adds pods to the Xcode target it names,
/// and decides the linkage of the pods it pulls in.
extension Discoverer {
    /// The module a Podfile-style target amends: the target of that name in another manifest,
    /// the one whose folder shares the longest prefix with the amending manifest's folder.
    static func amendedTarget(named name: String, from manifest: Manifest, in placed: [Placed]) -> Int? {
        func shared(_ a: String, _ b: String) -> Int {
            zip(a.split(separator: "/"), b.split(separator: "/")).prefix { $0 == $1 }.count
        }
        return placed.indices
            .filter { (placed[$0].target.name == name || placed[$0].aliases.contains(name)) && placed[$0].manifest.path != manifest.path }
            .max { shared(placed[$0].manifest.directory, manifest.directory) < shared(placed[$1].manifest.directory, manifest.directory) }
    }

    /// Each Podfile target added to the target it amends (its pods to that target's
    /// dependencies), or placed on its fallback globs when it amends none.
    static func amend(
        _ placed: inout [Placed], with amending: [(manifest: Manifest, target: Manifest.Target, fallback: [String])],
        duplicates: inout [Int: [Location]], swiftFiles: [String]
    ) {
        for (manifest, target, fallback) in amending {
            if let index = amendedTarget(named: target.name, from: manifest, in: placed),
                [.swiftpm, .cocoapods].contains(placed[index].manifest.system)
            {
                // A Podfile amends an Xcode project's target; when a package or podspec
                // describes the same module and was kept, the Podfile is one more description.
                duplicates[index, default: []].append(target.location(in: manifest))
                duplicates[index]?.sort()
            } else if let index = amendedTarget(named: target.name, from: manifest, in: placed) {
                placed[index].target.dependencies += target.dependencies
                if placed[index].target.podLinkage == nil { placed[index].target.podLinkage = target.podLinkage }
            } else {
                placed.append(Placed(
                    manifest: manifest, target: target, directory: folder(of: fallback),
                    files: files(in: swiftFiles, matching: fallback, excluding: [])))
            }
        }
    }

    /// CocoaPods decides a pod's linkage in the Podfile: `use_frameworks!` (dynamic, or static
    /// with `:linkage => :static`) of the first target that pulls the pod in, directly or
    /// through other pods. `s.static_framework` in the podspec has already decided its own.
    static func assignPodLinkage(_ placed: inout [Placed]) {
        var pods: [String: Int] = [:]
        for (index, entry) in placed.enumerated() where entry.manifest.system == .cocoapods && entry.target.linkage == nil {
            if case .amends = entry.target.sources { continue }
            pods[entry.target.name] = index
        }
        guard !pods.isEmpty else { return }
        func podName(_ dependency: DeclaredDependency) -> String? {
            guard dependency.kind == .pod else { return nil }
            return dependency.podName
        }
        let consumers = placed.indices.filter { placed[$0].target.podLinkage != nil }
            .sorted { (placed[$0].manifest.path, placed[$0].target.line) < (placed[$1].manifest.path, placed[$1].target.line) }
        for consumer in consumers {
            guard let linkage = placed[consumer].target.podLinkage else { continue }
            var queue = placed[consumer].target.dependencies.compactMap(podName)
            while let name = queue.popLast() {
                guard let index = pods[name], placed[index].target.linkage == nil else { continue }
                placed[index].target.linkage = linkage
                queue += placed[index].target.dependencies.compactMap(podName)
            }
        }
        for index in pods.values where placed[index].target.linkage == nil {
            placed[index].target.linkage = Linkage(
                .unknown, reason: "decided by the use_frameworks! of the Podfile that uses the pod, and no Podfile here does")
        }
    }
}
