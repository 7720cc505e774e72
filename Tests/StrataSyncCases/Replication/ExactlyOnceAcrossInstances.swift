import Dispatch
import Foundation
import StrataConformance
import StrataCore
import StrataSync
import Synchronization

/// Several server instances on one store, each with its own container (as server processes
/// behind a load balancer are), receive every batch at the same moment, as a device retrying
/// through the balancer sends it: each batch is applied once (one push transaction in history,
/// one receipt), and every instance answers what was applied.
public enum ExactlyOnceAcrossInstances {
    /// - Parameter openInstance: a new container over the one server store, one per instance.
    /// - Throws: ``ConformanceFailure`` naming what was applied more or less than once.
    public static func run(instances: Int = 3, batches: Int = 30, openInstance: @Sendable () throws -> ModelContainer) throws {
        let containers = try (0..<instances).map { _ in try openInstance() }
        let servers = try containers.map { try ReplicationServer<String>(container: $0, models: ReplicaSchema.replicated, conflicts: .serverWins) }
        for index in 0..<batches {
            let batch = PushBatch(
                id: "batch-\(index)", client: "edge", base: nil, schema: servers[0].models.schemaDigest,
                changes: [task("t\(index)-a", rank: index), task("t\(index)-b", rank: index)])
            let answers = Mutex<[Int]>([]), failure = Mutex<(any Error)?>(nil)
            DispatchQueue.concurrentPerform(iterations: instances) { instance in
                do {
                    let answer = try servers[instance].push(batch, for: "ann")
                    answers.withLock { $0.append(answer.applied) }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
            if let error = failure.withLock({ $0 }) { throw error }
            try Check.equal(answers.withLock { $0 }, Array(repeating: 2, count: instances), "what each instance answered for \(batch.id)")
        }
        let reader = ModelContext(containers[0])
        let pushes = try reader.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).filter { $0.author == ReplicationServer<String>.author(of: "edge") }
        try Check.equal(pushes.count, batches, "push transactions in the server's history")
        try Check.equal(try reader.fetchCount(FetchDescriptor<ReplicationReceipt>()), batches, "receipts")
        try Check.equal(try reader.fetchCount(FetchDescriptor<ReplicaTask>()), 2 * batches, "tasks")
    }

    private static func task(_ id: String, rank: Int) -> ReplicationChange {
        ReplicationChange(
            entity: "ReplicaTask", id: id,
            values: ["title": id, "done": false, "rank": rank, "owner": "ann", "updated_at": "2023-11-14T22:13:20.000Z", "project_id": NSNull()])
    }
}
