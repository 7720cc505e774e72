import Foundation
import StrataCore

extension ReplicationServer {
    /// The changes after `since` that `principal` may see, at most about ``pageSize``, leaving
    /// out the client's own pushes; a snapshot of every row in scope when `since` is `nil`.
    /// - Parameters:
    ///   - client: the client's name, as its pushes give it.
    ///   - schema: the client's ``ReplicatedModels/schemaDigest``.
    /// - Throws: ``ReplicationError/Kind/resyncRequired`` when the history no longer covers
    ///   `since` (trimmed, expired by a gap, or another store's); ``ReplicationError/Kind/schemaMismatch``.
    public func changes(since: DefaultHistoryToken?, for principal: Principal, client: String, schema: String, limit: Int? = nil) throws -> ChangePage {
        try models.requireSchema(schema)
        let context = ModelContext(container)
        guard let since else { return try snapshot(for: principal, in: context) }
        let transactions = try covered(since: since, in: context)
        let limit = max(1, limit ?? pageSize)
        let own = Self.author(of: client)
        var collector = ChangeCollector(models: models)
        var reached = since, counted = 0, used = 0
        for transaction in transactions where transaction.token != since {
            if counted >= limit { break }
            used += 1
            reached = transaction.token
            guard transaction.author != own else { continue }
            try collector.add(transaction)
            counted += transaction.changes.count
        }
        let hasMore = transactions.count - (transactions.first?.token == since ? 1 : 0) > used
        if hasMore { try collector.addLaterDeletions(from: transactions.drop { $0.token <= reached }) }
        let changes = try collector.changes(in: context, for: scope.reader(for: principal, models: models))
        return ChangePage(changes: changes, token: reached, hasMore: hasMore, isSnapshot: false)
    }

    /// The transactions from `since` on, the first being `since` itself unless it is number 0.
    /// - Throws: ``ReplicationError/Kind/resyncRequired`` when `since` is another store's, lies
    ///   before a gap, or its transaction is gone (history was trimmed past it).
    private func covered(since: DefaultHistoryToken, in context: ModelContext) throws -> [DefaultHistoryTransaction] {
        let transactions: [DefaultHistoryTransaction]
        do {
            transactions = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token >= since }))
        } catch let error as SwiftDataError where error == .historyTokenOfAnotherStore || error == .historyTokenExpired {
            throw ReplicationError(.resyncRequired, "the token \(since) is not covered by this server's history (\(error)): pull a snapshot")
        }
        guard since.tokenValue == 0 || transactions.first?.token == since else {
            throw ReplicationError(.resyncRequired, "the history before \(since) was trimmed: pull a snapshot")
        }
        return transactions
    }

    /// Every row in scope, with the token the history had before they were read (a change made
    /// while they are read comes again in the next pull; applying it twice is harmless).
    private func snapshot(for principal: Principal, in context: ModelContext) throws -> ChangePage {
        let token = try latestToken()
        let reader = scope.reader(for: principal, models: models)
        var changes: [ReplicationChange] = []
        for entity in models.entityNames {
            let mapping = try models.mapping(of: entity)
            for model in try mapping.fetchAll(context) where model.persistentModelID.entityName == entity {
                guard try reader.sees(model, mapping) else { continue }
                changes.append(ReplicationChange(entity: entity, id: try mapping.remoteID(of: model), values: try mapping.replicatedValues(of: model, showing: reader.showsLink)))
            }
        }
        return ChangePage(changes: changes, token: token, hasMore: false, isSnapshot: true)
    }
}
