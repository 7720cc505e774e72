import Foundation

/// One saved transaction in a store's history, as SwiftData defines it.
public protocol HistoryTransaction: Hashable, Identifiable, Sendable {
    associatedtype TokenType: HistoryToken
    /// What the transaction inserted, updated and deleted, in that order.
    var changes: [HistoryChange] { get }
    /// The transaction's number in its store (``DefaultHistoryToken/tokenValue``).
    var transactionIdentifier: Int64 { get }
    /// The ``ModelContext/author`` of the context that saved.
    var author: String? { get }
    /// The name of the process that saved.
    var bundleIdentifier: String { get }
    /// The process identifier of the process that saved, as text.
    var processIdentifier: String { get }
    /// The store that recorded the transaction.
    var storeIdentifier: String { get }
    /// When the save ran, by the saving machine's clock.
    var timestamp: Date { get }
    /// The transaction's position in the history.
    var token: TokenType { get }
}

/// A transaction of a Strata store's history (see ``HistoryRecording``).
public struct DefaultHistoryTransaction: HistoryTransaction {
    public let changes: [HistoryChange]
    public let author: String?
    public let bundleIdentifier: String
    public let processIdentifier: String
    public let timestamp: Date
    public let token: DefaultHistoryToken

    public var transactionIdentifier: Int64 { token.tokenValue }
    public var storeIdentifier: String { token.storeIdentifier }
    /// The transaction's number, as ``transactionIdentifier``.
    public var id: Int64 { token.tokenValue }

    /// Transactions are equal when their tokens are: a store records each token once.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.token == rhs.token }

    public func hash(into hasher: inout Hasher) { hasher.combine(token) }
}
