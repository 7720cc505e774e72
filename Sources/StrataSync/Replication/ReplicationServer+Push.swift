import Foundation
import StrataCore

extension ReplicationServer {
    /// Applies `batch` for `principal` in one transaction, once: a batch whose id was applied
    /// before is answered as it was then (with the latest token), and applies nothing. Once holds
    /// across server processes on one store: the receipt is claimed inside the batch's
    /// transaction (``ModelContext/insertNew(_:)``), so of two processes applying the same batch
    /// at once one commits and the other answers from its receipt.
    ///
    /// A change to a row someone else changed since the batch's `base` is settled by the
    /// ``ConflictPolicy``; the answer's corrections carry the server's row wherever the client's
    /// change did not win as sent.
    /// - Throws: ``ReplicationError`` (`schemaMismatch`, `notReplicated`, `outOfScope`,
    ///   `badPayload`) or the store's error; nothing of the batch is applied then.
    public func push(_ batch: PushBatch, for principal: Principal) throws -> PushResult {
        try models.requireSchema(batch.schema)
        return try pushes.withLock { _ in
            let context = ModelContext(container)
            context.author = Self.author(of: batch.client)
            let batchID = batch.id, client = batch.client, name: String? = principalName(principal)
            let receipts = FetchDescriptor<ReplicationReceipt>(predicate: #Predicate { $0.batchID == batchID && $0.client == client && $0.principal == name })
            if let receipt = try context.fetch(receipts).first {
                return try PushResult(jsonData: receipt.answer).with(token: latestToken())
            }
            let changed = try changedSince(batch.base, by: batch.client, in: context)
            let applier = ChangeApplier(context: context, models: models)
            try applier.prepare(for: batch.changes + (batch.refresh + batch.restore).map { ReplicationChange(entity: $0.entity, id: $0.id, values: nil) })
            let wall = ScopeWall(scope: scope, principal: principal, models: models, applier: applier)
            var settled = SettledBatch()
            for change in batch.changes {
                try settle(change, changed: changed, applier: applier, wall: wall, into: &settled)
            }
            let admitted = try wall.admit(settled.accepted)
            try applier.apply(admitted)
            try wall.checkRowsEnd(admitted)
            guard wall.refused.isEmpty else {
                throw ReplicationError(
                    .outOfScope, "\(wall.refused.count) of the batch's changes reach outside this client's scope (\(wall.refused[0])): the batch is refused",
                    refused: wall.refused)
            }
            // A change whose link named a row the server does not have was written with the link
            // cleared (rule 8): the client is sent the row as it is now.
            let unlinked = try admitted.filter { try applier.linksToMissingRows($0) }
            let corrections = try self.corrections(
                for: (settled.corrected + unlinked).map { ($0.entity, $0.id, $0.isDeletion) } + batch.refresh.map { ($0.entity, $0.id, false) }
                    + batch.restore.map { ($0.entity, $0.id, true) },
                applier: applier, reader: scope.reader(for: principal, models: models))
            let answer = PushResult(token: nil, applied: admitted.count, corrections: corrections, refused: settled.dropped)
            // The receipt is claimed in the batch's own save: of several server processes applying
            // one batch at once, the store lets exactly one save; the others answer from its receipt.
            context.insertNew(ReplicationReceipt(batchID: batch.id, principal: principalName(principal), client: batch.client, answer: try answer.jsonData()))
            do {
                try context.save()
            } catch let error as SwiftDataError where error == .constraintViolation {
                guard let receipt = try ModelContext(container).fetch(receipts).first else { throw error }
                return try PushResult(jsonData: receipt.answer).with(token: latestToken())
            }
            return answer.with(token: try latestToken())
        }
    }

    /// A batch's changes sorted by what happens to them.
    private struct SettledBatch {
        /// The changes to apply as they are (or as a merge rewrote them).
        var accepted: [ReplicationChange] = []
        /// The rows to send back as the server has them once the batch is applied.
        var corrected: [ReplicationChange] = []
        /// Updates of rows the server no longer has, not applied, with the reason.
        var dropped: [RefusedChange] = []
    }

    /// The rows (by remote id) that transactions after `base`, other than `client`'s own, touched;
    /// `nil` when that is unknown (no base, or history no longer covers it): every row the server
    /// has then counts as changed.
    private func changedSince(_ base: DefaultHistoryToken?, by client: String, in context: ModelContext) throws -> Set<RowIdentity>? {
        guard let base else { return nil }
        let transactions: [DefaultHistoryTransaction]
        do {
            transactions = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token >= base }))
        } catch let error as SwiftDataError where error == .historyTokenOfAnotherStore || error == .historyTokenExpired {
            return nil
        }
        guard base.tokenValue == 0 || transactions.first?.token == base else { return nil }
        let own = Self.author(of: client)
        var collector = ChangeCollector(models: models)
        for transaction in transactions where transaction.token != base && transaction.author != own { try collector.add(transaction) }
        return try collector.touchedRows(in: context)
    }

    /// Decides `change`: applied as sent when nobody else touched its row, else as the policy says.
    private func settle(
        _ change: ReplicationChange, changed: Set<RowIdentity>?, applier: ChangeApplier, wall: ScopeWall<Principal>, into settled: inout SettledBatch
    ) throws {
        let mapping = try models.mapping(of: change.entity)
        let row = RowIdentity(entity: change.entity, id: try mapping.identityKey(ofRemoteID: change.id))
        let existing = try applier.existing(change)
        if let existing, try !wall.allows(existing) {
            wall.refuse(change, "\(change.entity) \(change.id) is outside this client's scope")
            return
        }
        if existing == nil, let values = change.values, !mapping.isComplete(values) {
            try settle(update: values, ofDeleted: change, into: &settled)
            return
        }
        let touched = changed.map { $0.contains(row) } ?? (existing != nil)
        guard touched, existing != nil || change.values != nil else {
            settled.accepted.append(change)
            return
        }
        let server = try existing.map { try mapping.replicatedValues(of: $0) }
        switch try conflicts.resolve(ReplicationConflict(entity: change.entity, id: change.id, server: server, client: change.values)) {
        case .takeClient:
            settled.accepted.append(change)
        case .keepServer:
            settled.corrected.append(change)
        case .merge(let values):
            settled.accepted.append(ReplicationChange(entity: change.entity, id: change.id, values: values))
            settled.corrected.append(change)
        }
    }

    /// Decides an update of a row the server no longer has, as the policy decides an edit against
    /// a deletion: the deletion stays (the client is sent it), or the client is asked for the
    /// whole row (the update's values cannot make one), which the next batch brings and the policy
    /// judges again. So the outcome does not depend on whether the edit or the deletion reached
    /// the server first.
    /// - Throws: the policy's error.
    private func settle(update values: [String: Any], ofDeleted change: ReplicationChange, into settled: inout SettledBatch) throws {
        switch try conflicts.resolve(ReplicationConflict(entity: change.entity, id: change.id, server: nil, client: values)) {
        case .keepServer:
            settled.corrected.append(ReplicationChange(entity: change.entity, id: change.id, values: nil))
            settled.dropped.append(RefusedChange(entity: change.entity, id: change.id, reason: .rowDeleted, message: "the row was deleted on the server, and the conflict policy kept the deletion"))
        case .takeClient, .merge:
            settled.dropped.append(
                RefusedChange(entity: change.entity, id: change.id, reason: .wholeRowNeeded, message: "the row was deleted on the server and the conflict policy keeps the edit: send the whole row"))
        }
    }

    /// The server's rows named by `rows`, as the client should have them once the batch is
    /// applied and as `reader` may see them: their values, or their deletion (a row the server
    /// no longer has, or one outside the reader's scope), each row once. A row the client
    /// deleted and the server kept, or one outside the scope, comes with the rows in scope under
    /// it (``ChangeReader/children(of:_:in:)``).
    private func corrections(
        for rows: [(entity: String, id: Any, clientDeleted: Bool)], applier: ChangeApplier, reader: ChangeReader
    ) throws -> [ReplicationChange] {
        var sent: Set<RowIdentity> = []
        var corrections: [ReplicationChange] = []
        func send(_ change: ReplicationChange) throws {
            guard sent.insert(RowIdentity(entity: change.entity, id: try models.mapping(of: change.entity).identityKey(ofRemoteID: change.id))).inserted else { return }
            corrections.append(change)
        }
        for row in rows {
            let mapping = try models.mapping(of: row.entity)
            guard let model = try applier.existing(ReplicationChange(entity: row.entity, id: row.id, values: nil)) else {
                try send(ReplicationChange(entity: row.entity, id: row.id, values: nil))
                continue
            }
            let seen = try reader.sees(model, mapping)
            // A row outside the scope reads as deleted, and the rows under it that the reader
            // sees come with it, unlinked from it, so its delete rule leaves them alone.
            try send(ReplicationChange(entity: row.entity, id: row.id, values: seen ? try mapping.replicatedValues(of: model, showing: reader.showsLink) : nil))
            guard row.clientDeleted || !seen else { continue }
            for child in try reader.children(of: model, mapping, in: models) { try send(child) }
        }
        return corrections
    }
}

extension SyncMapping {
    /// Whether `values` give every replicated property, as a new row's do.
    func isComplete(_ values: [String: Any]) -> Bool {
        replicatedAttributes.allSatisfy { $0.name == identity.name || values[$0.remotePath?.first ?? $0.remoteKey] != nil }
            && replicatedRelationships.allSatisfy { values[$0.foreignKey] != nil }
    }
}
