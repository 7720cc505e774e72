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
        ]
    }
}
