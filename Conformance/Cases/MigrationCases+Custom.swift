import Foundation
import StrataCore

/// Custom stages, version records, atomicity and concurrent openers.
extension MigrationCases {
    static let custom: [ConformanceCase] = [customStage, severalStages, failedStageChangesNothing, newerStoreRefused, concurrentOpeners]

    /// `willMigrate` sees version 1's models (and removes duplicates the new unique constraint
    /// forbids); `didMigrate` sees version 2's (and fills the new attribute). Each runs once.
    static let customStage = ConformanceCase("\(category).custom.willAndDidMigrate", category: category, requires: migrating) { environment in
        typealias Widget = MigrationCoded.Widget
        let configuration = try seedVersion1(environment, extraWidgets: [("a", 5)])
        for _ in 0..<2 {
            let context = try opened(MigrationCoded.self, MigrationCodedPlan.self, environment, configuration)
            let widgets = try context.fetch(FetchDescriptor<Widget>(sortBy: [SortDescriptor(\.name)]))
            try Check.equal(widgets.map { "\($0.name):\($0.quantity):\($0.code)" }, ["a:1:A", "b:2:B"], "deduplicated before, filled after")
            let markers = try context.fetch(FetchDescriptor<MigrationCoded.Vendor>(predicate: #Predicate { $0.name.contains("ran") }, sortBy: [SortDescriptor(\.name)]))
            try Check.equal(markers.map(\.name), ["didMigrate ran", "willMigrate ran"], "each closure ran once, however often the store opens")
        }
    }

    /// A store at version 1 opened with version 3 runs both stages in order: the custom one,
    /// then the rename.
    static let severalStages = ConformanceCase("\(category).custom.severalStages", category: category, requires: migrating) { environment in
        let configuration = try seedVersion1(environment)
        let context = try opened(MigrationSku.self, MigrationSkuPlan.self, environment, configuration)
        let widgets = try context.fetch(FetchDescriptor<MigrationSku.Widget>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(widgets.map { "\($0.name):\($0.sku)" }, ["a:A", "b:B"], "the custom stage's values, renamed by the next stage")
    }

    /// A stage that throws after its context saved fails the open with that error, and the
    /// store is exactly version 1 again: version 1 opens, reads and writes it.
    static let failedStageChangesNothing = ConformanceCase("\(category).atomic.failedStageChangesNothing", category: category, requires: migrating) { environment in
        let configuration = try seedVersion1(environment)
        _ = try Check.throwsError("a throwing didMigrate fails the open", matching: { $0 is MigrationStageFailure }) {
            _ = try opened(MigrationAdded.self, MigrationFailingPlan.self, environment, configuration)
        }
        let context = try opened(MigrationV1.self, MigrationAddedPlan.self, environment, configuration)
        let widgets = try context.fetch(FetchDescriptor<MigrationV1.Widget>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(widgets.map { "\($0.name):\($0.quantity):\($0.note ?? "nil")" }, ["a:1:x", "b:2:nil"], "version 1's rows, untouched")
        context.insert(MigrationV1.Widget(name: "c", quantity: 3))
        try context.save()
        let migrated = try opened(MigrationAdded.self, MigrationAddedPlan.self, environment, configuration)
        try Check.equal(try migrated.fetchCount(FetchDescriptor<MigrationAdded.Widget>()), 3, "a later migration sees every row")
        try Check.equal(try migrated.fetchCount(FetchDescriptor<MigrationAdded.Part>()), 0, "nothing the failed stage saved")
    }

    /// A store migrated to version 2 refuses version 1 with `backwardMigration`, and still opens
    /// with version 2.
    static let newerStoreRefused = ConformanceCase("\(category).version.newerStoreRefused", category: category, requires: migrating) { environment in
        let configuration = try seedVersion1(environment)
        _ = try opened(MigrationAdded.self, MigrationAddedPlan.self, environment, configuration)
        _ = try Check.throwsError("version 1 opening a version 2 store", matching: { SwiftDataError.backwardMigration ~= $0 }) {
            _ = try opened(MigrationV1.self, MigrationAddedPlan.self, environment, configuration)
        }
        let context = try opened(MigrationAdded.self, MigrationAddedPlan.self, environment, configuration)
        try Check.equal(try context.fetchCount(FetchDescriptor<MigrationAdded.Widget>()), 2, "version 2 still opens")
    }

    /// Two containers opening a version 1 store with a custom stage at once: the stage runs
    /// once, and both see version 2.
    static let concurrentOpeners = ConformanceCase("\(category).concurrent.twoContainers", category: category, requires: migrating.union([.concurrentSaves])) { environment in
        let configuration = try seedVersion1(environment)
        let results = try openConcurrently(2) { try opened(MigrationCoded.self, MigrationCodedPlan.self, environment, configuration).container }
        for container in results {
            let widgets = try ModelContext(container).fetch(FetchDescriptor<MigrationCoded.Widget>(sortBy: [SortDescriptor(\.name)]))
            try Check.equal(widgets.map(\.code), ["A", "B"], "each container sees version 2")
        }
        let markers = try ModelContext(results[0]).fetchCount(FetchDescriptor<MigrationCoded.Vendor>(predicate: #Predicate { $0.name == "didMigrate ran" }))
        try Check.equal(markers, 1, "the stage ran once")
    }

    /// Runs `open` on `count` threads released together; returns every result or the first error.
    private static func openConcurrently(_ count: Int, _ open: @escaping @Sendable () throws -> ModelContainer) throws -> [ModelContainer] {
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        let results = Locked<[Result<ModelContainer, any Error>]>([])
        for _ in 0..<count {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                let result = Result { try open() }
                results.mutate { $0.append(result) }
                group.leave()
            }
        }
        for _ in 0..<count { start.signal() }
        group.wait()
        return try results.value.map { try $0.get() }
    }
}

/// A value shared between threads under a lock.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
