// The three sides of `--sync-import` on one store, alternated run by run (SyncImportBenchmark.swift).
import Foundation
import Strata
import StrataSync

enum SyncImportSides {
    /// The payloads every side imports, generated before any timing starts.
    struct Payload {
        let owners: Data
        let items: Data
        /// How many items `items` holds.
        let count: Int
    }

    /// The best time of each side and scenario, in seconds.
    struct Best {
        var raw = Double.infinity
        var handEmpty = Double.infinity
        var handAgain = Double.infinity
        var syncEmpty = Double.infinity
        var syncAgain = Double.infinity
    }

    /// Runs every side `runs` times, each on a fresh store: raw (`raw(run)` returns its time),
    /// then the hand-written importer and StrataSync, each into an empty store and again with the
    /// unchanged payload; on odd runs in the reverse order. `container(run, side)` makes a store.
    static func measure(
        _ payload: Payload, runs: Int, store: String, raw: (Int) throws -> Double, container: (Int, String) throws -> ModelContainer
    ) throws -> Best {
        var best = Best()
        for run in 0..<runs {
            log("\(store) sync import run \(run + 1)/\(runs)")
            for side in run % 2 == 0 ? [0, 1, 2] : [2, 1, 0] {
                switch side {
                case 0: best.raw = min(best.raw, try raw(run))
                case 1:
                    let (empty, again) = try handWritten(payload, into: container(run, "hand"))
                    best.handEmpty = min(best.handEmpty, empty)
                    best.handAgain = min(best.handAgain, again)
                default:
                    let (empty, again) = try strataSync(payload, into: container(run, "sync"))
                    best.syncEmpty = min(best.syncEmpty, empty)
                    best.syncAgain = min(best.syncAgain, again)
                }
            }
        }
        return best
    }

    /// Inserts the owners (untimed), then times the hand-written import into the empty store and
    /// again; checks what each did.
    private static func handWritten(_ payload: Payload, into container: ModelContainer) throws -> (empty: Double, again: Double) {
        let context = ModelContext(container)
        for id in 1...SyncPayload.owners { context.insert(SyncOwner(remoteID: id, name: "owner \(id)")) }
        try context.save()
        var counts = HandWrittenSyncImport.Counts()
        let empty = try Measure.time { counts = try HandWrittenSyncImport.importItems(payload.items, into: container) }
        precondition(counts == .init(inserted: payload.count), "by hand: \(counts) into an empty store")
        let again = try Measure.time { counts = try HandWrittenSyncImport.importItems(payload.items, into: container) }
        precondition(counts == .init(), "by hand: \(counts) for the unchanged payload")
        try checkLinked(container, expected: payload.count)
        return (empty, again)
    }

    /// Imports the owners (untimed), then times StrataSync's import into the empty store and
    /// again; checks what each did.
    private static func strataSync(_ payload: Payload, into container: ModelContainer) throws -> (empty: Double, again: Double) {
        let importer = SyncImporter(container: container)
        try importer.importJSON(payload.owners, as: SyncOwner.self)
        var summary = SyncImportSummary()
        let empty = try Measure.time { summary = try importer.importJSON(payload.items, as: SyncItem.self) }
        precondition(summary == SyncImportSummary(inserted: payload.count), "StrataSync: \(summary) into an empty store")
        let again = try Measure.time { summary = try importer.importJSON(payload.items, as: SyncItem.self) }
        precondition(summary == SyncImportSummary(notNewer: payload.count), "StrataSync: \(summary) for the unchanged payload")
        try checkLinked(container, expected: payload.count)
        return (empty, again)
    }

    private static func checkLinked(_ container: ModelContainer, expected: Int) throws {
        let linked = try ModelContext(container).fetchCount(FetchDescriptor<SyncItem>(predicate: #Predicate { $0.owner != nil }))
        precondition(linked == expected, "\(linked) of \(expected) items linked")
    }
}
