// The printed table.
import Foundation

struct TimedResult {
    var name: String
    /// What one operation is ("rows", "queries", "lookups").
    var unit: String
    /// Operations per run.
    var operations: Int
    var raw: Double
    var strata: Double
    var target: Double?
    var ratio: Double { strata / raw }
}

struct MemoryResult {
    var name: String
    var raw: MemorySample
    var strata: MemorySample
    var target: Double?
}

enum Report {
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text }
        let fill = String(repeating: " ", count: width - text.count)
        return right ? fill + text : text + fill
    }

    static func duration(_ seconds: Double) -> String {
        seconds >= 1 ? String(format: "%.3f s", seconds) : String(format: "%.2f ms", seconds * 1000)
    }

    static func rate(_ perSecond: Double) -> String {
        switch perSecond {
        case 1e6...: return String(format: "%.2f M/s", perSecond / 1e6)
        case 1e3...: return String(format: "%.1f k/s", perSecond / 1e3)
        default: return String(format: "%.1f /s", perSecond)
        }
    }

    static func verdict(_ ratio: Double, _ target: Double?) -> (String, String) {
        guard let target else { return ("(info)", "") }
        return (String(format: "≤ %.1f×", target), ratio <= target ? "ok" : "MISS")
    }

    /// Prints `results` as a table whose time columns are headed by `columns` (default: raw and Strata).
    static func printTimed(_ results: [TimedResult], columns: (baseline: String, subject: String) = (baseline: "raw", subject: "Strata")) {
        let header = ["workload", "ops/run", columns.baseline, columns.subject, "\(columns.baseline) rate", "\(columns.subject) rate", "ratio", "target", ""]
        let widths = zip([38, 14, 11, 11, 12, 12, 8, 8, 5], header).map { max($0, $1.count) }
        print(zip(header, widths).enumerated().map { pad($1.0, $1.1, right: $0 > 0 && $0 < 8) }.joined(separator: " "))
        print(String(repeating: "-", count: widths.reduce(0, +) + widths.count - 1))
        for result in results {
            let (target, status) = verdict(result.ratio, result.target)
            let cells = [
                result.name, "\(result.operations) \(result.unit)", duration(result.raw), duration(result.strata),
                rate(Double(result.operations) / result.raw), rate(Double(result.operations) / result.strata),
                String(format: "%.2f×", result.ratio), target, status,
            ]
            print(zip(cells, widths).enumerated().map { pad($1.0, $1.1, right: $0 > 0 && $0 < 8) }.joined(separator: " "))
        }
    }

    static func mb(_ kilobytes: Int) -> String { String(format: "%.1f MB", Double(kilobytes) / 1024) }

    static func printMemory(_ results: [MemoryResult]) {
        let widths = [52, 11, 11, 8, 8, 5]
        let header = ["fetch-all memory growth", "raw", "Strata", "ratio", "target", ""]
        print(zip(header, widths).enumerated().map { pad($1.0, $1.1, right: $0 > 0 && $0 < 5) }.joined(separator: " "))
        print(String(repeating: "-", count: widths.reduce(0, +) + widths.count - 1))
        for result in results {
            for (label, raw, strata) in [
                ("peak (VmHWM after - VmRSS before)", result.raw.peakGrowth, result.strata.peakGrowth),
                ("retained (VmRSS after - VmRSS before)", result.raw.residentGrowth, result.strata.residentGrowth),
            ] {
                let ratio = Double(strata) / Double(max(raw, 1))
                let (target, status) = label.hasPrefix("peak") ? verdict(ratio, result.target) : ("(info)", "")
                let cells = ["\(result.name): \(label)", mb(raw), mb(strata), String(format: "%.2f×", ratio), target, status]
                print(zip(cells, widths).enumerated().map { pad($1.0, $1.1, right: $0 > 0 && $0 < 5) }.joined(separator: " "))
            }
        }
        for result in results {
            print("  \(result.name) raw:    before \(result.raw.before), after \(result.raw.after), peak reset: \(result.raw.peakWasReset)")
            print("  \(result.name) Strata: before \(result.strata.before), after \(result.strata.after), peak reset: \(result.strata.peakWasReset)")
        }
    }
}
