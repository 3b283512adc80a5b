import Foundation
import StrataModel

/// `::error file=…,line=…,title=…::message`, as GitHub Actions turns a log line into an
/// annotation on the pull request's diff.
public enum GitHubAnnotation {
    public static func line(for finding: Finding, root: String) -> String {
        let command: String
        switch finding.severity {
        case .error: command = "error"
        case .warn: command = "warning"
        case .info: command = "notice"
        }
        var properties: [String] = []
        if let place = finding.evidence.first {
            properties.append("file=" + property(FindingLines(root: root).path(place.file)))
            if let line = place.line { properties.append("line=\(line)") }
        }
        let title = finding.rule.title + " [\(finding.rule)]"
        properties.append("title=" + property(title))
        return "::\(command) \(properties.joined(separator: ","))::\(data(finding.message))"
    }

    /// The workflow-command escaping of a message.
    public static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The escaping of a property value, which also may not hold `:` or `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
