import Foundation

/// One module's series as CSV (`--module M --format csv`): a row per sampled commit, empty
/// cells where the module does not exist.
public enum HistoryCSV {
    public static func module(_ series: HistoryTimeline.ModuleSeries, in timeline: HistoryTimeline) -> String {
        var rows = ["commit,date,subject,files,lines,ca,ce,instability,abstractness,distance"]
        for (index, point) in timeline.commits.enumerated() {
            let cells: [String] = [
                point.commit, HistoryDate.day(point.time), field(point.subject),
                number(series.files[index]), number(series.lines[index]), number(series.ca[index]), number(series.ce[index]),
                ratio(series.instability[index]), ratio(series.abstractness[index]), ratio(series.distance[index]),
            ]
            rows.append(cells.joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    private static func number(_ value: Int?) -> String { value.map(String.init) ?? "" }

    static func ratio(_ value: Double?) -> String {
        guard let value else { return "" }
        let scaled = (value * 1000).rounded() / 1000
        return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
    }

    /// Quoted when it must be; a leading `=`, `+`, `-` or `@` gets a `'` so a spreadsheet
    /// does not run a commit subject as a formula.
    static func field(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@".contains(first) { text = "'" + text }
        guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension HistoryCSV {
    /// The totals of every sampled commit (`--format csv` without `--module`).
    public static func totals(_ timeline: HistoryTimeline) -> String {
        var rows = ["commit,date,subject,modules,import_edges,cycles,modules_in_cycles,errors,warnings,infos,mean_distance,worst_distance,lines"]
        for point in timeline.commits {
            let cells: [String] = [
                point.commit, HistoryDate.day(point.time), field(point.subject), String(point.modules), String(point.importEdges),
                String(point.cycles), String(point.modulesInCycles), String(point.errors), String(point.warnings), String(point.infos),
                ratio(point.meanDistance), ratio(point.worstDistance), String(point.lines),
            ]
            rows.append(cells.joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
