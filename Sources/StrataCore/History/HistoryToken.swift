/// A position in a store's history, as SwiftData defines it: a later transaction's token
/// compares greater. Tokens are `Codable`, so an app can persist the last one it processed.
public protocol HistoryToken: Comparable, Codable, Hashable, Identifiable, Sendable {}

/// The token of one transaction in a Strata store's history: the store that recorded it and the
/// transaction's number there. Numbers grow in commit order; some may be skipped.
public struct DefaultHistoryToken: HistoryToken, CustomStringConvertible {
    /// The ``DataStore/identifier`` of the store that recorded the transaction.
    public let storeIdentifier: String
    /// The transaction's number in that store's history.
    public let tokenValue: Int64

    /// The token of transaction `tokenValue` of store `storeIdentifier`.
    public init(storeIdentifier: String, tokenValue: Int64) {
        self.storeIdentifier = storeIdentifier
        self.tokenValue = tokenValue
    }

    /// A token is its own identity.
    public var id: Self { self }

    public var description: String { "\(tokenValue)@\(storeIdentifier)" }

    /// By number; tokens of different stores (which should not be compared) order by store.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.tokenValue, lhs.storeIdentifier) < (rhs.tokenValue, rhs.storeIdentifier)
    }
}
