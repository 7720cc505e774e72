// `--replication-pull [--rows N (10000)] [--runs R (3)]`: a SQLite client pulling and applying N
// changes (items with a to-one link, saved on the server in saves of 1,000) from an in-process
// SQLite server through the wire's JSON, against importing the same items with StrataSync into the
// same kind of store, in one run; best of R runs per side. Both stores hold the 1,000 owners first
// (untimed). The pull's time includes the server building its pages (same process, same cores).
import Foundation
import Strata
import StrataSync

/// The owner a replicated item links to.
@Model final class PullOwner: Syncable {
    @Attribute(.preserveValueOnDeletion) var remoteID: Int
    var name: String
    static var syncIdentity: PartialKeyPath<PullOwner>? { \.remoteID }

    init(remoteID: Int, name: String) {
        self.remoteID = remoteID
        self.name = name
    }
}

/// A replicated item: four attributes and a to-one link.
@Model final class PullItem: Syncable {
    @Attribute(.preserveValueOnDeletion) var remoteID: Int
    var title: String
    var quantity: Int
    var price: Double
    var owner: PullOwner?
    static var syncIdentity: PartialKeyPath<PullItem>? { \.remoteID }

    init(remoteID: Int, title: String, quantity: Int, price: Double, owner: PullOwner?) {
        self.remoteID = remoteID
        self.title = title
        self.quantity = quantity
        self.price = price
        self.owner = owner
    }
}

enum ReplicationPullBenchmark {
    static let owners = 1_000

    static func run(options: Options) async throws {
        let rows = options.rowsGiven ?? 10_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pull-bench-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func store(_ name: String, _ extra: any PersistentModel.Type) throws -> ModelContainer {
            try ModelContainer(for: PullOwner.self, PullItem.self, extra, configurations: SQLiteConfiguration(url: directory.appendingPathComponent("\(name).sqlite")))
        }
        var pull = Double.infinity, importing = Double.infinity
        for run in 0..<options.runs {
            log("replication pull run \(run + 1)/\(options.runs)")
            let server = try ReplicationServer<String>(container: try store("server-\(run)", ReplicationReceipt.self), models: [PullOwner.self, PullItem.self])
            try seed(server.container, items: 0..<0)
            let client = try ReplicationClient(
                container: try store("client-\(run)", ReplicationClientState.self), models: [PullOwner.self, PullItem.self], name: "edge",
                transport: LocalReplicationTransport(server: server, principal: "edge"))
            try await client.sync()
            for start in stride(from: 0, to: rows, by: 1_000) { try seed(server.container, items: start..<min(start + 1_000, rows), withOwners: false) }
            let items = try await ModelContext(server.container).fetch(FetchDescriptor<PullItem>())
            let payload = try SyncImporter(container: server.container).exportJSON(items)
            var report = ReplicationReport()
            pull = min(pull, try await Measure.timeAsync { report = try await client.sync() })
            precondition(report.pulled == rows, "pulled \(report.pulled) of \(rows)")

            let importer = SyncImporter(container: try store("import-\(run)", ReplicationClientState.self))
            try seed(importer.container, items: 0..<0)
            var summary = SyncImportSummary()
            importing = min(importing, try Measure.time { summary = try importer.importJSON(payload, as: PullItem.self) })
            precondition(summary.inserted == rows, "imported \(summary.inserted) of \(rows)")
        }
        print("Replication pull vs StrataSync import — \(rows) items with a to-one link each, SQLite, best of \(options.runs) runs")
        print("baseline ('raw' column): StrataSync importJSON of the same items into a store holding the owners")
        print("")
        Report.printTimed([TimedResult(name: "replication pull", unit: "changes", operations: rows, raw: importing, strata: pull, target: 2)])
    }

    /// Saves the owners (unless `withOwners` is false) and the items `items`, linked round-robin.
    private static func seed(_ container: ModelContainer, items: Range<Int>, withOwners: Bool = true) throws {
        let context = ModelContext(container)
        context.author = "app"
        let owners = withOwners
            ? (0..<Self.owners).map { PullOwner(remoteID: $0, name: "owner \($0)") }
            : try context.fetch(FetchDescriptor<PullOwner>(sortBy: [SortDescriptor(\.remoteID)]))
        if withOwners { owners.forEach(context.insert) }
        for index in items {
            context.insert(PullItem(remoteID: index, title: "item \(index)", quantity: index % 100, price: Double(index % 1_000) / 4, owner: owners[index % owners.count]))
        }
        try context.save()
    }
}
