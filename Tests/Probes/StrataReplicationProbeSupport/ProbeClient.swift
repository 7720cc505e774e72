import Foundation
import StrataConformance
import Strata
import StrataSync
import StrataSyncCases

/// The client side of the replication probe: rounds of one random local save of tasks, logged
/// in an ``AcknowledgedLog``, then a sync through a ``ChildProcessTransport``. A failed sync is
/// reported and left for the next round, as an app on a flaky network does.
///
/// It writes what it is doing to standard output (`edit`, `synced`, `failed`, and the
/// transport's lines), so whoever kills it can tell where the kill landed.
public enum ProbeClient {
    /// The client's name, the same in every run: its state in the store is found by it.
    public static let name = "edge"

    /// Runs `rounds` rounds on the client store `store` against the server store `server`.
    /// - Parameters:
    ///   - probe: the probe executable, which the transport runs for each request.
    ///   - seed: chooses the edits (and the kill delays); tasks are named after it, so give
    ///     every run its own.
    ///   - kills: kill each server child after up to `maximumDelay` milliseconds, `count` times.
    /// - Throws: the store's error, or the log's.
    public static func run(
        probe: URL, store: String, server: String, seed: UInt64, log: String, rounds: Int, kills: (maximumDelay: Int, count: Int)?
    ) async throws {
        let container = try container(store)
        let transport = ChildProcessTransport(
            probe: probe, store: server, kills: kills.map { ChildProcessTransport.Kills(maximumDelay: $0.maximumDelay, remaining: $0.count, random: SplitMix64(seed: ~seed)) })
        let client = try ReplicationClient(container: container, models: ReplicaSchema.replicated, name: name, transport: transport)
        let writer = try AcknowledgedLog.Writer(path: log)
        var random = SplitMix64(seed: seed)
        for round in 0..<rounds {
            ProbeOutput.say("edit")
            try edit(container, tag: "\(seed)-\(round)", log: writer, using: &random)
            do {
                try await client.sync()
                ProbeOutput.say("synced")
            } catch {
                ProbeOutput.say("failed")
            }
        }
    }

    /// Syncs the client store `store` once, without kills.
    /// - Throws: the sync's error.
    public static func sync(probe: URL, store: String, server: String) async throws {
        let transport = ChildProcessTransport(probe: probe, store: server, kills: nil)
        try await ReplicationClient(container: container(store), models: ReplicaSchema.replicated, name: name, transport: transport).sync()
    }

    /// Opens the client store (SQLite, ``ReplicaSchema/client``).
    /// - Throws: the store's error.
    public static func container(_ store: String) throws -> ModelContainer {
        try ModelContainer(for: Schema(ReplicaSchema.client), configurations: [SQLiteConfiguration(path: store)])
    }

    /// One save of one to three inserts or title changes of the client's own tasks (uids
    /// starting with `t`; the server's start with `s`, and the client leaves them alone, so
    /// the last title it saved for a task is the one every replica must end with).
    private static func edit(_ container: ModelContainer, tag: String, log: AcknowledgedLog.Writer, using random: inout SplitMix64) throws {
        let context = ModelContext(container)
        context.author = "app"
        let own = try context.fetch(FetchDescriptor<ReplicaTask>()).filter { $0.uid.hasPrefix("t") }
        let date = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        var titles: [(uid: String, title: String)] = []
        for step in 0...(random.next() % 3) {
            let title = "v\(tag)-\(step)"
            if let task = own.randomElement(using: &random), random.next() % 2 == 0 {
                task.title = title
                task.updatedAt = date
                titles.append((task.uid, title))
            } else {
                context.insert(ReplicaTask(uid: "t\(tag)-\(step)", title: title, updatedAt: date))
                titles.append(("t\(tag)-\(step)", title))
            }
        }
        try log.intend(titles)
        try context.save()
        try log.acknowledge()
    }
}
