import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// Export with the import mapping, and a round trip that changes nothing.
    static var exportCases: [SyncCase] {
        [
            SyncCase("export.mapping") { container in
                try load(#"[{"id": "t", "label": "T"}]"#, as: SyncTag.self, into: container)
                try load(
                    #"[{"id": 1, "full_name": "A", "nickname": "n", "display": "D", "birthday": "2024-03-01T12:00:00.250Z", "token": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "level": "gold", "notes": [{"id": 4, "text": "x", "tag_ids": ["t"]}]}]"#,
                    as: SyncUser.self, into: container)
                let context = ModelContext(container)
                let importer = SyncImporter(container: container)
                guard let object = try importer.exportObjects([try user(1, context)]).first else { throw SyncCaseFailure(description: "no export") }
                try check(object["id"] as? Int == 1 && object["full_name"] as? String == "A" && object["display"] as? String == "D", "keys as imported: \(object)")
                try check(object["nickname"] == nil && object["display_name"] == nil, "excluded and overridden keys are not written: \(object)")
                try check(object["birthday"] as? String == "2024-03-01T12:00:00.250Z", "dates as ISO-8601 with milliseconds: \(object["birthday"] ?? "none")")
                try check(object["token"] as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F" && object["level"] as? String == "gold", "UUID and enum")
                try check(object["age"] is NSNull, "nil as null")
                try check(object["note_ids"] as? [Int] == [4], "to-many as ids: \(object["note_ids"] ?? "none")")
                let note = try importer.exportObjects(try fetched(SyncNote.self, context, by: \.remoteID)).first
                try check(note?["owner_id"] as? Int == 1 && note?["tag_ids"] as? [String] == ["t"], "to-one and to-many ids: \(note ?? [:])")
            },
            SyncCase("export.roundTripChangesNothing") { container in
                try load(#"[{"id": "t", "label": "T"}]"#, as: SyncTag.self, into: container)
                try load(
                    #"[{"id": 1, "full_name": "A", "age": 3, "is_admin": true, "score": 0.5, "balance": "12.34", "avatar": "AQID", "homepage": "https://e.com", "birthday": "1969-07-20T20:17:40Z", "notes": [{"id": 4, "text": "x", "tag_ids": ["t"]}]}]"#,
                    as: SyncUser.self, into: container)
                let importer = SyncImporter(container: container)
                let context = ModelContext(container)
                let users = try importer.exportJSON(try fetched(SyncUser.self, context, by: \.remoteID))
                let notes = try importer.exportJSON(try fetched(SyncNote.self, context, by: \.remoteID))
                let summaries = [try importer.importJSON(users, as: SyncUser.self), try importer.importJSON(notes, as: SyncNote.self)]
                try check(summaries == [SyncImportSummary(), SyncImportSummary()], "re-importing an export changes nothing, got \(summaries)")
            },
            SyncCase("export.nonExportedProperty") { container in
                try load(#"[{"id": "b1", "name": "B"}]"#, as: SyncBoard.self, into: container)
                try load(#"[{"id": 1, "title": "T", "view_count": 12, "board_id": "b1"}]"#, as: SyncTicket.self, into: container)
                let context = ModelContext(container)
                let tickets = try fetched(SyncTicket.self, context, by: \.id)
                try check(tickets.first?.viewCount == 12, "a non-exported property is imported")
                let importer = SyncImporter(container: container)
                let object = try importer.exportObjects(tickets).first ?? [:]
                try check(object["view_count"] == nil && object["title"] as? String == "T" && object["board_id"] as? String == "b1", "but not exported: \(object)")
                let board = try importer.exportObjects(try fetched(SyncBoard.self, context, by: \.id), relationships: .nested).first
                let nested = (board?["tickets"] as? [[String: Any]])?.first ?? [:]
                try check(nested["view_count"] == nil && nested["title"] as? String == "T", "nor when nested: \(nested)")
            },
        ]
    }

    /// Errors name the payload index and the key.
    static var errorCases: [SyncCase] {
        [
            SyncCase("errors.indexAndKey") { container in
                try checkError(.typeMismatch, index: 1, key: "age") {
                    try load(#"[{"id": 1, "full_name": "A"}, {"id": 2, "full_name": "B", "age": "old"}]"#, as: SyncUser.self, into: container)
                }
            },
            SyncCase("errors.nestedPath") { container in
                try checkError(.missingValue, index: 0, key: "notes[1].tags[0].label") {
                    try load(#"[{"id": 1, "full_name": "A", "notes": [{"id": 1, "text": "a"}, {"id": 2, "text": "b", "tags": [{"id": "t"}]}]}]"#, as: SyncUser.self, into: container)
                }
            },
            SyncCase("errors.missingRequiredOnInsert") { container in
                try checkError(.missingValue, index: 0, key: "full_name") { try load(#"[{"id": 3}]"#, as: SyncUser.self, into: container) }
            },
            SyncCase("errors.nullForNonOptional") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try checkError(.typeMismatch, index: 0, key: "full_name") { try load(#"[{"id": 1, "full_name": null}]"#, as: SyncUser.self, into: container) }
            },
            SyncCase("errors.notAnObject") { container in
                try checkError(.notAnObject, index: 1, key: nil) { try load(#"[{"id": 1, "full_name": "A"}, 5]"#, as: SyncUser.self, into: container) }
                try checkError(.notAnObject, index: nil, key: nil) { try load(#"{"id": 1}"#, as: SyncUser.self, into: container) }
                try checkError(.notAnObject, index: nil, key: nil) { try load(#"[{"id": 1,"#, as: SyncUser.self, into: container) }
            },
        ]
    }
}
