import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// `parent:` for a type whose ids are global: every row is linked to the parent, and
    /// `deletingMissing` deletes only the parent's rows.
    static var parentCases: [SyncCase] {
        [
            SyncCase("import.parent.linksGlobalType") { container in
                try loadBoards(into: container)
                let board = try fetched(SyncBoard.self, ModelContext(container), by: \.id)[0]
                let summary = try load(#"[{"id": 1, "title": "a!"}, {"id": 4, "title": "new"}]"#, as: SyncTicket.self, into: container, parent: board, deletingMissing: true)
                try check(summary == SyncImportSummary(inserted: 1, updated: 1, deleted: 1), "ticket 4 inserted, 1 updated, 3 deleted, got \(summary)")
                try check(try boardTickets(container) == ["b1": [1, 4], "b2": [2]], "b1 holds 1 and 4, b2's ticket 2 is outside the parent and stays")
                let moved = try load(#"[{"id": 2, "board_id": "b1"}]"#, as: SyncTicket.self, into: container, parent: board)
                try check(moved == SyncImportSummary(updated: 1) && (try boardTickets(container)) == ["b1": [1, 2, 4], "b2": []], "a global id moves to the parent, got \(moved)")
            },
            SyncCase("import.parent.rowNamingAnotherParentFails") { container in
                try loadBoards(into: container)
                let board = try fetched(SyncBoard.self, ModelContext(container), by: \.id)[0]
                try checkError(.conflictingKeys, index: 1, key: "board_id") {
                    try load(#"[{"id": 1, "title": "x"}, {"id": 2, "board_id": "b2"}]"#, as: SyncTicket.self, into: container, parent: board)
                }
                try checkError(.conflictingKeys, index: 0, key: "board") {
                    try load(#"[{"id": 1, "board": {"id": "b2"}}]"#, as: SyncTicket.self, into: container, parent: board)
                }
                try check(try ticket(1, container).title == "a", "refused imports write nothing")
            },
        ]
    }

    /// Boards b1 and b2; b1 holds tickets 1 ("a") and 3, b2 holds ticket 2.
    private static func loadBoards(into container: ModelContainer) throws {
        try load(#"[{"id": "b1", "name": "One"}, {"id": "b2", "name": "Two"}]"#, as: SyncBoard.self, into: container)
        try load(
            #"[{"id": 1, "title": "a", "board_id": "b1"}, {"id": 2, "title": "b", "board_id": "b2"}, {"id": 3, "title": "c", "board_id": "b1"}]"#,
            as: SyncTicket.self, into: container)
    }

    /// Each board's ticket ids, sorted.
    private static func boardTickets(_ container: ModelContainer) throws -> [String: [Int]] {
        let boards = try fetched(SyncBoard.self, ModelContext(container), by: \.id)
        return Dictionary(uniqueKeysWithValues: boards.map { ($0.id, $0.tickets.map(\.id).sorted()) })
    }
}
