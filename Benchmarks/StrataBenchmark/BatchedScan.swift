// Iterating every row with `fetch(_:batchSize:)` against fetching them all, in one database:
//   swift run -c release StrataBenchmark --batched-scan [--rows N] [--batch-size B (1000)]
// Peak memory is measured in a fresh child process per side (VmHWM reset before the scan), as
// the fetch-all probes do; times are measured in this process, best of --runs.
import Foundation
import Strata

enum BatchedScan {
    /// The `--probe-memory` side of a batched scan: `batched:<batch size>`.
    static func probeSide(batchSize: Int) -> String { "batched:\(batchSize)" }

    /// The batch size a `--probe-memory` side names, if it is a batched scan's.
    static func batchSize(probeSide side: String) -> Int? {
        side.hasPrefix("batched:") ? Int(side.dropFirst("batched:".count)) : nil
    }

    /// Child mode: one batched scan in a fresh process, VmRSS/VmHWM around it.
    static func probe(path: String, batchSize: Int) throws {
        let database = try StrataDatabase(url: URL(fileURLWithPath: path))
        _ = try ModelContext(database.container).fetchCount(FetchDescriptor<Task>())  // open a reader connection
        let context = ModelContext(database.container)
        let reset = MemoryStatus.resetPeak()
        let before = MemoryStatus.read()
        let checksum = try scan(in: context, batchSize: batchSize)
        print("MEMORY \(MemorySample(before: before, after: MemoryStatus.read(), peakWasReset: reset).line)")
        consume(checksum)
    }

    /// Reads every property of every row, a batch at a time.
    static func scan(in context: ModelContext, batchSize: Int) throws -> Int {
        var checksum = 0
        for task in try context.fetch(FetchDescriptor<Task>(), batchSize: batchSize) { checksum &+= touch(task) }
        return checksum
    }

    static func run(options: Options) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-scan-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("scan.sqlite")
        let database = try StrataDatabase(url: url)
        let inputs = Workload.inputs(count: options.rows)
        log("inserting \(options.rows) rows")
        for start in stride(from: 0, to: inputs.count, by: 100_000) {
            consume(try database.insert(Array(inputs[start..<min(start + 100_000, inputs.count)])))
        }

        log("memory probes")
        let all = try runProbe(side: "strata", path: url.path)
        let batched = try runProbe(side: probeSide(batchSize: options.scanBatchSize), path: url.path)

        var allTime = Double.infinity, batchedTime = Double.infinity
        for run in 0..<options.runs {
            log("scan run \(run + 1)/\(options.runs)")
            allTime = min(allTime, try Measure.time { consume(try database.fetchAll(in: ModelContext(database.container)).checksum) })
            batchedTime = min(batchedTime, try Measure.time { consume(try scan(in: ModelContext(database.container), batchSize: options.scanBatchSize)) })
        }

        print("Strata SQLiteStore: every row of \(options.rows), fetch(_:) against fetch(_:batchSize: \(options.scanBatchSize)), best of \(options.runs) runs")
        print("")
        let widths = [44, 12, 12, 8]
        let header = ["", "fetch all", "batched", "ratio"]
        print(zip(header, widths).enumerated().map { Report.pad($1.0, $1.1, right: $0 > 0) }.joined(separator: " "))
        print(String(repeating: "-", count: widths.reduce(0, +) + widths.count - 1))
        let rows: [(String, String, String, Double)] = [
            ("peak memory (VmHWM after - VmRSS before)", Report.mb(all.peakGrowth), Report.mb(batched.peakGrowth),
             Double(batched.peakGrowth) / Double(max(all.peakGrowth, 1))),
            ("retained memory (VmRSS after - before)", Report.mb(all.residentGrowth), Report.mb(batched.residentGrowth),
             Double(batched.residentGrowth) / Double(max(all.residentGrowth, 1))),
            ("time (fetch and read every property)", Report.duration(allTime), Report.duration(batchedTime), batchedTime / allTime),
        ]
        for (label, left, right, ratio) in rows {
            let cells = [label, left, right, String(format: "%.3f×", ratio)]
            print(zip(cells, widths).enumerated().map { Report.pad($1.0, $1.1, right: $0 > 0) }.joined(separator: " "))
        }
        print("peak reset: fetch all \(all.peakWasReset), batched \(batched.peakWasReset); target: batched peak < 10% of fetch all's")
    }
}
