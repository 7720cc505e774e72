import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// A remote key with a dot (`status.id`) names a value inside a nested object.
    static var nestedKeyCases: [SyncCase] {
        [
            SyncCase("import.keys.nestedRemoteKey") { container in
                try load(#"[{"id": 1, "title": "T", "status": {"id": "open", "name": "Open"}}]"#, as: SyncTicket.self, into: container)
                try check(try ticket(1, container).statusID == "open", "status.id reads the nested id")
                let unchanged = try load(#"[{"id": 1, "status": {"name": "Still open"}}]"#, as: SyncTicket.self, into: container)
                try check(unchanged == SyncImportSummary() && (try ticket(1, container).statusID) == "open", "a nested object without the key leaves it alone, got \(unchanged)")
                try load(#"[{"id": 1, "status": null}]"#, as: SyncTicket.self, into: container)
                try check(try ticket(1, container).statusID == nil, "a null on the way clears it")
                try checkError(.notAnObject, index: 0, key: "status") { try load(#"[{"id": 1, "status": "open"}]"#, as: SyncTicket.self, into: container) }
            },
            SyncCase("export.nestedRemoteKey") { container in
                try load(#"[{"id": 1, "title": "T", "status": {"id": "open"}}, {"id": 2, "title": "U"}]"#, as: SyncTicket.self, into: container)
                let importer = SyncImporter(container: container)
                let tickets = try fetched(SyncTicket.self, ModelContext(container), by: \.id)
                let objects = try importer.exportObjects(tickets)
                try check((objects[0]["status"] as? [String: Any])?["id"] as? String == "open", "status.id is written nested: \(objects[0])")
                try check((objects[1]["status"] as? [String: Any])?["id"] is NSNull && objects[0]["status.id"] == nil, "nil as a nested null, no dotted key: \(objects[1])")
                let summary = try importer.importJSON(importer.exportJSON(tickets), as: SyncTicket.self)
                try check(summary == SyncImportSummary(), "re-importing the export changes nothing, got \(summary)")
            },
        ]
    }
}

/// The ticket with id `id`, read in a fresh context of `container`.
func ticket(_ id: Int, _ container: ModelContainer) throws -> SyncTicket {
    guard let found = try fetched(SyncTicket.self, ModelContext(container), by: \.id).first(where: { $0.id == id }) else {
        throw SyncCaseFailure(description: "no ticket \(id)")
    }
    return found
}
