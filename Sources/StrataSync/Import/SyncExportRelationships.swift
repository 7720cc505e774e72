/// How export writes a model's relationships.
public enum SyncExportRelationships: Hashable, Sendable {
    /// As the remote ids of the related models: `"owner_id": 1`, `"tag_ids": ["t"]` (the default).
    case identifiers
    /// As nested objects under the relationships' keys, recursively: `"notes": [{"id": 4, "tags":
    /// [{"id": "t", …}]}]`, `"owner": {…}`. A nested object leaves out the relationship back to the
    /// object it sits in (the inverse: the nesting says it), and a relationship that would lead
    /// back to a model whose object is being written (a cycle) is written as remote ids.
    case nested
}
