import Foundation
import StrataModel
import StrataSourceTree
import Testing

/// `GitObjects`: a commit's files read from its trees, the folders the last listing read
/// reused, equal to what `git ls-tree -r` lists at every commit.
@Suite struct GitObjectsTests {
    /// `git ls-tree -r`'s regular files of `commit` (what the listing replaced), with their blobs.
    func lsTree(_ repo: GitFixture, _ commit: String) throws -> [String: String] {
        var files: [String: String] = [:]
        // -z: paths as they are, not quoted.
        for line in try repo.git("ls-tree", "-r", "-z", "--full-tree", commit).split(separator: "\0") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            let header = parts[0].split(separator: " ")
            guard header[1] == "blob", header[0] == "100644" || header[0] == "100755" else { continue }
            files[String(parts[1])] = String(header[2])
        }
        return files
    }

    func listed(_ tree: GitRevisionTree) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try tree.files().map { ($0, tree.contentKey($0)!) })
    }

    @Test func eachCommitListsWhatLsTreeListsReusingUnchangedFolders() throws {
        let repo = try GitFixture()
        let folder = repo.path
        for (path, text) in [
            ("Package.swift", "// a\n"), ("Sources/Core/A.swift", "struct A {}\n"), ("Sources/Core/Deep/Er/B.swift", "struct B {}\n"),
            ("Sources/Feature/Ünïcode naïve.swift", "struct C {}\n"), ("Sources/Feature/tab\tname.swift", "struct D {}\n"),
            ("scripts/run", "#!/bin/sh\n"),
        ] {
            try FileManager.default.createDirectory(atPath: folder + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        try repo.git("update-index", "--add", "--chmod=+x", "scripts/run")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Sources/Link.swift", withDestinationPath: "Core/A.swift")
        try repo.commitAll("first")
        // A submodule's entry (a commit in the tree) is not a file of this repository.
        let first = try repo.git("rev-parse", "HEAD")
        try repo.git("update-index", "--add", "--cacheinfo", "160000,\(first),Vendor/Sub")
        try "struct A2 {}\n".write(toFile: folder + "/Sources/Core/A.swift", atomically: true, encoding: .utf8)
        try repo.commitAll("second")
        try FileManager.default.removeItem(atPath: folder + "/Sources/Core/Deep")
        try "struct E {}\n".write(toFile: folder + "/Sources/Core/E.swift", atomically: true, encoding: .utf8)
        try repo.commitAll("third")

        let git = try GitRepository(path: folder)
        let objects = try GitObjects(repository: git)
        let commits = try repo.git("rev-list", "--reverse", "HEAD").split(separator: "\n").map(String.init)
        #expect(commits.count == 3)
        // In order, back again, and twice the same: each as a fresh listing would be.
        for commit in commits + commits.reversed() + [commits[1], commits[1]] {
            let shared = try GitRevisionTree(repository: git, commit: commit, objects: objects)
            let expected = try lsTree(repo, commit)
            #expect(try listed(shared) == expected)
            #expect(try listed(GitRevisionTree(repository: git, commit: commit)) == expected)
            #expect(try shared.files() == expected.keys.sorted())
        }
        let third = try GitRevisionTree(repository: git, commit: commits[2], objects: objects)
        #expect(try third.files().contains("Sources/Feature/tab\tname.swift") && !third.files().contains("Vendor/Sub"))
        #expect(try String(decoding: third.read("Sources/Core/A.swift"), as: UTF8.self) == "struct A2 {}\n")
        // A commit the repository does not have is one line naming it.
        #expect { try GitRevisionTree(repository: git, commit: String(repeating: "0", count: 40), objects: objects) } throws: { error in
            error is GitError && "\(error)".hasPrefix("000000000000: ")
        }
    }

    /// Trees old gits wrote: a folder's mode zero-padded (`040000`), a file's group-writable
    /// (`100664`); `ls-tree` shows them as a folder and `100644`, and so are they read. An id
    /// that names a tree where a commit is expected is one line, and the reader stays in step.
    @Test func oldModesReadAsGitReadsThem() throws {
        let repo = try GitFixture()
        try "struct A {}\n".write(toFile: repo.path + "/A.swift", atomically: true, encoding: .utf8)
        try repo.commitAll("first")
        let blob = try repo.git("rev-parse", "HEAD:A.swift")
        let inner = try repo.git("write-tree")
        func raw(_ id: String) -> [UInt8] {
            stride(from: 0, to: id.count, by: 2).map { UInt8(id.dropFirst($0).prefix(2), radix: 16)! }
        }
        let tree = Array("100664 Odd.swift\0".utf8) + raw(blob) + Array("040000 Padded\0".utf8) + raw(inner)
        let file = repo.path + "/../odd-tree-\(UUID().uuidString)"
        try Data(tree).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let odd = try repo.git("hash-object", "-t", "tree", "--literally", "-w", file)
        let commit = try repo.git("commit-tree", odd, "-m", "old modes")
        let git = try GitRepository(path: repo.path)
        let objects = try GitObjects(repository: git)
        let files = try listed(GitRevisionTree(repository: git, commit: commit, objects: objects))
        #expect(files == ["Odd.swift": blob, "Padded/A.swift": blob])
        #expect(files == (try lsTree(repo, commit)))
        #expect { try GitRevisionTree(repository: git, commit: odd, objects: objects) } throws: { error in
            "\(error)".contains("is a tree, not a commit")
        }
        #expect(try listed(GitRevisionTree(repository: git, commit: commit, objects: objects)) == files)
    }

    /// Folders nested deeper than a walk of the disk enters are left out and reported, as the
    /// walk reports them: a hostile tree cannot exhaust the stack.
    @Test func foldersTooDeepAreReportedAndLeftOut() throws {
        let repo = try GitFixture()
        let deep = Array(repeating: "d", count: InputLimits.maximumDirectoryDepth + 5).joined(separator: "/")
        try repo.folder.write(deep + "/Deep.swift", "struct Deep {}\n")
        try repo.folder.write("Top.swift", "struct Top {}\n")
        try repo.commitAll("deep")
        let git = try GitRepository(path: repo.path)
        let tree = try GitRevisionTree(repository: git, commit: try git.resolve("HEAD"), objects: try GitObjects(repository: git))
        let (files, problems) = try tree.walk()
        #expect(files == ["Top.swift"])
        let limit = Array(repeating: "d", count: InputLimits.maximumDirectoryDepth + 1).joined(separator: "/")
        #expect(problems.map(\.file) == [limit])
        #expect(problems.first?.message == "folder not read: deeper than \(InputLimits.maximumDirectoryDepth) levels")
    }
}
