import Foundation
import StrataCore

// With this module imported, `async` code calling a context's store methods by SwiftData's
// names calls their suspending forms (`ModelContext.async`), and the compiler asks for `await`:
// a call that would hold a thread of Swift's cooperative pool while a server answers cannot be
// written by accident. A module opts in by importing it; no product re-exports it, so choosing
// a store (StrataPostgres included) never changes which calls SwiftData code makes. Swift makes
// extension members visible across the importing module (per file only with the upcoming
// feature `MemberImportVisibility`): importing it in one file routes every file's `async` code
// (docs/server.md rule 2).
extension ModelContext {
    /// The models matching `descriptor`, suspending while the store answers; see ``AsyncModelContext/fetch(_:)``.
    /// - Throws: as ``ModelContext/fetch(_:)``.
    nonisolated(nonsending) public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> [T] {
        try await self.async.fetch(descriptor)
    }

    /// How many models ``fetch(_:)`` would return; see ``AsyncModelContext/fetchCount(_:)``.
    /// - Throws: as ``ModelContext/fetch(_:)``.
    nonisolated(nonsending) public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> Int {
        try await self.async.fetchCount(descriptor)
    }

    /// The identifiers of the models ``fetch(_:)`` would return; see ``AsyncModelContext/fetchIdentifiers(_:)``.
    /// - Throws: as ``ModelContext/fetch(_:)``.
    nonisolated(nonsending) public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) async throws -> [PersistentIdentifier] {
        try await self.async.fetchIdentifiers(descriptor)
    }

    /// Writes every pending change, suspending while the store answers; see ``AsyncModelContext/save()``.
    /// - Throws: as ``ModelContext/save()``; on failure nothing is written and every change stays pending.
    nonisolated(nonsending) public func save() async throws {
        try await self.async.save()
    }

    /// Deletes every stored model of `model` matching `predicate`; see ``AsyncModelContext/delete(model:where:includeSubclasses:)``.
    /// - Throws: the store's typed error; nothing is deleted then.
    nonisolated(nonsending) public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) async throws {
        try await self.async.delete(model: model, where: predicate, includeSubclasses: includeSubclasses)
    }
}
