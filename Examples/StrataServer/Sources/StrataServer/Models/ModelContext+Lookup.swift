import ServerAPI
import Strata

extension ModelContext {
    /// The saved model of type `T` whose key is `key`, or `nil` when there is none: one query on
    /// the primary key, during which the task suspends (no thread waits on PostgreSQL).
    func model<T: PersistentModel>(_ type: T.Type, key: Int64) async throws -> T? {
        var descriptor = FetchDescriptor<T>(predicate: predicate(matching: type, key: key))
        descriptor.fetchLimit = 1
        return try await fetch(descriptor).first
    }

    /// The saved model of type `T` whose key is `key`.
    /// - Throws: ``APIError`` 404 naming `what` when there is none; the store's error when the read fails.
    func require<T: PersistentModel>(_ type: T.Type, key: Int64, as what: String) async throws -> T {
        guard let model = try await model(type, key: key) else { throw APIError.notFound("\(what) \(key)") }
        return model
    }

    /// Deletes the saved model of type `T` whose key is `key`, following its delete rules, and saves.
    /// - Throws: ``APIError`` 404 naming `what` when there is none; the save's error (a `.deny`
    ///   delete rule: `SwiftDataError.deleteRuleViolation`), after which nothing is deleted.
    func deleteSaved<T: PersistentModel>(_ type: T.Type, key: Int64, as what: String) async throws {
        delete(try await require(type, key: key, as: what))
        try await save()
    }

    /// The identifier this context's store gives the row of `T` with key `key`.
    func identifier<T: PersistentModel>(of type: T.Type, key: Int64) -> PersistentIdentifier {
        PersistentIdentifier(storeIdentifier: container.dataStore.identifier, entityName: Schema.entityName(for: type), primaryKey: .integer(key))
    }

    private func predicate<T: PersistentModel>(matching type: T.Type, key: Int64) -> Predicate<T> {
        let identifier = identifier(of: type, key: key)
        return #Predicate<T> { $0.persistentModelID == identifier }
    }
}
