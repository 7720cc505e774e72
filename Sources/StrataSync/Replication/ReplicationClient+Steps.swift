import Foundation
import StrataCore

extension ReplicationClient {
    /// Sends the local changes since the last acknowledged push: first the batch still waiting
    /// for its acknowledgement, when an earlier sync was cut short, then a batch of what was
    /// saved after it (else those changes would wait for another sync, and the pull would hold
    /// back the server's changes to their rows).
    func push(into report: inout ReplicationReport) async throws {
        while try await pushBatch(into: &report) {}
    }

    /// Sends the batch waiting for its acknowledgement, or else one of the local changes since
    /// the last acknowledged push, then applies the server's corrections and records the push,
    /// in one save. Returns whether the batch was one an earlier sync made (more may follow it).
    private func pushBatch(into report: inout ReplicationReport) async throws -> Bool {
        var (context, state) = try stateContext()
        let resending = state.pendingBatch != nil
        if !resending {
            let local = try localChanges(after: state.pushedValue, in: context)
            guard !local.changes.isEmpty || !state.deferred.isEmpty else {
                if let reached = local.reached, reached != state.pushedValue {
                    state.pushedValue = reached
                    try context.save()
                }
                return false
            }
            let batch = PushBatch(
                id: UUID().uuidString, client: name, base: state.pulled, schema: models.schemaDigest, changes: local.changes, refresh: state.deferred)
            state.pendingBatch = try batch.jsonData()
            state.deferred = []
            state.pendingUpTo = local.reached
            try context.save()
        }
        let batch = try PushBatch(jsonData: state.pendingBatch!)
        tell(.pushing(changes: batch.changes.count))
        let result: PushResult
        do {
            result = try await transport.push(batch)
        } catch let error as ReplicationError where error.kind == .outOfScope && !error.refused.isEmpty {
            try settle(error, of: batch, into: &report)
            return true
        }
        (context, state) = try stateContext()
        let applied = try apply(result.corrections, in: context, unpushedAfter: state.pendingUpTo)
        state.deferred += applied.deferred
        state.pushedValue = state.pendingUpTo
        let wholeRows = try wholeRows(result.refused.filter { $0.reason == .wholeRowNeeded }.map(\.row), in: context)
        state.pendingBatch = wholeRows.isEmpty
            ? nil : try PushBatch(id: UUID().uuidString, client: name, base: batch.base, schema: batch.schema, changes: wholeRows).jsonData()
        if wholeRows.isEmpty { state.pendingUpTo = nil }
        let dropped = result.refused.filter { $0.reason != .wholeRowNeeded }
        state.refusals += dropped
        try context.save()
        if !dropped.isEmpty { onRefused?(dropped) }
        report.refused += dropped
        report.pushed += result.applied
        report.corrected += applied.applied
        report.corrections += result.corrections.map { ReplicaRow(entity: $0.entity, id: $0.id) }
        report.deferred += applied.deferred.count
        report.refetched += applied.refetched
        return resending || !wholeRows.isEmpty
    }

    /// The local rows `rows` names, each with every replicated value, as a new row's change,
    /// and the links to it of the rows under it (the to-one side carries them, and the server's
    /// delete rule cleared them): what the server asks for when it no longer has a row the
    /// client updated and the policy keeps the edit. Rows deleted here since are left out.
    private func wholeRows(_ rows: [ReplicaRow], in context: ModelContext) throws -> [ReplicationChange] {
        guard !rows.isEmpty else { return [] }
        let applier = ChangeApplier(context: context, models: models)
        var changes: [ReplicationChange] = []
        for row in rows {
            let mapping = try models.mapping(of: row.entity)
            guard let model = try applier.existing(ReplicationChange(entity: row.entity, id: row.id, values: nil)) else { continue }
            changes.append(ReplicationChange(entity: row.entity, id: row.id, values: try mapping.replicatedValues(of: model)))
            for relationship in mapping.childLists {
                for child in relationship.targets(of: model) {
                    let childMapping = try models.mapping(of: child.persistentModelID.entityName)
                    guard let link = childMapping.relationships.first(where: { $0.name == relationship.inverseName }) else { continue }
                    changes.append(ReplicationChange(entity: childMapping.entity.name, id: try childMapping.remoteID(of: child), values: [link.foreignKey: row.id]))
                }
            }
        }
        return changes
    }

    /// Settles a batch the server refused for changes the device cannot fix (rows outside its
    /// scope): records the refused changes, and replaces the waiting batch with one (a new id)
    /// of the rest that asks for the refused rows as the server has them, in one save; tells
    /// `onRefused`. The caller sends the new batch next.
    /// - Throws: `error` when it names none of the batch's rows (nothing would change by
    ///   sending again); the store's error.
    private func settle(_ error: ReplicationError, of batch: PushBatch, into report: inout ReplicationReport) throws {
        let refusedRows = Set(error.refused.map(\.row))
        let rest = batch.changes.filter { !refusedRows.contains(ReplicaRow(entity: $0.entity, id: $0.id)) }
        guard rest.count < batch.changes.count else { throw error }
        let deleted = Set(batch.changes.filter { $0.isDeletion }.map { ReplicaRow(entity: $0.entity, id: $0.id) })
        let refresh = batch.refresh + refusedRows.filter { !batch.refresh.contains($0) && !deleted.contains($0) }
        let restore = batch.restore + refusedRows.filter { !batch.restore.contains($0) && deleted.contains($0) }
        let (context, state) = try stateContext()
        state.pendingBatch = try PushBatch(
            id: UUID().uuidString, client: name, base: batch.base, schema: batch.schema, changes: rest, refresh: refresh, restore: restore
        ).jsonData()
        state.refusals += error.refused
        try context.save()
        report.refused += error.refused
        onRefused?(error.refused)
    }

    /// Applies the server's pages until none is left, each with the token it reaches in one save.
    func pull(into report: inout ReplicationReport) async throws {
        while true {
            var (context, state) = try stateContext()
            let page: ChangePage
            do {
                page = try await transport.pull(since: state.pulled, client: name, schema: models.schemaDigest)
            } catch let error as ReplicationError where error.kind == .resyncRequired && state.pulled != nil {
                state.pulled = nil
                try context.save()
                report.resynced = true
                continue
            }
            (context, state) = try stateContext()
            let applied = try apply(page.changes, in: context, unpushedAfter: state.pushedValue, snapshot: page.isSnapshot)
            state.deferred += applied.deferred + applied.refetched
            state.pulled = page.token
            try context.save()
            report.pulled += applied.applied
            report.deferred += applied.deferred.count
            report.refetched += applied.refetched
            tell(.pulled(changes: page.changes.count, hasMore: page.hasMore))
            if !page.hasMore { return }
        }
    }

    /// The replicated changes of local transactions after `token` not written by the client
    /// itself, and the token of the last transaction read.
    private func localChanges(after token: Int64?, in context: ModelContext) throws -> (changes: [ReplicationChange], reached: Int64?) {
        let collected = try localCollector(after: token, in: context)
        return (try collected.collector.changes(in: context), collected.reached)
    }

    private func localCollector(after token: Int64?, in context: ModelContext) throws -> (collector: ChangeCollector, reached: Int64?) {
        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
        if let token {
            let since = DefaultHistoryToken(storeIdentifier: container.dataStore.identifier, tokenValue: token)
            descriptor.predicate = #Predicate { $0.token > since }
        }
        var collector = ChangeCollector(models: models)
        var reached = token
        for transaction in try context.fetchHistory(descriptor) {
            reached = transaction.token.tokenValue
            if transaction.author != Self.author { try collector.add(transaction) }
        }
        return (collector, reached)
    }

    /// Applies `changes` from the server, leaving alone the rows changed locally after `token`
    /// and not yet pushed (returned as `deferred`, to be asked for again once pushed) and the
    /// updates of rows this replica does not have (`refetched`: their values are partial, so the
    /// next push asks for the whole row); a snapshot also deletes the local rows it leaves out.
    private func apply(_ changes: [ReplicationChange], in context: ModelContext, unpushedAfter token: Int64?, snapshot: Bool = false) throws
        -> (applied: Int, deferred: [ReplicaRow], refetched: [ReplicaRow])
    {
        let local = try localCollector(after: token, in: context).collector
        let unpushed = local.isEmpty ? [] : try local.touchedRows(in: context)
        let applier = ChangeApplier(context: context, models: models)
        if !snapshot { try applier.prepare(for: changes) }
        var accepted: [ReplicationChange] = [], deferred: [ReplicaRow] = [], refetched: [ReplicaRow] = []
        for change in changes {
            let mapping = try models.mapping(of: change.entity)
            if unpushed.contains(RowIdentity(entity: change.entity, id: try mapping.identityKey(ofRemoteID: change.id))) {
                deferred.append(ReplicaRow(entity: change.entity, id: change.id))
            } else if let values = change.values, !mapping.isComplete(values), try applier.existing(change) == nil {
                refetched.append(ReplicaRow(entity: change.entity, id: change.id))
            } else {
                accepted.append(change)
            }
        }
        try applier.apply(accepted)
        if snapshot { try applier.deleteRowsNotIn(changes, keeping: unpushed) }
        return (accepted.count, deferred, refetched)
    }
}
