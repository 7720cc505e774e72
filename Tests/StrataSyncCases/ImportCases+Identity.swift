import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// Which attribute is the identity, and stored rows that share one.
    static var identityCases: [SyncCase] {
        [
            SyncCase("import.identity.plainId") { container in
                try load(#"[{"id": "b1", "name": "Board"}]"#, as: SyncBoard.self, into: container)
                try load(#"[{"id": 5, "title": "T", "board_id": "b1"}]"#, as: SyncTicket.self, into: container)
                let boards = try load(#"[{"id": "b1", "name": "Renamed"}]"#, as: SyncBoard.self, into: container)
                let tickets = try load(#"[{"id": "5", "title": "T2"}]"#, as: SyncTicket.self, into: container)
                try check(boards == SyncImportSummary(updated: 1) && tickets == SyncImportSummary(updated: 1), "a String and an Int id name the stored rows, got \(boards) \(tickets)")
                let stored = try ticket(5, container)
                try check(stored.title == "T2" && stored.board?.name == "Renamed" && (try count(SyncTicket.self, in: container)) == 1, "one ticket 5, on board b1")
            },
            SyncCase("import.identity.storedDuplicatesReported") { container in
                // Two stored tickets 7, saved one after the other (as a store without a unique
                // constraint may hold): the first by primary key is used, the other left alone.
                let context = ModelContext(container)
                let first = SyncTicket(id: 7, title: "first")
                context.insert(first)
                try context.save()
                let second = SyncTicket(id: 7, title: "second")
                context.insert(second)
                try context.save()
                let expected = [SyncImportSummary.StoredDuplicate(kept: first.persistentModelID, ignored: second.persistentModelID)]
                let summary = try load(#"[{"id": 7, "title": "updated"}]"#, as: SyncTicket.self, into: container)
                try check(summary == SyncImportSummary(updated: 1, storedDuplicates: expected), "one update, the duplicate reported, got \(summary)")
                let deleting = try load(#"[]"#, as: SyncTicket.self, into: container, deletingMissing: true)
                try check(deleting == SyncImportSummary(deleted: 1, storedDuplicates: expected), "deletingMissing deletes the first only, got \(deleting)")
                try check(try fetched(SyncTicket.self, ModelContext(container), by: \.id).map(\.title) == ["second"], "the duplicate is never written or deleted")
            },
        ]
    }
}
