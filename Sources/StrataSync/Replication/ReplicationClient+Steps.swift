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
        let result = try await transport.push(batch)
        (context, state) = try stateContext()
        let applied = try apply(result.corrections, in: context, unpushedAfter: state.pendingUpTo)
        state.deferred += applied.deferred
        state.pushedValue = state.pendingUpTo
        state.pendingBatch = nil
        state.pendingUpTo = nil
        try context.save()
        report.pushed += result.applied
        report.corrected += applied.applied
        report.deferred += applied.deferred.count
        return resending
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
            state.deferred += applied.deferred
            state.pulled = page.token
            try context.save()
            report.pulled += applied.applied
            report.deferred += applied.deferred.count
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
    /// and not yet pushed (returned, to be asked for again once pushed); a snapshot also deletes
    /// the local rows it leaves out.
    private func apply(_ changes: [ReplicationChange], in context: ModelContext, unpushedAfter token: Int64?, snapshot: Bool = false) throws
        -> (applied: Int, deferred: [ReplicaRow])
    {
        let local = try localCollector(after: token, in: context).collector
        let unpushed = local.isEmpty ? [] : try local.touchedRows(in: context)
        var accepted: [ReplicationChange] = [], deferred: [ReplicaRow] = []
        for change in changes {
            let row = RowIdentity(entity: change.entity, id: try models.mapping(of: change.entity).identityKey(ofRemoteID: change.id))
            if unpushed.contains(row) { deferred.append(ReplicaRow(entity: change.entity, id: change.id)) } else { accepted.append(change) }
        }
        let applier = ChangeApplier(context: context, models: models)
        if !snapshot { try applier.prepare(for: accepted) }
        try applier.apply(accepted)
        if snapshot { try applier.deleteRowsNotIn(changes, keeping: unpushed) }
        return (accepted.count, deferred)
    }
}
