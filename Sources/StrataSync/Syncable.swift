import Foundation
import StrataCore

/// A model that StrataSync can import from and export to JSON payloads.
///
/// Conforming is one line: the mapping is derived from the model's `Schema` metadata, and every
/// requirement has a default that a static property overrides.
///
/// ```swift
/// @Model final class Note: Syncable {
///     @Attribute(.unique) var remoteID: Int      // the identity: remote key "id"
///     var title: String                          // remote key "title"
///     var createdAt: Date                        // remote key "created_at"
///     var owner: User?                           // "owner_id" links, "owner" nests
///     var draft: String?                         // never imported or exported
///     static var syncExcludedProperties: Set<PartialKeyPath<Note>> { [\.draft] }
/// }
/// ```
public protocol Syncable: PersistentModel {
    /// The attribute that holds the remote id; its remote key is `"id"` unless overridden.
    /// Defaults to the first `.unique` attribute, else the attribute named `remoteID`, else a
    /// plain `id` attribute of an integer type, `String` or `UUID`.
    static var syncIdentity: PartialKeyPath<Self>? { get }
    /// A to-one relationship to the parent that scopes identity (two parents may each have a
    /// child with id 1), or `nil` for ids that are unique over the whole type (the default).
    static var syncIdentityScope: PartialKeyPath<Self>? { get }
    /// How property names become remote keys (default ``SyncKeyStyle/snakeCase``).
    static var syncKeyStyle: SyncKeyStyle { get }
    /// Remote keys that replace the derived ones, per property. For a relationship the key names
    /// the nested object; its foreign key appends `_id` / `_ids` (`IDs` in camel case).
    static var syncRemoteKeys: [PartialKeyPath<Self>: String] { get }
    /// Properties that import leaves alone and export leaves out.
    static var syncExcludedProperties: Set<PartialKeyPath<Self>> { get }
    /// Properties that import reads but export leaves out (a value the server sends and does
    /// not take back, such as a computed total).
    static var syncNonExportedProperties: Set<PartialKeyPath<Self>> { get }
    /// The `Date` attribute that says when the remote object last changed (`\.updatedAt`, remote
    /// key `"updated_at"`), or `nil` (the default). When set, an object whose date there is not
    /// later than its stored model's leaves the model alone: its other keys are not read.
    static var syncUpdatedAt: PartialKeyPath<Self>? { get }
}

extension Syncable {
    /// The first `.unique` attribute, else the attribute named `remoteID`, else a plain `id`
    /// attribute of an integer type, `String` or `UUID`.
    public static var syncIdentity: PartialKeyPath<Self>? {
        let unique = schemaMetadata.first { ($0.metadata as? Schema.Attribute)?.isUnique == true }
        let named = schemaMetadata.first { $0.name == "remoteID" } ?? schemaMetadata.first { $0.name == "id" && isPlainIdentifier($0.keypath) }
        return (unique ?? named)?.keypath as? PartialKeyPath<Self>
    }
    /// No scope: remote ids are unique over the whole type.
    public static var syncIdentityScope: PartialKeyPath<Self>? { nil }
    /// snake_case keys.
    public static var syncKeyStyle: SyncKeyStyle { .snakeCase }
    /// No overrides.
    public static var syncRemoteKeys: [PartialKeyPath<Self>: String] { [:] }
    /// Nothing excluded.
    public static var syncExcludedProperties: Set<PartialKeyPath<Self>> { [] }
    /// Everything imported is exported.
    public static var syncNonExportedProperties: Set<PartialKeyPath<Self>> { [] }
    /// None: every object is applied, and only the values that differ are written.
    public static var syncUpdatedAt: PartialKeyPath<Self>? { nil }
}

/// Whether `keyPath` leads to a value that can serve as a remote id by itself: an integer,
/// a `String` or a `UUID` (optional or not).
private func isPlainIdentifier(_ keyPath: AnyKeyPath) -> Bool {
    let type = unwrappedType(Swift.type(of: keyPath).valueType)
    return type is any FixedWidthInteger.Type || type == String.self || type == UUID.self
}
