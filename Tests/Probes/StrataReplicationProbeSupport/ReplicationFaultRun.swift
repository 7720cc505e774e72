import Foundation
import StrataConformance
import Strata
import StrataMigrationProbeSupport
import StrataSync
import StrataSyncCases

/// One client replicating to one server through the probe while the client or the server is
/// SIGKILLed at random points of its syncs (issue 33's fault proof), with recoveries — a sync
/// without kills, then the checks — between kills and at the end: ``killClients(_:rounds:)``,
/// ``killServers(_:rounds:)``, ``finish()``.
///
/// Between client runs the server makes edits of its own (tasks named `s…`), so pulls carry
/// changes too. Everything lives in a fresh temporary directory, named in failures.
public struct ReplicationFaultRun {
    /// The built `StrataReplicationProbe`.
    public let probe: URL
    /// Where the stores and the log are.
    public let directory: URL
    var random: SplitMix64
    private var runs: UInt64 = 0
    private let seed: UInt64

    var clientStore: String { directory.appendingPathComponent("client.sqlite").path }
    var serverStore: String { directory.appendingPathComponent("server.sqlite").path }
    var log: String { directory.appendingPathComponent("acknowledged.log").path }

    /// A run of `probe` whose every random choice follows `seed`, with an empty server store.
    /// - Throws: when the directory or the server store cannot be made.
    public init(probe: URL, seed: UInt64) throws {
        self.probe = probe
        self.seed = seed
        random = SplitMix64(seed: seed)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-replication-faults-\(seed)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = try ProbeServer.container(serverStore)
    }

    /// The built probe beside a test bundle: `directory/StrataReplicationProbe`.
    public static func probe(in directory: URL) -> URL {
        directory.appendingPathComponent("StrataReplicationProbe")
    }

    /// The arguments of the next client run: its own seed, so its tasks have new names.
    mutating func clientArguments(rounds: Int, kills: (maximumDelay: Int, count: Int)? = nil) -> [String] {
        runs += 1
        let arguments = ["client", clientStore, serverStore, String(seed &* 1_000 &+ runs), log, String(rounds)]
        return arguments + (kills.map { [String($0.maximumDelay), String($0.count)] } ?? [])
    }

    /// Runs the client to its end without kills, and returns its output lines and how long it took.
    /// - Throws: ``ProbeFailure`` when it fails.
    mutating func cleanClientRun(rounds: Int) throws -> (lines: [Substring], milliseconds: Int64) {
        let started = ContinuousClock.now
        let result = try ProbeProcess.run(probe, clientArguments(rounds: rounds))
        guard result.status == 0 else { throw ProbeFailure("a client run without kills failed in \(directory.path): \(result.output)") }
        return (result.output.split(separator: "\n"), ProbeOutput.milliseconds(since: started))
    }

    /// The server's own edit between client runs, under the app's author: a new task, or a new
    /// title for one of its tasks, or nothing.
    mutating func editServer() throws {
        let context = ModelContext(try ProbeServer.container(serverStore))
        context.author = "app"
        let own = try context.fetch(FetchDescriptor<ReplicaTask>()).filter { $0.uid.hasPrefix("s") }
        let tag = "\(seed)-\(runs)"
        switch random.next() % 3 {
        case 0: context.insert(ReplicaTask(uid: "s\(tag)", title: "server \(tag)", updatedAt: Date(timeIntervalSince1970: 1_700_000_000)))
        case 1: own.randomElement(using: &random)?.title = "server \(tag)"
        default: return
        }
        try context.save()
    }

    /// Syncs the client once without kills, waits for any push a killed client left running,
    /// and checks what the stores hold against the log.
    /// - Throws: ``ProbeFailure`` when the sync fails; the store's error.
    public func finish() throws -> FaultOutcome {
        let result = try ProbeProcess.run(probe, ["sync", clientStore, serverStore])
        guard result.status == 0 else { throw ProbeFailure("the sync without kills failed in \(directory.path): \(result.output)") }
        try PushLock(store: serverStore).release()
        return try FaultOutcome(client: ProbeClient.container(clientStore), server: ProbeServer.container(serverStore), log: AcknowledgedLog(contentsOf: log))
    }
}
