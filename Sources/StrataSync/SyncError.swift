/// Why an import, export or reconcile failed, and where in the payload.
///
/// Match against the static members (`error.kind == .typeMismatch`); ``index`` and ``key`` say
/// which payload element and which key (a dotted path through nested objects: `owner.name`,
/// `tags[2].id`) the error is about.
public struct SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; new kinds never break callers that match on the static members.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String
        /// The model type is not in the container's schema.
        public static let notInSchema = Kind(name: "notInSchema")
        /// The model type has no identity attribute (declare `syncIdentity` or a `.unique` one).
        public static let noIdentity = Kind(name: "noIdentity")
        /// A related type does not conform to ``Syncable``.
        public static let notSyncable = Kind(name: "notSyncable")
        /// `syncIdentityScope` does not name a to-one relationship to a ``Syncable`` type, or an
        /// import's `parent:` is unsaved or has no single to-one relationship leading to it.
        public static let invalidScope = Kind(name: "invalidScope")
        /// An element of the payload is not a JSON object, or the payload is not an array, or a
        /// nested remote key (`status.id`) meets a value that is not an object.
        public static let notAnObject = Kind(name: "notAnObject")
        /// A nested object has no value for its identity key, or an object of a scoped type names
        /// no parent (a top-level element without an id is skipped, not an error).
        public static let missingIdentity = Kind(name: "missingIdentity")
        /// A new object has no value for a required attribute.
        public static let missingValue = Kind(name: "missingValue")
        /// A value cannot be coerced to the property's type.
        public static let typeMismatch = Kind(name: "typeMismatch")
        /// A foreign key names a remote id that no model of the related type has (so does a
        /// nested object when the import may not insert related models, and a reconciled
        /// record's ``ReconcileLookup/require(_:remoteID:)``).
        public static let unresolvedReference = Kind(name: "unresolvedReference")
        /// An object gives one property under two keys (`tag_ids` and `tags_ids`, `full_name`
        /// and `fullName`), names other models under a relationship's nested and foreign keys,
        /// or names another parent than the import's `parent:`.
        public static let conflictingKeys = Kind(name: "conflictingKeys")
        /// The same remote id appears twice in the records of one reconcile (an import applies
        /// the last element instead, and reports the others).
        public static let duplicateIdentity = Kind(name: "duplicateIdentity")
        /// A reconcile would delete more than the configured share of rows.
        public static let deletionGuard = Kind(name: "deletionGuard")
        /// A soft-delete policy was asked of a model without `deletedAt`.
        public static let noSoftDelete = Kind(name: "noSoftDelete")
        /// A relationship's remote key is a dotted path (`"board.ref"`): nested paths are read for
        /// attributes only, and reading the key literally would find nothing, silently.
        public static let unsupportedRemoteKey = Kind(name: "unsupportedRemoteKey")
        /// `syncUpdatedAt` does not name an imported `Date` attribute other than the identity.
        public static let invalidUpdatedAt = Kind(name: "invalidUpdatedAt")
        /// The kind's name.
        public var description: String { name }
    }

    /// What went wrong.
    public let kind: Kind
    /// The index of the payload element (or record) the error is about, if any.
    public let index: Int?
    /// The key (a dotted path inside nested objects) the error is about, if any.
    public let key: String?
    /// A sentence that says what went wrong and what to do.
    public let message: String

    init(_ kind: Kind, _ message: String, index: Int? = nil, key: String? = nil) {
        self.kind = kind
        self.message = message
        self.index = index
        self.key = key
    }

    /// `payload[3].owner_id: no User has remote id 9`.
    public var description: String {
        let place = [index.map { "payload[\($0)]" }, key].compactMap { $0 }.joined(separator: ".")
        return place.isEmpty ? message : "\(place): \(message)"
    }

    static func notInSchema(_ entity: String) -> SyncError {
        SyncError(.notInSchema, "\(entity) is not in the container's schema")
    }

    static func noIdentity(_ entity: String) -> SyncError {
        SyncError(.noIdentity, "\(entity) has no identity: declare `static var syncIdentity` or an @Attribute(.unique) property")
    }

    static func notSyncable(_ entity: String) -> SyncError {
        SyncError(.notSyncable, "\(entity) does not conform to Syncable")
    }

    static func invalidScope(_ entity: String) -> SyncError {
        SyncError(.invalidScope, "\(entity).syncIdentityScope must name a to-one relationship to a Syncable model")
    }

    static func invalidUpdatedAt(_ entity: String) -> SyncError {
        SyncError(.invalidUpdatedAt, "\(entity).syncUpdatedAt must name a Date attribute that is imported and is not the identity")
    }
}
