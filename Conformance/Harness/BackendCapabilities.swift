import StrataCore

/// What a backend declares it can do; a case that needs a missing feature is skipped, and
/// the report names the feature.
public struct BackendCapabilities: Hashable, Sendable {
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
        /// `-0.0` keeps its sign bit (SQLite stores integral reals as integers and loses it;
        /// `-0.0 == 0.0` in Swift, so only the sign differs).
        public static let signedZero = Feature("signedZero")
    }

    /// The features the backend supports.
    public var features: Set<Feature>

    public init(features: Set<Feature>) {
        self.features = features
    }

    /// Every feature the suite knows.
    public static let all = BackendCapabilities(features: [.erase, .batchDelete, .concurrentSaves, .signedZero])

    /// The first feature of `required` this backend lacks.
    func missing(from required: Set<Feature>) -> Feature? {
        required.subtracting(features).sorted { $0.name < $1.name }.first
    }
}
