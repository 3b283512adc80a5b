import ArgumentParser
import Foundation
import StrataHistory
import StrataReport

// Each kind of document's formats, parsed by name (any case) where a command takes one.
extension OutputFormat: ExpressibleByArgument {}
extension CheckFormat: ExpressibleByArgument {}
extension DiffFormat: ExpressibleByArgument {}
extension GraphDrawing.Format: ExpressibleByArgument {}
extension WhyReport.Format: ExpressibleByArgument {}
extension AffectedFormat: ExpressibleByArgument {}
extension HistoryFormat: ExpressibleByArgument {}

extension ExpressibleByArgument where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

/// A comma-separated list of formats (`html,json`), for the commands that write several.
/// Parsing keeps the names that are no format, so that `check()` can name them.
struct Formats<Format: ExpressibleByArgument & RawRepresentable<String>>: ExpressibleByArgument {
    private(set) var list: [Format]
    private var unknown: [String] = []

    init(_ list: [Format]) { self.list = list }

    init?(argument: String) {
        list = []
        for name in argument.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let format = Format(argument: name) { list.append(format) } else { unknown.append(name) }
        }
    }

    /// For `validate()`: a name that is no format, or no name at all, is bad usage.
    func check() throws {
        let expected = Format.allValueStrings.joined(separator: ", ")
        if let name = unknown.first { throw ValidationError("unknown format '\(name)'; expected one of \(expected)") }
        if list.isEmpty { throw ValidationError("--format names no format; expected one or more of \(expected)") }
    }

    var defaultValueDescription: String { list.map(\.rawValue).joined(separator: ",") }

    static var allValueStrings: [String] { Format.allValueStrings }
}
