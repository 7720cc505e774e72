import Foundation
import StrataCore
import StrataSync
import Synchronization

extension SyncCases {
    /// One save per import: all or nothing, cancellation, author, serialization.
    static var atomicityCases: [SyncCase] {
        [
            SyncCase("atomicity.failedImportWritesNothing") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try checkError(.unresolvedReference, index: 2, key: "notes[0].tag_ids[0]") {
                    try load(
                        #"[{"id": 1, "full_name": "changed"}, {"id": 2, "full_name": "B"}, {"id": 3, "full_name": "C", "notes": [{"id": 1, "text": "x", "tag_ids": ["missing"]}]}]"#,
                        as: SyncUser.self, into: container)
                }
                let reader16 = ModelContext(container)
                try check(try count(SyncUser.self, in: container) == 1 && user(1, reader16).fullName == "A", "the store is unchanged")
            },
            SyncCase("atomicity.cancellationRollsBack") { container in
                let payload = "[" + (1...300).map { #"{"id": \#($0), "full_name": "U\#($0)"}"# }.joined(separator: ",") + "]"
                let outcome = await Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return Result { try load(payload, as: SyncUser.self, into: container) }
                }.value
                guard case .failure(let error) = outcome, error is CancellationError else {
                    throw SyncCaseFailure(description: "a cancelled import must throw CancellationError, got \(outcome)")
                }
                try check(try count(SyncUser.self, in: container) == 0, "a cancelled import writes nothing")
            },
            SyncCase("atomicity.recordsAuthor") { container in
                let authors = AuthorLog()
                let observer = NotificationCenter.default.addObserver(forName: ModelContext.didSave, object: nil, queue: nil) { note in
                    guard let context = note.object as? ModelContext, context.container === container else { return }
                    let author = context.author
                    authors.entries.withLock { $0.append(author) }
                }
                defer { NotificationCenter.default.removeObserver(observer) }
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try SyncImporter(container: container, author: "edge-pull").importJSON(json(#"[{"id": 2, "full_name": "B"}]"#), as: SyncUser.self)
                try Reconciler(container: container, author: "reconciler").reconcile([TripRecord(1, at: Date(), name: "T")], as: SyncTrip.self)
                let seen = authors.entries.withLock { $0 }
                try check(seen == [SyncImporter.defaultAuthor, "edge-pull", "reconciler"], "each save carries its author, got \(seen)")
            },
            SyncCase("atomicity.serializedImports") { container in
                try await withThrowingTaskGroup(of: SyncImportSummary.self) { group in
                    for round in 0..<8 {
                        group.addTask {
                            let payload = "[" + (1...50).map { #"{"id": \#($0), "full_name": "round \#(round)"}"# }.joined(separator: ",") + "]"
                            return try await SyncImporter(container: container).importJSON(json(payload), as: SyncUser.self, serialized: true)
                        }
                    }
                    var inserted = 0
                    for try await summary in group { inserted += summary.inserted }
                    try check(inserted == 50, "serialized imports see each other's rows: 50 inserts in all, got \(inserted)")
                }
                try check(try count(SyncUser.self, in: container) == 50, "50 users")
            },
        ]
    }
}

/// The authors of the saves a test observed, in order.
final class AuthorLog: Sendable {
    let entries = Mutex<[String?]>([])
}
