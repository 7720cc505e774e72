import StrataCore

/// One check of the suite, with an ID that stays stable across versions.
public struct ConformanceCase: Sendable, Identifiable, CustomStringConvertible {
    /// Stable, dotted: `category.topic.detail`.
    public let id: String
    /// The report groups cases by this.
    public let category: String
    /// Features the backend must declare for the case to run.
    public let requires: Set<BackendCapabilities.Feature>
    let body: @Sendable (ConformanceEnvironment) throws -> Void

    public init(
        _ id: String, category: String, requires: Set<BackendCapabilities.Feature> = [],
        body: @escaping @Sendable (ConformanceEnvironment) throws -> Void
    ) {
        self.id = id
        self.category = category
        self.requires = requires
        self.body = body
    }

    public var description: String { id }
}

/// What a case body gets: fresh containers on the backend under test.
public struct ConformanceEnvironment: Sendable {
    public let backend: ConformanceBackend
    public let caseID: String

    /// A container over a new, empty store of the backend, for the suite's model types.
    /// - Throws: the backend's error when the store cannot be created.
    public func makeContainer(for types: [any PersistentModel.Type] = ConformanceModels.all) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: [backend.makeConfiguration(caseID)])
    }

    /// A context over a new container.
    /// - Throws: as ``makeContainer(for:)``.
    public func makeContext(for types: [any PersistentModel.Type] = ConformanceModels.all) throws -> ModelContext {
        ModelContext(try makeContainer(for: types))
    }
}
