import Foundation
import StrataMigrationProbeSupport

/// Kills migrations at random points and checks each reopen: `torture <store> <rows> <kills>`.
///
/// Seeds version 1, times one whole migration (a child process), then `kills` times: starts a
/// child migrating the store, sends it SIGKILL after a random delay within that time, and
/// reopens the store, which must be exactly version 1 or exactly version 2 with every row
/// (and, at version 2, the custom stage's one note). A store found at version 2 is seeded
/// again; one still at version 1 is migrated again as it is. Prints one line per outcome count; exits 1 at the first store that is neither.
struct Torture {
    let store: String
    let rows: Int
    let kills: Int
    private var generation = 0

    init(store: String, rows: Int, kills: Int) {
        self.store = store
        self.rows = rows
        self.kills = kills
    }

    /// The store of the current seed: a SQLite file, or a PostgreSQL namespace, per generation.
    private var current: String { store.hasPrefix("postgres") ? "\(store)_\(generation)" : store }
    private var seedCopy: String { store + ".seed" }

    mutating func run() throws {
        let version1 = "v1 \(rows) \(rows / 2) \(rows)"
        let version2 = "v2 \(rows) \(rows / 2) \(rows) 1"
        try seed()
        let started = Date()
        try Self.child(["migrate", current]).waitUntilExit()
        let migration = Date().timeIntervalSince(started)
        guard try check() == version2 else { throw ProbeFailure("an uninterrupted migration did not reach version 2") }
        var outcomes: [String: Int] = [:]
        var atVersion2 = true
        for _ in 0..<kills {
            if atVersion2 { try seed() }
            let child = try Self.child(["migrate", current])
            usleep(UInt32(Double.random(in: 0...migration * 1.3) * 1_000_000))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            let outcome = try check()
            guard outcome == version1 || outcome == version2 else {
                throw ProbeFailure("after a kill the store reads `\(outcome)`, expected `\(version1)` or `\(version2)`")
            }
            atVersion2 = outcome == version2
            outcomes[String(outcome.prefix(2)), default: 0] += 1
        }
        print("migration \(Int(migration * 1000)) ms; \(kills) kills: \(outcomes["v1"] ?? 0) reopened at version 1, \(outcomes["v2"] ?? 0) at version 2, all rows")
    }

    /// A fresh version 1 store: the SQLite file copied from the first seed, or a new namespace.
    private mutating func seed() throws {
        if store.hasPrefix("postgres") {
            generation += 1
            try Self.child(["seed", current, String(rows)]).waitForSuccess()
            return
        }
        let files = FileManager.default
        if !files.fileExists(atPath: seedCopy) {
            try Self.child(["seed", seedCopy, String(rows)]).waitForSuccess()
        }
        for suffix in ["", "-wal", "-shm"] { try? files.removeItem(atPath: store + suffix) }
        try files.copyItem(atPath: seedCopy, toPath: store)
        if files.fileExists(atPath: seedCopy + "-wal") { try files.copyItem(atPath: seedCopy + "-wal", toPath: store + "-wal") }
    }

    private func check() throws -> String {
        let result = try ProbeProcess.run(URL(fileURLWithPath: CommandLine.arguments[0]), ["check", current])
        guard result.status == 0 else { throw ProbeFailure("check failed: \(result.output)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func child(_ arguments: [String], output: Pipe? = nil) throws -> Process {
        try ProbeProcess.start(URL(fileURLWithPath: CommandLine.arguments[0]), arguments, output: output)
    }
}

/// Why a torture run failed.
struct ProbeFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Process {
    /// Waits, and throws unless the process exited with status 0.
    func waitForSuccess() throws {
        waitUntilExit()
        guard terminationReason == .exit, terminationStatus == 0 else {
            throw ProbeFailure("\(arguments ?? []) failed with status \(terminationStatus)")
        }
    }
}
