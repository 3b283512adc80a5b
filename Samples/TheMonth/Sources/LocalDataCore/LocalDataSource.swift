import Foundation
import Entities

/// File-backed store with an in-memory cache. One file per key.
public actor LocalDataSource: LocalDataSourceProtocol {
    private var cache: [String: Data] = [:]
    private let directory: URL?

    public init() {
        self.directory = StorageLocation.defaultDirectory()
    }

    public init(inMemory: Bool) {
        self.directory = inMemory ? nil : StorageLocation.defaultDirectory()
    }

    public func data(forKey key: String) async throws -> Data? {
        if let cached = cache[key] { return cached }
        guard let url = fileURL(for: key), FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let data = try Data(contentsOf: url)
            cache[key] = data
            return data
        } catch {
            throw LocalDataError.ioFailure(underlying: error.localizedDescription)
        }
    }

    public func setData(_ data: Data, forKey key: String) async throws {
        cache[key] = data
        guard let url = fileURL(for: key) else { return }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw LocalDataError.ioFailure(underlying: error.localizedDescription)
        }
    }

    public func removeData(forKey key: String) async throws {
        cache[key] = nil
        guard let url = fileURL(for: key) else { return }
        try? FileManager.default.removeItem(at: url)
    }

    public func keys(withPrefix prefix: String) async -> [String] {
        var keys = Set(cache.keys)
        if let directory, let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) {
            keys.formUnion(files)
        }
        return keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Months that have stored pages, parsed from keys like `entries.2024-05`.
    package func storedMonths() async -> [Month] {
        await keys(withPrefix: "entries.").compactMap { key in
            let parts = key.dropFirst("entries.".count).split(separator: "-")
            guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
            return Month(year: year, month: month)
        }
    }

    /// Debug-menu only: wipes every stored page and setting.
    @_spi(Internal) public func resetAll() async {
        for key in await keys(withPrefix: "") {
            try? await removeData(forKey: key)
        }
    }

    private func fileURL(for key: String) -> URL? {
        directory?.appendingPathComponent(key, isDirectory: false)
    }
}

enum StorageLocation {
    static func defaultDirectory() -> URL? {
        guard let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first else {
            return nil
        }
        let directory = base.appendingPathComponent("TheMonth", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
