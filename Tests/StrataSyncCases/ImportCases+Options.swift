import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// `SyncImportOptions`: SwiftSync's readings of payloads the strict defaults refuse.
    static var optionCases: [SyncCase] {
        [
            SyncCase("import.options.nullResetsToDefault") { container in
                try load(#"[{"id": 1, "full_name": "A", "is_admin": true}]"#, as: SyncUser.self, into: container)
                try checkError(.typeMismatch, index: 0, key: "is_admin") { try load(#"[{"id": 1, "is_admin": null}]"#, as: SyncUser.self, into: container) }
                let importer = SyncImporter(container: container, options: SyncImportOptions(nullResetsToDefault: true))
                try importer.importJSON(json(#"[{"id": 1, "is_admin": null}]"#), as: SyncUser.self)
                try check(try user(1, ModelContext(container)).isAdmin == false, "null resets isAdmin to its declared default")
                try checkError(.typeMismatch, index: 0, key: "full_name") { try importer.importJSON(json(#"[{"id": 1, "full_name": null}]"#), as: SyncUser.self) }
            },
            SyncCase("import.options.truncatesFractionalIntegers") { container in
                let importer = SyncImporter(container: container, options: SyncImportOptions(truncatesFractionalIntegers: true))
                try importer.importJSON(json(#"[{"id": 1, "full_name": "A", "age": 4.7}, {"id": 2, "full_name": "B", "age": "-4.7"}]"#), as: SyncUser.self)
                let context = ModelContext(container)
                try check(try user(1, context).age == 4 && user(2, context).age == -4, "4.7 and -4.7 truncate toward zero")
                try checkError(.typeMismatch, index: 0, key: "id") { try importer.importJSON(json(#"[{"id": 3.5, "full_name": "C"}]"#), as: SyncUser.self) }
            },
            SyncCase("import.options.strictReferenceTypes") { container in
                try load(#"[{"id": 10, "full_name": "Ten"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": "1", "label": "One"}]"#, as: SyncTag.self, into: container)
                let importer = SyncImporter(container: container, options: SyncImportOptions(strictReferenceTypes: true))
                try checkError(.typeMismatch, index: 0, key: "leadID") { try importer.importJSON(json(#"[{"id": 1, "projectName": "P", "leadID": "10"}]"#), as: SyncProject.self) }
                try checkError(.typeMismatch, index: 0, key: "tag_ids[0]") {
                    try importer.importJSON(json(#"[{"id": 1, "text": "n", "owner_id": 10, "tag_ids": [1]}]"#), as: SyncNote.self)
                }
                try importer.importJSON(json(#"[{"id": 1, "projectName": "P", "leadID": 10}]"#), as: SyncProject.self)
                try check(try fetched(SyncProject.self, ModelContext(container), by: \.remoteID).first?.lead?.remoteID == 10, "a number links an Int id")
            },
            SyncCase("import.options.ignoresUnknownReferences") { container in
                try load(#"[{"id": 1, "full_name": "A"}]"#, as: SyncUser.self, into: container)
                try load(#"[{"id": "a", "label": "A"}]"#, as: SyncTag.self, into: container)
                try load(#"[{"id": 1, "projectName": "P", "leadID": 1}]"#, as: SyncProject.self, into: container)
                let importer = SyncImporter(container: container, options: SyncImportOptions(ignoresUnknownReferences: true))
                let projects = try importer.importJSON(json(#"[{"id": 1, "projectName": "P2", "leadID": 99}]"#), as: SyncProject.self)
                let notes = try importer.importJSON(json(#"[{"id": 1, "text": "n", "owner_id": 1, "tag_ids": ["a", "zz"]}]"#), as: SyncNote.self)
                let places = (projects.ignoredReferences + notes.ignoredReferences).map { "\($0.kind) \($0.index ?? -1) \($0.key ?? "-")" }
                try check(places == ["unresolvedReference 0 leadID", "unresolvedReference 0 tag_ids[1]"], "both unknown ids reported, got \(places)")
                let context = ModelContext(container)
                let project = try fetched(SyncProject.self, context, by: \.remoteID).first
                try check(project?.projectName == "P2" && project?.lead?.remoteID == 1, "the rest of the row applies, the to-one is left as it was")
                try check(try fetched(SyncNote.self, context, by: \.remoteID).first?.tags.map(\.remoteID) == ["a"], "the known tag is linked")
                try checkError(.missingIdentity, index: 0, key: "owner_id") {
                    try importer.importJSON(json(#"[{"id": 2, "text": "n", "owner_id": null}]"#), as: SyncNote.self)
                }
                try checkError(.unresolvedReference, index: 0, key: "owner_id") {
                    try importer.importJSON(json(#"[{"id": 2, "text": "n", "owner_id": 99}]"#), as: SyncNote.self)
                }
            },
        ]
    }
}
