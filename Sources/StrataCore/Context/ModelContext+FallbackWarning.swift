import Logging

/// Warnings through ``ModelContainer/logger`` when a request is evaluated in memory, in the
/// store or here, so a slow query that reads a whole table shows up in the logs.
extension ModelContext {
    /// What the store refused, so the context evaluates it in Swift.
    enum Refusal: String {
        case predicate, sort
    }

    /// Warns that the store refused the predicate or the sort of `descriptor` for `operation`,
    /// so this context reads the rows and evaluates it in Swift.
    func warnRefused<T: PersistentModel>(_ refusal: Refusal, of descriptor: FetchDescriptor<T>, during operation: String) {
        let logger = container.logger
        guard logger.logLevel <= .warning else { return }
        let describer = PredicateDescriber(schema: container.schema)
        let parts = refusal == .predicate
            ? (descriptor.predicate.map { describer.describe($0) } ?? []).joined(separator: " && ")
            : descriptor.sortBy.map { describer.describe($0) }.joined(separator: ", ")
        logger.warning(
            "\(operation) of \(Schema.entityName(for: T.self)) falls back to memory: the store refused the \(refusal.rawValue)",
            metadata: ["entity": "\(Schema.entityName(for: T.self))", "operation": "\(operation)", "inMemory": "\(refusal.rawValue): \(parts)"])
    }

    /// Warns when the store says (``DataStoreExplaining``) that it evaluates part of
    /// `descriptor` in Swift for `operation`. The store is asked only when warnings are logged.
    func warnIfStoreFallsBack<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, during operation: String) {
        let logger = container.logger
        guard logger.logLevel <= .warning, let explaining = container.dataStore as? any DataStoreExplaining,
              (try? explaining.fallsBack(DataStoreFetchRequest(descriptor: descriptor, editingState: editingState))) == true,
              let explanation = try? storeExplanation(container.dataStore, descriptor, showingValues: false)
        else { return }
        logger.warning(
            "\(operation) of \(explanation.entityName) falls back to memory: \(explanation.evaluator) evaluates part of it in Swift",
            metadata: ["entity": "\(explanation.entityName)", "operation": "\(operation)", "inMemory": "\(explanation.inMemorySummary)"])
    }
}
