// Strata's SQLite store against raw libsqlite3, in one process:
//   swift run -c release StrataBenchmark [--rows N] [--runs R] [--repeat K] [--lookups L] [--batch B] [--no-memory-probes]
// or Strata's PostgreSQL store against raw libpq (see PostgresMode.swift):
//   swift run -c release StrataBenchmark --postgres postgres://user@host:port/db [--tasks T] [--ops O] [--pool P]
// or a scan of every row in batches against fetching all (see BatchedScan.swift):
//   swift run -c release StrataBenchmark --batched-scan [--rows N] [--batch-size B]
// or a batch delete with cascades (see BatchDeleteBenchmark.swift):
//   swift run -c release StrataBenchmark --batch-delete [--parents N] [--children C] [--postgres URL]
// or reading models with a to-many relationship, all at once and one by one (see ToManyBenchmark.swift):
//   swift run -c release StrataBenchmark --to-many [--parents N (10000)] [--children C (5)] [--runs R] [--lookups L] [--postgres URL]
// or fetching parents and saving a child without reading their to-many, for 10, 100 and 1,000 children (UnreadChildrenBenchmark.swift):
//   swift run -c release StrataBenchmark --unread-children [--parents N (1000)] [--runs R] [--lookups L] [--postgres URL]
// or how late a timer task runs while tasks wait on PostgreSQL (see PoolStallBenchmark.swift):
//   swift run -c release StrataBenchmark --pool-stall --postgres URL [--tasks T]
// or how promptly cancelled calls, and calls on stopped backends, let go (see InterruptBenchmark.swift; as root):
//   swift run -c release StrataBenchmark --interrupts --postgres URL
// or the cost of metrics and tracing, before and after bootstrapping them (InstrumentationBenchmark.swift):
//   swift run -c release StrataBenchmark --instrumentation [--rows N] [--lookups L] [--runs R]
// or a predicate SQL runs only in part, now against the all-or-nothing fallback it replaced:
//   swift run -c release StrataBenchmark --fallback [--rows N] [--runs R] [--repeat K]
// or the example server's small filtered, sorted page, per fetch, against raw libsqlite3 (SmallFetchBenchmark.swift):
//   swift run -c release StrataBenchmark --small-fetch [--rows N (at most 100)] [--runs R] [--repeat K]
// or fetches over a model class hierarchy against the same rows in one class's table:
//   swift run -c release StrataBenchmark --hierarchy [--rows N] [--runs R]
// or lightweight schema migrations of a 1,000,000-row table (see MigrationBenchmark.swift):
//   swift run -c release StrataBenchmark --migrate [--rows N] [--runs R]
// or importing JSON through StrataSync against JSONDecoder + raw inserts (see SyncImportBenchmark.swift):
//   swift run -c release StrataBenchmark --sync-import [--rows N] [--runs R] [--postgres URL]
// or how soon a commit by another process reaches this one's observer (see CommitLatencyBenchmark.swift):
//   swift run -c release StrataBenchmark --commit-latency [--commits K] [--postgres URL]
import Foundation
import Strata

struct Options {
    var rows = 100_000
    /// `rows` when `--rows` was given, for modes whose default is another number.
    var rowsGiven: Int?
    var runs = 3
    var repetitions = 200
    var lookups = 10_000
    var batch = 100
    var predicateLookups = true
    /// `false` skips the child-process memory probes (under valgrind, /proc/self/exe is the tool).
    var memoryProbes = true
    /// Child mode: `--probe-memory raw|strata --db PATH` measures one fetch-all and prints a line.
    var probe: String?
    var database: String?
    /// `--postgres URL`: run against PostgreSQL instead of SQLite.
    var postgres: String?
    /// PostgreSQL mode's concurrent workload: tasks, operations per task, and the store's pool size (nil: its default).
    var tasks = 16
    var concurrentOperations = 1_000
    var pool: Int?
    /// `--batched-scan`: measure `fetch(_:batchSize:)` against fetch-all, with `--batch-size` per batch.
    var batchedScan = false
    var scanBatchSize = 1_000
    /// `--batch-delete`: time a cascading batch delete of `parents` parents with `children` children each.
    var batchDelete = false
    var parents = 10_000
    /// `--parents` when given (a mode with another default reads this).
    var parentsGiven: Int?
    var children = 5
    /// `--to-many`: reading parents with their children's keys (ToManyBenchmark.swift).
    var toMany = false
    /// `--unread-children`: fetching parents and saving a child without reading the to-many (UnreadChildrenBenchmark.swift).
    var unreadChildren = false
    /// `--fallback`: only the partial-predicate workload (FallbackBenchmark.swift).
    var fallback = false
    /// `--pool-stall`: the cooperative-pool stall of each way of calling PostgreSQL (needs `--postgres`).
    var poolStall = false
    /// `--interrupts`: cancellation latency and stopped-backend waits (needs `--postgres`).
    var interrupts = false
    /// `--instrumentation`: metrics and tracing off, then on.
    var instrumentation = false
    /// `--small-fetch`: the server's list request, per fetch (SmallFetchBenchmark.swift).
    var smallFetch = false
    /// `--hierarchy`: only the class hierarchy workload (HierarchyBenchmark.swift).
    var hierarchy = false
    /// `--migrate`: time lightweight migrations (MigrationBenchmark.swift).
    var migrate = false
    /// `--sync-import`: StrataSync's JSON import against JSONDecoder + raw inserts (SyncImportBenchmark.swift).
    var syncImport = false
    /// `--replication-pull`: a client's pull against a StrataSync import of the same rows (ReplicationPullBenchmark.swift).
    var replicationPull = false
    /// `--history`: a save with and without history (HistoryBenchmark.swift).
    var history = false
    /// `--commit-latency`: commit → onCommit latency across processes, `commits` commits (CommitLatencyBenchmark.swift).
    var commitLatency = false
    var commits = 200

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        func number(_ flag: String) -> Int {
            guard let text = iterator.next(), let value = Int(text), value > 0 else { fatalError("\(flag) needs a positive integer") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--rows":
                rows = number(argument)
                rowsGiven = rows
            case "--runs": runs = number(argument)
            case "--repeat": repetitions = number(argument)
            case "--lookups": lookups = number(argument)
            case "--batch": batch = number(argument)
            case "--no-predicate-lookups": predicateLookups = false
            case "--no-memory-probes": memoryProbes = false
            case "--probe-memory": probe = iterator.next()
            case "--db": database = iterator.next()
            case "--postgres":
                guard let url = iterator.next() else { fatalError("--postgres needs a postgres:// URL") }
                postgres = url
            case "--tasks": tasks = number(argument)
            case "--ops": concurrentOperations = number(argument)
            case "--pool": pool = number(argument)
            case "--batched-scan": batchedScan = true
            case "--batch-size": scanBatchSize = number(argument)
            case "--batch-delete": batchDelete = true
            case "--parents":
                parents = number(argument)
                parentsGiven = parents
            case "--children": children = number(argument)
            case "--fallback": fallback = true
            case "--pool-stall": poolStall = true
            case "--interrupts": interrupts = true
            case "--instrumentation": instrumentation = true
            case "--small-fetch": smallFetch = true
            case "--to-many": toMany = true
            case "--unread-children": unreadChildren = true
            case "--hierarchy": hierarchy = true
            case "--migrate": migrate = true
            case "--sync-import": syncImport = true
            case "--history": history = true
            case "--replication-pull": replicationPull = true
            case "--commit-latency": commitLatency = true
            case "--commits": commits = number(argument)
            case "-h", "--help":
                print("usage: StrataBenchmark [--rows N (100000)] [--runs R (3)] [--repeat K (200)] [--lookups L (10000)] [--batch B (100)] [--no-predicate-lookups] [--no-memory-probes] [--fallback] [--small-fetch] [--hierarchy]")
                print("       [--postgres postgres://user@host:port/db [--tasks T (16)] [--ops O per task (1000)] [--pool P (store default)]]")
                print("       --batch-delete [--parents N (10000)] [--children C (5)] [--runs R (3)] [--postgres URL]")
                print("       --to-many [--parents N (10000)] [--children C (5)] [--runs R (3)] [--lookups L (at most 2000)] [--postgres URL]")
                print("       --migrate [--rows N (1000000)] [--runs R (3)]")
                print("       --sync-import [--rows N (100000)] [--runs R (3)] [--postgres URL]")
                print("       --history [--rows N (100000)] [--runs R (3)] [--postgres URL]")
                print("       --replication-pull [--rows N (10000)] [--runs R (3)]")
                print("       --commit-latency [--commits K (200)] [--postgres URL]")
                exit(0)
            default: fatalError("unknown argument \(argument)")
            }
        }
    }
}

/// Child mode: one fetch-all in a fresh process, VmRSS/VmHWM around it.
func probeMemory(side: String, path: String) throws {
    let sample: MemorySample
    if side == "raw" {
        let database = try RawDatabase(path: path, create: false)
        try database.exec("SELECT COUNT(*) FROM \"Task\"")  // warm the connection
        let reset = MemoryStatus.resetPeak()
        let before = MemoryStatus.read()
        let rows = try database.fetchAll()
        consume(touch(rows))
        sample = MemorySample(before: before, after: MemoryStatus.read(), peakWasReset: reset)
        consume(rows)
    } else {
        let database = try StrataDatabase(url: URL(fileURLWithPath: path))
        _ = try ModelContext(database.container).fetchCount(FetchDescriptor<Task>())  // open a reader connection
        let context = ModelContext(database.container)
        let reset = MemoryStatus.resetPeak()
        let before = MemoryStatus.read()
        let (models, checksum) = try database.fetchAll(in: context)
        consume(checksum)
        sample = MemorySample(before: before, after: MemoryStatus.read(), peakWasReset: reset)
        consume(models)
    }
    print("MEMORY \(sample.line)")
}

func runProbe(side: String, path: String) throws -> MemorySample {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--probe-memory", side, "--db", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let line = output.split(separator: "\n").first(where: { $0.hasPrefix("MEMORY ") }),
        let sample = MemorySample(line: line.dropFirst("MEMORY ".count))
    else { throw RawError(description: "memory probe \(side) failed: \(output)") }
    return sample
}

func removeDatabase(_ url: URL) {
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: url.path + suffix)
    }
}

func log(_ message: String) {
    FileHandle.standardError.write(Data("[bench] \(message)\n".utf8))
}

CommitLatencyBenchmark.runProbeIfAsked()
let options = Options(CommandLine.arguments)
if let side = options.probe, let batchSize = BatchedScan.batchSize(probeSide: side) {
    try BatchedScan.probe(path: options.database!, batchSize: batchSize)
    exit(0)
}
if let side = options.probe {
    try probeMemory(side: side, path: options.database!)
    exit(0)
}
// The modes that replace the default workloads, in order of precedence: the first one asked runs.
let modes: [(asked: Bool, run: () async throws -> Void)] = [
    (options.batchedScan, { try BatchedScan.run(options: options) }),
    (options.batchDelete, { try BatchDeleteBenchmark.run(options: options) }),
    (options.fallback, { try FallbackBenchmark.run(options: options) }),
    (options.toMany, { try ToManyBenchmark.run(options: options) }),
    (options.unreadChildren, { try UnreadChildrenBenchmark.run(options: options) }),
    (options.smallFetch, { try SmallFetchBenchmark.run(options: options) }),
    (options.instrumentation, { try InstrumentationBenchmark.run(options: options) }),
    (options.poolStall, {
        guard let url = options.postgres else { fatalError("--pool-stall needs --postgres URL") }
        try await PoolStallBenchmark.run(url: url, tasks: options.tasks)
    }),
    (options.interrupts, {
        guard let url = options.postgres else { fatalError("--interrupts needs --postgres URL") }
        try await InterruptBenchmark.run(url: url)
    }),
    (options.hierarchy, { try HierarchyBenchmark.run(options: options) }),
    (options.migrate, { try MigrationBenchmark.run(options: options) }),
    (options.commitLatency, { try await CommitLatencyBenchmark.run(options: options) }),
    (options.syncImport, { try SyncImportBenchmark.run(options: options) }),
    (options.history, { try HistoryBenchmark.run(options: options) }),
    (options.replicationPull, { try await ReplicationPullBenchmark.run(options: options) }),
]
if let mode = modes.first(where: \.asked) {
    try await mode.run()
    exit(0)
}
if let url = options.postgres {
    try onPlainThread { try PostgresBenchmark.run(url: url, options: options) }
    exit(0)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(UUID().uuidString)", isDirectory: true)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

let rows = options.rows
let runs = options.runs
let inputs = Workload.inputs(count: rows)
var timed: [TimedResult] = []

// 1. Insert: a fresh database file per side and per run; the last run's files are kept.
var rawDatabase: RawDatabase!
var strataDatabase: StrataDatabase!
var rawURL = directory, strataURL = directory
var rawInsert = Double.infinity, strataInsert = Double.infinity
for run in 0..<runs {
    log("insert run \(run + 1)/\(runs)")
    rawDatabase = nil
    strataDatabase = nil
    if run > 0 { removeDatabase(rawURL); removeDatabase(strataURL) }
    rawURL = directory.appendingPathComponent("raw-\(run).sqlite")
    strataURL = directory.appendingPathComponent("strata-\(run).sqlite")
    let raw = try RawDatabase(path: rawURL.path, create: true)
    rawInsert = min(rawInsert, try Measure.time { try raw.insert(inputs) })
    rawDatabase = raw
    let strata = try StrataDatabase(url: strataURL)
    var context: ModelContext?
    strataInsert = min(strataInsert, try Measure.time { context = try strata.insert(inputs) })
    consume(context)
    context = nil  // 100,000 models released after the clock stopped
    strataDatabase = strata
}
timed.append(TimedResult(name: "1 insert (one save)", unit: "rows", operations: rows, raw: rawInsert, strata: strataInsert, target: 2))

// 2. Fetch all. Memory first, each side in a fresh child process (VmHWM reset per probe).
var memory: [MemoryResult] = []
if options.memoryProbes {
    log("fetch-all memory probes")
    let probeRaw = try runProbe(side: "raw", path: rawURL.path)
    let probeStrata = try runProbe(side: "strata", path: strataURL.path)
    memory.append(MemoryResult(name: "child process", raw: probeRaw, strata: probeStrata, target: 3))
}

var rawFetch = Double.infinity, strataFetch = Double.infinity
var inProcessRaw: MemorySample?, inProcessStrata: MemorySample?
for run in 0..<runs {
    log("fetch-all run \(run + 1)/\(runs)")
    // Raw before Strata, so Strata's peak is never hidden below raw's high-water mark.
    var rawRows: [TaskRow] = []
    let rawReset = run == 0 ? MemoryStatus.resetPeak() : false
    let rawBefore = MemoryStatus.read()
    rawFetch = min(rawFetch, try Measure.time {
        rawRows = try rawDatabase.fetchAll()
        consume(touch(rawRows))
    })
    if run == 0 { inProcessRaw = MemorySample(before: rawBefore, after: MemoryStatus.read(), peakWasReset: rawReset) }
    precondition(rawRows.count == rows)
    rawRows = []

    var context: ModelContext? = ModelContext(strataDatabase.container)
    var models: [Task] = []
    let strataReset = run == 0 ? MemoryStatus.resetPeak() : false
    let strataBefore = MemoryStatus.read()
    strataFetch = min(strataFetch, try Measure.time {
        let fetched = try strataDatabase.fetchAll(in: context!)
        models = fetched.models
        consume(fetched.checksum)
    })
    if run == 0 { inProcessStrata = MemorySample(before: strataBefore, after: MemoryStatus.read(), peakWasReset: strataReset) }
    precondition(models.count == rows)
    models = []
    context = nil
}
timed.append(TimedResult(name: "2 fetch all + touch", unit: "rows", operations: rows, raw: rawFetch, strata: strataFetch, target: 3))
memory.append(MemoryResult(name: "in process", raw: inProcessRaw!, strata: inProcessStrata!, target: 3))

let repetitions = options.repetitions
let queries = try QueryWorkloads.measure(
    raw: rawDatabase, strata: strataDatabase, rows: rows, options: options,
    targets: QueryTargets(filtered: 1.1, count: 1.1, update: 2.5, lookups: 3, predicateLookups: 2.5, largeIn: 2))
timed += queries.results
let identifiers = queries.identifiers

// The SQL each Strata workload runs, from a traced store (never timed).
log("tracing Strata's SQL")
let traced = try StrataDatabase(url: strataURL, traced: true)
let tracedInsertURL = directory.appendingPathComponent("traced.sqlite")
let tracedSmall = try StrataDatabase(url: tracedInsertURL, traced: true)
var traces: [(String, [String])] = []
traces.append(("1 insert", try tracedSmall.statements { _ = try tracedSmall.insert(Array(inputs.prefix(2))) }))
traces.append(("2 fetch all", try traced.statements { consume(try traced.fetchAll(in: ModelContext(traced.container)).checksum) }))
traces.append(("3 filtered", try traced.statements { consume(try traced.filtered(repetitions: 1)) }))
traces.append(("4 count", try traced.statements { consume(try traced.count(repetitions: 1)) }))
traces.append(("5 update", try tracedSmall.statements {
    let (context, models) = try tracedSmall.loadForUpdate()
    try StrataDatabase.update(models, in: context, bump: 9)
}))
traces.append(("6 model(for:)", try traced.statements { consume(try traced.lookups(Array(identifiers.prefix(1)), batch: 1)) }))
traces.append(("6b #Predicate id", try traced.statements { consume(try traced.predicateLookups(Array(identifiers.prefix(1)), batch: 1)) }))

// Report.
let strataTable = try RawDatabase(path: strataURL.path, create: false).tableSQL("Task")
print("Strata SQLiteStore vs raw libsqlite3 \(String(cString: sqlite3Version())) — \(rows) rows, best of \(runs) runs, \(repetitions) repetitions, \(identifiers.count) lookups (fresh context per \(options.batch))")
print("WAL files in \(directory.path); synchronous=NORMAL on both sides")
print("raw table:    \(RawDatabase.createTable)")
print("Strata table: \(strataTable)")
print("")
Report.printTimed(timed)
print("")
Report.printMemory(memory)
print("")
print("SQL Strata runs per workload (deduplicated):")
for (name, statements) in traces {
    print("  \(name):")
    for statement in statements { print("    \(statement)") }
}
