/// What a store can do, and where its semantics knowingly depart from Strata's contract.
///
/// A store declares one value (``DataStore/capabilities``); the conformance suite skips cases
/// whose features are missing (naming the feature) and lists the profile's deviations in its
/// verdict, so "conformant" always means the same thing.
public struct StoreCapabilities: Hashable, Sendable {
    /// One optional feature of a store.
    public struct Feature: Hashable, Sendable, Codable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// `ModelContainer.erase()` removes every row.
        public static let erase = Feature("erase")
        /// `ModelContext.delete(model:where:)` through ``DataStoreBatching``.
        public static let batchDelete = Feature("batchDelete")
        /// Several contexts may save to one store at the same time.
        public static let concurrentSaves = Feature("concurrentSaves")
        /// `-0.0` keeps its sign bit (`-0.0 == 0.0` in Swift, so only the sign can differ).
        public static let signedZero = Feature("signedZero")
        /// A second container over the same configuration opens the same data: rows saved
        /// through the first are there, with the same identifiers.
        public static let reopening = Feature("reopening")
        /// Opening stored data with a changed schema applies additive changes (a new optional or
        /// defaulted attribute, a new entity, a new relationship) and refuses any other change
        /// with ``SwiftDataError/schemaMismatch`` listing the differences, changing nothing.
        public static let schemaEvolution = Feature("schemaEvolution")
        /// A container opened with a ``SchemaMigrationPlan`` migrates stored data recorded at an
        /// older version: lightweight and custom stages, all or nothing (docs/migrations.md).
        public static let migrationPlans = Feature("migrationPlans")
        /// Saves record their history in the same transaction (``HistoryRecording``):
        /// `fetchHistory`/`deleteHistory`, tokens in commit order, tombstones (docs/changes.md).
        public static let history = Feature("history")
        /// The store signals commits made by other connections and processes to its data
        /// (``ExternalCommitObserving``), so contexts and live queries see them.
        public static let externalChanges = Feature("externalChanges")
    }

    /// The features the store supports.
    public var features: Set<Feature>
    /// How the store's answers relate to the contract.
    public var profile: SemanticProfile

    public init(features: Set<Feature>, profile: SemanticProfile = .contract) {
        self.features = features
        self.profile = profile
    }

    /// Every feature, with the contract's semantics.
    public static let all = StoreCapabilities(features: [.erase, .batchDelete, .concurrentSaves, .signedZero, .reopening, .schemaEvolution, .migrationPlans, .history, .externalChanges])

    /// The first feature of `required` this store lacks.
    public func missing(from required: Set<Feature>) -> Feature? {
        required.subtracting(features).sorted { $0.name < $1.name }.first
    }
}

/// The semantic choices a store makes; anything other than ``contract`` is a declared deviation.
public struct SemanticProfile: Hashable, Sendable {
    /// How `contains` and `starts(with:)` compare text.
    public enum StringSearch: String, Hashable, Sendable, Codable {
        /// As Swift does: by `Character` (the contract).
        case characters
        /// By Unicode scalar: a match may split a character that has no precomposed form.
        case codePoints
    }

    public var stringSearch: StringSearch

    public init(stringSearch: StringSearch = .characters) {
        self.stringSearch = stringSearch
    }

    /// Exactly Strata's contract.
    public static let contract = SemanticProfile()

    /// One sentence per way this profile departs from the contract.
    public var deviations: [String] {
        stringSearch == .codePoints
            ? ["string search compares code points, so a match may split a character that has no precomposed form (for example 👍 inside 👍🏽)"]
            : []
    }
}
