/// Where an importer departs from Strata's strict defaults to read payloads as SwiftSync does.
///
/// Every option is off by default: each accepts a payload the default refuses, and the refusal
/// is what keeps bad data out of the store (docs/sync.md, "Documented defaults").
///
/// ```swift
/// var options = SyncImportOptions()
/// options.ignoresUnknownReferences = true     // pages arrive out of order
/// let importer = SyncImporter(container: container, options: options)
/// ```
public struct SyncImportOptions: Hashable, Sendable {
    /// `null` for a non-optional attribute with a declared default sets the default (SwiftSync's
    /// reset), instead of failing with `typeMismatch`. Without a declared default it still fails.
    public var nullResetsToDefault = false
    /// A number with a fraction for an integer attribute (`4.7`) is truncated toward zero (`4`),
    /// as SwiftSync does, instead of failing with `typeMismatch`. Ids are never truncated.
    public var truncatesFractionalIntegers = false
    /// A foreign key must have the JSON type of the related identity: a number for an integer
    /// id, a string for a `String` or `UUID` id (`"company_id": "10"` does not link company 10
    /// but fails with `typeMismatch`). Off, foreign keys are coerced like attributes.
    public var strictReferenceTypes = false
    /// A foreign key naming no stored model is left out (a to-one is left as it is, a to-many
    /// links the ids it can) and reported in ``SyncImportSummary/ignoredReferences``, as SwiftSync
    /// ignores it, instead of failing with `unresolvedReference`. A scoped type's parent key is
    /// never ignored: it names the model.
    public var ignoresUnknownReferences = false

    /// Options with every departure off unless given.
    public init(
        nullResetsToDefault: Bool = false, truncatesFractionalIntegers: Bool = false, strictReferenceTypes: Bool = false,
        ignoresUnknownReferences: Bool = false
    ) {
        self.nullResetsToDefault = nullResetsToDefault
        self.truncatesFractionalIntegers = truncatesFractionalIntegers
        self.strictReferenceTypes = strictReferenceTypes
        self.ignoresUnknownReferences = ignoresUnknownReferences
    }
}
