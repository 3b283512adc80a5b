import Foundation

/// Measured build seconds per module, from a CSV file of `module,seconds` lines (blank lines,
/// `#` comments and a first line `module,seconds` in any case, the header, allowed):
/// `--build-times`, which replaces the build shape's estimate from lines. Any other line
/// without a number is an error naming the file and the line, never taken for a header.
public enum BuildTimes {
    public static func read(_ path: String) throws -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Pipeline.InputError(description: "\(path): cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Pipeline.InputError(description: "\(path): not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws -> [String: Double] {
        var times: [String: Double] = [:]
        var first = true
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let seconds = fields.count == 2 ? Double(fields[1]) : nil
            let header = first && fields.map { $0.lowercased() } == ["module", "seconds"]
            first = false
            if header { continue }
            guard let seconds, seconds.isFinite, seconds >= 0, !fields[0].isEmpty else {
                throw Pipeline.InputError(description: "\(file):\(number + 1): expected module,seconds (seconds a number ≥ 0)")
            }
            guard times[fields[0]] == nil else {
                throw Pipeline.InputError(description: "\(file):\(number + 1): \(fields[0]) has a time already")
            }
            times[fields[0]] = seconds
        }
        return times
    }
}
