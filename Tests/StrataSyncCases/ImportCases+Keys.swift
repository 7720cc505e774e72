import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// Key styles, remote-key overrides and excluded properties.
    static var keyCases: [SyncCase] {
        [
            SyncCase("import.keys.snakeCase") { container in
                let summary = try load(#"[{"id": 1, "full_name": "Ada Lovelace", "is_admin": true}]"#, as: SyncUser.self, into: container)
                let reader10 = ModelContext(container)
                let ada = try user(1, reader10)
                try check(ada.fullName == "Ada Lovelace" && ada.isAdmin, "snake_case keys set fullName and isAdmin")
                try check(summary == SyncImportSummary(inserted: 1), "one insert, got \(summary)")
            },
            SyncCase("import.keys.camelCaseStyle") { container in
                try load(#"[{"id": 7, "full_name": "Lead"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": 1, "projectName": "Atlas", "leadID": 7}]"#, as: SyncProject.self, into: container)
                let reader17 = ModelContext(container)
                let project = try fetched(SyncProject.self, reader17, by: \.remoteID)
                try check(project.first?.projectName == "Atlas" && project.first?.lead?.remoteID == 7, "camelCase keys and leadID link")
            },
            SyncCase("import.keys.override") { container in
                try load(#"[{"id": 1, "full_name": "A", "display": "Countess", "display_name": "ignored"}]"#, as: SyncUser.self, into: container)
                let reader22 = ModelContext(container)
                try check(try user(1, reader22).displayName == "Countess", "the overriding key \"display\" is read, not \"display_name\"")
            },
            SyncCase("import.keys.propertySpelling") { container in
                let summary = try load(#"[{"id": 1, "fullName": "Ada", "isAdmin": true, "displayName": "not read"}]"#, as: SyncUser.self, into: container)
                try check(summary == SyncImportSummary(inserted: 1), "fullName satisfies the required full_name, got \(summary)")
                let ada = try user(1, ModelContext(container))
                try check(ada.fullName == "Ada" && ada.isAdmin, "the property's own spelling is read when the snake_case key is absent")
                try check(ada.displayName == nil, "an overridden key is read only as declared (\"display\")")
            },
            SyncCase("import.keys.bothSpellingsConflict") { container in
                try checkError(.conflictingKeys, index: 1, key: "fullName") {
                    try load(#"[{"id": 1, "full_name": "A"}, {"id": 2, "full_name": "B", "fullName": "C"}]"#, as: SyncUser.self, into: container)
                }
                try check(try count(SyncUser.self, in: container) == 0, "a refused import writes nothing")
            },
            SyncCase("import.keys.excluded") { container in
                try load(#"[{"id": 1, "full_name": "A", "nickname": "nick"}]"#, as: SyncUser.self, into: container)
                let reader26 = ModelContext(container)
                try check(try user(1, reader26).nickname == nil, "an excluded property is never imported")
            },
        ]
    }

    /// Absent key leaves alone, `null` clears, `[]` clears a to-many.
    static var presenceCases: [SyncCase] {
        [
            SyncCase("import.presence.absentLeavesAlone") { container in
                try load(#"[{"id": 1, "full_name": "A", "age": 30, "display": "D"}]"#, as: SyncUser.self, into: container)
                let summary = try load(#"[{"id": 1}]"#, as: SyncUser.self, into: container)
                let reader37 = ModelContext(container)
                let stored = try user(1, reader37)
                try check(stored.age == 30 && stored.fullName == "A" && stored.displayName == "D", "absent keys keep their values")
                try check(summary == SyncImportSummary(), "nothing changed, got \(summary)")
            },
            SyncCase("import.presence.nullClears") { container in
                try load(#"[{"id": 1, "full_name": "A", "age": 30, "display": "D"}]"#, as: SyncUser.self, into: container)
                let summary = try load(#"[{"id": 1, "age": null}]"#, as: SyncUser.self, into: container)
                let reader44 = ModelContext(container)
                let stored = try user(1, reader44)
                try check(stored.age == nil && stored.displayName == "D", "null clears age only")
                try check(summary == SyncImportSummary(updated: 1), "one update, got \(summary)")
            },
            SyncCase("import.presence.nullToOneClears") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": 2, "projectName": "P", "leadID": 1}]"#, as: SyncProject.self, into: container)
                try load(#"[{"id": 2, "leadID": null}]"#, as: SyncProject.self, into: container)
                let reader52 = ModelContext(container)
                try check(try fetched(SyncProject.self, reader52, by: \.remoteID).first?.lead == nil, "null unlinks a to-one")
            },
            SyncCase("import.presence.emptyArrayClearsToMany") { container in
                try load(#"[{"id": "a", "label": "A"}, {"id": "b", "label": "B"}]"#, as: SyncTag.self, into: container)
                try load(#"[{"id": 1, "full_name": "U", "notes": [{"id": 1, "text": "n", "tag_ids": ["a", "b"]}]}]"#, as: SyncUser.self, into: container)
                let reader57 = ModelContext(container)
                let before = try user(1, reader57).notes.first?.tags.count
                try load(#"[{"id": 1, "owner_id": 1, "tag_ids": []}]"#, as: SyncNote.self, into: container)
                let context = ModelContext(container)
                try check(before == 2 && (try user(1, context)).notes.first?.tags.isEmpty == true, "[] clears the tags (before: \(before ?? -1))")
                try check(try count(SyncTag.self, in: container) == 2, "clearing a link deletes no tag")
            },
            SyncCase("import.presence.nullClearsToMany") { container in
                try load(#"[{"id": "a", "label": "A"}]"#, as: SyncTag.self, into: container)
                try load(#"[{"id": 1, "full_name": "U", "notes": [{"id": 1, "text": "n", "tag_ids": ["a"]}]}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": 1, "owner_id": 1, "tags": null}]"#, as: SyncNote.self, into: container)
                let reader67 = ModelContext(container)
                try check((try user(1, reader67)).notes.first?.tags.isEmpty == true, "null clears the tags")
            },
        ]
    }
}
