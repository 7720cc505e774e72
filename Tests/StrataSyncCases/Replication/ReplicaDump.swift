import Foundation
import StrataCore
import StrataSync

/// Everything a replica holds of the replicated models, as canonical JSON text: each model's
/// export (to-many ids sorted) by remote id, so two replicas that agree dump the same text.
public enum ReplicaDump {
    /// The dump of `container`.
    /// - Throws: the fetch's or the export's error.
    public static func of(_ container: ModelContainer) throws -> String {
        try of(container) { context, exporter in
            [
                "projects": try exporter.exportObjects(context.fetch(FetchDescriptor<ReplicaProject>())),
                "tasks": try exporter.exportObjects(context.fetch(FetchDescriptor<ReplicaTask>())),
                "labels": try exporter.exportObjects(context.fetch(FetchDescriptor<ReplicaLabel>())),
            ]
        }
    }

    /// The dump of the sections `export` reads from `container` (each a model's exported rows).
    /// - Throws: `export`'s error.
    public static func of(
        _ container: ModelContainer, export: (ModelContext, SyncImporter) throws -> [String: [[String: Any]]]
    ) throws -> String {
        let sections = try export(ModelContext(container), SyncImporter(container: container)).mapValues(canonical)
        return String(decoding: try JSONSerialization.data(withJSONObject: sections, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    private static func canonical(_ objects: [[String: Any]]) -> [[String: Any]] {
        objects.map { object in
            object.mapValues { value in (value as? [Any]).map { $0.map { "\($0)" }.sorted() as Any } ?? value }
        }.sorted { "\($0["id"] ?? "")" < "\($1["id"] ?? "")" }
    }
}
