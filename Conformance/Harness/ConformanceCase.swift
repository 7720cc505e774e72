import StrataCore

/// One check of the suite, with an ID that stays stable across versions.
public struct ConformanceCase: Sendable, Identifiable, CustomStringConvertible {
    /// Stable, dotted: `category.topic.detail`.
    public let id: String
    /// The report groups cases by this.
    public let category: String
    /// Features the backend must declare for the case to run.
    public let requires: Set<BackendCapabilities.Feature>
    /// Features the backend must *not* declare for the case to run: capability-honesty cases
    /// check that a store without a feature refuses it with a typed error (or the context's
    /// documented fallback) instead of answering wrongly.
    public let requiresAbsent: Set<BackendCapabilities.Feature>
    let body: @Sendable (ConformanceEnvironment) throws -> Void

    public init(
        _ id: String, category: String, requires: Set<BackendCapabilities.Feature> = [],
        requiresAbsent: Set<BackendCapabilities.Feature> = [],
        body: @escaping @Sendable (ConformanceEnvironment) throws -> Void
    ) {
        precondition(requires.isDisjoint(with: requiresAbsent), "\(id) both requires and excludes \(requires.intersection(requiresAbsent)); it could never run")
        self.id = id
        self.category = category
        self.requires = requires
        self.requiresAbsent = requiresAbsent
        self.body = body
    }

    public var description: String { id }

    /// Why the case does not run on a backend with `capabilities`, naming the capability, or
    /// `nil` when it runs.
    func skipReason(for capabilities: BackendCapabilities) -> String? {
        if let missing = capabilities.missing(from: requires) {
            return "backend lacks capability \(missing)"
        }
        if let declared = requiresAbsent.intersection(capabilities.features).sorted(by: { $0.name < $1.name }).first {
            return "backend declares capability \(declared) (the case checks a store without it)"
        }
        return nil
    }
}

/// What a case body gets: fresh containers on the backend under test.
public struct ConformanceEnvironment: Sendable {
    public let backend: ConformanceBackend
    public let caseID: String

    /// A container over a new, empty store of the backend, for the suite's model types.
    /// - Throws: the backend's error when the store cannot be created.
    public func makeContainer(for types: [any PersistentModel.Type] = ConformanceModels.all) throws -> ModelContainer {
        try makeContainer(for: types, configuration: makeConfiguration())
    }

    /// A context over a new container.
    /// - Throws: as ``makeContainer(for:)``.
    public func makeContext(for types: [any PersistentModel.Type] = ConformanceModels.all) throws -> ModelContext {
        ModelContext(try makeContainer(for: types))
    }

    /// The configuration of a new, empty store of the backend. Open it as often as a case needs
    /// with ``makeContainer(for:configuration:)``: on a backend with
    /// ``StoreCapabilities/Feature/reopening`` every container over it opens the same data.
    /// - Throws: the backend's error when it cannot make one.
    public func makeConfiguration() throws -> any DataStoreConfiguration {
        try backend.makeConfiguration(caseID)
    }

    /// A container for `types` over `configuration` (the container sets its `schema`).
    ///
    /// ```swift
    /// let configuration = try environment.makeConfiguration()
    /// let first = try environment.makeContainer(for: [V1.Item.self], configuration: configuration)
    /// let second = try environment.makeContainer(for: [V2.Item.self], configuration: configuration)
    /// ```
    /// - Throws: the store's error when it cannot open, ``SwiftDataError/schemaMismatch`` when
    ///   the stored data disagrees with `types`.
    public func makeContainer(for types: [any PersistentModel.Type], configuration: any DataStoreConfiguration) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: [configuration])
    }
}
