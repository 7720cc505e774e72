/// A store that keeps a history of its transactions, as SwiftData defines the protocol.
public protocol HistoryProviding<HistoryType> {
    associatedtype HistoryType: HistoryTransaction
    /// The transaction type the store returns.
    static var historyType: HistoryType.Type { get }
    /// The transactions matching the descriptor, in its order.
    /// - Throws: the store's typed errors.
    func fetchHistory(_ descriptor: HistoryDescriptor<HistoryType>) throws -> [HistoryType]
    /// Deletes the transactions matching the descriptor's predicate (all when it has none).
    /// - Throws: the store's typed errors.
    func deleteHistory(_ descriptor: HistoryDescriptor<HistoryType>) throws
}

/// What a Strata store implements to keep history: it stores, in the same transaction as each
/// save, the text ``HistoryDraft/payload(inserted:)`` makes of the save's
/// ``DataStoreSaveChangesRequest/history``, under a new number greater than every number it
/// committed before, and returns that number as the result's ``DataStoreSaveChangesResult/historyToken``.
/// A failed save stores nothing. Fetching, filtering and decoding are done here, once for all
/// stores (docs/changes.md).
public protocol HistoryRecording: DataStore, HistoryProviding where HistoryType == DefaultHistoryTransaction {
    /// Whether the store records the history of its saves (a store configured not to records
    /// none, and reading its history throws ``SwiftDataError/historyNotRecorded``).
    var recordsHistory: Bool { get }
    /// The stored transactions numbered above `token` (all when `nil`), in number order.
    /// - Throws: the store's typed errors.
    func historyRecords(after token: Int64?) throws -> [HistoryRecord]
    /// Deletes the stored transactions with these numbers.
    /// - Throws: the store's typed errors.
    func deleteHistoryRecords(_ tokens: [Int64]) throws
    /// The number of the latest stored transaction; `nil` when none is stored. By default the
    /// last of ``historyRecords(after:)``; a store with a long history answers directly.
    /// - Throws: the store's typed errors.
    func latestHistoryToken() throws -> Int64?
}

/// One stored transaction, as a store keeps it: its number and the payload text.
public struct HistoryRecord: Hashable, Sendable {
    public let token: Int64
    public let payload: String

    public init(token: Int64, payload: String) {
        self.token = token
        self.payload = payload
    }
}

extension HistoryRecording {
    public static var historyType: DefaultHistoryTransaction.Type { DefaultHistoryTransaction.self }

    public func latestHistoryToken() throws -> Int64? {
        try historyRecords(after: nil).last?.token
    }

    public func fetchHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws -> [DefaultHistoryTransaction] {
        try checkHistoryRequest(descriptor.predicate)
        var transactions = try matching(descriptor, refusingGaps: true)
        if !descriptor.sortBy.isEmpty { transactions.sort(using: descriptor.sortBy) }
        if let limit = descriptor.fetchLimit { transactions = Array(transactions.prefix(max(0, limit))) }
        return transactions
    }

    public func deleteHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws {
        try checkHistoryRequest(descriptor.predicate)
        try deleteHistoryRecords(matching(descriptor, refusingGaps: false).map(\.transactionIdentifier))
    }

    /// The transactions matching the descriptor's predicate, by token; only those after the
    /// predicate's lower bound on the token (`$0.token > t`) are read. Gap markers
    /// (``HistoryDraft/unrecordedPayload``) are no transactions: after a lower bound, one means
    /// the history since is incomplete, which `refusingGaps` reports.
    /// - Throws: ``SwiftDataError/historyTokenExpired`` for a gap after the lower bound when `refusingGaps`.
    private func matching(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>, refusingGaps: Bool) throws -> [DefaultHistoryTransaction] {
        let bound = descriptor.predicate.flatMap(HistoryDescriptor.tokenLowerBound(of:))
        let records = try historyRecords(after: bound)
        let recorded = records.filter { $0.payload != HistoryDraft.unrecordedPayload }
        if refusingGaps, let bound, let gap = records.first(where: { $0.payload == HistoryDraft.unrecordedPayload }) {
            throw SwiftDataError.historyTokenExpired.with(
                "store \(identifier) saved changes it did not record (history was off) after token \(bound), at \(gap.token); the history since is incomplete: read the current data and follow from the latest token")
        }
        let decoder = HistoryDecoder(schema: schema, storeIdentifier: identifier)
        let transactions = try recorded.map(decoder.transaction)
        guard let predicate = descriptor.predicate else { return transactions }
        return try transactions.filter { try predicate.evaluate($0) }
    }
}
