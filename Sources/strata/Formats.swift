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
struct Formats<Format: ExpressibleByArgument & RawRepresentable<String>>: ExpressibleByArgument {
    var list: [Format]

    init(_ list: [Format]) { self.list = list }

    init?(argument: String) {
        var list: [Format] = []
        for name in argument.split(separator: ",") {
            guard let format = Format(argument: name.trimmingCharacters(in: .whitespaces)) else { return nil }
            list.append(format)
        }
        guard !list.isEmpty else { return nil }
        self.list = list
    }

    var defaultValueDescription: String { list.map(\.rawValue).joined(separator: ",") }

    static var allValueStrings: [String] { Format.allValueStrings }
}
