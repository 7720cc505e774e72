import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// Rows without an id are left out and reported; of rows with the same id the last wins.
    static var rowCases: [SyncCase] {
        [
            SyncCase("import.rows.withoutIdSkipped") { container in
                let summary = try load(
                    #"[{"id": 1, "full_name": "A"}, {"full_name": "no id"}, {"id": null, "full_name": "null id"}, {"id": 2, "full_name": "B"}]"#,
                    as: SyncUser.self, into: container)
                try check(summary == SyncImportSummary(inserted: 2, skippedWithoutIdentity: [1, 2]), "two inserts, elements 1 and 2 skipped, got \(summary)")
                let context = ModelContext(container)
                try check(try fetched(SyncUser.self, context, by: \.remoteID).map(\.fullName) == ["A", "B"], "only the rows with ids are stored")
            },
            SyncCase("import.rows.nestedWithoutIdFails") { container in
                // A nested list is its parent's whole list: leaving a child out would unlink or delete it.
                try checkError(.missingIdentity, index: 0, key: "notes[0].id") {
                    try load(#"[{"id": 1, "full_name": "A", "notes": [{"text": "x"}]}]"#, as: SyncUser.self, into: container)
                }
                try check(try count(SyncUser.self, in: container) == 0, "a refused import writes nothing")
            },
            SyncCase("import.rows.repeatedIdLaterWins") { container in
                let summary = try load(
                    #"[{"id": 1, "full_name": "A", "age": 5}, {"id": 2, "full_name": "B"}, {"id": "1", "full_name": "A2"}]"#, as: SyncUser.self, into: container)
                let expected = SyncImportSummary(inserted: 2, repeatedIdentities: [.init(index: 0, appliedIndex: 2)])
                try check(summary == expected, "element 0 left out for element 2, got \(summary)")
                let context = ModelContext(container)
                let first = try user(1, context)
                try check(first.fullName == "A2" && first.age == nil, "the later row is applied whole: A2 without the earlier row's age, got \(first.fullName) \(first.age as Any)")
            },
            SyncCase("import.rows.repeatedIdOfStoredModel") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                let before = try historyCount(container)
                let summary = try load(#"[{"id": 1, "full_name": "X"}, {"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try check(summary == SyncImportSummary(repeatedIdentities: [.init(index: 0, appliedIndex: 1)]), "the later row changes nothing, got \(summary)")
                try check(try historyCount(container) == before, "so nothing is saved")
                let context = ModelContext(container)
                try check(try user(1, context).fullName == "A", "the earlier row is never applied")
            },
            SyncCase("import.rows.repeatedIdWithinParent") { container in
                try load(#"[{"id": 1, "full_name": "A"}, {"id": 2, "full_name": "B"}]"#, as: SyncUser.self, into: container)
                let summary = try load(
                    #"[{"id": 1, "text": "a", "owner_id": 1}, {"id": 1, "text": "b", "owner_id": 2}, {"id": 1, "text": "c", "owner": {"id": 1}}]"#,
                    as: SyncNote.self, into: container)
                try check(summary == SyncImportSummary(inserted: 2, repeatedIdentities: [.init(index: 0, appliedIndex: 2)]), "note 1 of A repeats, B's does not, got \(summary)")
                let context = ModelContext(container)
                try check(try user(1, context).notes.map(\.text) == ["c"] && user(2, context).notes.map(\.text) == ["b"], "A's note is c, B's is b")
            },
            SyncCase("import.rows.nestedThenTopLevelIsNoRepeat") { container in
                let summary = try load(
                    #"[{"id": 1, "name": "A", "manager": {"id": 2, "name": "B"}}, {"id": 2, "name": "B2"}]"#, as: SyncEmployee.self, into: container)
                try check(summary.inserted == 2 && summary.repeatedIdentities.isEmpty, "a model nested in one row and given by another is no repeat, got \(summary)")
                let context = ModelContext(container)
                let employees = try fetched(SyncEmployee.self, context, by: \.remoteID)
                try check(employees.map(\.name) == ["A", "B2"] && employees.first?.manager?.remoteID == 2, "both applied in order")
            },
        ]
    }
}
