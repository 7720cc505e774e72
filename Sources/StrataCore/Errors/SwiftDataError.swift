/// The typed error of the model layer: bad schemas, values, saves and context misuse.
///
/// Match on the static members, which compare by ``code`` only:
/// ```swift
/// do { try context.save() }
/// catch SwiftDataError.deleteRuleViolation { … }
/// ```
/// The name mirrors SwiftData's error type so that code written for it keeps compiling.
public struct SwiftDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; new codes may be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }
    }

    /// What went wrong, as a matchable code.
    public let code: Code
    /// A sentence for people: what happened and, where known, what to do.
    public let message: String
    /// The entity involved, when there is one.
    public let entityName: String?
    /// The property involved, when there is one.
    public let propertyName: String?

    public init(code: Code, message: String, entityName: String? = nil, propertyName: String? = nil) {
        self.code = code
        self.message = message
        self.entityName = entityName
        self.propertyName = propertyName
    }

    public var description: String { "SwiftDataError.\(code): \(message)" }

    public static func == (lhs: SwiftDataError, rhs: SwiftDataError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Lets `catch SwiftDataError.someCode` match any error with that code. A store's own
    /// typed error that reports a ``StoreLoadIssue`` matches ``loadIssueModelContainer`` too.
    public static func ~= (pattern: SwiftDataError, error: any Error) -> Bool {
        if let error = error as? SwiftDataError { return error.code == pattern.code }
        return pattern.code == loadIssueModelContainer.code && (error as? any StoreLoadIssue)?.isStoreLoadIssue == true
    }

    private init(_ name: String) {
        self.init(code: Code(name: name), message: name)
    }

    /// An attribute's Swift type has no persisted form.
    public static let unsupportedAttributeType = SwiftDataError("unsupportedAttributeType")
    /// The schema is inconsistent (an unknown inverse, constraint member or duplicate entity).
    public static let invalidSchema = SwiftDataError("invalidSchema")
    /// A model's type is not part of the container's schema.
    public static let modelNotInSchema = SwiftDataError("modelNotInSchema")
    /// A model was inserted into a context while it belongs to another one.
    public static let modelBelongsToAnotherContext = SwiftDataError("modelBelongsToAnotherContext")
    /// A new model related to a model of the context was not inserted, and the context could not
    /// insert it for the app (see ``ModelContext/insert(_:)``).
    public static let modelNotInserted = SwiftDataError("modelNotInserted")
    /// The store records no history (its configuration turned it off), so a history read or
    /// delete cannot answer truthfully.
    public static let historyNotRecorded = SwiftDataError("historyNotRecorded")
    /// A history token in a descriptor was recorded by another store; tokens compare only within
    /// the store that recorded them.
    public static let historyTokenOfAnotherStore = SwiftDataError("historyTokenOfAnotherStore")
    /// The history after a token in a descriptor is incomplete: the store saved changes it did
    /// not record since (history was switched off for a while). Start again from current data.
    public static let historyTokenExpired = SwiftDataError("historyTokenExpired")
    /// Deleting a model would break a relationship whose delete rule is `.deny`.
    public static let deleteRuleViolation = SwiftDataError("deleteRuleViolation")
    /// A value has no persisted form (see ``ValueCodec``).
    public static let valueNotEncodable = SwiftDataError("valueNotEncodable")
    /// A stored value cannot be read back as the property's type.
    public static let valueNotDecodable = SwiftDataError("valueNotDecodable")
    /// A non-optional attribute has no value.
    public static let missingValue = SwiftDataError("missingValue")
    /// The configuration asks for something this container cannot do.
    public static let unsupportedConfiguration = SwiftDataError("unsupportedConfiguration")
    /// The identifier names no row in the store.
    public static let modelNotFound = SwiftDataError("modelNotFound")
    /// A fetch in batches cannot take the context's unsaved changes into account: save first, or
    /// set ``FetchDescriptor/includePendingChanges`` to `false` (SwiftData's rule).
    public static let includePendingChangesWithBatchSize = SwiftDataError("includePendingChangesWithBatchSize")
    /// Fetching identifiers cannot sort pending changes (SwiftData's rule).
    public static let sortingPendingChangesWithIdentifiers = SwiftDataError("sortingPendingChangesWithIdentifiers")
    /// A store's tables disagree with the schema in a way Strata does not migrate by itself.
    public static let schemaMismatch = SwiftDataError("schemaMismatch")
    /// A save was refused because a constraint failed: a store's, or a relationship's
    /// `minimumModelCount`/`maximumModelCount`.
    public static let constraintViolation = SwiftDataError("constraintViolation")
    /// A predicate the store cannot evaluate. Declared for source compatibility: where SQL
    /// cannot translate a predicate, Strata evaluates it in memory instead of throwing
    /// (docs/swiftdata-differences.md), so no built-in store throws it; a third-party store may.
    public static let unsupportedPredicate = SwiftDataError("unsupportedPredicate")
    /// A sort descriptor the store cannot apply. Declared for source compatibility: Strata
    /// sorts every `SortDescriptor` Foundation can build, in SQL or in memory, so no fetch
    /// throws it today; a third-party store may.
    public static let unsupportedSortDescriptor = SwiftDataError("unsupportedSortDescriptor")
    /// A key path names no persisted property or relationship where one is needed: in
    /// ``FetchDescriptor/propertiesToFetch`` or ``FetchDescriptor/relationshipKeyPathsForPrefetching``.
    public static let unsupportedKeyPath = SwiftDataError("unsupportedKeyPath")
    /// The container could not load its store: the file is not a database of this store's kind,
    /// or it is damaged. Stores throw their own typed error, which this code matches when it
    /// conforms to ``StoreLoadIssue`` (SQLite's `notADatabase` and `corrupt` do).
    public static let loadIssueModelContainer = SwiftDataError("loadIssueModelContainer")
}

extension SwiftDataError {
    /// A copy with a specific message and context.
    public func with(_ message: String, entity: String? = nil, property: String? = nil) -> SwiftDataError {
        SwiftDataError(code: code, message: message, entityName: entity ?? entityName, propertyName: property ?? propertyName)
    }

    static func valueNotEncodable(_ value: Any, reason: String) -> SwiftDataError {
        valueNotEncodable.with("cannot persist \(String(reflecting: type(of: value))): \(reason)")
    }

    static func valueNotDecodable(_ stored: PersistentValue, as type: Any.Type) -> SwiftDataError {
        valueNotDecodable.with("stored value \(stored) cannot be read as \(String(reflecting: type))")
    }
}
