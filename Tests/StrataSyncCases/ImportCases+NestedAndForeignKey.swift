import Foundation
import StrataCore
import StrataSync

extension SyncCases {
    /// An object giving a relationship both nested (`lead`) and by foreign key (`leadID`).
    static var nestedAndForeignKeyCases: [SyncCase] {
        [
            SyncCase("import.link.nestedAndForeignKeyAgree") { container in
                let summary = try load(#"[{"id": 1, "projectName": "P", "leadID": "7", "lead": {"id": 7, "full_name": "Seven"}}]"#, as: SyncProject.self, into: container)
                try check(summary == SyncImportSummary(inserted: 2), "the nested lead is created and linked, got \(summary)")
                let project = try fetched(SyncProject.self, ModelContext(container), by: \.remoteID).first
                try check(project?.lead?.fullName == "Seven", "the nested object is applied")
            },
            SyncCase("import.link.nestedAndForeignKeyDisagree") { container in
                try load(#"[{"id": 7, "full_name": "Seven"}, {"id": 8, "full_name": "Eight"}]"#, as: SyncUser.self, into: container)
                try checkError(.conflictingKeys, index: 0, key: "leadID") {
                    try load(#"[{"id": 1, "projectName": "P", "leadID": 8, "lead": {"id": 7, "full_name": "X"}}]"#, as: SyncProject.self, into: container)
                }
                try checkError(.conflictingKeys, index: 0, key: "leadID") {
                    try load(#"[{"id": 1, "projectName": "P", "leadID": 8, "lead": null}]"#, as: SyncProject.self, into: container)
                }
                try load(#"[{"id": "a", "label": "A"}, {"id": "b", "label": "B"}]"#, as: SyncTag.self, into: container)
                try checkError(.conflictingKeys, index: 0, key: "tag_ids") {
                    try load(#"[{"id": 1, "text": "n", "owner_id": 7, "tags": [{"id": "a"}], "tag_ids": ["a", "b"]}]"#, as: SyncNote.self, into: container)
                }
                try check(try count(SyncProject.self, in: container) == 0 && user(7, ModelContext(container)).fullName == "Seven", "refused imports write nothing")
            },
        ]
    }
}
