import Foundation

/// The suspending forms of a context's store calls: `try await context.async.fetch(descriptor)`.
///
/// Each answers exactly as the synchronous call of the same name. On a store that overrides the
/// `async` ``DataStore`` calls (PostgreSQL), the store's round trips suspend the calling task
/// instead of holding a thread of Swift's cooperative pool. A module that imports `StrataAsync`
/// makes plain `try await context.fetch(descriptor)` in its `async` code call these
/// (docs/server.md); without it (whatever store the app uses), SwiftData's synchronous calls
/// stay the ones `async` code calls, as under SwiftData.
public struct AsyncModelContext {
    /// The context whose calls these are.
    public let context: ModelContext

    /// The models matching `descriptor`; see ``ModelContext/fetch(_:)``.
    /// - Throws: as ``ModelContext/fetch(_:)``.
    nonisolated(nonsending) public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> [T] {
        try await context.suspendingFetch(descriptor)
    }

    /// How many models ``fetch(_:)`` would return.
    /// - Throws: as ``ModelContext/fetch(_:)``.
    nonisolated(nonsending) public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> Int {
        try await context.suspendingFetchCount(descriptor)
    }

    /// The identifiers of the models ``fetch(_:)`` would return, in the same order.
    /// - Throws: as ``ModelContext/fetch(_:)``.
    nonisolated(nonsending) public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> [PersistentIdentifier] {
        try await context.suspendingFetchIdentifiers(descriptor)
    }

    /// Writes every pending change in one store transaction; see ``ModelContext/save()``.
    /// - Throws: as ``ModelContext/save()``; on failure nothing is written and every change stays pending.
    nonisolated(nonsending) public func save() async throws {
        try await context.suspendingSave()
    }

    /// Deletes every stored model of `model` matching `predicate`, right away; see
    /// ``ModelContext/delete(model:where:includeSubclasses:)``.
    /// - Throws: the store's typed error; nothing is deleted then.
    nonisolated(nonsending) public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) async throws {
        try await context.suspendingDelete(model: model, where: predicate, includeSubclasses: includeSubclasses)
    }
}

extension ModelContext {
    /// The suspending forms of this context's store calls (``AsyncModelContext``).
    public var async: AsyncModelContext { AsyncModelContext(context: self) }
}
