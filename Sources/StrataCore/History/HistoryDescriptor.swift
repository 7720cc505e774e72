import Foundation

/// Which history transactions ``ModelContext/fetchHistory(_:)`` returns or
/// ``ModelContext/deleteHistory(_:)`` deletes: those matching `predicate` (all when `nil`),
/// ordered by `sortBy` (by token when empty), at most `fetchLimit` (fetches only).
public struct HistoryDescriptor<T: HistoryTransaction> {
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    public var fetchLimit: Int?

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
